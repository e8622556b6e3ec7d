import {
  ADDONS_CATEGORY_ID,
  type CreateOrderInput,
  cashToPay,
  isDrink,
  type Locale,
  nameOf,
  type OrderLine,
  type Product,
  priceOrder,
  productNameIn,
  type Quote,
  SIZES,
} from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound, fieldRefused as refuse } from '../../lib/errors.ts';
import { phrase, type Translator } from '../../lib/i18n.ts';
import type { Session } from '../auth/auth.service.ts';
import { judgePromo, type PromoVerdict } from '../promos/promos.service.ts';
import type { ShopSettings } from '../shop/shop.service.ts';
import { findMenuPricing, type MenuPricing } from './placing.repository.ts';

// Pricing an order (docs/shop-rules.md#prices-and-sizes): its lines from the menu, each at its size's
// price with its add-ons, and the amounts from the one rule in packages/shared (priceOrder). The
// quote, the order and the till price a cart here and nowhere else; amounts a client sends are
// never read.

/** Where an order's prices come from, and where its sales count: the instance's menu in memory (a Menu of the products module). */
export interface MenuSource {
  /** The product in the language asked for (English when none is). */
  find(id: number, locale?: Locale): Product | undefined;
  /** Counts units sold (or, with -1, gives back a cancelled order's) in "popular" at once. */
  sold(lines: readonly { product_id: number; qty: number }[], sign?: 1 | -1): void;
}

/** A product of the menu in memory as an order prices it, or undefined when it is not there. */
function pricingOf(menu: MenuSource, id: number): MenuPricing | undefined {
  const product = menu.find(id);
  if (!product) return undefined;
  const sizes: Record<string, number> = {};
  for (const size of product.sizes) sizes[size.size_id] = size.price;
  return {
    id,
    product_name: product.product_name,
    indonesian_name: menu.find(id, 'id')?.product_name ?? product.product_name,
    image: product.image,
    category_id: product.category_id,
    sold_out: product.sold_out,
    sizes,
  };
}

/** A product named in the words of whoever is told (an Indonesian page reads its Indonesian name). */
const named = (product: MenuPricing) => ({ inWords: (locale: Locale) => productNameIn(locale, product) });

/** The products a cart names, its lines' and their add-ons'. */
function idsOf(input: CreateOrderInput): number[] {
  const ids = new Set<number>();
  for (const line of input.items) {
    ids.add(line.product_id);
    for (const addon of line.addons ?? []) ids.add(addon.product_id);
  }
  return [...ids];
}

/** The products of the cart as the database has them now: one round trip. */
export async function pricingFromDatabase(db: Db, input: CreateOrderInput): Promise<Map<number, MenuPricing>> {
  return new Map((await findMenuPricing(db, idsOf(input))).map((p) => [p.id, p]));
}

/** The products of the cart as this instance's menu has them; undefined when one is missing from it. */
function pricingFromMenu(menu: MenuSource, input: CreateOrderInput): Map<number, MenuPricing> | undefined {
  const found = new Map<number, MenuPricing>();
  for (const id of idsOf(input)) {
    const pricing = pricingOf(menu, id);
    if (!pricing) return undefined;
    found.set(id, pricing);
  }
  return found;
}

/**
 * The cart's lines priced from `menu`, as an order would store them. A product not on the menu is a
 * 404; a size it is not sold in, add-ons in a food, or a product that is not an add-on as one, a 400;
 * anything sold out, a 409 naming it.
 */
