// The shop's clock (docs/shop-rules.md#opening-hours-and-slots): days and hours are the shop's, in its time zone (SHOP_TIMEZONE),
// whatever the zone of the server, the database or the browser. Built on Intl alone.

import type { Locale } from './i18n/locale.ts';

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface ShopDateTime {
  /** YYYY-MM-DD */
  date: string;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Whether `timeZone` is an IANA zone this runtime knows (e.g. Asia/Jakarta). */
export function isTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's wall clock at an instant as Intl reads it: the rule, and the slow way (~2 µs and an array of parts). */
function intlDateTime(instant: Date, timeZone: string): ShopDateTime {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    year,
    month,
    day,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

const DAY_MS = 86_400_000;
const two = (n: number) => String(n).padStart(2, '0');

/** How far (ms) the zone's clock, read by Intl to the second, is ahead of UTC at an instant. */
function intlOffsetMs(instant: number, timeZone: string): number {
  const t = intlDateTime(new Date(instant), timeZone);
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The zone's offset (ms) over each UTC day on which it does not change, by zone and day (null on a
 * day it changes). Reading the shop's clock is the commonest thing the server does: GET /shop read
 * it through Intl ~60 times an answer, 0.13 ms in all (docs/benchmarks.md#the-menus-cpu). Relies on
 * the rule offsetChange() relies on: no zone's offset changes twice within a day, so the same
 * offset at a day's two ends is its offset all day.
 */
const dayOffsets = new Map<string, Map<number, number | null>>();
const DAYS_KEPT = 4096;

function dayOffsetMs(day: number, timeZone: string): number | null {
  let days = dayOffsets.get(timeZone);
  if (!days) {
    days = new Map();
    dayOffsets.set(timeZone, days);
  }
  let offset = days.get(day);
  if (offset === undefined) {
    const start = intlOffsetMs(day * DAY_MS, timeZone);
    offset = start === intlOffsetMs((day + 1) * DAY_MS, timeZone) ? start : null;
    if (days.size >= DAYS_KEPT) days.clear();
    days.set(day, offset);
  }
  return offset;
}

/** How far (ms) the zone's clock is ahead of UTC at an instant (ms), in whole seconds as Intl reads it. */
function offsetAt(instant: number, timeZone: string): number {
  return (Number.isFinite(instant) ? dayOffsetMs(Math.floor(instant / DAY_MS), timeZone) : null) ?? intlOffsetMs(instant, timeZone);
}

/** The wall-clock date and time of an instant in the shop's zone. */
export function shopDateTime(instant: Date, timeZone: string): ShopDateTime {
  // The instant moved by the offset, read as if it were UTC, is the wall clock.
  const wall = new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone));
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth() + 1;
  const day = wall.getUTCDate();
  return {
    date: `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`,
    year,
    month,
    day,
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    weekday: wall.getUTCDay(),
  };
}

/** The shop's date (YYYY-MM-DD) at an instant: "today" is `shopDate(clock.now(), zone)`. */
export function shopDate(instant: Date, timeZone: string): string {
  return shopDateTime(instant, timeZone).date;
}

/** Minutes the zone is ahead of UTC at an instant (420 for Asia/Jakarta). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  return Math.round(offsetAt(instant.getTime(), timeZone) / 60_000);
}

/** The zone's offset in ms at an instant given in ms. */
const offsetMs = (instant: number, timeZone: string) => zoneOffsetMinutes(new Date(instant), timeZone) * 60_000;

/** A wall time (YYYY-MM-DD and minutes past midnight) written as if it were UTC, in ms. */
function wallMs(date: string, minutes: number): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) + minutes * 60_000;
}

/**
 * The zone's offset (ms) a day before a wall time, and the instants that show it: none where a
 * daylight-saving jump skips it, two (earlier first) where the clocks go back over it. The same
 * reading as Temporal's: the zone changes its offset at most once within a day either side.
 */
function wallInstants(wall: number, timeZone: string): { before: number; instants: number[] } {
  const before = offsetMs(wall - DAY_MS, timeZone);
  const after = offsetMs(wall + DAY_MS, timeZone);
  // The larger offset comes first: a wall time reads earlier on the clock that is further ahead.
  const instants = [...new Set([before, after])]
    .sort((a, b) => b - a)
    .map((offset) => wall - offset)
    .filter((instant) => offsetMs(instant, timeZone) === wall - instant);
  return { before, instants };
}

/**
 * Every instant at which the shop's clock shows `date` at `minutes` past midnight: one, none in an
 * hour a daylight-saving jump skips, two (earlier first) in an hour the clocks repeat when they go back.
 */
export function shopInstants(date: string, minutes: number, timeZone: string): Date[] {
  return wallInstants(wallMs(date, minutes), timeZone).instants.map((instant) => new Date(instant));
}

