/**
 * The names the service worker (sw/service-worker.js, which the build gives them) and the page agree
 * on: the page reads the menu's time for the offline banner and forgets the private answers at logout.
 */
export const CACHE_NAMES = {
  /** The menu's answers, the same for everyone. */
  menu: 'kopi-menu',
  pictures: 'kopi-pictures',
  /** Pages as the server sent them (a first view carries its menu answers): nobody's data either. */
  pages: 'kopi-pages',
  /** Followed by a digest of the session's token: one cache per session, dropped at logout. */
  privatePrefix: 'kopi-private-',
  /** The header each stored answer carries: when it was stored (ISO 8601). */
  storedAt: 'x-kopi-stored-at',
} as const;
