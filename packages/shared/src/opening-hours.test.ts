import { describe, expect, it } from 'vitest';
import {
  daySlots,
  describeOpeningHours,
  isOpenAt,
  OpeningHoursError,
  openingHoursList,
  parseOpeningHours,
  shopStatus,
  slotStartOf,
} from './opening-hours.ts';
import { addDays, formatShopDay, formatShopTime, isoInZone } from './shop-time.ts';

const JKT = 'Asia/Jakarta'; // UTC+7 all year
const iso = (date: Date | null) => date?.toISOString() ?? null;
// 23 November 2026 is a Monday.

describe('OPENING_HOURS', () => {
  it("reads the spec's hours: Monday to Friday, 1 - 7 pm", () => {
    const week = parseOpeningHours('mon-fri 13:00-19:00');
    expect(week[0]).toEqual([]);
    expect(week[1]).toEqual([{ opens: 780, closes: 1140 }]);
    expect(week[5]).toEqual([{ opens: 780, closes: 1140 }]);
    expect(week[6]).toEqual([]);
    expect(describeOpeningHours(week)).toBe('Mon–Fri 13:00–19:00');
  });

  it('reads several rules, lists of days, ranges that wrap past Sunday and a lunch break', () => {
    const week = parseOpeningHours(' MON,Wed 07:00-12:00 ; mon 13:00-21:00; fri-sun 08:00-14:00;sat 14:00-16:00; ');
    expect(week[1]).toEqual([
      { opens: 420, closes: 720 },
      { opens: 780, closes: 1260 },
    ]);
    expect(week[3]).toEqual([{ opens: 420, closes: 720 }]);
    // 08:00-14:00 and 14:00-16:00 touch: one opening.
    expect(week[6]).toEqual([{ opens: 480, closes: 960 }]);
    expect(week[0]).toEqual([{ opens: 480, closes: 840 }]);
    expect(openingHoursList(week)).toEqual([
      { day: 'mon', opens: '07:00', closes: '12:00' },
      { day: 'mon', opens: '13:00', closes: '21:00' },
      { day: 'wed', opens: '07:00', closes: '12:00' },
      { day: 'fri', opens: '08:00', closes: '14:00' },
      { day: 'sat', opens: '08:00', closes: '16:00' },
      { day: 'sun', opens: '08:00', closes: '14:00' },
    ]);
    expect(describeOpeningHours(week)).toBe(
      'Mon 07:00–12:00 and 13:00–21:00, Wed 07:00–12:00, Fri 08:00–14:00, Sat 08:00–16:00, Sun 08:00–14:00',
    );
    expect(describeOpeningHours(parseOpeningHours('mon-sun 00:00-24:00'))).toBe('Mon–Sun 00:00–24:00');
  });

  it.each([
    ['mon-fri 13-19', 'rule "mon-fri 13-19" must be days and hours'],
    ['mon-fry 13:00-19:00', '"fry" is not a day'],
    ['mon--fri 13:00-19:00', '"mon--fri" is not a day or a range of days'],
    ['mon 19:00-13:00', 'closing must come after opening'],
    ['mon 22:00-02:00', 'closing must come after opening'],
    ['mon 13:10-19:00', 'times must be on the quarter hour'],
    ['mon 13:00-24:15', '24:15 is not a time of day'],
    ['mon 13:75-19:00', '13:75 is not a time of day'],
    ['mon 08:00-14:00; mon-tue 12:00-18:00', 'mon: 12:00-18:00 overlaps 08:00-14:00'],
    [' ; ', 'must name at least one opening'],
  ])('refuses %j: %s', (text, message) => {
    expect(() => parseOpeningHours(text)).toThrow(OpeningHoursError);
    expect(() => parseOpeningHours(text)).toThrow(message);
  });
});

