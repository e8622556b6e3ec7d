import { formatIDR, PAYMENT, type PlacedOrder } from '@kopi/shared';
import { useEffect, useRef, useState } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { openReceipt } from '../../../lib/receipt';
import { usePrintReceipt } from '../api/till';

/** The sale is paid: the change large for the cashier to count out, then "New sale". */
export function SaleDone({ order, onNewSale }: { order: PlacedOrder; onNewSale: () => void }) {
  const t = useT();
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    next.current?.focus();
  }, []);
  const cash = order.payment_id === PAYMENT.cash;
  const toPay = order.total + order.payment.rounding;
  const print = usePrintReceipt();
  const [receiptError, setReceiptError] = useState<string | null>(null);

  return (
    <section className="mx-auto max-w-xl space-y-5 rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-roast/15" aria-live="polite">
      <p className="text-lg font-semibold text-leaf">{t('admin.till.paid', { number: order.number })}</p>
      {cash ? (
        <>
          <p className="text-xl font-semibold">{t('admin.till.change')}</p>
          <p className="text-4xl font-extrabold tracking-tight whitespace-nowrap sm:text-6xl lg:text-7xl" data-testid="till-change">
            {formatIDR(order.payment.change ?? 0)}
          </p>
          <dl className="mx-auto grid max-w-xs grid-cols-2 gap-x-4 gap-y-1 text-left text-lg">
            <dt className="text-roast">{t('admin.till.total')}</dt>
            <dd className="text-right font-semibold">{formatIDR(toPay)}</dd>
            <dt className="text-roast">{t('admin.till.tendered')}</dt>
            <dd className="text-right font-semibold">{formatIDR(order.payment.cash_tendered ?? 0)}</dd>
          </dl>
        </>
      ) : (
        <p className="text-4xl font-bold">
          {t(order.payment_id === PAYMENT.qris ? 'admin.till.paidByQris' : 'admin.till.paidByCard', { total: formatIDR(order.total) })}
        </p>
      )}
      <div className="flex gap-3">
        <button
          type="button"
          className={buttonClass('ghost', 'min-h-16 flex-1 text-xl')}
          disabled={print.isPending}
          onClick={() => print.mutate(order.id)}
        >
          {t('admin.till.print')}
        </button>
        {/* The receipt on the screen, to show or print from the browser: a shop without a receipt printer has it too. */}
        <button
          type="button"
          className={buttonClass('ghost', 'min-h-16 flex-1 text-xl')}
          onClick={() => void openReceipt(order.id).catch((error: unknown) => setReceiptError(errorMessage(error)))}
        >
          {t('admin.till.receipt')}
        </button>
        <button ref={next} type="button" className={buttonClass('primary', 'min-h-16 flex-[2] text-xl')} onClick={onNewSale}>
          {t('admin.till.newSale')}
        </button>
      </div>
      {print.isSuccess && <p className="text-roast">{t('admin.till.printSent')}</p>}
      {print.isError && <p className="font-semibold text-berry">{errorMessage(print.error)}</p>}
      {receiptError && <p className="font-semibold text-berry">{receiptError}</p>}
    </section>
  );
}
