import { ROLES } from '@kopi/shared';
import { LogoutButton } from '../features/auth/components/logout-button';
import { CartBadgeLink } from '../features/cart/components/cart-badge-link';
import { ProfileLink } from '../features/profile/components/profile-link';
import { useT } from '../lib/i18n';
import { useSession } from '../lib/session';

/** What the top bar shows a signed-in person: a customer's cart and profile, the staff's profile and logout. */
export function AccountControls() {
  const session = useSession();
  const t = useT();
  if (!session) return null;
  const isAdmin = session.role === ROLES.admin;
  return (
    <>
      {!isAdmin && <CartBadgeLink />}
      <ProfileLink sessionId={session.id} />
      {isAdmin && (
        <LogoutButton label={t('nav.logout')} className="rounded-xl bg-honey px-4 py-2 text-sm font-bold text-espresso hover:bg-crema" />
      )}
    </>
  );
}
