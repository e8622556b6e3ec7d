import { OPEN_STATUSES, STATUS, type Station } from '@kopi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { LiveStatus } from '../../../components/live-status';
import { ErrorMessage } from '../../../components/ui/error-message';
import { PageSpinner } from '../../../components/ui/spinner';
import { canRetry, errorMessage } from '../../../lib/api-client';
import { playChime, soundReady, unlockSound } from '../../../lib/chime';
import { t as translate, useT } from '../../../lib/i18n';
import { onOrderEvent } from '../../../lib/live-orders/live-orders';
import type { LiveOrder } from '../../../lib/live-orders/order-cache';
import { orderQueries } from '../../../lib/live-orders/order-queries';
import { toast } from '../../../lib/toast';
import { useNow } from '../../../lib/use-now';
import { boardQueries, sawFreshEvent, serverNow, useUndoMove } from '../api/board';
import { allDayCounts, type CardGrid, ordersAt, selectAfterKey, splitLater, undoLeftMs } from '../board-model';
import { askNotificationPermission, type NotifyResult, notificationsSupported, showNotification } from '../notify';
import { BoardColumns } from './board-columns';
import { BoardKeysHelp } from './board-keys-help';
import { AllDayStrip, LaterStrip, RecentlyDoneStrip } from './board-strips';
import { PrepTimes, StationSwitch } from './board-toolbar';

const SOUND_KEY = 'kopi:board-sound';
/** The board's own switches: 44 px tall, tapped on a tablet. */
const TOOL_BUTTON = 'min-h-11 rounded-full bg-white px-3.5 py-2 text-sm font-semibold ring-1 ring-roast/20 hover:bg-crema';

/** Keys typed there are the field's or the dialog's, not the bump bar's. */
const TYPING = 'input, textarea, select, [contenteditable="true"], dialog, [role="dialog"], [role="tablist"]';

interface OrderBoardProps {
  shopName: string;
  station: Station | null;
  onStationChange: (station: Station | null) => void;
  lateAfterMinutes: number;
  /** A Pending order for a later slot waits in the Later lane until this long before its time. */
  leadMinutes: number;
}

/**
 * The kitchen display (docs/shop-rules.md#the-counter): every open order in its status's column, due
 * first, kept live by the stream; lines ticked off, late cards, "all day" counts, undo and a bump bar.
 */
