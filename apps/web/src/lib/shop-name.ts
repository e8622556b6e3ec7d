const DEFAULT_SHOP_NAME = 'Kopi Senja';

/** The server writes SHOP_NAME into <meta name="shop-name"> of index.html. */
export const SHOP_NAME = document.querySelector<HTMLMetaElement>('meta[name="shop-name"]')?.content.trim() || DEFAULT_SHOP_NAME;
