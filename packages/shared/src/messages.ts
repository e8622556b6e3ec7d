import { MEMBER_CARD_GOAL } from './constants.ts';
import { common } from './i18n/en/common.ts';

// Every text the spec shows a person, word for word (docs/decisions/spec-fidelity.md#kept-word-for-word). Screens and the server import
// these; nothing else spells them.

/** The English texts of the catalogue's common part: what the spec shows a person, word for word. */
export const MSG = common;

/** The catalogue's promo terms, in order (docs/shop-rules.md#coupons). */
export const PROMO_TERMS = ['1 coupon per day', 'only for dine in', 'buy 1 get 1 only for new user', 'must have member card'] as const;

/** docs/shop-rules.md#landing-figures: the landing page figures. */
export const LANDING = {
  staff: '90+',
  stores: '30+',
  customers: '800+',
  favouritePrices: [25000, 30000, 40000],
  memberCardMinimum: MEMBER_CARD_GOAL,
  deliveryHours: 'Monday to Friday, 1 - 7 pm',
} as const;
