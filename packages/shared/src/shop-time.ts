// The shop's clock (docs/shop-rules.md#opening-hours-and-slots): days and hours are the shop's, in its time zone (SHOP_TIMEZONE),
// whatever the zone of the server, the database or the browser. Built on Intl alone.

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

/** The wall-clock date and time of an instant in the shop's zone. */
export function shopDateTime(instant: Date, timeZone: string): ShopDateTime {
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

/** The shop's date (YYYY-MM-DD) at an instant: "today" is `shopDate(clock.now(), zone)`. */
export function shopDate(instant: Date, timeZone: string): string {
  return shopDateTime(instant, timeZone).date;
}

/** Minutes the zone is ahead of UTC at an instant (420 for Asia/Jakarta). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const t = shopDateTime(instant, timeZone);
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant at which the shop's clock shows `date` (YYYY-MM-DD) at `minutes` past midnight.
 * Where a daylight-saving jump skips that wall time, the instant after the jump is answered.
 */
export function shopInstant(date: string, minutes: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day) + minutes * 60_000;
  // The offset at the wall time read as UTC is at most one jump away; a second pass settles it.
  let instant = wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60_000;
  instant = wall - zoneOffsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
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
  const two = (n: number) => String(n).padStart(2, '0');
  return `${wall}${offset < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

const labelFormatters = new Map<string, Intl.DateTimeFormat>();

function labelFormatter(kind: 'day' | 'time', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let formatter = labelFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(
      'en-GB',
      kind === 'day'
        ? { timeZone, weekday: 'short', day: 'numeric', month: 'short' }
        : { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    );
    labelFormatters.set(key, formatter);
  }
  return formatter;
}

/** The shop's day of an instant, for people: "Mon 23 Nov". */
export function formatShopDay(instant: Date, timeZone: string): string {
  return labelFormatter('day', timeZone).format(instant);
}

/** The shop's time of day of an instant, for people: "13:00". */
export function formatShopTime(instant: Date, timeZone: string): string {
  return labelFormatter('time', timeZone).format(instant);
}

/** The shop's day and time of an instant, for people: "Mon 23 Nov at 13:00". */
export function formatShopMoment(instant: Date, timeZone: string): string {
  return `${formatShopDay(instant, timeZone)} at ${formatShopTime(instant, timeZone)}`;
}
