import { useId } from 'react';
import { ButtonLink } from '../../components/ui/button';
import { INPUT_CLASS } from '../../components/ui/field';
import { TEXT } from '../../lib/texts';

/** spec §2 Forgot password: shown as specified and not wired to any call (no reset e-mail exists yet). */
export function ForgotPage() {
  const emailId = useId();
  return (
    <section className="mx-auto max-w-md rounded-3xl bg-white p-8 text-center shadow-sm">
      <h1 className="text-3xl font-bold">Forgot your password?</h1>
      <p className="mt-2 text-roast">Don't worry, we got your back!</p>
      <div className="mt-8 space-y-2 text-left">
        <label htmlFor={emailId} className="text-sm font-semibold text-roast">
          Email address
        </label>
        <input id={emailId} type="email" autoComplete="email" placeholder="Enter your email address" className={INPUT_CLASS} />
      </div>
      <ButtonLink to="/" className="mt-6 w-full">
        Send
      </ButtonLink>
      <p className="mt-8 text-sm text-roast">{TEXT.forgotNoLink}</p>
      <div className="mt-4 flex items-center justify-center gap-3">
        <ButtonLink to="/forgot" variant="ghost">
          Resend Link
        </ButtonLink>
        <span role="timer" className="font-mono font-semibold" aria-label="Time left">
          01:15
        </span>
      </div>
    </section>
  );
}
