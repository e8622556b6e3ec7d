import { formatSignedIDR } from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../../components/ui/error-message';
import { errorMessage } from '../../../lib/api-client';
import { useLocale, useT } from '../../../lib/i18n';
import { SHOP_TIMEZONE } from '../../../lib/shop-name';
import { shiftQueries } from '../api/shifts';

/** The tills' shifts of the last 30 days with their variance, for the owner counting the drawers (docs/shop-rules.md#the-till-and-shifts). */
export function ShiftList() {
  const t = useT();
  const locale = useLocale();
  const shifts = useQuery(shiftQueries.recent());
  const when = new Intl.DateTimeFormat(locale === 'id' ? 'id-ID' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: SHOP_TIMEZONE,
  });
  return (
    <section aria-labelledby="shifts-heading" className="min-w-0 rounded-3xl bg-white p-6 shadow-sm" data-testid="shift-list">
      <h2 id="shifts-heading" className="text-xl font-bold">
        {t('admin.shifts.heading')}
      </h2>
      {shifts.isError && <ErrorMessage message={errorMessage(shifts.error)} onRetry={() => void shifts.refetch()} />}
      {shifts.data?.length === 0 && <p className="mt-3 text-roast">{t('admin.shifts.none')}</p>}
      {shifts.data && shifts.data.length > 0 && (
        <ul className="mt-3 divide-y divide-roast/10">
          {shifts.data.map((shift) => (
            <li key={shift.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <span className="min-w-0 text-sm">
                {t('admin.shifts.row', {
                  number: shift.number,
                  till: shift.till.name,
                  name: shift.opened_by.name,
                  at: when.format(new Date(shift.opened_at)),
                })}
              </span>
              {shift.variance === null ? (
                <span className="text-sm font-semibold text-roast">{t('admin.shifts.open')}</span>
              ) : (
                <span className={`font-bold tabular-nums ${shift.variance === 0 ? 'text-leaf' : 'text-berry'}`}>
                  {t('admin.shifts.variance', { amount: formatSignedIDR(shift.variance) })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
