import { MSG } from '@kopi/shared';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { TEXT } from '../../../lib/texts';
import { toast } from '../../../lib/toast';
import { useResetPassword } from '../api/password';
import type { ResetFormValues } from './auth-form-schemas';

const resolver = lazyResolver<ResetFormValues, ResetFormValues>(async () => (await import('./auth-form-schemas')).resetResolver);

/** A used, expired or unknown link: only a new link helps. */
const isDeadLink = (error: unknown) => error instanceof ApiError && error.fieldErrors.some((e) => e.field === 'token');

/** The new password (with the sign-up rules) for the e-mailed link's token; then /login with a toast. */
export function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { register, handleSubmit, setError, formState } = useForm<ResetFormValues>({ resolver });
  const reset = useResetPassword({
    onSuccess: () => {
      toast.success(MSG.resetSuccess);
      navigate('/login', { replace: true });
    },
    onError: (error) => applyFieldErrors(error, ['password'], setError),
  });

  if (reset.isError && isDeadLink(reset.error)) {
    return (
      <div className="space-y-5">
        <ErrorMessage message={MSG.resetLinkInvalid} />
        <ButtonLink to="/forgot" className="w-full">
          {TEXT.askNewLink}
        </ButtonLink>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(({ password }) => reset.mutate({ token, password }))} className="space-y-5">
      <PasswordField
        label="New password"
        autoComplete="new-password"
        placeholder="Enter your new password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        placeholder="Enter it again"
        error={formState.errors.confirm?.message}
        {...register('confirm')}
      />
      {reset.isError && <ErrorMessage message={errorMessage(reset.error)} />}
      {formState.errors.root && <ErrorMessage message={formState.errors.root.message ?? ''} />}
      <Button type="submit" className="w-full" busy={reset.isPending} disabled={reset.isSuccess}>
        Set new password
      </Button>
    </form>
  );
}
