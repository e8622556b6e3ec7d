import { STATUS } from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorMessage } from '../../../components/ui/error-message';
import { PageSpinner } from '../../../components/ui/spinner';
import { canRetry, errorMessage } from '../../../lib/api-client';
import { useNow } from '../../../lib/use-now';
import { onOrderEvent } from '../api/live-orders';
import { orderQueries } from '../api/orders';
import { playChime, soundReady, unlockSound } from '../chime';
import { askNotificationPermission, type NotifyResult, notificationsSupported, showNotification } from '../notify';
import { ORDER_TEXT } from '../texts';
import { BoardColumns } from './board-columns';
import { LiveStatus } from './live-status';

const SOUND_KEY = 'kopi:board-sound';

/** The staff board: every open order in its status's column, due first, kept live by the stream. */
export function OrderBoard({ shopName }: { shopName: string }) {
  const board = useQuery(orderQueries.board());
  const now = useNow(30_000);
  const [announcement, setAnnouncement] = useState('');
  const [soundWanted, setSoundWanted] = useState(() => localStorage.getItem(SOUND_KEY) === 'on');
  const [soundOn, setSoundOn] = useState(soundReady);
  const [notify, setNotify] = useState<NotifyResult | 'off'>('off');

  const orders = board.data ?? [];
  const pendingCount = orders.filter((o) => o.status_id === STATUS.pending).length;

  // The pending count in the tab's title, so a barista sees it from another tab.
  useEffect(() => {
    const before = document.title;
    document.title = `${pendingCount > 0 ? `(${pendingCount}) ` : ''}${ORDER_TEXT.boardHeading} · ${shopName}`;
    return () => {
      document.title = before;
    };
  }, [pendingCount, shopName]);

  // Sound wanted from an earlier visit: the browser allows it from the next click or tap on the page.
  useEffect(() => {
    if (!soundWanted || soundOn) return;
    const unlock = () => {
      void unlockSound().then(setSoundOn);
    };
    document.addEventListener('pointerdown', unlock, { once: true });
    return () => document.removeEventListener('pointerdown', unlock);
  }, [soundWanted, soundOn]);

  useEffect(
    () =>
      onOrderEvent(({ type, order }) => {
        if (type !== 'created') return;
        const text = `${ORDER_TEXT.newOrder} #${order.id}: ${order.customer.display_name}, ${order.items.map((l) => `${l.qty} × ${l.product_name}`).join(', ')}`;
        setAnnouncement(text);
        if (soundWanted) playChime();
        if (notify === 'shown' && document.visibilityState === 'hidden') {
          void showNotification(`${ORDER_TEXT.newOrder} #${order.id}`, text, `order-${order.id}`).then((result) => {
            if (result !== 'shown') setNotify(result);
          });
        }
      }),
    [soundWanted, notify],
  );

  const toggleSound = async () => {
    const wanted = !soundWanted;
    setSoundWanted(wanted);
    localStorage.setItem(SOUND_KEY, wanted ? 'on' : 'off');
    if (wanted) {
      // Inside the click: the browser lets the page make sound from now on. The chime plays once as a test.
      const ready = await unlockSound();
      setSoundOn(ready);
      if (ready) playChime();
    }
  };

  const toggleNotify = async () => {
    if (notify === 'shown') return setNotify('off');
    setNotify(await askNotificationPermission());
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <LiveStatus className="mr-auto" />
        <button
          type="button"
          aria-pressed={soundWanted}
          onClick={() => void toggleSound()}
          className="rounded-full bg-white px-4 py-2 text-sm font-semibold ring-1 ring-roast/20 hover:bg-crema"
        >
          {soundWanted ? (soundOn ? ORDER_TEXT.soundOn : ORDER_TEXT.soundWaiting) : ORDER_TEXT.soundOff}
        </button>
        {notificationsSupported() && (
          <button
            type="button"
            aria-pressed={notify === 'shown'}
            onClick={() => void toggleNotify()}
            className="rounded-full bg-white px-4 py-2 text-sm font-semibold ring-1 ring-roast/20 hover:bg-crema"
          >
            {notify === 'shown' ? ORDER_TEXT.notifyOn : ORDER_TEXT.notifyOff}
          </button>
        )}
      </div>
      {notify === 'denied' && <p className="text-sm text-roast">{ORDER_TEXT.notifyDenied}</p>}
      {notify === 'unsupported' && <p className="text-sm text-roast">{ORDER_TEXT.notifyUnsupported}</p>}
      <p aria-live="polite" className="sr-only" data-testid="board-announcement">
        {announcement}
      </p>

      {board.isPending && <PageSpinner />}
      {board.isError && (
        <ErrorMessage message={errorMessage(board.error)} onRetry={canRetry(board.error) ? () => board.refetch() : undefined} />
      )}
      {board.data && <BoardColumns orders={orders} now={now} />}
    </div>
  );
}
