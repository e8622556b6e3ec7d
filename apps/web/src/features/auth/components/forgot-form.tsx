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

/**
 * 'Resend Link' with its 01:15 timer (docs/decisions/spec-fidelity.md#kept-word-for-word): the link can be asked for again when it
 * reaches 00:00.
 */
export const RESEND_AFTER_SECONDS = 75;

/** "You can ask for the link again in 1 minute 15 seconds." for a screen reader, said once, not every second. */
function waitSentence(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const parts = [minutes ? `${minutes} minute${minutes > 1 ? 's' : ''}` : '', rest ? `${rest} second${rest > 1 ? 's' : ''}` : ''];
  return `${TEXT.resendIn} ${parts.filter(Boolean).join(' ')}.`;
}

/**
 * Forgot password (docs/shop-rules.md#accounts-and-roles): the email, Send, then Resend Link with a real countdown. While the
 * countdown runs, Send waits too: it would otherwise be a way around the timer.
 */
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
  const waiting = countdown.left > 0;
  const canResend = !waiting && !forgot.isPending;
  // Said by screen readers when the countdown starts and when it ends; the timer itself is silent.
  const announcement = !sent ? '' : waiting ? waitSentence(RESEND_AFTER_SECONDS) : forgot.isPending ? '' : TEXT.resendNow;

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => {
        if (!waiting) forgot.mutate(values);
      })}
      className="mt-8 space-y-5 text-left"
    >
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        placeholder="Enter your email address"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <Button
        type="submit"
        className="w-full"
        busy={forgot.isPending}
        disabled={waiting}
        aria-describedby={waiting ? 'resend-wait' : undefined}
      >
        Send
      </Button>
      {forgot.isError && <ErrorMessage message={errorMessage(forgot.error)} />}
      {formState.errors.root && <ErrorMessage message={formState.errors.root.message ?? ''} />}
      {/* Live regions stay in the page from the start: one added with its text is often not read. */}
      <p role="status" className={sent ? 'rounded-xl bg-crema p-4 text-center text-sm' : 'sr-only'}>
        {sent ? MSG.forgotSent : ''}
      </p>
      <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="resend-announcement">
        {announcement}
      </p>
      {sent && (
        <div className="space-y-4 text-center">
          <p className="text-sm text-roast">{TEXT.forgotNoLink}</p>
          <div className="flex items-center justify-center gap-3">
            <Button
              variant="ghost"
              disabled={!canResend}
              busy={forgot.isPending}
              aria-describedby={waiting ? 'resend-wait' : undefined}
              onClick={() => forgot.mutate({ email: getValues('email') })}
            >
              Resend Link
            </Button>
            <span role="timer" aria-label="Time left before you can resend" className="font-mono font-semibold">
              {formatCountdown(countdown.left)}
            </span>
          </div>
          {waiting && (
            <p id="resend-wait" className="text-xs text-roast/80">
              {TEXT.resendWait}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
