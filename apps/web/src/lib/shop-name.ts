import { useSyncExternalStore } from 'react';

const DEFAULT_SHOP_NAME = 'Kopi Senja';

declare global {
  /** The same settings while the server renders a first view (no document there): set before it loads the pages. */
  var kopiPageMeta: Record<string, string> | undefined;
}

/** What the server wrote into index.html's <meta name="…">, the shop's settings; undefined when blank. */
export const meta = (name: string) =>
  (typeof document === 'undefined'
    ? globalThis.kopiPageMeta?.[name]
    : document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content
  )?.trim() || undefined;

/** Bumped when the page's own settings change (the owner saved theirs on /settings): who reads them draws again. */
let metaVersion = 0;
const metaListeners = new Set<() => void>();
const subscribeMeta = (listener: () => void) => {
  metaListeners.add(listener);
  return () => metaListeners.delete(listener);
};

/** Writes settings into this page's <meta> tags, as the server writes them into every page it serves from now on. */
export function setPageMeta(values: Record<string, string>): void {
  if (typeof document === 'undefined') return;
  for (const [name, content] of Object.entries(values)) {
    document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.setAttribute('content', content);
  }
  metaVersion += 1;
  for (const listener of metaListeners) listener();
}

/** Draws the component again when setPageMeta changes the page's settings (its name, its hours). */
export function usePageMeta(): void {
  useSyncExternalStore(
    subscribeMeta,
    () => metaVersion,
    () => 0,
  );
}

/**
 * The shop's name, which the server writes into <meta name="shop-name"> of every page from the
 * owner's settings. Read when asked, not once: the server renders first views for months, and the
 * owner may rename the shop meanwhile.
 */
export const shopName = (): string => meta('shop-name') ?? DEFAULT_SHOP_NAME;
/** The server writes SHOP_TIMEZONE into <meta name="shop-timezone">: order times are shown on the shop's clock. */
export const SHOP_TIMEZONE = meta('shop-timezone') ?? 'Asia/Jakarta';
