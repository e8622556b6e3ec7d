import { ROLES } from '@kopi/shared';
import { LazyWhen } from '../components/lazy-when';
import { CartBadgeLink } from '../features/checkout/components/cart-badge-link';
import { ProfileLink } from '../features/profile/components/profile-link';
import { useT } from '../lib/i18n';
import { useSession } from '../lib/session';

// Only the staff's top bar has Logout (a customer's is on their profile): fetched for them alone.
const loadLogoutButton = () => import('../features/auth/components/logout-button').then((module) => module.LogoutButton);
const LOGOUT_CLASS = 'rounded-xl bg-honey px-4 py-2 text-sm font-bold text-espresso hover:bg-crema';

/** What the top bar shows a signed-in person: a customer's cart and profile; the staff's (Admin, Cashier, Barista) profile and logout, no cart. */
export function AccountControls() {
  const session = useSession();
  const t = useT();
  if (!session) return null;
  const isStaff = session.role !== ROLES.user;
  return (
    <>
      {!isStaff && <CartBadgeLink />}
      <ProfileLink sessionId={session.id} />
      {isStaff && <LazyWhen when load={loadLogoutButton} props={{ label: t('nav.logout'), className: LOGOUT_CLASS }} />}
    </>
  );
}
