import { useForm } from 'react-hook-form';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { useT } from '../../../lib/i18n';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useNavigate } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useResetPassword } from '../api/password';
import type { ResetFormValues } from './auth-form-schemas';

const resolver = lazyResolver<ResetFormValues, ResetFormValues>(async () => (await import('./auth-form-schemas')).resetResolver);

/** A used, expired or unknown link: only a new link helps. */
const isDeadLink = (error: unknown) => error instanceof ApiError && error.fieldErrors.some((e) => e.field === 'token');

/** The new password (with the sign-up rules) for the e-mailed link's token; then /login with a toast. */
export function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const t = useT();
  const { register, handleSubmit, setError, formState } = useForm<ResetFormValues>({ resolver });
  const reset = useResetPassword({
    onSuccess: () => {
      toast.success(t('resetSuccess'));
      navigate('/login', { replace: true });
    },
    onError: (error) => applyFieldErrors(error, ['password'], setError),
  });

  if (reset.isError && isDeadLink(reset.error)) {
    return (
      <div className="space-y-5">
        <ErrorMessage message={t('resetLinkInvalid')} />
        <ButtonLink to="/forgot" className="w-full">
          {t('reset.askNewLink')}
        </ButtonLink>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(({ password }) => reset.mutate({ token, password }))} className="space-y-5">
      <PasswordField
        label={t('reset.newPassword')}
        autoComplete="new-password"
        placeholder={t('reset.newPasswordPlaceholder')}
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label={t('reset.confirm')}
        autoComplete="new-password"
        placeholder={t('reset.confirmPlaceholder')}
        error={formState.errors.confirm?.message}
        {...register('confirm')}
      />
      {reset.isError && <ErrorMessage message={errorMessage(reset.error)} />}
      {formState.errors.root && <ErrorMessage message={formState.errors.root.message ?? ''} />}
      <Button type="submit" className="w-full" busy={reset.isPending} disabled={reset.isSuccess}>
        {t('reset.submit')}
      </Button>
    </form>
  );
}
