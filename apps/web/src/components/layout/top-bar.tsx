import { ROLES } from '@kopi/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { hasMessage, type MessageKey, useT } from '../../lib/i18n';
import { Link, NavLink } from '../../lib/router';
import { useSession } from '../../lib/session';
import { setTopBarHeight } from '../../lib/top-bar-height';
import { useHydrated } from '../../lib/use-hydrated';
import { Brand } from './brand';
import { SearchBox } from './search-box';

interface NavItem {
  to: string;
  label: MessageKey;
}

// docs/decisions/spec-fidelity.md#kept-word-for-word: admins and everyone else see different menus.
const ADMIN_NAV: NavItem[] = [
  { to: '/', label: 'nav.home' },
  { to: '/product', label: 'nav.product' },
  { to: '/manageorder', label: 'nav.orders' },
  { to: '/dashboard', label: 'nav.dashboard' },
  { to: '/till', label: 'admin.till.nav' },
  // The owner's own pages: their texts come with the staff's part of the catalogue (lib/i18n.tsx).
  { to: '/staff', label: 'admin.staff.nav' },
  { to: '/settings', label: 'admin.settings.nav' },
];
/** A Cashier's: the till, the orders and the kitchen display (docs/shop-rules.md#staff-and-roles). */
const CASHIER_NAV: NavItem[] = [
  { to: '/', label: 'nav.home' },
  { to: '/till', label: 'admin.till.nav' },
  { to: '/manageorder', label: 'nav.orders' },
  { to: '/manageorder/board', label: 'admin.board.heading' },
];
/** A Barista's: the kitchen display. */
const BARISTA_NAV: NavItem[] = [
  { to: '/', label: 'nav.home' },
  { to: '/manageorder/board', label: 'admin.board.heading' },
];
const STAFF_NAV: Partial<Record<string, NavItem[]>> = {
  [ROLES.admin]: ADMIN_NAV,
  [ROLES.cashier]: CASHIER_NAV,
  [ROLES.barista]: BARISTA_NAV,
};
const CUSTOMER_NAV: NavItem[] = [
  { to: '/', label: 'nav.home' },
  { to: '/product', label: 'nav.product' },
  { to: '/payment', label: 'nav.cart' },
  { to: '/history', label: 'nav.history' },
];

const NAV_LINK = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 font-medium hover:text-honey lg:px-2 ${isActive ? 'text-honey' : 'text-crema'}`;

/**
 * The shop's header: the brand, the navigation and search. A signed-in person's own controls (cart,
 * profile, logout) and the language switch come from the app's layout, which composes the features
 * (app/account-controls.tsx, app/language-switch.tsx): shared components never import a feature.
 */
export function TopBar({ accountControls, languageSwitch }: { accountControls?: ReactNode; languageSwitch?: ReactNode }) {
  const session = useSession();
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  // A link whose text has not come yet (the staff's part, fetched as staff sign in) waits for it.
  const staffNav = session && Object.hasOwn(STAFF_NAV, session.role) ? STAFF_NAV[session.role] : undefined;
  const nav = staffNav ? staffNav.filter((item) => hasMessage(item.label)) : CUSTOMER_NAV;
  const closeMenu = () => setMenuOpen(false);
  // Opening the menu on the server's HTML, before the page runs, would do nothing: until then it is disabled.
  const hydrated = useHydrated();
  const headerRef = useRef<HTMLElement>(null);
  // Toasts come under the bar (index.css): its height, which grows with the phone's open menu.
  useEffect(() => {
    const header = headerRef.current;
    if (!header || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setTopBarHeight(header.offsetHeight));
    observer.observe(header);
    return () => {
      observer.disconnect();
      setTopBarHeight(0);
    };
  }, []);

  return (
    <header ref={headerRef} className="sticky top-0 z-20 bg-espresso text-crema shadow-lg">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
        <Link to="/" className="rounded-lg" onClick={closeMenu}>
          <Brand />
        </Link>
        <button
          type="button"
          className="ml-auto rounded-lg border border-crema/30 px-3 py-1.5 text-sm font-semibold md:hidden"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          disabled={!hydrated}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {t('nav.menu')}
        </button>
        <div
          id="main-menu"
          className={`${menuOpen ? 'flex' : 'hidden'} w-full flex-col gap-3 md:flex md:w-auto md:flex-1 md:flex-row md:flex-wrap md:items-center`}
        >
          {/* On a wide screen the links never wrap beside the controls: the search box gives up its width first,
              and when even its least is too much (the owner's longer menu at 1024 px) the controls go to a row of their own. */}
          <nav aria-label={t('nav.main')} className="lg:shrink-0">
            <ul className="flex flex-col md:flex-row md:flex-wrap md:gap-1">
              {nav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end className={NAV_LINK} onClick={closeMenu}>
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex flex-wrap items-center gap-3 md:ml-auto lg:min-w-0 lg:flex-[1_1_min-content] lg:flex-nowrap lg:justify-end">
            {session ? (
              <>
                {/* The menu's search is the customer's and the owner's; a Cashier or a Barista searches on the till and the board. */}
                {(session.role === ROLES.user || session.role === ROLES.admin) && <SearchBox onSearch={closeMenu} />}
                {accountControls}
              </>
            ) : (
              <>
                <Link to="/login" className="rounded-xl px-4 py-2 font-semibold hover:text-honey" onClick={closeMenu}>
                  {t('nav.login')}
                </Link>
                <Link to="/signup" className="rounded-xl bg-honey px-4 py-2 font-semibold text-espresso hover:bg-crema" onClick={closeMenu}>
                  {t('nav.signUp')}
                </Link>
              </>
            )}
            {languageSwitch}
          </div>
        </div>
      </div>
    </header>
  );
}
