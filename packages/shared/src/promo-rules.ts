import { DELIVERY_METHODS, nameOf } from './constants.ts';
import { formatIDR } from './money.ts';

// What a coupon asks of an order, in the words a customer reads (docs/shop-rules.md#coupons): the
// promo cards list its terms, and the server's quote and order say with these why it does not apply.

export interface PromoRules {
  promo_name: string;
  min_price: number;
  delivery_ids: readonly number[];
  new_customers_only: boolean;
  members_only: boolean;
}

const deliveryNames = (ids: readonly number[]) => ids.map((id) => nameOf(DELIVERY_METHODS, id) ?? String(id)).join(' or ');

/** A promo's terms for its card, e.g. ["1 coupon per day", "Only for Dine In", "Min. order IDR 50.000"]. */
export function promoTerms(promo: PromoRules): string[] {
  const terms = ['1 coupon per day'];
  if (promo.delivery_ids.length > 0) terms.push(`Only for ${deliveryNames(promo.delivery_ids)}`);
  if (promo.new_customers_only) terms.push('Only for your first order');
  if (promo.members_only) terms.push('Must have member card');
  if (promo.min_price > 0) terms.push(`Min. order ${formatIDR(promo.min_price)}`);
  return terms;
}

/** Why a coupon does not apply: one sentence each. An ended or removed promo is not named. */
export const COUPON_REASON = {
  notValid: 'This coupon is not valid',
  delivery: (promo: PromoRules) => `Promo ${promo.promo_name} is only for ${deliveryNames(promo.delivery_ids)}`,
  firstOrder: (promo: PromoRules) => `Promo ${promo.promo_name} is only for your first order`,
  members: (promo: PromoRules, left: number) =>
    `Promo ${promo.promo_name} is only for member card holders: spend ${formatIDR(left)} more to get your card`,
  minimum: (promo: PromoRules) => `Promo ${promo.promo_name} needs a subtotal of at least ${formatIDR(promo.min_price)}`,
  oncePerDay: 'Only 1 coupon per day: you have used one today',
} as const;
