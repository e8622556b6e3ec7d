// The shop's hours in words, from the English of packages/shared/src/hours-in-words.ts to Indonesian.

const DAYS: Record<string, string> = {
  Monday: 'Senin',
  Tuesday: 'Selasa',
  Wednesday: 'Rabu',
  Thursday: 'Kamis',
  Friday: 'Jumat',
  Saturday: 'Sabtu',
  Sunday: 'Minggu',
};

/** "7:30 am" as Indonesian clocks write it: "07.30"; midnight is "24.00" at the end of a range, "00.00" at its start. */
function clock(time: string, half: string | undefined, end: boolean): string {
  if (time === 'midnight') return end ? '24.00' : '00.00';
  const [hour = '0', minute = '00'] = time.split(':');
  const hour24 = (Number(hour) % 12) + (half === 'pm' ? 12 : 0);
  return `${String(hour24).padStart(2, '0')}.${minute}`;
}

/**
 * The hours' English words (packages/shared/src/hours-in-words.ts, a small fixed grammar) in Indonesian:
 * "Monday to Friday, 1 - 7 pm" is "Senin sampai Jumat, 13.00–19.00".
 */
export function hoursInIndonesian(words: string): string {
  return words
    .replace(/all day/g, 'sepanjang hari')
    .replace(/every day/g, 'setiap hari')
    .replace(/([\d:]+|midnight)(?: (am|pm))? - ([\d:]+|midnight)(?: (am|pm))?/g, (_, from: string, fromHalf, to: string, toHalf) => {
      // "1 - 7 pm": the start shares the end's half of the day.
      return `${clock(from, fromHalf ?? toHalf, false)}–${clock(to, toHalf, true)}`;
    })
    .replace(/\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/g, (day) => DAYS[day] ?? day)
    .replace(/ to /g, ' sampai ')
    .replace(/ and /g, ' dan ');
}
