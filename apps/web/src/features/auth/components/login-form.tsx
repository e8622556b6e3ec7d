import { DELAY, type LoginInput, type PasswordResetWay } from '@kopi/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { Link, type NavigateOptions, useLocation } from '../../../lib/router';
import { withNext } from '../../../lib/sign-in-next';
import { toast } from '../../../lib/toast';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useLogin } from '../api/auth';

const resolver = lazyResolver<LoginInput, LoginInput>(async () => (await import('./auth-form-schemas')).loginResolver);

interface LoginFormProps {
  /** A safe same-origin path to go to instead of the catalogue (lib/sign-in-next.ts). */
  next?: string;
  /** How a forgotten password is reset here; undefined while the shop's answer is on its way. */
  passwordReset?: PasswordResetWay;
}

/**
 * The way to Login with `email` filled in (after signing up). In the history entry's state, never in the address: an
 * address lands in the server's log and the browser's history.
 */
export function toLoginWith(email: string): NavigateOptions {
  return { state: { email } };
}

/** The e-mail Sign Up passed on (toLoginWith), if any. */
function emailFrom(state: unknown): string | undefined {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : undefined;
}

export function LoginForm({ next, passwordReset }: LoginFormProps) {
  const navigateLater = useDelayedNavigate();
  const t = useT();
  const givenEmail = emailFrom(useLocation().state);
  const { register, handleSubmit, formState, setFocus } = useForm<LoginInput>({
    resolver,
    defaultValues: givenEmail ? { email: givenEmail } : undefined,
  });
  // The e-mail is there: the password is what is left to type.
  useEffect(() => {
    if (givenEmail) setFocus('password');
  }, [givenEmail, setFocus]);
  const mutation = useLogin({
    onSuccess: () => {
      toast.success(t('loginSuccess'));
      // docs/decisions/spec-fidelity.md#delays: to the catalogue 3 s after a successful login, or
      // back where the person was going (docs/decisions/spec-fidelity.md#rough-edges-signing-in).
      navigateLater(next ?? '/product', DELAY.afterLogin);
    },
    onError: (error) => {
      // docs/shop-rules.md#accounts-and-roles: a wrong email or password gets one message; other failures say what happened.
      toast.error(error instanceof ApiError && error.status === 401 ? t('loginFailed') : errorMessage(error));
    },
  });

  return (
    <form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))} className="space-y-5">
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        placeholder={t('auth.emailPlaceholder')}
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label={t('auth.password')}
        autoComplete="current-password"
        placeholder={t('auth.passwordPlaceholder')}
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <ForgotPasswordLink way={passwordReset} />
      <Button type="submit" className="w-full" busy={mutation.isPending} disabled={mutation.isSuccess}>
        {mutation.isPending ? t('auth.authenticating') : t('auth.signIn')}
      </Button>
      <p className="text-center text-sm text-roast">
        {t('auth.noAccount')}{' '}
        <Link to={withNext('/signup', next)} className="rounded font-semibold text-caramel-dark hover:underline">
          {t('auth.signUp')}
        </Link>
      </p>
    </form>
  );
}

/**
 * 'Forgot Password?' (docs/decisions/spec-fidelity.md#kept-word-for-word), except on a shop in production without a mail
 * server, which says to ask at the counter instead (docs/shop-rules.md#forgotten-passwords). Until the shop has answered, the
 * link keeps its place unseen, so that nothing jumps.
 */
function ForgotPasswordLink({ way }: { way: PasswordResetWay | undefined }) {
  const t = useT();
  if (way === 'ask_the_shop') return <p className="text-sm text-roast">{t('auth.askTheShop')}</p>;
  return (
    <Link
      to="/forgot"
      className={`inline-block rounded py-1 text-sm font-semibold text-caramel-dark underline-offset-4 hover:underline ${way ? '' : 'invisible'}`}
    >
      {t('auth.forgotLink')}
    </Link>
  );
}
