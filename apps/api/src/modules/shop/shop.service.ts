import {
  addDays,
  type BillRates,
  billRatesOf,
  type DaySlots,
  daySlots,
  defaultShopSettings,
  describeOpeningHours,
  isOpenAt,
  isoInZone,
  openingHoursList,
  type PasswordResetWay,
  SCHEDULE_DAYS,
  type Shop,
  type ShopSettingsDoc,
  ShopSettingsSchema,
  shopDate,
  shopInstant,
  shopStatus,
  slotStartOf,
  type UpdateShop,
  type UpdateShopSettings,
  type WeekHours,
  weekOf,
  zoneOffsetMinutes,
} from '@kopi/shared';
import { type Config, passwordResetWay } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, fieldRefused } from '../../lib/errors.ts';
import { type Phrase, phrase } from '../../lib/i18n.ts';
import {
  countSlotOrders,
  initSettings,
  lockSettings,
  lockSlot,
  readMonthlyRevenueGoal,
  readSettings,
  writeMonthlyRevenueGoal,
  writeSettings,
} from './shop.repository.ts';

// The shop's clock, hours and order slots (docs/shop-rules.md#opening-hours-and-slots).

/**
 * What the modules know about the shop; other modules receive it to ask about time and the bill. One
 * object per instance, kept up to date in place when the owner changes the settings on any instance
 * (docs/shop-rules.md#settings), so whoever holds it reads the settings of now.
 */
export interface ShopSettings {
  name: string;
  timezone: string;
  hours: WeekHours;
  slotCapacity: number;
  /** The rates an order is priced with now (docs/shop-rules.md#tax-service-and-the-bill). */
  bill: BillRates;
  /** What the owner set on /settings, as the database keeps it; the fields above follow it. */
  settings: ShopSettingsDoc;
  /** A new shop's first settings: the environment's (SHOP_NAME, OPENING_HOURS, SLOT_CAPACITY). */
  readonly firstSettings: ShopSettingsDoc;
  clock: Clock;
  passwordReset: PasswordResetWay;
  /** LATE_AFTER_MINUTES: the board's late rule (docs/shop-rules.md#the-counter). */
  lateAfterMinutes: number;
  /** PREORDER_LEAD_MINUTES: an order for a later slot comes into Pending this long before its time (docs/shop-rules.md#the-counter). */
  preorderLeadMinutes: number;
  /** Whether QRIS and bank transfers are offered (MIDTRANS_SERVER_KEY is set). */
  onlinePayments: boolean;
}

/** The shop as the environment describes it, until its settings are read from the database (loadSettings). */
export function shopSettings(config: Config): ShopSettings {
  const firstSettings = defaultShopSettings(config.shopName, config.openingHours, config.slotCapacity);
  const shop = {
    timezone: config.shopTimezone,
    firstSettings,
    clock: config.clock,
    passwordReset: passwordResetWay(config),
    lateAfterMinutes: config.counter.lateAfterMinutes,
    preorderLeadMinutes: config.counter.preorderLeadMinutes,
    onlinePayments: config.payments.midtrans !== undefined,
  } as ShopSettings;
  applySettings(shop, firstSettings);
  return shop;
}

/** Announced by a change of the settings: every instance reads them again (shop.plugin.ts). */
export { SHOP_SETTINGS_CHANNEL } from './shop.repository.ts';

/** The settings become the shop's, in place. */
function applySettings(shop: ShopSettings, settings: ShopSettingsDoc): void {
  shop.settings = settings;
  shop.name = settings.name;
  shop.hours = weekOf(settings.opening_hours);
  shop.slotCapacity = settings.slot_capacity;
  shop.bill = billRatesOf(settings);
}

/**
 * A stored document read as settings: a setting a newer version added, and so missing from it,
 * takes its first value. One that no longer passes the schema (edited by hand) keeps the shop's
 * settings as they were, said in the log.
 */
function settingsOf(stored: unknown, first: ShopSettingsDoc): ShopSettingsDoc | undefined {
  if (stored === null || typeof stored !== 'object') return undefined;
  const parsed = ShopSettingsSchema.safeParse({ ...first, ...stored });
  return parsed.success ? parsed.data : undefined;
}

/**
 * Reads the owner's settings into the shop; a new shop's are written first, from the environment.
 * Called at start and whenever an instance announces a change (shop.plugin.ts).
 */
export async function loadSettings(db: Db, shop: ShopSettings, log: { error(message: string): void }): Promise<void> {
  let stored = await readSettings(db);
  if (stored === null) {
    await initSettings(db, shop.firstSettings);
    stored = await readSettings(db);
  }
  const settings = settingsOf(stored, shop.firstSettings);
  if (settings) applySettings(shop, settings);
  else log.error('shop settings: the stored settings do not pass their schema; the shop keeps its settings as they were');
}

