import { LANDING } from '@kopi/shared';
import { meta } from './shop-name';

/**
 * The server writes OPENING_HOURS in words into <meta name="shop-hours"> (docs/shop-rules.md#opening-hours-and-slots),
 * so that every page states the hours the shop keeps; the default hours read as the spec's sentence.
 */
export const SHOP_HOURS = meta('shop-hours') ?? LANDING.deliveryHours;
