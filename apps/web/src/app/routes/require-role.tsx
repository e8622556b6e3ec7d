import type { Role } from '@kopi/shared';
import { type ReactNode, useEffect } from 'react';
import { useT } from '../../lib/i18n';
import { Navigate, useLocation } from '../../lib/router';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';

interface RequireRoleProps {
  roles: readonly Role[];
  /** Where a visitor without a session goes; docs/decisions/spec-fidelity.md#routes-and-the-session says '/'. */
  noSessionTo?: string;
  children: ReactNode;
}

function GuardRedirect({ to, message }: { to: string; message: string }) {
  useEffect(() => {
    // One toast id: React's strict mode runs effects twice, and the guard may render again.
    toast.warn(message, { toastId: `guard:${message}` });
  }, [message]);
  return <Navigate to={to} replace />;
}

/**
 * The guard (docs/decisions/spec-fidelity.md#routes-and-the-session): no token → '/' with one message, a role outside the list → '/' with
 * another. A visitor who got here by the app's own links (CHECKOUT, Your Cart, History) goes to Login
 * instead, and back here once signed in; an address typed in or opened from elsewhere (the first entry, key 'default') keeps the
 * specification's guard (docs/decisions/spec-fidelity.md#rough-edges-signing-in).
 */
export function RequireRole({ roles, noSessionTo = '/', children }: RequireRoleProps) {
  const session = useSession();
  const { key, pathname, search } = useLocation();
  const t = useT();
  if (!session && key !== 'default') return <Navigate to={`/login?next=${encodeURIComponent(pathname + search)}`} replace />;
  if (!session) return <GuardRedirect to={noSessionTo} message={t('guardNoToken')} />;
  if (!roles.includes(session.role)) return <GuardRedirect to="/" message={t('guardWrongRole')} />;
  return children;
}