export function priceLines(menu: ReadonlyMap<number, MenuPricing>, input: CreateOrderInput): OrderLine[] {
  const missing = idsOf(input).find((id) => !menu.has(id));
  if (missing !== undefined) throw notFound(phrase('server.productNotOnMenu', { id: missing }));

  const soldOut = new Set<string>();
  const lines = input.items.map((line, i): OrderLine => {
    const product = menu.get(line.product_id)!;
    const sizeName = nameOf(SIZES, line.size_id) ?? String(line.size_id);
    const unitPrice = product.sizes[String(line.size_id)];
    if (unitPrice === undefined)
      throw refuse(`items.${i}.size_id`, phrase('server.sizeNotSold', { product: named(product), size: sizeName }));
    const addons = (line.addons ?? []).map((wanted, j) => {
      const addon = menu.get(wanted.product_id)!;
      if (!isDrink(product.category_id))
        throw refuse(`items.${i}.addons`, phrase('server.addonsInDrinksOnly', { product: named(product) }));
      if (addon.category_id !== ADDONS_CATEGORY_ID) {
        throw refuse(`items.${i}.addons.${j}.product_id`, phrase('server.notAnAddon', { product: named(addon) }));
      }
      if (addon.sold_out) soldOut.add(addon.product_name);
      // An add-on is sold in one size: its Reguler price.
      return {
        product_id: addon.id,
        product_name: addon.product_name,
        indonesian_name: addon.indonesian_name,
        qty: wanted.qty,
        unit_price: addon.sizes['1']!,
      };
    });
    if (product.sold_out) soldOut.add(product.product_name);
    return {
      product_id: product.id,
      product_name: product.product_name,
      indonesian_name: product.indonesian_name,
      image: product.image,
      size_id: line.size_id,
      size_name: sizeName,
      qty: line.qty,
      unit_price: unitPrice,
      addons,
      line_total: 0,
    };
  });
  if (soldOut.size > 0) {
    const names = [...soldOut];
    throw conflict(phrase('server.soldOut', { products: { and: names }, count: names.length }));
  }
  const { line_totals } = priceOrder(lines);
  return lines.map((line, i) => ({ ...line, line_total: line_totals[i]! }));
}

/**
 * The cart priced from this instance's menu in memory, without a query. When the menu cannot price
 * it as sent (a product missing, sold out, a size it lacks…), the database is asked, since another
 * instance's change may not have reached this menu yet: only its answer refuses a cart.
 */
export async function priceCart(db: Db, menu: MenuSource, input: CreateOrderInput): Promise<OrderLine[]> {
  const fromMenu = pricingFromMenu(menu, input);
  if (fromMenu) {
    try {
      return priceLines(fromMenu, input);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return priceLines(await pricingFromDatabase(db, input), input);
}

/** The cart's bill with its coupon's discount, at the shop's rates now (docs/shop-rules.md#tax-service-and-the-bill). */
export function billOf(shop: ShopSettings, lines: readonly OrderLine[], input: CreateOrderInput, discountPercent: number) {
  return priceOrder(lines, { discountPercent, rates: shop.bill, deliveryId: input.delivery_id });
}

/** How the cart would use its coupon, for the one judgement of it (docs/shop-rules.md#coupons). */
export function couponUse(userId: number, input: CreateOrderInput, subtotal: number) {
  return { promoId: input.promo_id!, userId, subtotal, deliveryId: input.delivery_id };
}

/**
 * POST /transactions/quote: the cart priced exactly as placing it would price it, and whether its
 * coupon applies and why not; nothing is stored. The time is not judged here (GET /shop/slots is).
 */
export async function quoteOrder(
  db: Db,
  menu: MenuSource,
  shop: ShopSettings,
  session: Session,
  input: CreateOrderInput,
  t: Translator,
): Promise<Quote> {
  const lines = await priceCart(db, menu, input);
  const { subtotal } = priceOrder(lines);
  const verdict: PromoVerdict | undefined = input.promo_id ? await judgePromo(db, shop, couponUse(session.id, input, subtotal)) : undefined;
  const { line_totals: _, ...amounts } = billOf(shop, lines, input, verdict?.discountPercent ?? 0);
  return {
    lines,
    ...amounts,
    cash_to_pay: cashToPay(amounts.total, shop.settings.cash_rounding).to_pay,
    rates: shop.bill,
    promo: verdict ? { id: verdict.id, applies: verdict.applies, reason: verdict.reason && t(verdict.reason) } : null,
  };
}
