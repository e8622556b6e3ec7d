import { formatIDR, type TaxFigures, type TaxReportUnit } from '@kopi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/error-message';
import { TextField } from '../../components/ui/field';
import { PageSpinner } from '../../components/ui/spinner';
import { downloadTaxReport, type TaxRange, taxQueries } from '../../features/dashboard/api/tax-report';
import { saveFile } from '../../features/dashboard/components/report-actions';
import { canRetry, errorMessage } from '../../lib/api-client';
import { currentLocale, useT } from '../../lib/i18n';
import { DELIVERY_KEYS } from '../../lib/names';
import { useSearchParams } from '../../lib/router';
import { toast } from '../../lib/toast';

// The tax report (docs/shop-rules.md#the-tax-report): the range and the unit live in the address
// (?from=2026-11-01&to=2026-11-30&by=day), so that a link or a reload shows the same report.

const UNITS: { value: TaxReportUnit; label: 'admin.tax.byDay' | 'admin.tax.byMonth' }[] = [
  { value: 'day', label: 'admin.tax.byDay' },
  { value: 'month', label: 'admin.tax.byMonth' },
];

/** A shop date (YYYY-MM-DD) as the reader writes it: "Mon, 2 Nov 2026", or "November 2026" for a month. */
function periodName(date: string, by: TaxReportUnit): string {
  const options: Intl.DateTimeFormatOptions =
    by === 'day'
      ? { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }
      : { timeZone: 'UTC', month: 'long', year: 'numeric' };
  return new Intl.DateTimeFormat(currentLocale() === 'id' ? 'id-ID' : 'en-GB', options).format(new Date(`${date}T00:00:00Z`));
}

function Figures({ figures }: { figures: TaxFigures }) {
  return (
    <>
      <td className="px-3 py-2 text-right tabular-nums">{figures.orders}</td>
      {([figures.net, figures.service, figures.tax_base, figures.tax, figures.total] as const).map((amount, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of columns
        <td key={i} className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
          {formatIDR(amount)}
        </td>
      ))}
    </>
  );
}

export function TaxReportPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const by: TaxReportUnit = params.get('by') === 'month' ? 'month' : 'day';
  const range: TaxRange = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined, by };
  const report = useQuery({ ...taxQueries.report(range), placeholderData: keepPreviousData });
  const data = report.data;
  const [downloading, setDownloading] = useState(false);

  function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setParams({ from: String(form.get('from')), to: String(form.get('to')), by: String(form.get('by')) }, { replace: true });
  }

  async function download() {
    setDownloading(true);
    try {
      const file = await downloadTaxReport(data ? { from: data.from, to: data.to, by } : range);
      saveFile(file.blob, file.filename);
      toast.success(t('admin.dashboard.saved', { filename: file.filename }));
    } catch (error) {
      toast.error(t('admin.dashboard.downloadFailed', { error: errorMessage(error) }));
    } finally {
      setDownloading(false);
    }
  }

  const head = ['admin.tax.orders', 'admin.tax.net', 'admin.tax.service', 'admin.tax.base', 'admin.tax.tax', 'admin.tax.total'] as const;
  return (
    <section className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">{t('admin.tax.heading')}</h1>
        <p className="text-roast">{t('admin.tax.intro')}</p>
      </div>
      {/* Also when the range in the address was refused: the owner corrects it here. */}
      {(data || report.isError) && (
        // Keyed by the answer's range, so that the fields show the dates the server reported on.
        <form
          key={`${data?.from ?? range.from}/${data?.to ?? range.to}/${by}`}
          onSubmit={show}
          className="flex flex-wrap items-end gap-4 rounded-3xl bg-white p-4 shadow-sm"
        >
          <TextField
            label={t('admin.tax.from')}
            type="date"
            name="from"
            defaultValue={data?.from ?? range.from}
            required
            className="w-auto"
          />
          <TextField label={t('admin.tax.to')} type="date" name="to" defaultValue={data?.to ?? range.to} required className="w-auto" />
          <fieldset className="flex items-center gap-4 pb-2">
            <legend className="mb-1 text-sm font-semibold text-roast">{t('admin.tax.by')}</legend>
            {UNITS.map((unit) => (
              <label key={unit.value} className="flex items-center gap-2 font-semibold">
                <input type="radio" name="by" value={unit.value} defaultChecked={by === unit.value} className="accent-caramel" />
                {t(unit.label)}
              </label>
            ))}
          </fieldset>
          <Button type="submit" busy={report.isFetching}>
            {t('admin.tax.show')}
          </Button>
          <Button variant="ghost" onClick={download} busy={downloading}>
            {t('admin.tax.download')}
          </Button>
        </form>
      )}
      {report.isPending && <PageSpinner />}
      {report.isError && (
        <ErrorMessage message={errorMessage(report.error)} onRetry={canRetry(report.error) ? () => report.refetch() : undefined} />
      )}
      {data && data.rows.length === 0 && (
        <p role="note" className="rounded-2xl bg-honey/30 p-4 font-semibold">
          {t('admin.tax.none')}
        </p>
      )}
      {data && data.rows.length > 0 && (
        <div className="overflow-x-auto rounded-3xl bg-white shadow-sm" aria-busy={report.isPlaceholderData}>
          <table className="w-full text-sm" data-testid="tax-report">
            <thead className="bg-crema/60 text-left">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('admin.tax.period')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('admin.tax.orderType')}
                </th>
                {head.map((key) => (
                  <th key={key} scope="col" className="px-3 py-2 text-right">
                    {t(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={`${row.period}-${row.delivery_id}`} className="border-t border-roast/10">
                  <td className="px-3 py-2 whitespace-nowrap">{periodName(row.period, by)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{t(DELIVERY_KEYS[row.delivery_id] ?? 'status.unknown')}</td>
                  <Figures figures={row} />
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-roast/30 font-semibold">
              {data.by_delivery.map((row) => (
                <tr key={row.delivery_id}>
                  <th scope="row" className="px-3 py-2 text-left whitespace-nowrap">
                    {t('admin.tax.rangeTotals')}
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap">{t(DELIVERY_KEYS[row.delivery_id] ?? 'status.unknown')}</td>
                  <Figures figures={row} />
                </tr>
              ))}
              <tr className="bg-crema/60" data-testid="tax-report-total">
                <th scope="row" className="px-3 py-2 text-left whitespace-nowrap">
                  {t('admin.tax.rangeTotals')}
                </th>
                <td className="px-3 py-2 whitespace-nowrap">{t('admin.tax.allTypes')}</td>
                <Figures figures={data.totals} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
