import { describe, expect, it } from 'vitest';
import { describeOpeningHours, parseOpeningHours } from '../opening-hours.ts';
import { formatShopDay, formatShopMoment, formatShopTime } from '../shop-time.ts';

// Dates, times and hours in each language's own forms, in the shop's zone; English as it always was.
describe("the shop's clock in words", () => {
  const instant = new Date('2026-11-26T06:00:00Z'); // Thursday 13:00 in Jakarta

  it('keeps the English forms', () => {
    expect(formatShopMoment(instant, 'Asia/Jakarta')).toBe('Thu 26 Nov at 13:00');
    expect(formatShopMoment(instant, 'Asia/Jakarta', 'en')).toBe('Thu 26 Nov at 13:00');
  });

  it('says them in Indonesian', () => {
    expect(formatShopDay(instant, 'Asia/Jakarta', 'id')).toBe('Kam, 26 Nov');
    expect(formatShopTime(instant, 'Asia/Jakarta', 'id')).toBe('13.00');
    expect(formatShopMoment(instant, 'Asia/Jakarta', 'id')).toBe('Kam, 26 Nov 13.00');
  });

  it('says the opening hours in both languages', () => {
    const week = parseOpeningHours('mon-fri 13:00-19:00; sat 08:00-12:00; sat 14:00-18:00');
    expect(describeOpeningHours(week)).toBe('Mon–Fri 13:00–19:00, Sat 08:00–12:00 and 14:00–18:00');
    expect(describeOpeningHours(week, 'id')).toBe('Sen–Jum 13.00–19.00, Sab 08.00–12.00 dan 14.00–18.00');
  });
});
