import { DELAY, ROLES, type Role } from '@kopi/shared';
import { useEffect, useState } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { type MessageKey, useT } from '../../../lib/i18n';
import { saveSession } from '../../../lib/session';
import { nextAfterGoogle, withNext } from '../../../lib/sign-in-next';
import { toast } from '../../../lib/toast';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';

/** Why a Google sign-in ended without a session (the server's reasons, google.service.ts). */
const GOOGLE_FAILURES: Record<string, MessageKey> = {
  cancelled: 'google.cancelled',
  expired: 'google.expired',
  unverified: 'google.unverified',
  unavailable: 'google.unavailable',
  failed: 'google.failed',
};

/** Where the page goes next, said while it waits (the specification's 3 s after a login). */
const signedIn = (next: string | undefined): MessageKey => (next === '/payment' ? 'google.toCart' : next ? 'google.back' : 'google.toMenu');

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
  const t = useT();

  useEffect(() => {
    // The token leaves the address bar (and the history entry) at once.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if ('error' in outcome) return;
    saveSession(outcome);
    toast.success(t('loginSuccess'), { toastId: 'google-login' });
    navigateLater(next ?? '/product', DELAY.afterLogin);
  }, [outcome, next, navigateLater, t]);

  if ('error' in outcome) {
    return (
      <div className="space-y-5">
        <ErrorMessage message={t(GOOGLE_FAILURES[outcome.error] ?? 'google.failed')} />
        <ButtonLink to={withNext('/login', next)} className="w-full">
          {t('google.backToLogin')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <p role="status" className="text-roast">
      {t(signedIn(next))}
    </p>
  );
}
