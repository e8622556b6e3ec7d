import { formatIDR } from '@kopi/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { shopClockTime } from '../../../lib/shop-clock';
import { toast } from '../../../lib/toast';
import { cancelSaved, type SavedOrder, useSavedOrders } from '../api/outbox';

/**
 * History's orders confirmed offline and not sent yet: "Waiting for network", with a Cancel that
 * gives the cart back (`onCancelled`) unless a send got there first (docs/decisions/offline-and-caching.md#the-outbox).
 */
export function SavedOrders({ accountId, onCancelled }: { accountId: number | undefined; onCancelled: (saved: SavedOrder) => void }) {
  const t = useT();
  const saved = useSavedOrders(accountId);
  const [cancelling, setCancelling] = useState<string | null>(null);
  if (saved.length === 0) return null;

  const cancel = async (key: string) => {
    setCancelling(key);
    try {
      const cancelled = await cancelSaved(key);
      if (cancelled) {
        onCancelled(cancelled);
        toast.success(t('offline.cancelled'));
      } else toast.info(t('offline.alreadySent'));
    } finally {
      setCancelling(null);
    }
  };

  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('offline.savedOrderHeading')}>
      {saved.map((order) => {
        const time = shopClockTime(new Date(order.savedAt));
        return (
          <li
            key={order.key}
            data-testid="saved-order"
            className="space-y-3 rounded-3xl border-2 border-dashed border-caramel/60 bg-white p-5 shadow-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-xl font-bold">{t('offline.savedOrderHeading')}</h2>
              <span className="rounded-full bg-honey/30 px-3 py-1 text-sm font-semibold text-espresso">{t('offline.waiting')}</span>
            </div>
            <p className="font-semibold">
              {t('offline.items', { count: order.itemCount })} · {formatIDR(order.total)}
            </p>
            <p className="text-sm text-roast">{t('offline.savedAt', { time })}</p>
            <Button
              variant="ghost"
              className="w-full"
              busy={cancelling === order.key}
              aria-label={t('offline.cancelLabel', { time })}
              onClick={() => void cancel(order.key)}
            >
              {t('offline.cancel')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
