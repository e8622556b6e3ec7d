// The shop's opening hours and its 15-minute order slots (docs/shop-rules.md#opening-hours-and-slots).
// One reading of OPENING_HOURS for the server (what it accepts) and the browser (what it offers).
// Hours are wall-clock times in the shop's zone, whatever the zone of the server or the browser.
// Slots are stretches of real time that start on the clock's quarter hours: where the clocks go back,
// both passes of the repeated hour are slots of their own; where they jump, the skipped hour has none.

import type { Locale } from './i18n/locale.ts';
import { addDays, shopDate, shopDateTime, shopDayStretches, shopInstant } from './shop-time.ts';

/** docs/shop-rules.md#opening-hours-and-slots: "Monday to Friday, 1 - 7 pm". */
export const DEFAULT_OPENING_HOURS = 'mon-fri 13:00-19:00';
/** An order slot is a quarter of an hour: the kitchen plans its work by them. */
export const SLOT_MINUTES = 15;
/** Orders can be scheduled for today and the 6 days after it: one week of the shop. */
export const SCHEDULE_DAYS = 7;

export const DAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type DayKey = (typeof DAY_KEYS)[number];
const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** People read a week from Monday. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** Minutes after the shop's midnight; `closes` may be 1440 (24:00). */
export interface OpeningRange {
  opens: number;
  closes: number;
}

/** The ranges of each weekday, Sunday first (as Date#getDay counts), sorted and not overlapping. */
export type WeekHours = readonly (readonly OpeningRange[])[];

export class OpeningHoursError extends Error {}

const RULE = /^([a-z,-]+)\s+(\d{2}):(\d{2})-(\d{2}):(\d{2})$/;

function dayIndex(key: string, rule: string): number {
  const index = DAY_KEYS.indexOf(key as DayKey);
  if (index < 0) throw new OpeningHoursError(`rule "${rule}": "${key}" is not a day (mon, tue, wed, thu, fri, sat, sun)`);
  return index;
}

/** "mon-fri", "sat", "mon,wed,fri", "fri-mon" (a range may wrap past Sunday). */
function parseDays(spec: string, rule: string): number[] {
  const days = new Set<number>();
  for (const item of spec.split(',')) {
    const [first, last, extra] = item.split('-');
    if (!first || extra !== undefined) throw new OpeningHoursError(`rule "${rule}": "${item}" is not a day or a range of days`);
    const from = dayIndex(first, rule);
    const to = last === undefined ? from : dayIndex(last, rule);
    for (let day = from; ; day = (day + 1) % 7) {
      days.add(day);
      if (day === to) break;
    }
  }
  return [...days];
}

function minutesOf(hours: string, minutes: string, rule: string): number {
  const value = Number(hours) * 60 + Number(minutes);
  if (Number(minutes) >= 60 || value > 24 * 60) throw new OpeningHoursError(`rule "${rule}": ${hours}:${minutes} is not a time of day`);
  if (value % SLOT_MINUTES !== 0) {
    throw new OpeningHoursError(`rule "${rule}": times must be on the quarter hour (:00, :15, :30, :45), got ${hours}:${minutes}`);
  }
  return value;
}

/**
 * Reads rules separated by `;`, each `<days> HH:MM-HH:MM`: `mon-fri 07:00-21:00; sat 08:00-14:00`.
 * A day may have several rules (a lunch break); a day without one is closed. `mon-sun 00:00-24:00` is
 * always open. A range ends on the day it starts: hours past midnight are a rule of the next day.
 */
export function parseOpeningHours(text: string): WeekHours {
  const week: OpeningRange[][] = [[], [], [], [], [], [], []];
  const rules = text
    .split(';')
    .map((rule) => rule.trim().toLowerCase().replace(/\s+/g, ' '))
    .filter(Boolean);
  if (rules.length === 0) throw new OpeningHoursError('must name at least one opening, e.g. "mon-fri 13:00-19:00"');
  for (const rule of rules) {
    const match = RULE.exec(rule);
    if (!match) throw new OpeningHoursError(`rule "${rule}" must be days and hours, e.g. "mon-fri 07:00-21:00"`);
    const [, days, h1, m1, h2, m2] = match as unknown as [string, string, string, string, string, string];
    const range = { opens: minutesOf(h1, m1, rule), closes: minutesOf(h2, m2, rule) };
    if (range.closes <= range.opens) {
      throw new OpeningHoursError(`rule "${rule}": closing must come after opening (hours past midnight belong to the next day)`);
    }
    for (const day of parseDays(days, rule)) week[day]!.push(range);
  }
  return week.map((ranges, day) => mergeDay(ranges, day));
}

