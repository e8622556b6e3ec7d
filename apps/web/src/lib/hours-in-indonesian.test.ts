import { describe, expect, it } from 'vitest';
import { hoursInIndonesian } from './hours-in-indonesian';

describe('the hours in Indonesian', () => {
  it('says the default hours with Indonesian days and 24-hour clocks', () => {
    expect(hoursInIndonesian('Monday to Friday, 1 - 7 pm')).toBe('Senin sampai Jumat, 13.00–19.00');
  });

  it('says any other hours the same way', () => {
    expect(hoursInIndonesian('every day, all day')).toBe('setiap hari, sepanjang hari');
    expect(hoursInIndonesian('Monday to Friday, 7:30 am - 9 pm; Saturday and Sunday, 8 am - 2 pm')).toBe(
      'Senin sampai Jumat, 07.30–21.00; Sabtu dan Minggu, 08.00–14.00',
    );
    expect(hoursInIndonesian('Tuesday to Thursday, 6 pm - midnight; Saturday, midnight - 2 am')).toBe(
      'Selasa sampai Kamis, 18.00–24.00; Sabtu, 00.00–02.00',
    );
    expect(hoursInIndonesian('Monday and Wednesday, 7 am - 12 pm and 1 - 9 pm; Sunday, 9 - 11:45 am')).toBe(
      'Senin dan Rabu, 07.00–12.00 dan 13.00–21.00; Minggu, 09.00–11.45',
    );
  });
});
