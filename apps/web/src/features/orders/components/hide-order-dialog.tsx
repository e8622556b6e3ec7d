import { CUSTOMER_CANCELLABLE, type Order, STATUS, type StatusId } from '@kopi/shared';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { type MessageKey, useT } from '../../../lib/i18n';
import { nameOf, STATUS_KEYS } from '../../../lib/names';

interface HideOrderDialogProps {
  /** The open order the customer pressed × on; null when nothing is asked. */
  order: Order | null;
  hiding: boolean;
  cancelling: boolean;
  error?: string;
  onHide: () => void;
  onCancelOrder: () => void;
  onClose: () => void;
}

/** Why hiding an open order is worth a question: what the shop still does with it. */
function consequence(statusId: number): MessageKey {
  if (statusId === STATUS.pending) return 'hide.pending';
  if (statusId === STATUS.ready) return 'hide.ready';
  return 'hide.preparing';
}

/**
 * History's × on an order the shop is still making (docs/shop-rules.md#ordering: hiding only takes it
 * off the customer's History). It says plainly that hiding does not cancel, and offers Cancel order
 * while that is still possible.
 */
export function HideOrderDialog({ order, hiding, cancelling, error, onHide, onCancelOrder, onClose }: HideOrderDialogProps) {
  const t = useT();
  const titleId = useId();
  const textId = useId();
  const open = order !== null;
  const busy = hiding || cancelling;

  const cancellable = order !== null && CUSTOMER_CANCELLABLE.includes(order.status_id as StatusId);
  return (
    <ModalDialog open={open} onClose={onClose} busy={busy} aria-labelledby={titleId} aria-describedby={textId}>
      {order && (
        <div className="space-y-4">
          <h2 id={titleId} className="font-display text-xl font-semibold">
            {t('hide.question', { number: order.number, status: nameOf(t, STATUS_KEYS, order.status_id, order.status_name) })}
          </h2>
          <p id={textId} className="text-roast">
            {t(consequence(order.status_id))}
          </p>
          {error && (
            <p role="alert" className="text-sm font-medium text-berry">
              {error}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
            <Button variant="ghost" onClick={onClose} disabled={busy}>
              {t('hide.keep')}
            </Button>
            <Button variant="secondary" busy={hiding} disabled={cancelling} onClick={onHide}>
              {t('hide.anyway')}
            </Button>
            {cancellable && (
              <Button variant="danger" busy={cancelling} disabled={hiding} onClick={onCancelOrder}>
                {t('hide.cancelOrder')}
              </Button>
            )}
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
