import { DELAY, MSG, ROLES, type Role } from '@kopi/shared';
import { useEffect, useState } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { saveSession } from '../../../lib/session';
import { nextAfterGoogle, withNext } from '../../../lib/sign-in-next';
import { toast } from '../../../lib/toast';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';

/** Why a Google sign-in ended without a session (the server's reasons, google.service.ts). */
export const GOOGLE_FAILURES: Record<string, string> = {
  cancelled: 'You cancelled the sign-in at Google.',
  expired: 'The sign-in took too long or was started in another window. Please try again.',
  unverified:
    "Your Google account's e-mail address is not verified, so it cannot sign in here. Verify it with Google, or sign up with your e-mail.",
  unavailable: 'Google sign-in cannot be reached right now. Please try again later, or use your e-mail.',
  failed: 'Google sign-in did not work. Please try again.',
};

/** Where the page goes next, said while it waits (the specification's 3 s after a login). */
const signedIn = (next: string | undefined) =>
  `Signed in with Google. Taking you ${next === '/payment' ? 'to your cart' : next ? 'back' : 'to the menu'}…`;

type Outcome = { token: string; role: Role; id: number } | { error: string };

/** The server's answer, in the address's fragment (never sent to a server, nor in a Referer). */
function readOutcome(hash: string): Outcome {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token');
  const role = params.get('role');
  const id = Number(params.get('id'));
  if (token && (role === ROLES.user || role === ROLES.admin) && Number.isInteger(id) && id > 0) return { token, role, id };
  return { error: params.get('error') ?? 'failed' };
}

/**
 * Where Google sign-in ends: keeps the session like a login (docs/decisions/spec-fidelity.md#routes-and-the-session), or says what went
 * wrong.
 */
export function GoogleLanding() {
  const [outcome] = useState(() => readOutcome(window.location.hash));
  // Where the person was going when they chose Google (the cart, say); the menu otherwise.
  const [next] = useState(nextAfterGoogle);
  const navigateLater = useDelayedNavigate();

  useEffect(() => {
    // The token leaves the address bar (and the history entry) at once.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if ('error' in outcome) return;
    saveSession(outcome);
    toast.success(MSG.loginSuccess, { toastId: 'google-login' });
    navigateLater(next ?? '/product', DELAY.afterLogin);
  }, [outcome, next, navigateLater]);

  if ('error' in outcome) {
    return (
      <div className="space-y-5">
        <ErrorMessage message={GOOGLE_FAILURES[outcome.error] ?? GOOGLE_FAILURES.failed!} />
        <ButtonLink to={withNext('/login', next)} className="w-full">
          Back to Login
        </ButtonLink>
      </div>
    );
  }
  return (
    <p role="status" className="text-roast">
      {signedIn(next)}
    </p>
  );
}
