import { describe, expect, it } from 'vitest';
import { hoursInWords } from './hours-in-words.ts';
import { DEFAULT_HOURS_IN_WORDS, LANDING } from './landing.ts';
import { DEFAULT_OPENING_HOURS, parseOpeningHours } from './opening-hours.ts';

const words = (text: string) => hoursInWords(parseOpeningHours(text));

describe('the hours in words', () => {
  it("says the spec's sentence, word for word, for the default hours", () => {
    expect(words(DEFAULT_OPENING_HOURS)).toBe(LANDING.deliveryHours);
    expect(LANDING.deliveryHours).toBe('Monday to Friday, 1 - 7 pm');
  });

  it('says any other hours the same way', () => {
    expect(words('mon-sun 00:00-24:00')).toBe('every day, all day');
    expect(words('mon-sun 07:00-21:00')).toBe('every day, 7 am - 9 pm');
    expect(words('mon-fri 07:30-21:00; sat,sun 08:00-14:00')).toBe('Monday to Friday, 7:30 am - 9 pm; Saturday and Sunday, 8 am - 2 pm');
    expect(words('mon,wed,fri 08:00-12:00')).toBe('Monday, Wednesday and Friday, 8 am - 12 pm');
    expect(words('tue-thu 18:00-24:00; sat 00:00-02:00')).toBe('Tuesday to Thursday, 6 pm - midnight; Saturday, midnight - 2 am');
    // A lunch break, and days with the same hours apart from each other.
    expect(words('mon 07:00-12:00; mon 13:00-21:00; wed 07:00-12:00; wed 13:00-21:00; sun 09:00-11:45')).toBe(
      'Monday and Wednesday, 7 am - 12 pm and 1 - 9 pm; Sunday, 9 - 11:45 am',
    );
    // Sunday ends the week: Saturday to Monday are two runs.
    expect(words('sat-mon 10:00-16:00')).toBe('Monday, Saturday and Sunday, 10 am - 4 pm');
  });

  it('says them in Indonesian with Indonesian days and 24-hour clocks', () => {
    const kata = (text: string) => hoursInWords(parseOpeningHours(text), 'id');
    expect(kata(DEFAULT_OPENING_HOURS)).toBe('Senin sampai Jumat, 13.00–19.00');
    expect(DEFAULT_HOURS_IN_WORDS).toEqual({ en: words(DEFAULT_OPENING_HOURS), id: kata(DEFAULT_OPENING_HOURS) });
    expect(kata('mon-sun 00:00-24:00')).toBe('setiap hari, sepanjang hari');
    expect(kata('mon-fri 07:30-21:00; sat,sun 08:00-14:00')).toBe('Senin sampai Jumat, 07.30–21.00; Sabtu dan Minggu, 08.00–14.00');
    expect(kata('tue-thu 18:00-24:00; sat 00:00-02:00')).toBe('Selasa sampai Kamis, 18.00–24.00; Sabtu, 00.00–02.00');
    expect(kata('mon 07:00-12:00; mon 13:00-21:00; wed 07:00-12:00; wed 13:00-21:00; sun 09:00-11:45')).toBe(
      'Senin dan Rabu, 07.00–12.00 dan 13.00–21.00; Minggu, 09.00–11.45',
    );
  });
});
