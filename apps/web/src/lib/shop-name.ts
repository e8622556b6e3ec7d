const DEFAULT_SHOP_NAME = 'Kopi Senja';

/** The server writes SHOP_NAME into <meta name="shop-name"> of index.html. */
export const SHOP_NAME = document.querySelector<HTMLMetaElement>('meta[name="shop-name"]')?.content.trim() || DEFAULT_SHOP_NAME;
/** The server writes SHOP_TIMEZONE into <meta name="shop-timezone">: order times are shown on the shop's clock. */
export const SHOP_TIMEZONE = document.querySelector<HTMLMetaElement>('meta[name="shop-timezone"]')?.content.trim() || 'Asia/Jakarta';
