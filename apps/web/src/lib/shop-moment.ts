import { formatShopDay, formatShopTime, type Locale } from '@kopi/shared';
import type { MessageKey, MessageValues } from './i18n';

// A moment on the shop's clock as the staff's screens write it (the kitchen display's scheduled
// orders, Manage order's pending one).

export type Translate = (key: MessageKey, values?: MessageValues) => string;

const indonesianFormats = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/**
 * A moment on the shop's clock in the page's language: "Thu 26 Nov at 13:00", "Kam, 26 Nov 13.00".
 * English keeps the shared form (it also tells the two passes of an hour the clocks repeat apart).
 */
export function formatMoment(instant: Date, timeZone: string, locale: Locale, t: Translate): string {
  if (locale === 'en') return t('admin.moment', { day: formatShopDay(instant, timeZone), time: formatShopTime(instant, timeZone) });
  let formats = indonesianFormats.get(timeZone);
  if (!formats) {
    formats = {
      day: new Intl.DateTimeFormat('id-ID', { timeZone, weekday: 'short', day: 'numeric', month: 'short' }),
      time: new Intl.DateTimeFormat('id-ID', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    };
    indonesianFormats.set(timeZone, formats);
  }
  return t('admin.moment', { day: formats.day.format(instant), time: formats.time.format(instant) });
}
