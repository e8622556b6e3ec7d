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
import { formatShopDay, formatShopTime, isoInZone } from './shop-time.ts';

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

  it('has one slot less per quarter hour on the day daylight saving skips an hour', () => {
    const week = parseOpeningHours('sun 00:00-24:00');
    expect(daySlots(week, '2026-03-29', 'Europe/Amsterdam')).toHaveLength(23 * 4);
    expect(daySlots(week, '2026-10-25', 'Europe/Amsterdam')).toHaveLength(24 * 4);
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
