import type { Dashboard } from '@kopi/shared';
import { currentLocale, useT } from '../../../lib/i18n';

const two = (n: number) => String(n).padStart(2, '0');
/** "13:00–14:00"; Indonesian writes its hours with a dot: "13.00–14.00". */
const hourRange = (hour: number, separator: string) => `${two(hour)}${separator}00–${two((hour + 1) % 24)}${separator}00`;

/** Orders by hour of the shop's day: the hours from the first to the last with an order, as bars. */
export function BusiestHours({ hours, currentName }: { hours: Dashboard['busiest_hours']; currentName: string }) {
  const t = useT();
  const separator = currentLocale() === 'id' ? '.' : ':';
  const range = (hour: number) => hourRange(hour, separator);
  const busy = hours.filter((h) => h.orders > 0);
  const top = [...busy].sort((a, b) => b.orders - a.orders || a.hour - b.hour).slice(0, 3);
  const max = Math.max(1, ...busy.map((h) => h.orders));
  const shown = busy.length ? hours.slice(busy[0]!.hour, busy[busy.length - 1]!.hour + 1) : [];
  return (
    <section aria-labelledby="busiest-hours-heading" className="min-w-0 rounded-3xl bg-white p-6 shadow-sm">
      <h2 id="busiest-hours-heading" className="text-xl font-bold">
        {t('admin.dashboard.busiestHours')}
      </h2>
      {busy.length === 0 ? (
        <p className="mt-3 text-roast">{t('admin.dashboard.noOrders', { when: currentName })}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-roast" data-testid="busiest-hour">
            {t('admin.dashboard.busiest', { when: currentName, hours: top.map((h) => `${range(h.hour)} (${h.orders})`).join(', ') })}
          </p>
          <ul className="mt-4 flex h-28 items-end gap-0.5" aria-label={t('admin.dashboard.byHour')}>
            {shown.map((h) => (
              <li key={h.hour} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1">
                <span className="sr-only">{t('admin.dashboard.hourOrders', { hours: range(h.hour), count: h.orders })}</span>
                <span
                  aria-hidden="true"
                  className="w-full rounded-t bg-honey"
                  style={{ height: `${Math.max(h.orders ? 6 : 1, (h.orders / max) * 100)}%` }}
                  title={`${range(h.hour)}: ${h.orders}`}
                />
                {/* A label every third hour once the day is long, so that a phone has room. */}
                <span aria-hidden="true" className="h-3 text-[10px] leading-3 text-roast">
                  {shown.length <= 12 || h.hour % 3 === 0 ? two(h.hour) : ''}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
