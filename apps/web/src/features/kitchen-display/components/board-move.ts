import { errorMessage } from '../../../lib/api-client';
import type { LiveOrder } from '../../../lib/live-orders/order-cache';
import { useMoveOrder } from '../../../lib/live-orders/order-queries';
import { toast } from '../../../lib/toast';
import { sawFreshEvent } from '../api/board';

/**
 * A move made on the kitchen display, as every card and lane says it: "#12 → Preparing", or the
 * reason it did not go through, one toast per order; the board's clock learns the server's time.
 */
export function useBoardMove(order: LiveOrder, after: { moved?: () => void; failed?: () => void } = {}) {
  return useMoveOrder({
    onSuccess: (moved) => {
      after.moved?.();
      sawFreshEvent(moved.updated_at);
      // A failed try of this card is over: its message goes.
      toast.dismiss(`move-failed-${moved.id}`);
      toast.success(`#${moved.number} → ${moved.status_name}`, { toastId: `moved-${moved.id}-${moved.status_id}` });
    },
    onError: (error) => {
      after.failed?.();
      toast.error(`#${order.number}: ${errorMessage(error)}`, { toastId: `move-failed-${order.id}` });
    },
  });
}