/**
 * The instant at which the shop's clock shows `date` at `minutes` past midnight. Where the clocks go
 * back over that time, its first pass; where a jump skips it, the instant after the jump (02:30 on
 * a night that jumps from 02:00 to 03:00 is 03:30), as the clock would read it on the old offset.
 */
export function shopInstant(date: string, minutes: number, timeZone: string): Date {
  const wall = wallMs(date, minutes);
  const { before, instants } = wallInstants(wall, timeZone);
  return new Date(instants[0] ?? wall - before);
}

/** A stretch of real time [from, to), in ms since 1970, over which the shop's clock is `offset` ms ahead of UTC. */
export interface ClockStretch {
  from: number;
  to: number;
  offset: number;
}

/**
 * The zone's offsets at `from` and `to` (ms, whole seconds) and, when they differ, the instant it
 * changes, found to the second (else null). The callers' spans are a few days long, and no zone's
 * rules change its offset twice within a few days.
 */
function offsetChange(from: number, to: number, timeZone: string): { at: number | null; early: number; late: number } {
  const early = offsetMs(from, timeZone);
  const late = offsetMs(to, timeZone);
  if (early === late) return { at: null, early, late };
  let before = from;
  let after = to;
  while (after - before > 1000) {
    const middle = before + Math.floor((after - before) / 2000) * 1000;
    if (offsetMs(middle, timeZone) === early) before = middle;
    else after = middle;
  }
  return { at: after, early, late };
}

/**
 * The stretches of real time in which the shop's clock shows `date`, in order: one on most days, two
 * on a day the clocks change, split at the change. Where they go back, the wall times of the two
 * stretches overlap (an hour is shown twice); where they jump, some wall times are in neither.
 */
export function shopDayStretches(date: string, timeZone: string): ClockStretch[] {
  const midnight = wallMs(date, 0);
  const next = midnight + DAY_MS;
  // Zones are 12 hours behind UTC to 14 ahead: the day's instants lie within these bounds.
  const { at, early, late } = offsetChange(midnight - 14 * 3_600_000, next + 12 * 3_600_000, timeZone);
  if (at === null) return [{ from: midnight - early, to: next - early, offset: early }];
  return [
    { from: midnight - early, to: Math.min(next - early, at), offset: early },
    { from: Math.max(midnight - late, at), to: next - late, offset: late },
  ].filter((stretch) => stretch.from < stretch.to);
}

/** The instant the shop's day `date` begins. */
export function startOfShopDay(date: string, timeZone: string): Date {
  return shopInstant(date, 0, timeZone);
}

