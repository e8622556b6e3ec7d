import {
  deliveryNamesOf,
  formatIDR,
  type Locale,
  MEMBER_CARD_GOAL,
  type Promo,
  PromoFieldsSchema,
  PromoPatchSchema,
  shopDate,
  startOfShopDay,
} from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, fieldRefused, notFound, parseOrThrow } from '../../lib/errors.ts';
import type { FormInput } from '../../lib/form-input.ts';
import { type Phrase, phrase } from '../../lib/i18n.ts';
import { inLanguage, menuTexts } from '../../lib/menu-language.ts';
import { prepareOptionalUpload, prepareUpload, storeImage } from '../images/images.service.ts';
import type { ShopSettings } from '../shop/shop.service.ts';
import {
  type CustomerFacts,
  codeTaken,
  findPromo,
  insertPromo,
  listPromos,
  loadPromoCheck,
  type PromoRow,
  softDeletePromo,
  updatePromo,
} from './promos.repository.ts';

const promoNotFound = () => notFound('server.promoNotFound');

/** The shop's date today: promos end with the shop's day, not the database server's. */
const todayOf = (shop: ShopSettings) => shopDate(shop.clock.now(), shop.timezone);

/** A new or moved expiry in the past would make a promo nobody can use. */
function checkDuration(shop: ShopSettings, duration: string | undefined): void {
  if (duration !== undefined && duration < todayOf(shop)) {
    throw fieldRefused('duration', 'server.expiryInPast');
  }
}

async function checkCode(db: Db, code: string | undefined, exceptId?: number): Promise<void> {
  if (code !== undefined && (await codeTaken(db, code, exceptId))) throw conflict(phrase('server.couponCodeTaken', { code }));
}

/**
 * A promo as the API answers it in `locale` (docs/shop-rules.md#the-menu-in-two-languages): its name and
 * description in that language where the owner wrote them, and both as typed for the edit form.
 */
function toPromoAnswer(row: PromoRow, locale: Locale): Promo {
  const { indonesian_name, indonesian_description, ...promo } = row;
  return {
    ...promo,
    promo_name: inLanguage(locale, row.promo_name, indonesian_name),
    description: inLanguage(locale, row.description, indonesian_description),
    texts: menuTexts({ name: row.promo_name, description: row.description, indonesian_name, indonesian_description }),
  };
}

/** Active promos for everyone; admins also see the ones that ended, to edit or extend them. */
export async function visiblePromos(db: Db, shop: ShopSettings, isAdmin: boolean, locale: Locale): Promise<Promo[]> {
  return (await listPromos(db, isAdmin, todayOf(shop))).map((row) => toPromoAnswer(row, locale));
}

/** One promo; an ended one exists only for admins, as in the list (docs/shop-rules.md#coupons). */
export async function getPromo(db: Db, shop: ShopSettings, id: number, isAdmin: boolean, locale: Locale): Promise<Promo> {
  const promo = await findPromo(db, id, todayOf(shop));
  if (!promo || (!promo.active && !isAdmin)) throw promoNotFound();
  return toPromoAnswer(promo, locale);
}

export async function createPromo(db: Db, shop: ShopSettings, form: FormInput, locale: Locale): Promise<Promo> {
  const fields = parseOrThrow(PromoFieldsSchema, form.fields);
  if (!form.image) throw fieldRefused('images', 'allInputRequired');
  checkDuration(shop, fields.duration);
  await checkCode(db, fields.code);
  const image = await prepareUpload(form.image);
  const id = await db.transaction(async (tx) => insertPromo(tx as Db, { ...fields, image: await storeImage(tx as Db, image) }));
  return getPromo(db, shop, id, true, locale);
}

export async function editPromo(db: Db, shop: ShopSettings, id: number, form: FormInput, locale: Locale): Promise<Promo> {
  const patch = parseOrThrow(PromoPatchSchema, form.fields);
  const image = await prepareOptionalUpload(form.image);
  if (Object.keys(patch).length === 0 && !image) throw badRequest('server.nothingToChange');
  await getPromo(db, shop, id, true, locale);
  checkDuration(shop, patch.duration);
  await checkCode(db, patch.code, id);
  const updated = await db.transaction(async (tx) =>
    updatePromo(tx as Db, id, image ? { ...patch, image: await storeImage(tx as Db, image) } : patch),
  );
  if (!updated) throw promoNotFound();
  return getPromo(db, shop, id, true, locale);
}

export async function deletePromo(db: Db, id: number): Promise<void> {
  if (!(await softDeletePromo(db, id))) throw promoNotFound();
}

/** The order a coupon is judged for: who orders, what the cart comes to, how it is delivered. */
export interface CouponUse {
  promoId: number;
  userId: number;
  subtotal: number;
  deliveryId: number;
}

export interface PromoVerdict {
  id: number;
  applies: boolean;
  /** One sentence a customer understands, said in their language by whoever answers; null when the promo applies. */
  reason: Phrase | null;
  /** The percentage taken off the subtotal: 0 when the promo does not apply. */
  discountPercent: number;
}

/**
 * The rules of a coupon (docs/shop-rules.md#coupons), in the order a customer would fix them: a
 * promo on offer, the delivery method, a first order, the member card, the minimum, one per day.
 * Answers why it does not apply, or null.
 */
export function couponRefusal(promo: PromoRow | undefined, facts: CustomerFacts, use: CouponUse): Phrase | null {
  // An ended or removed promo is not named; one on offer is named in the customer's language.
  if (!promo?.active) return phrase('server.couponNotValid');
  const named = { promo: { inWords: (locale: Locale) => inLanguage(locale, promo.promo_name, promo.indonesian_name) } };
  if (promo.delivery_ids.length > 0 && !promo.delivery_ids.includes(use.deliveryId)) {
    return phrase('server.couponDelivery', { ...named, methods: { or: deliveryNamesOf(promo.delivery_ids) } });
  }
  if (promo.new_customers_only && facts.orders > 0) return phrase('server.couponFirstOrder', named);
  if (promo.members_only && facts.spent < MEMBER_CARD_GOAL) {
    return phrase('server.couponMembers', { ...named, left: formatIDR(MEMBER_CARD_GOAL - facts.spent) });
  }
  if (use.subtotal < promo.min_price) return phrase('server.couponMinimum', { ...named, minimum: formatIDR(promo.min_price) });
  if (facts.used_coupon_today) return phrase('server.couponOncePerDay');
  return null;
}

/**
 * Whether a promo applies to an order: the one judgement used by the quote and by placing the
 * order. Placing it calls this under the customer's lock, so that "1 coupon per day" holds.
 */
export async function judgePromo(db: Db, shop: ShopSettings, use: CouponUse): Promise<PromoVerdict> {
  const today = todayOf(shop);
  const { promo, facts } = await loadPromoCheck(db, use.promoId, use.userId, today, startOfShopDay(today, shop.timezone));
  const reason = couponRefusal(promo, facts, use);
  return { id: use.promoId, applies: reason === null, reason, discountPercent: reason === null ? promo!.discount : 0 };
}
