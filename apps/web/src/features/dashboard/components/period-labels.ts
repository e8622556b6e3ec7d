import type { DashboardPeriod, Locale } from '@kopi/shared';
import type { MessageKey, MessageValues } from '../../../lib/i18n';

// How the dashboard names its periods, in the page's language. A period's start is ISO 8601 with the
// shop's offset, so its first ten characters are the shop's date, whatever the browser's zone.

type Translate = (key: MessageKey, values?: MessageValues) => string;

export const PERIOD_OPTIONS: { value: DashboardPeriod; label: MessageKey }[] = [
  { value: 'daily', label: 'admin.dashboard.daily' },
  { value: 'weekly', label: 'admin.dashboard.weekly' },
  { value: 'monthly', label: 'admin.dashboard.monthly' },
];

export const PREVIOUS_NAME: Record<DashboardPeriod, MessageKey> = {
  daily: 'admin.dashboard.yesterday',
  weekly: 'admin.dashboard.lastWeek',
  monthly: 'admin.dashboard.lastMonth',
};
export const CURRENT_NAME: Record<DashboardPeriod, MessageKey> = {
  daily: 'admin.dashboard.today',
  weekly: 'admin.dashboard.thisWeek',
  monthly: 'admin.dashboard.thisMonth',
};

/** The language's own date forms: English as the shop has always written them (en-GB), Indonesian as id-ID. */
const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', id: 'id-ID' };

const FORMATS = {
  dayMonth: { timeZone: 'UTC', day: 'numeric', month: 'short' },
  monthOnly: { timeZone: 'UTC', month: 'short' },
  monthYear: { timeZone: 'UTC', month: 'long', year: 'numeric' },
  fullDay: { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function format(kind: keyof typeof FORMATS, locale: Locale, start: string): string {
  const key = `${kind} ${locale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALE[locale], FORMATS[kind]);
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(`${start.slice(0, 10)}T00:00:00Z`));
}

/** The chart's short label of a period: "19 Nov" for a day or a week, "Jan" for a month ("Des" in Indonesian). */
export function shortLabel(period: DashboardPeriod, start: string, locale: Locale): string {
  return format(period === 'monthly' ? 'monthOnly' : 'dayMonth', locale, start);
}

/** A period in words, for the table and screen readers: "Wed, 2 Dec 2026", "Week of …", "December 2026". */
export function longLabel(period: DashboardPeriod, start: string, locale: Locale, t: Translate): string {
  if (period === 'monthly') return format('monthYear', locale, start);
  const day = format('fullDay', locale, start);
  return period === 'weekly' ? t('admin.dashboard.weekOf', { day }) : day;
}