/** Sorts a day's ranges and joins those that touch (12:00-14:00 and 14:00-18:00); overlaps are a mistake. */
function mergeDay(ranges: OpeningRange[], day: number): OpeningRange[] {
  const merged: OpeningRange[] = [];
  for (const range of [...ranges].sort((a, b) => a.opens - b.opens)) {
    const last = merged.at(-1);
    if (last && range.opens < last.closes) {
      throw new OpeningHoursError(
        `${DAY_KEYS[day]}: ${clock(range.opens)}-${clock(range.closes)} overlaps ${clock(last.opens)}-${clock(last.closes)}`,
      );
    }
    if (last && range.opens === last.closes) last.closes = range.closes;
    else merged.push({ ...range });
  }
  return merged;
}

/** Minutes after midnight as HH:MM (1440 is 24:00). */
function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export interface OpeningHoursEntry {
  day: DayKey;
  opens: string;
  closes: string;
}

/** The week as a list a client can show as a table, Monday first. */
export function openingHoursList(week: WeekHours): OpeningHoursEntry[] {
  return WEEK_ORDER.flatMap((day) =>
    (week[day] ?? []).map((range) => ({ day: DAY_KEYS[day]!, opens: clock(range.opens), closes: clock(range.closes) })),
  );
}

/** Day names (Sunday first) and the clock's separator of each language. */
const DAY_NAMES_IN: Record<Locale, readonly string[]> = { en: DAY_NAMES, id: ['Min', 'Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab'] };
const AND_IN: Record<Locale, string> = { en: ' and ', id: ' dan ' };

/** The week in a sentence for people: "Mon–Fri 13:00–19:00, Sat 08:00–14:00" ("Sen–Jum 13.00–19.00, Sab 08.00–14.00"). */
export function describeOpeningHours(week: WeekHours, locale: Locale = 'en'): string {
  const at = (minutes: number) => (locale === 'id' ? clock(minutes).replace(':', '.') : clock(minutes));
  const hoursOf = (day: number) => (week[day] ?? []).map((r) => `${at(r.opens)}–${at(r.closes)}`).join(AND_IN[locale]);
  const groups: { from: number; to: number; hours: string }[] = [];
  for (const day of WEEK_ORDER) {
    const hours = hoursOf(day);
    const last = groups.at(-1);
    if (last && last.hours === hours && (last.to + 1) % 7 === day) last.to = day;
    else groups.push({ from: day, to: day, hours });
  }
  const open = groups.filter((group) => group.hours !== '');
  const names = DAY_NAMES_IN[locale];
  const days = (g: { from: number; to: number }) => (g.from === g.to ? names[g.from] : `${names[g.from]}–${names[g.to]}`);
  return open.map((group) => `${days(group)} ${group.hours}`).join(', ');
}

/** The weekday (0 Sunday) of a calendar date YYYY-MM-DD. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export interface OpenPeriod {
  opens: Date;
  closes: Date;
}

const MINUTE_MS = 60_000;
const SLOT_MS = SLOT_MINUTES * MINUTE_MS;

/** The wall time of `date`'s midnight written as if it were UTC, in ms: what a clock stretch's offset is added to. */
const wallMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * The shop's open periods over `days` shop days from `fromDate`, joined across midnight. An instant is
 * open when the clock shows a time inside the hours: on a day the clocks go back, in both passes.
 */
