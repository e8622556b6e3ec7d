import { SHOP_TIMEZONE } from './shop-name';

/**
 * A time of day on the shop's clock ("10:42"), whatever the phone's own zone, in the page's language
 * (lib/i18n.tsx writes it on <html lang>; read there so that this small module does not pull i18n's).
 */
export function shopClockTime(instant: Date): string {
  return new Intl.DateTimeFormat(document.documentElement.lang === 'id' ? 'id-ID' : 'en-GB', {
    timeZone: SHOP_TIMEZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}
