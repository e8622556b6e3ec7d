import { type AnchorHTMLAttributes, type MouseEvent, useCallback, useEffect, useMemo } from 'react';
import { isHere, type NavigateOptions, navigate } from './history';
import { useLocation } from './router';

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

// An address with a scheme or `//` is another site's: a plain link.
const OTHER_SITE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** Whether the browser should handle the click itself: another tab or window, a download, a modified click. */
function leftToTheBrowser(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    (target !== undefined && target !== '_self') ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey
  );
}

/** A link within the app: a real `<a href>` (it works before the scripts run, and in a new tab), followed without a page load. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (OTHER_SITE.test(to) || leftToTheBrowser(event, target)) return;
    event.preventDefault();
    navigate(to, { replace: replace ?? isHere(to), state });
  };
  return <a {...rest} href={to} target={target} onClick={follow} />;
}

interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only at this very path, not below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A link of the main menu: marked as the current page (aria-current) where the person is. */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const here = useLocation().pathname.toLowerCase();
  const there = (to.split(/[?#]/)[0] ?? '').toLowerCase();
  const isActive = here === there || (!end && here.startsWith(there.endsWith('/') ? there : `${there}/`));
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

/** Moves on to `to` once drawn (a guard, an old address). */
export function Navigate({ to, replace, state }: { to: string } & Omit<NavigateOptions, 'flushSync'>) {
  useEffect(() => navigate(to, { replace, state }), [to, replace, state]);
  return null;
}

export function useNavigate(): typeof navigate {
  return navigate;
}

type SearchInit = ConstructorParameters<typeof URLSearchParams>[0];

/** The address's query, and a way to change it (a new entry, unless `replace`). */
export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback((next: SearchInit, options?: NavigateOptions) => navigate(`?${new URLSearchParams(next)}`, options), []);
  return [params, setParams];
}
