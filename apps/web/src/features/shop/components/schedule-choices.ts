import type { Locale } from '@kopi/shared';
import {
  addDays,
  DAY_KEYS,
  type DaySlots,
  formatCalendarDay,
  formatClockTime,
  formatShopTime,
  SCHEDULE_DAYS,
  type Shop,
  shopDateTime,
  weekdayOf,
  zonedClock,
} from '@kopi/shared';
import type { MessageKey, MessageValues } from '../../../lib/i18n';

/** The page's words and language: the picker's labels are in it. */
export interface Say {
  t: (key: MessageKey, values?: MessageValues) => string;
  locale: Locale;
}

// What "Set time" offers, step by step (docs/shop-rules.md#opening-hours-and-slots): a day of the
// shop's week, then a time of that day. A phone shows a native list as a wheel or a sheet: each list
// stays short enough to scan (at most MAX_TIMES entries), so a long day is cut into parts first.
// The days and times are read from the shop's own dates and from the slots' times, which the API
// writes with the shop's offset: no date formatter, whose first use costs a phone a long task
// (docs/benchmarks.md#first-visit), is made while the page starts or as the person chooses.

export type Slot = DaySlots['slots'][number];

/** The most entries a list of times holds; a longer day is chosen by its part first. */
export const MAX_TIMES = 30;
/** A few places left is worth saying; more is just "free". */
const FEW_LEFT = 3;

/** Parts of the shop's day, by the hour of its clock; each holds at most 28 quarter hours. */
export const DAY_PARTS = [
  { name: 'Night', label: 'schedule.part.night', from: 0, to: 6 },
  { name: 'Morning', label: 'schedule.part.morning', from: 6, to: 12 },
  { name: 'Afternoon', label: 'schedule.part.afternoon', from: 12, to: 17 },
  { name: 'Evening', label: 'schedule.part.evening', from: 17, to: 24 },
] as const;
export type DayPart = (typeof DAY_PARTS)[number];

/** The shop's days, from today, that have opening hours. */
export function openDays(shop: Shop): string[] {
  const open = new Set(shop.opening_hours.map((entry) => entry.day));
  return Array.from({ length: SCHEDULE_DAYS }, (_, i) => addDays(shop.today, i)).filter((date) => open.has(DAY_KEYS[weekdayOf(date)]!));
}

/** "Today, Thu 26 Nov", "Tomorrow, Fri 27 Nov", "Sat 28 Nov". */
export function dayLabel(shop: Shop, date: string, { t, locale }: Say): string {
  const day = formatCalendarDay(date, locale);
  if (date === shop.today) return t('schedule.today', { day });
  if (date === addDays(shop.today, 1)) return t('schedule.tomorrow', { day });
  return day;
}

/** The shop's clock at a slot's time (or a chosen one): read from its text, else found through the zone. */
const clockOf = (shop: Shop, iso: string) => zonedClock(iso) ?? shopDateTime(new Date(iso), shop.timezone);

/** The shop's date of a slot (or of a chosen time). */
export const dateOf = (shop: Shop, iso: string) => clockOf(shop, iso).date;

/** The part of the day a slot falls in, by the hour on the shop's clock. */
export function partOf(shop: Shop, iso: string): DayPart {
  const hour = clockOf(shop, iso).hour;
  return DAY_PARTS.find((part) => hour >= part.from && hour < part.to) ?? DAY_PARTS[0];
}

/** "Morning, 06:00–12:00"; Indonesian clocks write "06.00". */
export function partLabel(part: DayPart, { t, locale }: Say): string {
  const sep = locale === 'id' ? '.' : ':';
  const hour = (h: number) => `${String(h).padStart(2, '0')}${sep}00`;
  return `${t(part.label)}, ${hour(part.from)}–${hour(part.to)}`;
}

/**
 * Whether the clock shows each of a day's slot times once: all of them are on one offset. On a day
 * the clocks go back during its slots, both passes of the repeated hour are slots, and
 * formatShopTime tells them apart by the zone's name.
 */
export const timesShownOnce = (slots: Slot[]) => new Set(slots.map((slot) => zonedClock(slot.time)?.offset ?? Number.NaN)).size <= 1;

/**
 * A time in the list: "13:15", "13:15 — 2 left", "13:15 — full". All of a slot's wording is here.
 * `shownOnce`: timesShownOnce of its day's slots.
 */
export function slotLabel(shop: Shop, slot: Slot, { t, locale }: Say, shownOnce: boolean): string {
  const clock = shownOnce ? zonedClock(slot.time) : null;
  const time = clock ? formatClockTime(clock.hour, clock.minute, locale) : formatShopTime(new Date(slot.time), shop.timezone, locale);
  if (slot.remaining === 0) return `${time} — ${t('schedule.full')}`;
  return slot.remaining <= FEW_LEFT ? t('schedule.left', { time, count: slot.remaining }) : time;
}

/** The parts of a day that has too many slots for one list, with their slots; empty when one list will do. */
export function partsOf(shop: Shop, slots: Slot[]): { part: DayPart; slots: Slot[] }[] {
  if (slots.length <= MAX_TIMES) return [];
  return DAY_PARTS.map((part) => ({ part, slots: slots.filter((slot) => partOf(shop, slot.time) === part) })).filter(
    (entry) => entry.slots.length > 0,
  );
}

/** The times to list: from the first one with room (a full slot before it cannot be chosen), full ones after it marked. */
export function listedTimes(slots: Slot[]): Slot[] {
  const first = slots.findIndex((slot) => slot.remaining > 0);
  return first < 0 ? [] : slots.slice(first);
}

/** The time a day (or a part of it) starts at when chosen: its next one with room. */
export const firstFree = (slots: Slot[]) => slots.find((slot) => slot.remaining > 0);
