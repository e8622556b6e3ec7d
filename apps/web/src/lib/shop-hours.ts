import { LANDING } from '@kopi/shared';

/**
 * The server writes OPENING_HOURS in words into <meta name="shop-hours"> (docs/shop-rules.md#opening-hours-and-slots),
 * so that every page states the hours the shop keeps; the default hours read as the spec's sentence.
 */
export const SHOP_HOURS = document.querySelector<HTMLMetaElement>('meta[name="shop-hours"]')?.content.trim() || LANDING.deliveryHours;

/** Product detail's note: the spec's "Delivery only on …", which would read wrong for a shop open every day. */
export const DELIVERY_NOTE = SHOP_HOURS.startsWith('every day') ? `Delivery ${SHOP_HOURS}` : `Delivery only on ${SHOP_HOURS}`;
