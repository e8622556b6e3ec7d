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

/**
 * The shop's name, which the server writes into <meta name="shop-name"> of every page from the
 * owner's settings. Read when asked, not once: the server renders first views for months, and the
 * owner may rename the shop meanwhile.
 */
export const shopName = (): string => meta('shop-name') ?? DEFAULT_SHOP_NAME;
/** The server writes SHOP_TIMEZONE into <meta name="shop-timezone">: order times are shown on the shop's clock. */
export const SHOP_TIMEZONE = meta('shop-timezone') ?? 'Asia/Jakarta';
