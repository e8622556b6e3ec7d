import { MEMBER_CARD_GOAL } from './constants.ts';

// Apart from messages.ts, which brings the English common texts: the landing page shows these
// figures without loading them (docs/benchmarks.md#first-load-javascript).

/** docs/shop-rules.md#landing-figures: the landing page figures. */
export const LANDING = {
  staff: '90+',
  stores: '30+',
  customers: '800+',
  favouritePrices: [25000, 30000, 40000],
  memberCardMinimum: MEMBER_CARD_GOAL,
  deliveryHours: 'Monday to Friday, 1 - 7 pm',
} as const;
