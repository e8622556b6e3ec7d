import { currentLocale } from './i18n';
import { SHOP_TIMEZONE } from './shop-name';

/** A time of day on the shop's clock ("10:42"), whatever the phone's own zone. */
export function shopClockTime(instant: Date): string {
  return new Intl.DateTimeFormat(currentLocale() === 'id' ? 'id-ID' : 'en-GB', {
    timeZone: SHOP_TIMEZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}
