import { DELIVERY_METHODS, nameOf } from './constants.ts';
import { formatIDR } from './money.ts';

// What a coupon asks of an order, in the words a customer reads (docs/shop-rules.md#coupons): the
// promo cards list its terms; the server's quote and order say why it does not apply in the
// catalogue's words (server.coupon* in packages/shared/src/i18n).

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

/** The names of a promo's delivery methods, for the server's reasons (said as "A or B" in the listener's language). */
export const deliveryNamesOf = (ids: readonly number[]) => ids.map((id) => nameOf(DELIVERY_METHODS, id) ?? String(id));
