// The shop's opening hours in the words of the landing page (docs/shop-rules.md#landing-figures):
// the default hours read exactly as the spec's "Monday to Friday, 1 - 7 pm", and any other hours
// read the same way, so that a page never states hours the shop does not keep.

import type { Locale } from './i18n/locale.ts';
import { WEEK_ORDER, type WeekHours } from './opening-hours.ts';

const DAY_WORDS: Record<Locale, readonly string[]> = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  id: ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'],
};
/** The words that join the words, per language. */
const JOIN: Record<Locale, { and: string; to: string; everyDay: string; allDay: string }> = {
  en: { and: ' and ', to: ' to ', everyDay: 'every day', allDay: 'all day' },
  id: { and: ' dan ', to: ' sampai ', everyDay: 'setiap hari', allDay: 'sepanjang hari' },
};
const DAY_MINUTES = 24 * 60;

/** "1", "7:30" and its half of the day; midnight has no half ("midnight"). */
function clockWords(minutes: number): { time: string; half: 'am' | 'pm' | null } {
  if (minutes % DAY_MINUTES === 0) return { time: 'midnight', half: null };
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return { time: minute === 0 ? `${hour12}` : `${hour12}:${String(minute).padStart(2, '0')}`, half: hour < 12 ? 'am' : 'pm' };
}

/** "13.00" as Indonesian clocks write a time of day (24.00 for midnight at a range's end). */
const indonesianClock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}.${String(minutes % 60).padStart(2, '0')}`;

/** "1 - 7 pm", "8 am - 2 pm", "6 pm - midnight" ("13.00–19.00" in Indonesian); the whole day is "all day". */
function rangeWords(opens: number, closes: number, locale: Locale): string {
  if (opens === 0 && closes === DAY_MINUTES) return JOIN[locale].allDay;
  if (locale === 'id') return `${indonesianClock(opens)}–${indonesianClock(closes)}`;
  const from = clockWords(opens);
  const to = clockWords(closes);
  const end = to.half ? `${to.time} ${to.half}` : to.time;
  if (from.half && from.half === to.half) return `${from.time} - ${end}`;
  return `${from.half ? `${from.time} ${from.half}` : from.time} - ${end}`;
}

/** "a", "a and b", "a, b and c" ("a dan b"). */
export function listWords(items: readonly string[], locale: Locale = 'en'): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')}${JOIN[locale].and}${items.at(-1)}`;
}

/** Runs of days in week order: "Monday to Friday", "Saturday and Sunday", "Wednesday". */
function daysWords(days: number[], locale: Locale): string {
  if (days.length === 7) return JOIN[locale].everyDay;
  const positions = days.map((day) => WEEK_ORDER.indexOf(day)).sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const position of positions) {
    const run = runs.at(-1);
    if (run && run.at(-1) === position - 1) run.push(position);
    else runs.push([position]);
  }
  const name = (position: number) => DAY_WORDS[locale][WEEK_ORDER[position]!]!;
  return listWords(
    runs.flatMap((run) => {
      if (run.length === 1) return [name(run[0]!)];
      if (run.length === 2) return [name(run[0]!), name(run[1]!)];
      return [`${name(run[0]!)}${JOIN[locale].to}${name(run.at(-1)!)}`];
    }),
    locale,
  );
}

/**
 * The week in the landing page's words: days that keep the same hours together, then their hours.
 * `mon-fri 13:00-19:00` is "Monday to Friday, 1 - 7 pm" ("Senin sampai Jumat, 13.00–19.00");
 * `mon-sun 00:00-24:00` is "every day, all day"; `mon-fri 07:00-21:00; sat,sun 08:00-14:00` is
 * "Monday to Friday, 7 am - 9 pm; Saturday and Sunday, 8 am - 2 pm".
 */
export function hoursInWords(week: WeekHours, locale: Locale = 'en'): string {
  const groups = new Map<string, number[]>();
  for (const day of WEEK_ORDER) {
    const ranges = week[day] ?? [];
    if (ranges.length === 0) continue;
    const hours = listWords(
      ranges.map((range) => rangeWords(range.opens, range.closes, locale)),
      locale,
    );
    groups.set(hours, [...(groups.get(hours) ?? []), day]);
  }
  return [...groups].map(([hours, days]) => `${daysWords(days, locale)}, ${hours}`).join('; ');
}
