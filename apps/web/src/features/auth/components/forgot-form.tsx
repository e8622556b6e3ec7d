import { MSG } from '@kopi/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { TEXT } from '../../../lib/texts';
import { formatCountdown, useCountdown } from '../../../lib/use-countdown';
import { useForgotPassword } from '../api/password';
import type { ForgotFormValues } from './auth-form-schemas';

const resolver = lazyResolver<ForgotFormValues, ForgotFormValues>(async () => (await import('./auth-form-schemas')).forgotResolver);

/** spec §2 'Resend Link' with its 01:15 timer: the link can be asked for again when it reaches 00:00. */
export const RESEND_AFTER_SECONDS = 75;

/** spec §2 Forgot password: the email, Send, then Resend Link with a real countdown. */
export function ForgotForm() {
  const { register, handleSubmit, getValues, formState } = useForm<ForgotFormValues>({ resolver });
  const countdown = useCountdown();
  // Once a link has gone, Resend Link and its timer stay, whatever a later attempt does.
  const [sent, setSent] = useState(false);
  const forgot = useForgotPassword({
    onSuccess: () => {
      setSent(true);
      countdown.start(RESEND_AFTER_SECONDS);
    },
  });
  const canResend = countdown.left === 0 && !forgot.isPending;

  return (
    <form noValidate onSubmit={handleSubmit((values) => forgot.mutate(values))} className="mt-8 space-y-5 text-left">
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        placeholder="Enter your email address"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" className="w-full" busy={forgot.isPending}>
        Send
      </Button>
      {forgot.isError && <ErrorMessage message={errorMessage(forgot.error)} />}
      {formState.errors.root && <ErrorMessage message={formState.errors.root.message ?? ''} />}
      {sent && (
        <div className="space-y-4 text-center">
          <p role="status" className="rounded-xl bg-crema p-4 text-sm">
            {MSG.forgotSent}
          </p>
          <p className="text-sm text-roast">{TEXT.forgotNoLink}</p>
          <div className="flex items-center justify-center gap-3">
            <Button
              variant="ghost"
              disabled={!canResend}
              busy={forgot.isPending}
              aria-describedby="resend-wait"
              onClick={() => forgot.mutate({ email: getValues('email') })}
            >
              Resend Link
            </Button>
            <span role="timer" aria-label="Time left before you can resend" className="font-mono font-semibold">
              {formatCountdown(countdown.left)}
            </span>
          </div>
          {!canResend && (
            <p id="resend-wait" className="text-xs text-roast/80">
              {TEXT.resendWait}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
