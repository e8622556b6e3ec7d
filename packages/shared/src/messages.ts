import { common } from './i18n/en/common.ts';

// Every text the spec shows a person, word for word (docs/decisions/spec-fidelity.md#kept-word-for-word). Screens and the server import
// these; nothing else spells them.

/** The English texts of the catalogue's common part: what the spec shows a person, word for word. */
export const MSG = common;

/**
 * The catalogue's first promo term, the spec's word for word; the spec's other three ("only for dine
 * in", …) are said by each coupon's own rules instead (docs/shop-rules.md#coupons).
 */
export const PROMO_TERM_PER_DAY = '1 coupon per day';