export function openPeriods(week: WeekHours, fromDate: string, days: number, timeZone: string): OpenPeriod[] {
  const pieces: { opens: number; closes: number }[] = [];
  for (let i = 0; i < days; i += 1) {
    const date = addDays(fromDate, i);
    const ranges = week[weekdayOf(date)] ?? [];
    if (ranges.length === 0) continue;
    const midnight = wallMidnight(date);
    for (const { from, to, offset } of shopDayStretches(date, timeZone)) {
      for (const range of ranges) {
        const opens = Math.max(midnight + range.opens * MINUTE_MS - offset, from);
        const closes = Math.min(midnight + range.closes * MINUTE_MS - offset, to);
        if (opens < closes) pieces.push({ opens, closes });
      }
    }
  }
  // A day's stretches come in order but its ranges are repeated in each: order them all by time.
  pieces.sort((a, b) => a.opens - b.opens);
  const periods: OpenPeriod[] = [];
  for (const piece of pieces) {
    const last = periods.at(-1);
    if (last && last.closes.getTime() >= piece.opens) last.closes = new Date(piece.closes);
    else periods.push({ opens: new Date(piece.opens), closes: new Date(piece.closes) });
  }
  return periods;
}

export interface ShopStatus {
  openNow: boolean;
  /** When the shop next opens (after the current opening when it is open); null when it never closes. */
  nextOpening: Date | null;
  /** When the current opening ends; null when closed, or when it does not close within a week. */
  closesAt: Date | null;
}

/** Whether the shop is open at `now`, and when it opens and closes next. */
export function shopStatus(week: WeekHours, now: Date, timeZone: string): ShopStatus {
  // From yesterday (an opening that started then may still run) to a week ahead and a day.
  const first = addDays(shopDate(now, timeZone), -1);
  const periods = openPeriods(week, first, SCHEDULE_DAYS + 3, timeZone);
  const horizon = shopInstant(addDays(first, SCHEDULE_DAYS + 3), 0, timeZone);
  const t = now.getTime();
  const current = periods.find((p) => p.opens.getTime() <= t && t < p.closes.getTime());
  const next = periods.find((p) => p.opens.getTime() > t);
  return {
    openNow: current !== undefined,
    nextOpening: next?.opens ?? null,
    closesAt: current && current.closes.getTime() < horizon.getTime() ? current.closes : null,
  };
}

/** Whether the shop is open at an instant (its closing minute is already closed). */
export function isOpenAt(week: WeekHours, instant: Date, timeZone: string): boolean {
  const t = shopDateTime(instant, timeZone);
  const minute = t.hour * 60 + t.minute + t.second / 60;
  return (week[t.weekday] ?? []).some((range) => range.opens <= minute && minute < range.closes);
}

/**
 * The starts of a day's order slots: the instants the clock shows a quarter hour within the opening
 * hours. Each slot lasts SLOT_MINUTES of real time, to the next start.
 */
export function daySlots(week: WeekHours, date: string, timeZone: string): Date[] {
  const ranges = week[weekdayOf(date)] ?? [];
  if (ranges.length === 0) return [];
  const midnight = wallMidnight(date);
  const starts: Date[] = [];
  for (const { from, to, offset } of shopDayStretches(date, timeZone)) {
    for (const range of ranges) {
      // The range's wall times that the clock shows in this stretch.
      const first = Math.max(midnight + range.opens * MINUTE_MS, from + offset);
      const end = Math.min(midnight + range.closes * MINUTE_MS, to + offset);
      for (let wall = Math.ceil(first / SLOT_MS) * SLOT_MS; wall < end; wall += SLOT_MS) starts.push(new Date(wall - offset));
    }
  }
  return starts;
}

/** The start of the slot an instant falls in: in the hour the clocks repeat, the slot of its own pass. */
export function slotStartOf(instant: Date, timeZone: string): Date {
  const t = shopDateTime(instant, timeZone);
  // Going back on the clock to its quarter hour goes back as much in real time: the clocks change on
  // the hour or the half hour (in every zone's rules), never inside a slot.
  const millis = ((instant.getTime() % 1000) + 1000) % 1000;
  const into = ((t.minute % SLOT_MINUTES) * 60 + t.second) * 1000 + millis;
  return new Date(instant.getTime() - into);
}