/**
 * PATCH /shop/settings: the change (already checked by UpdateShopSettingsSchema) on top of the
 * settings as stored, under the row's lock so that two owners' changes of different settings both
 * stay; every instance reads them within a second (their announcement).
 */
export async function updateSettings(db: Db, shop: ShopSettings, change: UpdateShopSettings): Promise<ShopSettingsDoc> {
  const settings = await db.transaction(async (trx) => {
    const tx = trx as Db;
    const stored = settingsOf(await lockSettings(tx), shop.firstSettings) ?? shop.settings;
    const merged = ShopSettingsSchema.parse({ ...stored, ...change });
    await writeSettings(tx, merged, shop.clock.now());
    return merged;
  });
  applySettings(shop, settings);
  return settings;
}

const inZone = (shop: ShopSettings, instant: Date | null) => (instant ? isoInZone(instant, shop.timezone) : null);

/** GET /shop */
export function describeShop(shop: ShopSettings): Shop {
  const now = shop.clock.now();
  const status = shopStatus(shop.hours, now, shop.timezone);
  return {
    name: shop.name,
    timezone: shop.timezone,
    opening_hours: openingHoursList(shop.hours),
    open_now: status.openNow,
    next_opening: inZone(shop, status.nextOpening),
    closes_at: inZone(shop, status.closesAt),
    today: shopDate(now, shop.timezone),
    utc_offset: zoneOffsetMinutes(now, shop.timezone),
    online_payments: shop.onlinePayments,
    late_after_minutes: shop.lateAfterMinutes,
    preorder_lead_minutes: shop.preorderLeadMinutes,
    bill: { ...shop.bill, service_on: [...shop.bill.service_on] },
    password_reset: shop.passwordReset,
  };
}

/** The shop's days on which an order may be scheduled: today and the SCHEDULE_DAYS - 1 after it. */
function scheduleWindow(shop: ShopSettings, now: Date) {
  const first = shopDate(now, shop.timezone);
  return { first, last: addDays(first, SCHEDULE_DAYS - 1) };
}

/** The slots that can still be chosen: those that start later than now. */
function futureSlots(shop: ShopSettings, date: string, now: Date): Date[] {
  return daySlots(shop.hours, date, shop.timezone).filter((start) => start.getTime() > now.getTime());
}

/** A day's answer: its slots still to come, with the orders each can still take given those `taken`. */
function daySlotsOf(shop: ShopSettings, date: string, starts: readonly Date[], taken: ReadonlyMap<number, number>): DaySlots {
  return {
    date,
    capacity: shop.slotCapacity,
    slots: starts.map((start) => ({
      time: isoInZone(start, shop.timezone),
      remaining: Math.max(0, shop.slotCapacity - (taken.get(start.getTime()) ?? 0)),
    })),
  };
}

/** GET /shop/slots?date= */
export async function slotsOfDay(db: Db, shop: ShopSettings, date: string): Promise<DaySlots> {
  const now = shop.clock.now();
  const { first, last } = scheduleWindow(shop, now);
  if (date < first || date > last) {
    throw fieldRefused('date', phrase('server.dateOutOfWindow', { first, last }));
  }
  const starts = futureSlots(shop, date, now);
  return daySlotsOf(shop, date, starts, await countSlotOrders(db, starts));
}

/**
 * GET /shop/week: every day of the schedule window with its slots, in one answer and one count in
 * the database. "Set time" lists the week's days with the full ones marked: one request on a weak
 * signal instead of seven, and a phone starts one fetch instead of seven as its page takes over.
 */
export async function slotsOfWeek(db: Db, shop: ShopSettings): Promise<DaySlots[]> {
  const now = shop.clock.now();
  const { first } = scheduleWindow(shop, now);
  const dates = Array.from({ length: SCHEDULE_DAYS }, (_, i) => addDays(first, i));
  const startsOf = dates.map((date) => futureSlots(shop, date, now));
  const taken = await countSlotOrders(db, startsOf.flat());
  return dates.map((date, i) => daySlotsOf(shop, date, startsOf[i]!, taken));
}

/** An instant of the shop's clock, said in the listener's language ("Mon 23 Nov at 13:00"). */
const when = (shop: ShopSettings, instant: Date, form: 'day' | 'time' | 'moment' = 'moment') => ({
  shopTime: instant,
  zone: shop.timezone,
  form,
});

const refuse = (message: Phrase) => fieldRefused('scheduled_for', message);