/** The date `days` after `date` (YYYY-MM-DD; negative goes back), on the calendar. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** An instant written ISO 8601 with the shop's offset, as the shop's clock shows it: 2026-11-23T13:00:00+07:00. */
export function isoInZone(instant: Date, timeZone: string): string {
  const offset = zoneOffsetMinutes(instant, timeZone);
  // The wall time is the instant moved by the offset, written as if it were UTC.
  const wall = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offset);
  return `${wall}${offset < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/** How each language writes times: "13:00"; "13.00". */
const INTL_LOCALES: Record<Locale, string> = { en: 'en-GB', id: 'id-ID' };

function timeFormatter(timeZone: string, locale: Locale): Intl.DateTimeFormat {
  const key = `${timeZone} ${locale}`;
  let formatter = timeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALES[locale], { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormatters.set(key, formatter);
  }
  return formatter;
}

// The words of a calendar day, as Intl writes them in en-GB and id-ID ("Mon 7 Sept", "Sen, 7 Sep"),
// from tables: a browser's first date formatter loads its calendars and time zones (30–120 ms on a
// desktop, several times that on a phone), and the customer's pages write days without one
// (shop-time.test.ts holds the tables to Intl's words for every day of two years).
const DAY_WORDS: Record<Locale, readonly string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  id: ['Min', 'Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab'],
};
const MONTH_WORDS: Record<Locale, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  id: ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'],
};
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** A calendar date ('2026-11-23') for people: "Mon 23 Nov" ("Sen, 23 Nov"), with `year` "Mon 23 Nov 2026"; null when it is no date. */
function calendarDayWords(date: string, locale: Locale, year: boolean): string | null {
  const [, y, m, d] = CALENDAR_DATE.exec(date) ?? [];
  const instant = new Date(`${y}-${m}-${d}T00:00:00Z`);
  if (!y || Number.isNaN(instant.getTime()) || instant.getUTCMonth() !== Number(m) - 1 || instant.getUTCDate() !== Number(d)) return null;
  const weekday = DAY_WORDS[locale][instant.getUTCDay()];
  const day = `${Number(d)} ${MONTH_WORDS[locale][Number(m) - 1]}${year ? ` ${y}` : ''}`;
  // Intl's en-GB puts a comma after the weekday only before a date with its year.
  return locale === 'id' || year ? `${weekday}, ${day}` : `${weekday} ${day}`;
}

/**
 * A calendar date of the shop ('2026-12-28', a coupon's last day) for people, as its days are written
 * elsewhere, with the year: "Mon 28 Dec 2026" ("Sen, 28 Des 2026" in Indonesian). A calendar date is
 * the shop's already: it is written as it is, in no other zone.
 */
export function formatShopDate(date: string, locale: Locale = 'en'): string {
  return calendarDayWords(date, locale, true) ?? date;
}

/** A day of the shop's calendar ('2026-11-23') for people: "Mon 23 Nov" ("Sen, 23 Nov" in Indonesian). */
export function formatCalendarDay(date: string, locale: Locale = 'en'): string {
  return calendarDayWords(date, locale, false) ?? date;
}

/** The shop's day of an instant, for people: "Mon 23 Nov" ("Sen, 23 Nov" in Indonesian). */
export function formatShopDay(instant: Date, timeZone: string, locale: Locale = 'en'): string {
  return formatCalendarDay(shopDate(instant, timeZone), locale);
}

const ZONED_ISO = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?([+-])(\d{2}):(\d{2})$/;

/**
 * The shop's clock as written in an instant with the shop's offset (isoInZone's form, which the API
 * uses for the shop's times: "2026-11-23T13:15:00+07:00"): its date, hour and minute, and the offset.
 * Read from the text, without looking the zone up; null for another form (UTC's "Z", no offset).
 */
export function zonedClock(iso: string): { date: string; hour: number; minute: number; offset: number } | null {
  const [, date, hour, minute, sign, offsetHours, offsetMinutes] = ZONED_ISO.exec(iso) ?? [];
  if (!date) return null;
  const offset = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  return { date, hour: Number(hour), minute: Number(minute), offset };
}

/** A time of day for people as formatShopTime writes it, from its hour and minute: "13:05" ("13.05" in Indonesian). */
export function formatClockTime(hour: number, minute: number, locale: Locale = 'en'): string {
  return `${two(hour)}${locale === 'id' ? '.' : ':'}${two(minute)}`;
}

const zoneNameFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's short name at an instant: "EST", "CEST". Each English locale knows the names of its own
 * region only (en-US says "GMT+2" for CEST), so both are asked before the offset is said.
 */
function zoneName(instant: Date, timeZone: string): string {
  let name = '';
  for (const locale of ['en-US', 'en-GB']) {
    const key = `${locale} ${timeZone}`;
    let formatter = zoneNameFormatters.get(key);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' });
      zoneNameFormatters.set(key, formatter);
    }
    name = formatter.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? '';
    if (!/^(GMT|UTC)[+\-−]/.test(name)) return name;
  }
  return name;
}

const repeatedSpans = new Map<string, { from: number; to: number } | null>();

/**
 * Where the clocks go back, the real time during which the clock shows times it shows twice (both
 * passes of the repeated hour), around the UTC day of `instant`; null on days without one. Kept per
 * zone and UTC day: a time is written for every slot of the week the app offers.
 */
function repeatedSpan(instant: number, timeZone: string): { from: number; to: number } | null {
  const day = Math.floor(instant / DAY_MS) * DAY_MS;
  const key = `${timeZone} ${day}`;
  let span = repeatedSpans.get(key);
  if (span === undefined) {
    // Clocks go back by an hour or two: only a change within a day of this UTC day can repeat its times.
    const { at, early, late } = offsetChange(day - DAY_MS, day + 2 * DAY_MS, timeZone);
    const back = early - late;
    span = at !== null && back > 0 ? { from: at - back, to: at + back } : null;
    if (repeatedSpans.size >= 1000) repeatedSpans.clear();
    repeatedSpans.set(key, span);
  }
  return span;
}

/**
 * The shop's time of day of an instant, for people: "13:00". In the hour the clocks repeat when they
 * go back, the clock shows each time twice, so the zone's name tells the passes apart: "01:30 (EDT)", "01:30 (EST)".
 */
export function formatShopTime(instant: Date, timeZone: string, locale: Locale = 'en'): string {
  const time = timeFormatter(timeZone, locale).format(instant);
  const t = instant.getTime();
  const span = repeatedSpan(t, timeZone);
  return span && span.from <= t && t < span.to ? `${time} (${zoneName(instant, timeZone)})` : time;
}

/** The shop's day and time of an instant, for people: "Mon 23 Nov at 13:00"; in Indonesian "Sen, 23 Nov 13.00". */
export function formatShopMoment(instant: Date, timeZone: string, locale: Locale = 'en'): string {
  const day = formatShopDay(instant, timeZone, locale);
  const time = formatShopTime(instant, timeZone, locale);
  return locale === 'id' ? `${day} ${time}` : `${day} at ${time}`;
}
