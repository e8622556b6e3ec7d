import type { PasswordResetWay } from '@kopi/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { formatCountdown, useCountdown } from '../../../lib/use-countdown';
import { useForgotPassword } from '../api/password';
import type { ForgotFormValues } from './auth-form-schemas';

const resolver = lazyResolver<ForgotFormValues, ForgotFormValues>(async () => (await import('./auth-form-schemas')).forgotResolver);

/**
 * 'Resend Link' with its 01:15 timer (docs/decisions/spec-fidelity.md#kept-word-for-word): the link can be asked for again when it
 * reaches 00:00.
 */
export const RESEND_AFTER_SECONDS = 75;

// The page's own texts, loaded with it rather than with every page (docs/architecture.md#tests-and-targets).

/**
 * "The link is on its way. You can ask for it again in 1 minute 15 seconds." for a screen reader, said
 * once, not every second; without a mail server nothing is on its way.
 */
function waitSentence(seconds: number, way: 'email' | 'server_log', t: ReturnType<typeof useT>): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const parts = [minutes ? t('forgot.minutes', { count: minutes }) : '', rest ? t('forgot.seconds', { count: rest }) : ''];
  const wait = t('forgot.resendIn', { wait: parts.filter(Boolean).join(' ') });
  return way === 'email' ? `${t('forgot.onItsWay')} ${wait}` : wait;
}

/**
 * Forgot password (docs/shop-rules.md#accounts-and-roles): the email, Send, then Resend Link with a real countdown. While the
 * countdown runs, Send waits too: it would otherwise be a way around the timer.
 */
export function ForgotForm({ way }: { way: Exclude<PasswordResetWay, 'ask_the_shop'> }) {
  const { register, handleSubmit, getValues, formState } = useForm<ForgotFormValues>({ resolver });
  const countdown = useCountdown();
  const t = useT();
  // The server's answer once a link has gone: it says whether an e-mail is on its way
  // (docs/shop-rules.md#forgotten-passwords). Resend Link and its timer stay, whatever a later attempt does.
  const [sentMessage, setSentMessage] = useState('');
  const sent = sentMessage !== '';
  const forgot = useForgotPassword({
    onSuccess: (message) => {
      setSentMessage(message);
      countdown.start(RESEND_AFTER_SECONDS);
    },
  });
  const waiting = countdown.left > 0;
  const canResend = !waiting && !forgot.isPending;
  // Said by screen readers when the countdown starts and when it ends; the timer itself is silent.
  const announcement = !sent ? '' : waiting ? waitSentence(RESEND_AFTER_SECONDS, way, t) : forgot.isPending ? '' : t('forgot.resendNow');

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => {
        if (!waiting) forgot.mutate(values);
      })}
      className="mt-8 space-y-5 text-left"
    >
      {way === 'server_log' && (
        <p role="note" className="rounded-xl bg-honey/30 p-4 text-sm font-semibold">
          {t('forgot.noMailHere')}
        </p>
      )}
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        placeholder={t('auth.emailPlaceholder')}
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
        {t('forgot.send')}
      </Button>
      {forgot.isError && <ErrorMessage message={errorMessage(forgot.error)} />}
      {formState.errors.root && <ErrorMessage message={formState.errors.root.message ?? ''} />}
      {/* Live regions stay in the page from the start: one added with its text is often not read. */}
      <p role="status" className={sent ? 'rounded-xl bg-crema p-4 text-center text-sm' : 'sr-only'}>
        {sentMessage}
      </p>
      <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="resend-announcement">
        {announcement}
      </p>
      {sent && (
        <div className="space-y-4 text-center">
          {way === 'email' && <p className="text-sm text-roast">{t('forgot.noLink')}</p>}
          <div className="flex items-center justify-center gap-3">
            <Button
              variant="ghost"
              disabled={!canResend}
              busy={forgot.isPending}
              aria-describedby={waiting ? 'resend-wait' : undefined}
              onClick={() => forgot.mutate({ email: getValues('email') })}
            >
              {t('forgot.resend')}
            </Button>
            <span role="timer" aria-label={t('forgot.timeLeft')} className="font-mono font-semibold">
              {formatCountdown(countdown.left)}
            </span>
          </div>
          {waiting && (
            <p id="resend-wait" className="text-xs text-roast/80">
              {t('forgot.resendWait')}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