/** The first slot after `full` that has room, within the days an order may be scheduled. */
async function nextFreeSlot(db: Db, shop: ShopSettings, full: Date, now: Date): Promise<Date | undefined> {
  const { last } = scheduleWindow(shop, now);
  const candidates: Date[] = [];
  for (let date = shopDate(full, shop.timezone); date <= last; date = addDays(date, 1)) {
    candidates.push(...futureSlots(shop, date, now).filter((start) => start.getTime() > full.getTime()));
  }
  const taken = await countSlotOrders(db, candidates);
  return candidates.find((start) => (taken.get(start.getTime()) ?? 0) < shop.slotCapacity);
}

/**
 * The rules of time alone (no database): "as soon as possible" only while the shop is open, else a
 * 400 saying when it opens; a time must be in the future, within the schedule window and inside the
 * opening hours, else a 400. Answers the requested instant, or null for "as soon as possible".
 */
function validateTime(shop: ShopSettings, requested: string | undefined, now: Date): Date | null {
  if (requested === undefined) {
    // Open now is the common case of every order: one look at the clock, not the week ahead.
    if (isOpenAt(shop.hours, now, shop.timezone)) return null;
    const { openNow, nextOpening } = shopStatus(shop.hours, now, shop.timezone);
    if (openNow) return null;
    // OPENING_HOURS has an opening every week, so a closed shop opens again within the week.
    throw refuse(phrase('server.closedNow', { when: when(shop, nextOpening!) }));
  }
  const at = new Date(requested);
  if (at.getTime() <= now.getTime()) throw refuse(phrase('server.timePassed', { when: when(shop, at) }));
  const { last } = scheduleWindow(shop, now);
  if (shopDate(at, shop.timezone) > last) {
    throw refuse(phrase('server.beyondWindow', { days: SCHEDULE_DAYS, day: when(shop, shopInstant(last, 12 * 60, shop.timezone), 'day') }));
  }
  if (!isOpenAt(shop.hours, at, shop.timezone)) {
    throw refuse(
      phrase('server.closedAt', { when: when(shop, at), hours: { inWords: (locale) => describeOpeningHours(shop.hours, locale) } }),
    );
  }
  return at;
}

/**
 * The one check of when an order is wanted, for placing it and for quoting it. `requested` is the
 * validated scheduled_for (ISO 8601), undefined for "as soon as possible". Beyond the rules of time
 * (validateTime, 400), a scheduled order's slot must have room, else a 409 naming the next free one.
 * Answers the slot's start, or null for "as soon as possible". To make the room hold until the order
 * is stored, place the order through `holdingSlot`.
 */
export async function checkSchedule(db: Db, shop: ShopSettings, requested: string | undefined): Promise<Date | null> {
  const now = shop.clock.now();
  const at = validateTime(shop, requested, now);
  if (at === null) return null;
  const slot = slotStartOf(at, shop.timezone);
  const taken = (await countSlotOrders(db, [slot])).get(slot.getTime()) ?? 0;
  if (taken < shop.slotCapacity) return slot;
  const next = await nextFreeSlot(db, shop, slot, now);
  const full = { time: when(shop, slot, 'time'), day: when(shop, slot, 'day') };
  throw conflict(next ? phrase('server.slotFullNext', { ...full, when: when(shop, next) }) : phrase('server.slotFullWeek', full));
}

/**
 * Runs `store` once the order's time is checked. A scheduled order is checked and stored in one
 * transaction holding its slot's lock, so that concurrent orders cannot overfill the slot; an order
 * "as soon as possible" takes no slot and no lock, and `store` gets `db` as it is.
 */
export async function holdingSlot<T>(db: Db, shop: ShopSettings, requested: string | undefined, store: (db: Db) => Promise<T>): Promise<T> {
  // The rules of time first: the lock's key is only computed for a valid time in the coming week.
  const at = validateTime(shop, requested, shop.clock.now());
  if (at === null) return store(db);
  return db.transaction(async (trx) => {
    const tx = trx as Db;
    await lockSlot(tx, slotStartOf(at, shop.timezone));
    await checkSchedule(tx, shop, requested);
    return store(tx);
  });
}

/** The owner's monthly revenue goal, integer rupiah (docs/shop-rules.md#the-owners-dashboard). */
export function monthlyRevenueGoal(db: Db): Promise<number> {
  return readMonthlyRevenueGoal(db);
}

/** PATCH /shop: the body is validated by UpdateShopSchema (1 to 10^12 rupiah). */
export async function updateShop(db: Db, shop: ShopSettings, change: UpdateShop): Promise<{ monthly_revenue_goal: number }> {
  return { monthly_revenue_goal: await writeMonthlyRevenueGoal(db, change.monthly_revenue_goal, shop.clock.now()) };
}
