import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { askForSync } from '../features/checkout/api/background-send';
import { type SendOutcome, sendSavedOrders, useSavedOrders } from '../features/checkout/api/outbox';
import { restoreCart } from '../features/checkout/cart-store';
import { errorMessage } from '../lib/api-client';
import { t } from '../lib/i18n';
import { ORDERS_KEY } from '../lib/live-orders/order-cache';
import { toast } from '../lib/toast';
import { useOnline } from '../lib/use-online';

/** How long a saved order waits before the next try when the shop did not answer (and said nothing of when). */
const RETRY_MS = 15_000;

function report(outcome: SendOutcome): void {
  const toastId = `saved-order-${outcome.saved.key}`;
  if (outcome.kind === 'placed') toast.success(t('offline.placed', { number: outcome.placed.number }), { toastId });
  if (outcome.kind === 'placedEarlier') toast.success(t('offline.placedEarlier'), { toastId });
  if (outcome.kind === 'refused') {
    // The order does not exist: its cart comes back to edit, and the reason stays until it is read.
    restoreCart(outcome.saved.cart);
    toast.error(t('offline.refused', { reason: outcome.reason }), { toastId, autoClose: false });
  }
}

/**
 * Sends the signed-in account's saved orders (features/checkout/api/outbox.ts) when this page starts,
 * whenever the network comes back and when the service worker sent one by Background Sync (its
 * answer is then read, not sent again), and tells the customer what became of each.
 */
export function SavedOrdersSender({ accountId }: { accountId: number }) {
  const queryClient = useQueryClient();
  const waiting = useSavedOrders(accountId).length;
  const online = useOnline();

  useEffect(() => {
    if (!online || waiting === 0) return;
    let timer: number | undefined;
    let stopped = false;
    const send = async () => {
      const outcomes = await sendSavedOrders(accountId);
      // Reported even if this page moved on meanwhile: those orders have left the outbox.
      for (const outcome of outcomes) report(outcome);
      if (outcomes.some((outcome) => outcome.kind !== 'waiting')) {
        // A read of History that started before the order existed (resumed as the network came back)
        // would otherwise be kept as the answer: it is dropped, and History read again.
        await queryClient.cancelQueries({ queryKey: ORDERS_KEY });
        await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      }
      const stillWaiting = outcomes.find((outcome) => outcome.kind === 'waiting');
      if (stillWaiting && !stopped) {
        window.clearTimeout(timer);
        timer = window.setTimeout(() => void attempt(), stillWaiting.retryAfterMs ?? RETRY_MS);
        // And the worker's sync again, should the shop be closed on the phone before the next try.
        await askForSync();
      }
    };
    const attempt = () => send().catch((error: unknown) => toast.error(errorMessage(error)));
    void attempt();
    // The worker sent one by Background Sync (sw/service-worker.js): its kept answer is read and shown.
    const onWorkerMessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === 'outbox-answered') void attempt();
    };
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    return () => {
      stopped = true;
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
      window.clearTimeout(timer);
    };
  }, [accountId, online, waiting, queryClient]);

  return null;
}