describe("the shop's status", () => {
  const week = parseOpeningHours('mon-fri 13:00-19:00');

  it('is open on a weekday afternoon and says when it closes and opens again', () => {
    const status = shopStatus(week, new Date('2026-11-23T06:00:00Z'), JKT); // Mon 13:00
    expect(status.openNow).toBe(true);
    expect(iso(status.closesAt)).toBe('2026-11-23T12:00:00.000Z');
    expect(iso(status.nextOpening)).toBe('2026-11-24T06:00:00.000Z');
  });

  it('is closed before opening, at closing time and over the weekend', () => {
    expect(shopStatus(week, new Date('2026-11-23T05:59:59Z'), JKT)).toMatchObject({ openNow: false, closesAt: null });
    expect(iso(shopStatus(week, new Date('2026-11-23T05:59:59Z'), JKT).nextOpening)).toBe('2026-11-23T06:00:00.000Z');
    // Friday 19:00 in Jakarta: closed until Monday 13:00.
    const friday = shopStatus(week, new Date('2026-11-27T12:00:00Z'), JKT);
    expect(friday.openNow).toBe(false);
    expect(iso(friday.nextOpening)).toBe('2026-11-30T06:00:00.000Z');
    // Sunday 23:30 in Jakarta is still Sunday there, though Monday has begun in UTC+8 and later.
    expect(iso(shopStatus(week, new Date('2026-11-29T16:30:00Z'), JKT).nextOpening)).toBe('2026-11-30T06:00:00.000Z');
  });

  it('never closes when open all week, and joins openings across midnight', () => {
    expect(shopStatus(parseOpeningHours('mon-sun 00:00-24:00'), new Date('2026-11-29T16:30:00Z'), JKT)).toEqual({
      openNow: true,
      nextOpening: null,
      closesAt: null,
    });
    const late = parseOpeningHours('fri 18:00-24:00; sat 00:00-02:00; sat 10:00-12:00');
    const status = shopStatus(late, new Date('2026-11-27T16:00:00Z'), JKT); // Fri 23:00
    expect(status.openNow).toBe(true);
    expect(iso(status.closesAt)).toBe('2026-11-27T19:00:00.000Z'); // Sat 02:00
    expect(iso(status.nextOpening)).toBe('2026-11-28T03:00:00.000Z'); // Sat 10:00
  });

  it('knows the closing minute is closed', () => {
    expect(isOpenAt(week, new Date('2026-11-23T11:59:59Z'), JKT)).toBe(true);
    expect(isOpenAt(week, new Date('2026-11-23T12:00:00Z'), JKT)).toBe(false);
    expect(isOpenAt(week, new Date('2026-11-28T07:00:00Z'), JKT)).toBe(false); // Saturday
  });
});

describe('order slots', () => {
  it('cuts a day into quarter hours within its hours', () => {
    const week = parseOpeningHours('mon-fri 13:00-19:00');
    const slots = daySlots(week, '2026-11-23', JKT);
    expect(slots).toHaveLength(24);
    expect(iso(slots[0]!)).toBe('2026-11-23T06:00:00.000Z');
    expect(iso(slots.at(-1)!)).toBe('2026-11-23T11:45:00.000Z');
    expect(daySlots(week, '2026-11-28', JKT)).toEqual([]);
  });

  it('has an hour of slots less on the day daylight saving skips an hour, and one more on the day it repeats one', () => {
    const week = parseOpeningHours('sun 00:00-24:00');
    expect(daySlots(week, '2026-03-29', 'Europe/Amsterdam')).toHaveLength(23 * 4);
    expect(daySlots(week, '2026-10-25', 'Europe/Amsterdam')).toHaveLength(25 * 4);
  });

  it("finds an instant's slot and writes times as the shop's clock shows them", () => {
    expect(iso(slotStartOf(new Date('2026-11-23T06:07:30Z'), JKT))).toBe('2026-11-23T06:00:00.000Z');
    expect(iso(slotStartOf(new Date('2026-11-23T06:15:00Z'), JKT))).toBe('2026-11-23T06:15:00.000Z');
    expect(isoInZone(new Date('2026-11-23T06:15:00Z'), JKT)).toBe('2026-11-23T13:15:00+07:00');
    expect(isoInZone(new Date('2026-11-23T06:15:00Z'), 'America/St_Johns')).toBe('2026-11-23T02:45:00-03:30');
    expect(formatShopDay(new Date('2026-11-23T17:30:00Z'), JKT)).toBe('Tue 24 Nov');
    expect(formatShopTime(new Date('2026-11-23T17:30:00Z'), JKT)).toBe('00:30');
  });
});