export function OrderBoard({ shopName, station, onStationChange, lateAfterMinutes, leadMinutes }: OrderBoardProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const board = useQuery(orderQueries.board());
  const now = useNow(2_000);
  const [announcement, setAnnouncement] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [focusAsked, setFocusAsked] = useState(0);
  const [keysOpen, setKeysOpen] = useState(false);
  const [recentlyDone, setRecentlyDone] = useState<LiveOrder[]>([]);
  const [soundWanted, setSoundWanted] = useState(() => localStorage.getItem(SOUND_KEY) === 'on');
  const [soundOn, setSoundOn] = useState(soundReady);
  const [notify, setNotify] = useState<NotifyResult | 'off'>('off');

  const clock = serverNow(now);
  // Orders for a later slot wait apart; each comes into the columns as its time approaches (the clock ticks every 2 s).
  const split = useMemo(() => splitLater(board.data ?? [], clock, leadMinutes), [board.data, clock, leadMinutes]);
  const pendingCount = split.current.filter((o) => o.status_id === STATUS.pending).length;
  const orders = useMemo(() => ordersAt(split.current, station), [split, station]);
  const later = useMemo(() => ordersAt(split.later, station), [split, station]);
  const counts = useMemo(() => allDayCounts(orders), [orders]);
  const grid: CardGrid = useMemo(
    () => OPEN_STATUSES.map((status) => orders.filter((o) => o.status_id === status).map((o) => o.id)),
    [orders],
  );
  const keyNumbers = useMemo(
    () =>
      new Map(
        grid
          .flat()
          .slice(0, 9)
          .map((id, index) => [id, index + 1]),
      ),
    [grid],
  );
  const undoLeft = (order: LiveOrder) => undoLeftMs(order, clock);
  const recent = recentlyDone.filter((order) => undoLeftMs(order, clock) > 0);
  const selectedStatus = orders.find((o) => o.id === selectedId)?.status_id;
  const undo = useUndoMove({
    onSuccess: (back) =>
      toast.success(t('admin.board.undone', { number: back.number, status: back.status_name }), { toastId: `undone-${back.id}` }),
    onError: (error) => toast.error(errorMessage(error), { toastId: 'undo-failed' }),
  });

  // The pending count in the tab's title, so a barista sees it from another tab.
  const title = t('admin.board.pageTitle', { pending: pendingCount, shop: shopName });
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);

  // Sound wanted from an earlier visit: the browser allows it from the next click or tap on the page.
  useEffect(() => {
    if (!soundWanted || soundOn) return;
    const unlock = () => {
      void unlockSound().then(setSoundOn);
    };
    document.addEventListener('pointerdown', unlock, { once: true });
    return () => document.removeEventListener('pointerdown', unlock);
  }, [soundWanted, soundOn]);

  // Moves: the server's clock, the "Recently done" strip, the preparation times and the spoken news.
  useEffect(
    () =>
      onOrderEvent(({ type, order }) => {
        if (type !== 'status') return;
        const last = order.events?.at(-1);
        if (last) sawFreshEvent(last.at);
        setRecentlyDone((list) => {
          const rest = list.filter((o) => o.id !== order.id);
          return order.status_id === STATUS.done ? [order, ...rest] : rest;
        });
        if (order.status_id === STATUS.ready) void queryClient.invalidateQueries({ queryKey: boardQueries.prepTimes().queryKey });
        // Said in the language of the moment it happens (the subscription outlives a switch).
        setAnnouncement(translate('admin.board.movedTo', { number: order.number, status: order.status_name }));
      }),
    [queryClient],
  );

  // The card picked by a key takes the focus (and is scrolled to), also after it moved to another column.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again when the selected card moves column
  useEffect(() => {
    if (focusAsked === 0 || selectedId === null) return;
    document.getElementById(`board-card-${selectedId}`)?.focus();
  }, [focusAsked, selectedId, selectedStatus]);

  // The bump bar: 1–9, arrows, Space / Enter, U and "?" (docs/shop-rules.md#the-counter).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(TYPING) || document.querySelector('dialog[open]')) return;
      const { key } = event;
      if (key === '?') {
        event.preventDefault();
        setKeysOpen(true);
      } else if (key === 'Escape') {
        setSelectedId(null);
      } else if (key === ' ' || key === 'Enter') {
        // A focused button, link or summary does its own thing.
        if (selectedId === null || target?.closest('button, a, summary')) return;
        event.preventDefault();
        document.querySelector<HTMLButtonElement>(`#board-card-${selectedId} [data-onward]`)?.click();
        setFocusAsked((n) => n + 1);
      } else if (key === 'u' || key === 'U') {
        const id = selectedId ?? recent[0]?.id;
        if (id === undefined || undo.isPending) return;
        event.preventDefault();
        undo.mutate(id);
        setFocusAsked((n) => n + 1);
      } else if (/^[1-9]$/.test(key) || key.startsWith('Arrow')) {
        const next = selectAfterKey(grid, selectedId, key);
        if (next === null) return;
        event.preventDefault();
        setSelectedId(next);
        setFocusAsked((n) => n + 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [grid, selectedId, recent, undo]);

  useEffect(
    () =>
      onOrderEvent(({ type, order }) => {
        if (type !== 'created') return;
        const items = order.items.map((l) => `${l.qty} × ${l.product_name}`).join(', ');
        const text = translate('admin.board.newOrderNews', { number: order.number, name: order.customer.display_name, items });
        setAnnouncement(text);
        if (soundWanted) playChime();
        if (notify === 'shown' && document.visibilityState === 'hidden') {
          void showNotification(translate('admin.board.newOrder', { number: order.number }), text, `order-${order.id}`).then((result) => {
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
      {/* One row on a 1024 px tablet: the station, how the counter is doing, then the screen's own switches. */}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <StationSwitch station={station} onChange={onStationChange} />
        <div className="mr-auto flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1">
          <PrepTimes />
          <LiveStatus />
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" aria-pressed={soundWanted} onClick={() => void toggleSound()} className={TOOL_BUTTON}>
            {t(soundWanted ? (soundOn ? 'admin.board.soundOn' : 'admin.board.soundWaiting') : 'admin.board.soundOff')}
          </button>
          {notificationsSupported() && (
            <button type="button" aria-pressed={notify === 'shown'} onClick={() => void toggleNotify()} className={TOOL_BUTTON}>
              {t(notify === 'shown' ? 'admin.board.notifyOn' : 'admin.board.notifyOff')}
            </button>
          )}
          <button type="button" aria-haspopup="dialog" onClick={() => setKeysOpen(true)} className={TOOL_BUTTON}>
            {t('admin.board.keysButton')} <kbd className="font-sans">?</kbd>
          </button>
        </div>
      </div>
      {notify === 'denied' && <p className="text-sm text-roast">{t('admin.board.notifyDenied')}</p>}
      {notify === 'unsupported' && <p className="text-sm text-roast">{t('admin.board.notifyUnsupported')}</p>}
      <p aria-live="polite" className="sr-only" data-testid="board-announcement">
        {announcement}
      </p>

      {board.isPending && <PageSpinner />}
      {board.isError && (
        <ErrorMessage message={errorMessage(board.error)} onRetry={canRetry(board.error) ? () => board.refetch() : undefined} />
      )}
      {board.data && (
        <>
          <AllDayStrip counts={counts} />
          <RecentlyDoneStrip orders={recent} />
          <LaterStrip orders={later} leadMinutes={leadMinutes} />
          <BoardColumns
            orders={orders}
            now={now}
            lateAfterMinutes={lateAfterMinutes}
            undoLeft={undoLeft}
            selectedId={selectedId}
            keyNumbers={keyNumbers}
            onSelect={setSelectedId}
          />
        </>
      )}
      <BoardKeysHelp open={keysOpen} onClose={() => setKeysOpen(false)} />
    </div>
  );
}
