import { formatIDR, formatSignedIDR, type ShiftReport } from '@kopi/shared';
import { Fragment, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { type MessageKey, useLocale, useT } from '../../../lib/i18n';
import { nameOf, PAYMENT_KEYS } from '../../../lib/names';
import { SHOP_TIMEZONE } from '../../../lib/shop-name';

/** The methods as the till names them (Cash, not the checkout's "Cash on Delivery"). */
const METHOD_KEYS: Record<number, MessageKey> = { ...PAYMENT_KEYS, 1: 'admin.till.card', 3: 'admin.till.cash' };

/** A closed shift's Z report as the server answered it: expected, counted, variance, and the totals by method. Printable. */
export function ZReport({ report, onDone }: { report: ShiftReport; onDone: () => void }) {
  const t = useT();
  const locale = useLocale();
  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(locale === 'id' ? 'id-ID' : 'en-GB', {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: SHOP_TIMEZONE,
        }).format(new Date(iso))
      : '—';
  const row = (label: string, value: ReactNode, strong = false) => (
    <div className={`flex justify-between gap-4 py-1 ${strong ? 'font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd className="text-right">{value}</dd>
    </div>
  );
  const variance = report.variance ?? 0;

  return (
    <section className="mx-auto max-w-xl space-y-4 rounded-2xl bg-white p-5 shadow-sm print:shadow-none" aria-labelledby="z-heading">
      <div>
        <h2 id="z-heading" className="text-2xl font-bold">
          {t('admin.till.zHeading', { number: report.number })}
        </h2>
        <p className="text-roast">
          {report.till.name} · {t('admin.till.zOpened', { name: report.opened_by.name, at: when(report.opened_at) })}
          {report.closed_by && <> · {t('admin.till.zClosed', { name: report.closed_by.name, at: when(report.closed_at) })}</>}
        </p>
      </div>
      <div
        className={`rounded-2xl p-4 text-center ${variance === 0 ? 'bg-leaf/10 text-leaf' : 'bg-berry/10 text-berry'}`}
        data-testid="z-variance"
      >
        <p className="font-semibold">{t('admin.till.variance')}</p>
        <p className="text-4xl font-extrabold">{report.variance === null ? '—' : formatSignedIDR(variance)}</p>
      </div>
      <dl className="divide-y divide-roast/10">
        {row(t('admin.till.zFloat'), formatIDR(report.opening_cash))}
        {row(t('admin.till.zCashReceived'), formatIDR(report.cash_received))}
        {row(t('admin.till.zChange'), `−${formatIDR(report.change_given)}`)}
        {report.cash_refunds > 0 && row(t('admin.till.zRefunds'), `−${formatIDR(report.cash_refunds)}`)}
        {report.rounding !== 0 && row(t('admin.till.zRounding'), formatIDR(report.rounding))}
        {row(t('admin.till.cashIn'), formatIDR(report.cash_in))}
        {row(t('admin.till.cashOut'), `−${formatIDR(report.cash_out)}`)}
        {report.movements.map((move) => (
          <div key={`${move.at}${move.amount}`} className="flex justify-between gap-4 py-1 pl-4 text-sm text-roast">
            <span>
              {move.reason ?? '—'} · {move.by.name}
            </span>
            <span>{formatSignedIDR(move.amount)}</span>
          </div>
        ))}
        {row(t('admin.till.zExpected'), report.expected_cash === null ? '—' : formatIDR(report.expected_cash), true)}
        {row(t('admin.till.counted'), report.counted_cash === null ? '—' : formatIDR(report.counted_cash), true)}
      </dl>
      <div>
        <h3 className="font-bold">{t('admin.till.zByMethod')}</h3>
        <dl className="divide-y divide-roast/10">
          {report.by_method.length === 0 && <p className="py-1 text-roast">{t('admin.till.zNoSales')}</p>}
          {report.by_method.map((method) => (
            <Fragment key={method.payment_id}>
              {row(
                `${nameOf(t, METHOD_KEYS, method.payment_id, String(method.payment_id))} · ${t('admin.till.zOrders', { count: method.orders })}`,
                formatIDR(method.amount),
              )}
            </Fragment>
          ))}
          {row(t('admin.till.zOrdersTotal'), report.orders)}
          {report.refunds.orders > 0 &&
            row(t('admin.till.zRefundsTotal', { count: report.refunds.orders }), `−${formatIDR(report.refunds.amount)}`)}
        </dl>
      </div>
      <div className="flex flex-wrap justify-end gap-3 print:hidden">
        <Button variant="ghost" className="min-h-11" onClick={() => window.print()}>
          {t('admin.till.print')}
        </Button>
        <Button className="min-h-11" onClick={onDone}>
          {t('admin.till.zDone')}
        </Button>
      </div>
    </section>
  );
}