// Slots are intervals of real time (docs/shop-rules.md#opening-hours-and-slots). New York: 14 March 2027
// skips 02:00-03:00 (EST, UTC-5, to EDT, UTC-4), 7 November 2027 repeats 01:00-02:00 (EDT, then EST).
// Berlin: 28 March 2027 skips 02:00-03:00 (CET, UTC+1, to CEST, UTC+2), 31 October 2027 repeats 02:00-03:00.
describe('order slots when the clocks change', () => {
  const NY = 'America/New_York';
  const BERLIN = 'Europe/Berlin';
  const allDay = parseOpeningHours('mon-sun 00:00-24:00');
  const labels = (slots: Date[], zone: string) => slots.map((slot) => formatShopTime(slot, zone));
  const gaps = (slots: Date[]) => slots.slice(1).map((slot, i) => slot.getTime() - slots[i]!.getTime());

  it.each([
    [NY, '2027-03-14', '01:45', '2027-03-14T06:45:00.000Z'],
    [BERLIN, '2027-03-28', '01:45', '2027-03-28T00:45:00.000Z'],
  ])('has no slot in the hour %s skips on %s', (zone, date, before, beforeInstant) => {
    const slots = daySlots(allDay, date, zone);
    expect(slots).toHaveLength(23 * 4);
    expect(labels(slots, zone).filter((label) => label.startsWith('02:'))).toEqual([]);
    const at = labels(slots, zone).indexOf(before);
    expect(iso(slots[at]!)).toBe(beforeInstant);
    // 01:45 and 03:00 follow each other: every slot is a quarter of an hour of real time.
    expect(labels(slots, zone)[at + 1]).toBe('03:00');
    expect(new Set(gaps(slots))).toEqual(new Set([15 * 60_000]));
  });

  it.each([
    [
      NY,
      '2027-11-07',
      ['01:00 (EDT)', '01:15 (EDT)', '01:30 (EDT)', '01:45 (EDT)', '01:00 (EST)', '01:15 (EST)', '01:30 (EST)', '01:45 (EST)'],
    ],
    [
      BERLIN,
      '2027-10-31',
      ['02:00 (CEST)', '02:15 (CEST)', '02:30 (CEST)', '02:45 (CEST)', '02:00 (CET)', '02:15 (CET)', '02:30 (CET)', '02:45 (CET)'],
    ],
  ])('has both passes of the hour %s repeats on %s, each named', (zone, date, repeated) => {
    const slots = daySlots(allDay, date, zone);
    expect(slots).toHaveLength(25 * 4);
    expect(new Set(gaps(slots))).toEqual(new Set([15 * 60_000]));
    expect(labels(slots, zone).filter((label) => label.includes('('))).toEqual(repeated);
    expect(labels(slots, zone).slice(0, 2)).toEqual(['00:00', '00:15']);
  });

  it("keeps to the hours' wall clock on both days", () => {
    // Open 02:00-04:00: on the day 02:00-03:00 is skipped, only 03:00-04:00 is left.
    expect(labels(daySlots(parseOpeningHours('sun 02:00-04:00'), '2027-03-14', NY), NY)).toEqual(['03:00', '03:15', '03:30', '03:45']);
    // Open 00:00-01:30: the second pass of 01:00-01:30 is inside the hours too.
    expect(labels(daySlots(parseOpeningHours('sun 00:00-01:30'), '2027-11-07', NY), NY)).toEqual([
      '00:00',
      '00:15',
      '00:30',
      '00:45',
      '01:00 (EDT)',
      '01:15 (EDT)',
      '01:00 (EST)',
      '01:15 (EST)',
    ]);
  });

  it.each([
    // [zone, day, instant, its slot's start]
    [NY, '2027-11-07', '2027-11-07T05:37:00Z', '2027-11-07T05:30:00.000Z'], // 01:37 EDT
    [NY, '2027-11-07', '2027-11-07T06:37:00Z', '2027-11-07T06:30:00.000Z'], // 01:37 EST: the second 01:30 slot
    [NY, '2027-11-07', '2027-11-07T06:07:59.5Z', '2027-11-07T06:00:00.000Z'], // 01:07:59.5 EST
    [NY, '2027-11-07', '2027-11-07T05:59:59Z', '2027-11-07T05:45:00.000Z'], // 01:59:59 EDT
    [NY, '2027-03-14', '2027-03-14T07:07:00Z', '2027-03-14T07:00:00.000Z'], // 03:07 EDT
    [NY, '2027-03-14', '2027-03-14T06:59:00Z', '2027-03-14T06:45:00.000Z'], // 01:59 EST
    [BERLIN, '2027-10-31', '2027-10-31T00:37:00Z', '2027-10-31T00:30:00.000Z'], // 02:37 CEST
    [BERLIN, '2027-10-31', '2027-10-31T01:37:00Z', '2027-10-31T01:30:00.000Z'], // 02:37 CET
    [BERLIN, '2027-03-28', '2027-03-28T01:07:00Z', '2027-03-28T01:00:00.000Z'], // 03:07 CEST
  ])('puts an instant of %s on %s (%s) in the slot of %s, one of the day’s', (zone, date, instant, start) => {
    expect(iso(slotStartOf(new Date(instant), zone))).toBe(start);
    expect(daySlots(allDay, date, zone).map(iso)).toContain(start);
  });

  it('is open in both passes of a repeated hour when its wall time is inside the hours', () => {
    const early = parseOpeningHours('sun 00:00-01:30; sun 03:00-05:00');
    expect(isOpenAt(early, new Date('2027-11-07T05:15:00Z'), NY)).toBe(true); // 01:15 EDT
    expect(isOpenAt(early, new Date('2027-11-07T05:45:00Z'), NY)).toBe(false); // 01:45 EDT
    expect(isOpenAt(early, new Date('2027-11-07T06:15:00Z'), NY)).toBe(true); // 01:15 EST
    expect(isOpenAt(early, new Date('2027-11-07T06:45:00Z'), NY)).toBe(false); // 01:45 EST
    // At 01:30 EDT the shop closes, reopens at 01:00 EST until 01:30 EST, then at 03:00.
    const closing = shopStatus(early, new Date('2027-11-07T05:15:00Z'), NY);
    expect({ open: closing.openNow, closes: iso(closing.closesAt), next: iso(closing.nextOpening) }).toEqual({
      open: true,
      closes: '2027-11-07T05:30:00.000Z',
      next: '2027-11-07T06:00:00.000Z',
    });
    const second = shopStatus(early, new Date('2027-11-07T06:15:00Z'), NY);
    expect({ open: second.openNow, closes: iso(second.closesAt), next: iso(second.nextOpening) }).toEqual({
      open: true,
      closes: '2027-11-07T06:30:00.000Z',
      next: '2027-11-07T08:00:00.000Z',
    });
  });

  it('opens after the jump when its opening time is skipped', () => {
    const week = parseOpeningHours('sun 02:30-04:00');
    const status = shopStatus(week, new Date('2027-03-14T05:00:00Z'), NY); // 00:00 EST
    expect(status.openNow).toBe(false);
    expect(iso(status.nextOpening)).toBe('2027-03-14T07:00:00.000Z'); // 03:00 EDT, the jump
    expect(isOpenAt(week, new Date('2027-03-14T06:45:00Z'), NY)).toBe(false); // 01:45 EST
    expect(isOpenAt(week, new Date('2027-03-14T07:00:00Z'), NY)).toBe(true); // 03:00 EDT
  });

  it("leaves a zone without daylight saving as it was: Jakarta's slots are its midnight plus quarter hours", () => {
    for (let day = 0; day < 366; day += 1) {
      const date = addDays('2026-01-01', day);
      const midnight = Date.parse(`${date}T00:00:00+07:00`);
      const slots = daySlots(allDay, date, JKT);
      expect(slots.map((slot) => slot.getTime())).toEqual(Array.from({ length: 96 }, (_, i) => midnight + i * 15 * 60_000));
    }
    const slots = daySlots(parseOpeningHours('mon-fri 13:00-19:00'), '2026-11-23', JKT);
    expect(labels(slots, JKT)).toEqual(
      Array.from({ length: 24 }, (_, i) => `${13 + Math.floor(i / 4)}:${['00', '15', '30', '45'][i % 4]}`),
    );
    expect(iso(slotStartOf(new Date('2026-11-23T06:44:59Z'), JKT))).toBe('2026-11-23T06:30:00.000Z');
  });
});
