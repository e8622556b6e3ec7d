import { formatIDR, type OrderDetail, type OrderToCollect } from '@kopi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { collectCash, tillQueries, useShiftChanged } from '../api/till';
import { CashTendered } from './cash-tendered';

/** Who an order is for, as the counter calls them: the table, else the customer's name. */
const whoOf = (order: OrderToCollect) => order.table?.name ?? order.customer.display_name;

/** "To collect (2)": the orders from a phone or a table to be paid in cash here, read again every 10 s. */
export function ToCollectButton({ onOpen }: { onOpen: () => void }) {
  const t = useT();
  const count = useQuery(tillQueries.toCollect()).data?.length ?? 0;
  return (
    <Button variant={count > 0 ? 'primary' : 'ghost'} className="min-h-11" onClick={onOpen}>
      {t('admin.till.toCollect', { count })}
    </Button>
  );
}

/**
 * Collecting the cash of a phone's or a table's order (docs/shop-rules.md#the-till-and-shifts): the
 * order chosen from the list, what the customer handed over (exact, round notes, any amount), and
 * the change large. It counts in the open shift; an order collected meanwhile (another till) says so.
 */
export function CollectDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const shiftChanged = useShiftChanged();
  const list = useQuery(tillQueries.toCollect());
  const [chosen, setChosen] = useState<OrderToCollect | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [paid, setPaid] = useState<OrderDetail | null>(null);

  const collect = async (amount: number) => {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      setPaid(await collectCash(chosen.id, amount));
      shiftChanged(undefined);
    } catch (failure) {
      setError(errorMessage(failure));
      if (isApiError(failure, 'conflict')) setChosen(null);
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: tillQueries.toCollect().queryKey });
    }
  };
  const another = () => {
    setChosen(null);
    setPaid(null);
    setError(null);
  };

  return (
    <ModalDialog
      open
      onClose={onClose}
      aria-label={t('admin.till.toCollectHeading')}
      className="w-[min(94vw,34rem)] backdrop:bg-espresso/40"
    >
      <div className="space-y-4">
        <h2 className="text-xl font-bold">{t('admin.till.toCollectHeading')}</h2>
        {error && <ErrorMessage message={error} />}
        {paid ? (
          <div className="space-y-3 text-center" aria-live="polite">
            <p className="text-lg font-semibold text-leaf">{t('admin.till.collectedChange', { number: paid.number })}</p>
            <p className="text-5xl font-extrabold tracking-tight" data-testid="collect-change">
              {formatIDR(paid.payment.change ?? 0)}
            </p>
            <Button className="min-h-12 w-full" onClick={another}>
              {t('admin.till.otherOrder')}
            </Button>
          </div>
        ) : chosen ? (
          <div className="space-y-3">
            <p className="text-lg font-semibold">
              {t('admin.till.collectFor', { number: chosen.number, name: whoOf(chosen), amount: formatIDR(chosen.cash_to_pay) })}
            </p>
            <CashTendered toPay={chosen.cash_to_pay} busy={busy} onTender={(amount) => void collect(amount)} />
            <Button variant="ghost" className="min-h-11 w-full" onClick={another}>
              {t('admin.till.otherOrder')}
            </Button>
          </div>
        ) : list.isError ? (
          <ErrorMessage message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : list.data?.length === 0 ? (
          <p className="text-roast">{t('admin.till.toCollectNone')}</p>
        ) : (
          <ul className="space-y-2">
            {list.data?.map((order) => (
              <li key={order.id}>
                <button
                  type="button"
                  className="flex min-h-14 w-full items-center justify-between gap-3 rounded-2xl bg-white px-4 text-left ring-1 ring-roast/20 hover:bg-crema"
                  onClick={() => setChosen(order)}
                >
                  <span className="font-semibold">
                    #{order.number} · {whoOf(order)}
                  </span>
                  <span className="font-bold text-caramel-dark">
                    {t('admin.till.toCollectAmount', { amount: formatIDR(order.cash_to_pay) })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex justify-end">
          <Button variant="ghost" className="min-h-11" onClick={onClose}>
            {t('admin.close')}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
