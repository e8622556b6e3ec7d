import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatCalendarDay,
  formatClockTime,
  formatShopDate,
  formatShopDay,
  formatShopMoment,
  formatShopTime,
  isoInZone,
  isTimeZone,
  shopDate,
  shopDateTime,
  shopInstant,
  shopInstants,
  startOfShopDay,
  zonedClock,
  zoneOffsetMinutes,
} from './shop-time.ts';

describe("the shop's clock", () => {
  it("reads an instant on the shop's wall clock", () => {
    // 17:30 UTC is already the next day in Jakarta (UTC+7).
    const instant = new Date('2026-11-23T17:30:00Z');
    expect(shopDate(instant, 'Asia/Jakarta')).toBe('2026-11-24');
    expect(shopDate(instant, 'UTC')).toBe('2026-11-23');
    expect(shopDateTime(instant, 'Asia/Jakarta')).toMatchObject({ hour: 0, minute: 30, weekday: 2 });
    expect(zoneOffsetMinutes(instant, 'Asia/Jakarta')).toBe(420);
  });

  it('finds the instant of a wall time, across daylight saving', () => {
    expect(startOfShopDay('2026-11-24', 'Asia/Jakarta').toISOString()).toBe('2026-11-23T17:00:00.000Z');
    expect(shopInstant('2026-11-24', 13 * 60, 'Asia/Jakarta').toISOString()).toBe('2026-11-24T06:00:00.000Z');
    // Amsterdam: summer time (UTC+2) until 25 October 2026, then UTC+1.
    expect(shopInstant('2026-10-24', 9 * 60, 'Europe/Amsterdam').toISOString()).toBe('2026-10-24T07:00:00.000Z');
    expect(shopInstant('2026-10-26', 9 * 60, 'Europe/Amsterdam').toISOString()).toBe('2026-10-26T08:00:00.000Z');
    // 02:30 does not exist on 29 March 2026 in Amsterdam: the instant after the jump.
    expect(shopInstant('2026-03-29', 2 * 60 + 30, 'Europe/Amsterdam').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('counts calendar days and knows real zones', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(isTimeZone('Asia/Jakarta')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe("the shop's clock read without Intl on days its offset holds", () => {
  // As shopDateTime read every instant before it kept each day's offset: Intl's parts.
  const formats = new Map<string, Intl.DateTimeFormat>();
  const intlReading = (instant: Date, timeZone: string) => {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', {
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
      formats.set(timeZone, format);
    }
    const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
    return {
      date: `${parts.year}-${parts.month}-${parts.day}`,
      hour: Number(parts.hour),
      minute: Number(parts.minute),
      second: Number(parts.second),
      weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? ''),
    };
  };
  const reading = (instant: Date, timeZone: string) => {
    const { date, hour, minute, second, weekday } = shopDateTime(instant, timeZone);
    return { date, hour, minute, second, weekday };
  };
  // Whole hours, half and three-quarter hours, a half-hour daylight saving (Lord Howe), both hemispheres.
  const ZONES = [
    'Asia/Jakarta',
    'America/New_York',
    'Europe/Berlin',
    'Australia/Lord_Howe',
    'America/Santiago',
    'Asia/Kathmandu',
    'America/St_Johns',
  ];

  it('reads every zone as Intl does, every 97 minutes and 13 seconds of 2026 and 2027', () => {
    for (const zone of ZONES) {
      const misread: string[] = [];
      for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2028, 0, 1); at += 97 * 60_000 + 13_000) {
        const instant = new Date(at);
        if (JSON.stringify(reading(instant, zone)) !== JSON.stringify(intlReading(instant, zone))) misread.push(instant.toISOString());
      }
      expect(misread, zone).toEqual([]);
    }
  });

  it('reads each second around a change of the clocks as Intl does', () => {
    // New York goes forward at 07:00 UTC on 14 March 2027; Berlin back at 01:00 UTC on 31 October 2027.
    for (const [zone, change] of [
      ['America/New_York', Date.UTC(2027, 2, 14, 7)],
      ['Europe/Berlin', Date.UTC(2027, 9, 31, 1)],
    ] as const) {
      for (let at = change - 90_000; at <= change + 90_000; at += 1000) {
        expect(reading(new Date(at), zone), new Date(at).toISOString()).toEqual(intlReading(new Date(at), zone));
      }
    }
  });

  it("reads a zone's old local mean time, whose offset has seconds, as Intl does", () => {
    // Jakarta was 7:07:12 ahead of UTC until 1924.
    for (const iso of ['1920-06-01T00:00:00Z', '1920-06-01T16:52:47Z', '1923-12-31T23:59:59Z']) {
      expect(reading(new Date(iso), 'Asia/Jakarta'), iso).toEqual(intlReading(new Date(iso), 'Asia/Jakarta'));
    }
  });
});

// New York: 14 March 2027 skips 02:00-03:00 (EST, UTC-5, to EDT, UTC-4); 7 November 2027 repeats 01:00-02:00.
// Berlin: 28 March 2027 skips 02:00-03:00 (CET to CEST); 31 October 2027 repeats 02:00-03:00.
describe("the shop's clock when it changes", () => {
  const NY = 'America/New_York';
  const BERLIN = 'Europe/Berlin';
  const isos = (instants: Date[]) => instants.map((instant) => instant.toISOString());

  it('finds no instant for a skipped wall time, and both passes of a repeated one', () => {
    expect(shopInstants('2027-03-14', 2 * 60 + 30, NY)).toEqual([]);
    expect(shopInstants('2027-03-28', 2 * 60 + 30, BERLIN)).toEqual([]);
    expect(isos(shopInstants('2027-11-07', 60 + 30, NY))).toEqual(['2027-11-07T05:30:00.000Z', '2027-11-07T06:30:00.000Z']);
    expect(isos(shopInstants('2027-10-31', 2 * 60 + 30, BERLIN))).toEqual(['2027-10-31T00:30:00.000Z', '2027-10-31T01:30:00.000Z']);
    expect(isos(shopInstants('2027-11-07', 2 * 60, NY))).toEqual(['2027-11-07T07:00:00.000Z']);
    expect(isos(shopInstants('2026-11-24', 13 * 60, 'Asia/Jakarta'))).toEqual(['2026-11-24T06:00:00.000Z']);
  });

  it('answers the instant after the jump for a skipped time and the first pass of a repeated one, east and west of UTC', () => {
    expect(shopInstant('2027-03-14', 2 * 60 + 30, NY).toISOString()).toBe('2027-03-14T07:30:00.000Z'); // 03:30 EDT
    expect(shopInstant('2027-03-28', 2 * 60 + 30, BERLIN).toISOString()).toBe('2027-03-28T01:30:00.000Z'); // 03:30 CEST
    expect(shopInstant('2027-11-07', 60 + 30, NY).toISOString()).toBe('2027-11-07T05:30:00.000Z'); // 01:30 EDT
    expect(shopInstant('2027-10-31', 2 * 60 + 30, BERLIN).toISOString()).toBe('2027-10-31T00:30:00.000Z'); // 02:30 CEST
  });

  it("writes days and times in each language, in the shop's zone", () => {
    const thursdayOnePm = new Date('2026-11-26T06:00:00Z');
    expect(formatShopMoment(thursdayOnePm, 'Asia/Jakarta')).toBe('Thu 26 Nov at 13:00');
    expect(formatShopMoment(thursdayOnePm, 'Asia/Jakarta', 'en')).toBe('Thu 26 Nov at 13:00');
    expect(formatShopMoment(thursdayOnePm, 'Asia/Jakarta', 'id')).toBe('Kam, 26 Nov 13.00');
    expect(formatShopTime(thursdayOnePm, 'Asia/Jakarta', 'id')).toBe('13.00');
  });

  it('names the pass of a repeated time, and only there', () => {
    expect(formatShopTime(new Date('2027-11-07T05:30:00Z'), NY)).toBe('01:30 (EDT)');
    expect(formatShopTime(new Date('2027-11-07T06:30:00Z'), NY)).toBe('01:30 (EST)');
    expect(formatShopMoment(new Date('2027-11-07T06:37:00Z'), NY)).toBe('Sun 7 Nov at 01:37 (EST)');
    expect(formatShopTime(new Date('2027-10-31T00:30:00Z'), BERLIN)).toBe('02:30 (CEST)');
    expect(formatShopTime(new Date('2027-10-31T01:30:00Z'), BERLIN)).toBe('02:30 (CET)');
    // Around the repeated hour, and on the day an hour is skipped, a time is said once: no zone.
    expect(formatShopTime(new Date('2027-11-07T04:59:00Z'), NY)).toBe('00:59');
    expect(formatShopTime(new Date('2027-11-07T07:00:00Z'), NY)).toBe('02:00');
    expect(formatShopTime(new Date('2027-03-14T07:00:00Z'), NY)).toBe('03:00');
    expect(formatShopTime(new Date('2027-10-31T02:00:00Z'), BERLIN)).toBe('03:00');
    expect(formatShopTime(new Date('2026-11-23T06:30:00Z'), 'Asia/Jakarta')).toBe('13:30');
  });

  it('starts the day at its first instant when the change is at midnight', () => {
    // Santiago: 5 September 2027 begins at 01:00 (-03), the clocks skipping from 24:00 (-04).
    expect(startOfShopDay('2027-09-05', 'America/Santiago').toISOString()).toBe('2027-09-05T04:00:00.000Z');
  });
});

describe('formatShopDate', () => {
  it("writes a calendar date as the shop's days are written, with its year, in each language", () => {
    expect(formatShopDate('2026-12-28', 'en')).toBe('Mon, 28 Dec 2026');
    expect(formatShopDate('2026-12-28', 'id')).toBe('Sen, 28 Des 2026');
    expect(formatShopDate('not a date', 'en')).toBe('not a date');
  });
});

describe('days and times written without a date formatter', () => {
  const intl = (locale: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options });

  it("write every day of two years as Intl's en-GB and id-ID write it, with and without the year", () => {
    const words = { weekday: 'short', day: 'numeric', month: 'short' } as const;
    for (const [locale, tag] of [
      ['en', 'en-GB'],
      ['id', 'id-ID'],
    ] as const) {
      const day = intl(tag, words);
      const dated = intl(tag, { ...words, year: 'numeric' });
      for (let date = '2026-01-01'; date < '2028-01-01'; date = addDays(date, 1)) {
        const noon = new Date(`${date}T12:00:00Z`);
        expect(formatCalendarDay(date, locale)).toBe(day.format(noon));
        expect(formatShopDate(date, locale)).toBe(dated.format(noon));
      }
    }
    expect(formatCalendarDay('2026-02-30')).toBe('2026-02-30');
  });

  it("write a day of the shop's zone, not of the instant's UTC day", () => {
    // 23:30 UTC on Sunday 22 November is Monday 23 November in Jakarta.
    expect(formatShopDay(new Date('2026-11-22T23:30:00Z'), 'Asia/Jakarta')).toBe('Mon 23 Nov');
    expect(formatShopDay(new Date('2026-11-22T23:30:00Z'), 'Asia/Jakarta', 'id')).toBe('Sen, 23 Nov');
  });

  it("write a time of day as Intl's en-GB and id-ID write it", () => {
    for (const [locale, tag] of [
      ['en', 'en-GB'],
      ['id', 'id-ID'],
    ] as const) {
      const time = intl(tag, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
      for (const [hour, minute] of [
        [0, 0],
        [7, 5],
        [13, 15],
        [23, 45],
      ] as const) {
        expect(formatClockTime(hour, minute, locale)).toBe(time.format(new Date(Date.UTC(2026, 10, 23, hour, minute))));
      }
    }
  });

  it("read the shop's clock from a time written with the shop's offset, and nothing from another form", () => {
    expect(zonedClock('2026-11-23T13:15:00+07:00')).toEqual({ date: '2026-11-23', hour: 13, minute: 15, offset: 420 });
    expect(zonedClock('2026-03-08T01:30:00-05:00')).toEqual({ date: '2026-03-08', hour: 1, minute: 30, offset: -300 });
    expect(zonedClock('2026-11-23T05:30:00+05:30')?.offset).toBe(330);
    expect(zonedClock('2026-11-23T06:15:00.000Z')).toBeNull();
    expect(zonedClock('2026-11-23')).toBeNull();
    // As isoInZone writes it: the same clock.
    const instant = new Date('2026-11-23T06:15:00Z');
    expect(zonedClock(isoInZone(instant, 'Asia/Jakarta'))).toMatchObject({ date: shopDate(instant, 'Asia/Jakarta'), hour: 13, minute: 15 });
  });
});
