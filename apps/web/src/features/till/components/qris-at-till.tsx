import { formatIDR, type OrderDetail, type PlacedOrder, STATUS } from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { QrisCode } from '../../../components/qris-code';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { cancelSale, saleQuery } from '../api/till';

/**
 * A sale paid by QRIS at the counter (docs/shop-rules.md#the-till-and-shifts): its code large on the
 * till's screen for the customer to scan. The sale is read again every 2 s: paid, it is done (and
 * goes to the kitchen as Pending); expired or failed at the gateway, the cashier is told and the cart
 * can be paid another way. "Cancel QRIS" cancels the unpaid sale.
 */
export function QrisAtTill({
  sale,
  onPaid,
  onEnded,
}: {
  sale: PlacedOrder;
  onPaid: (order: OrderDetail) => void;
  onEnded: (message: string) => void;
}) {
  const t = useT();
  const read = useQuery(saleQuery(sale.id));
  const [cancelling, setCancelling] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const order = read.data;
  // The code comes into view at once: beside the menu the cart scrolls on its own, and the customer must see it whole.
  // (In braces: Chromium's scrollIntoView answers a promise, which React would take for the effect's cleanup.)
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  useEffect(() => {
    if (!order || order.status_id === STATUS.awaitingPayment) return;
    if (order.payment.status === 'paid') onPaid(order);
    else onEnded(t('admin.till.qrisEnded'));
  }, [order, onPaid, onEnded, t]);

  const cancel = async () => {
    setCancelling(true);
    setFailure(null);
    try {
      await cancelSale(sale.id, t('admin.till.qrisReason'));
      onEnded(t('admin.till.qrisCancelled'));
    } catch (error) {
      setFailure(errorMessage(error));
      setCancelling(false);
    }
  };

  const total = formatIDR(sale.total);
  return (
    <section ref={panel} className="space-y-4 rounded-2xl bg-white p-4 text-center ring-1 ring-roast/15" data-testid="till-qris">
      <h2 className="text-2xl font-bold">{t('admin.till.qrisHeading', { total })}</h2>
      {sale.payment.qr_string && (
        <QrisCode qrString={sale.payment.qr_string} alt={t('admin.till.qrisAlt', { total, number: sale.number })} large />
      )}
      <p role="status" className="text-roast">
        {t('admin.till.qrisWaiting')}
      </p>
      {read.isError && <p className="text-sm text-berry">{errorMessage(read.error)}</p>}
      {failure && (
        <p role="alert" className="text-sm text-berry">
          {failure}
        </p>
      )}
      <Button variant="ghost" className="min-h-12 w-full" busy={cancelling} onClick={() => void cancel()}>
        {t('admin.till.qrisCancel')}
      </Button>
    </section>
  );
}
