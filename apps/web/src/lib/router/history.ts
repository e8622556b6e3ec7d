// The browser's history as the app's pages move through it: one entry per address the person
// visited, each with a key of its own (kept in the entry's state, so a reload keeps it) and the
// state a page passed along (Sign Up's e-mail to Login). The first address of a visit, typed or
// opened from elsewhere, has none: its key is 'default'.

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the page that came here passed along (`navigate(to, { state })`). */
  state: unknown;
  /** 'default' for the address the visit began at; a fresh one for each address reached in the app. */
  key: string;
}

export interface NavigateOptions {
  /** Replace this entry instead of adding one (Back then skips the page left). */
  replace?: boolean;
  state?: unknown;
  /** Draw the new page before returning, not as a transition (Logout: the guarded page is gone before the session is). */
  flushSync?: boolean;
}

/** The shape React Router gave history entries, kept so entries made before this router still read. */
interface EntryState {
  usr?: unknown;
  key?: string;
}

type Listener = (location: Location, options: { flushSync: boolean }) => void;

const listeners = new Set<Listener>();
let current: Location | undefined;

export function locationOf(url: URL, entry: EntryState | null): Location {
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

/** Where the browser is now. */
export function browserLocation(): Location {
  if (!current) {
    current = locationOf(new URL(window.location.href), window.history.state as EntryState | null);
    // From the first read on, before the router listens: Back pressed while a page is being taken over still counts.
    window.addEventListener('popstate', onPopState);
  }
  return current;
}

/** Calls `listener` with every address the app moves to, by a link, a redirect or Back and Forward. */
export function listen(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function moveTo(location: Location, flushSync: boolean) {
  beforeLeaving(browserLocation());
  current = location;
  for (const listener of listeners) listener(location, { flushSync });
}

function onPopState(event: PopStateEvent) {
  moveTo(locationOf(new URL(window.location.href), event.state as EntryState | null), false);
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/**
 * Moves the app to `to`: a path (`/detail/3?x=1#y`) or an address relative to this one (`?page=2`).
 * Another origin is left by a full page load.
 */
export function navigate(to: string, { replace = false, state, flushSync = false }: NavigateOptions = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  const entry: EntryState = { usr: state ?? null, key: newKey() };
  const path = url.pathname + url.search + url.hash;
  if (replace) window.history.replaceState(entry, '', path);
  else window.history.pushState(entry, '', path);
  moveTo(locationOf(url, entry), flushSync);
}

/** Whether `to` is where the browser already is (a link to it replaces the entry rather than add the same page twice). */
export function isHere(to: string): boolean {
  const url = new URL(to, window.location.href);
  const here = window.location;
  return url.pathname === here.pathname && url.search === here.search && url.hash === here.hash;
}

// Where each entry was scrolled to when the person left it, for Back, Forward and a reload to
// find it again (scroll-restoration.tsx). Kept in the tab's session storage across page loads.
const SCROLL_POSITIONS = 'kopi:scroll-positions';
let positions: Record<string, number> | undefined;

export function scrollPositions(): Record<string, number> {
  if (!positions) {
    positions = Object.create(null) as Record<string, number>;
    try {
      const saved: unknown = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS) ?? '{}');
      if (saved && typeof saved === 'object') {
        for (const [key, y] of Object.entries(saved)) if (typeof y === 'number') positions[key] = y;
      }
    } catch {
      // Storage refused (a private window) or a value not ours: positions start afresh, nothing else changes.
    }
  }
  return positions;
}

function beforeLeaving(location: Location) {
  scrollPositions()[location.key] = window.scrollY;
}

/** Keeps the positions for the next page load of this tab (a reload, or Back from another site). */
export function saveScrollPositions(): void {
  beforeLeaving(browserLocation());
  try {
    sessionStorage.setItem(SCROLL_POSITIONS, JSON.stringify(scrollPositions()));
  } catch {
    // Storage full or refused: Back after a reload starts at the top, as it would without this.
  }
}
