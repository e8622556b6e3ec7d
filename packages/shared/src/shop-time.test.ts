import { describe, expect, it } from 'vitest';
import { addDays, isTimeZone, shopDate, shopDateTime, shopInstant, startOfShopDay, zoneOffsetMinutes } from './shop-time.ts';

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
