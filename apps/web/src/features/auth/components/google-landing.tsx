import { DELAY, MSG, ROLES, type Role } from '@kopi/shared';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { ButtonLink } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { saveSession } from '../../../lib/session';
import { GOOGLE_FAILURES, TEXT } from '../../../lib/texts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';

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

/** Where Google sign-in ends: keeps the session like a login (spec §4), or says what went wrong. */
export function GoogleLanding() {
  const [outcome] = useState(() => readOutcome(window.location.hash));
  const navigateLater = useDelayedNavigate();

  useEffect(() => {
    // The token leaves the address bar (and the history entry) at once.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if ('error' in outcome) return;
    saveSession(outcome);
    toast.success(MSG.loginSuccess, { toastId: 'google-login' });
    navigateLater('/product', DELAY.afterLogin);
  }, [outcome, navigateLater]);

  if ('error' in outcome) {
    return (
      <div className="space-y-5">
        <ErrorMessage message={GOOGLE_FAILURES[outcome.error] ?? GOOGLE_FAILURES.failed!} />
        <ButtonLink to="/login" className="w-full">
          Back to Login
        </ButtonLink>
      </div>
    );
  }
  return (
    <p role="status" className="text-roast">
      {TEXT.googleSignedIn}
    </p>
  );
}
