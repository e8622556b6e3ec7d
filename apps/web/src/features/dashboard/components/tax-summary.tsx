import { addDays, formatIDR, type PeriodFigures } from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { Link } from '../../../lib/router';
import { taxQueries } from '../api/tax-report';

/**
 * The shop days of a dashboard period: its start and end are ISO 8601 with the shop's offset, so
 * their first ten characters are shop dates; the end is the next period's first instant.
 */
export function periodDays(current: Pick<PeriodFigures, 'start' | 'end'>): { from: string; to: string } {
  return { from: current.start.slice(0, 10), to: addDays(current.end.slice(0, 10), -1) };
}

/** Net sales, service and tax of the dashboard's period, apart (docs/shop-rules.md#the-tax-report), and the way to the full report. */
export function TaxSummary({ current, currentName }: { current: PeriodFigures; currentName: string }) {
  const t = useT();
  const range = { ...periodDays(current), by: 'day' as const };
  const report = useQuery(taxQueries.report(range));
  const totals = report.data?.totals;
  const figures = [
    ['admin.tax.net', totals?.net],
    ['admin.tax.service', totals?.service],
    ['admin.tax.tax', totals?.tax],
  ] as const;
  return (
    <section aria-labelledby="tax-summary-heading" className="min-w-0 rounded-3xl bg-white p-6 shadow-sm" data-testid="tax-summary">
      <h2 id="tax-summary-heading" className="text-xl font-bold">
        {t('admin.tax.summary', { when: currentName })}
      </h2>
      <dl className="mt-4 space-y-2">
        {figures.map(([label, amount]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-roast">{t(label)}</dt>
            <dd className="font-semibold tabular-nums">{amount === undefined ? '–' : formatIDR(amount)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-roast">{t('admin.tax.summaryNote')}</p>
      <Link to={`/dashboard/tax?from=${range.from}&to=${range.to}`} className={buttonClass('ghost', 'mt-4 w-full')}>
        {t('admin.tax.open')}
      </Link>
    </section>
  );
}
