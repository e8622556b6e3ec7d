import { API_BASE, type PickupBoard } from '@kopi/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { playChime, soundReady, unlockSound } from '../../../lib/chime';
import { useT } from '../../../lib/i18n';
import { shopName } from '../../../lib/shop-name';
import { useEventSource } from '../../../lib/use-event-source';
import { arrivedNumbers, keyedByNumber } from '../pickup-entries';

const STREAM_URL = `${API_BASE}/status/events`;
/** How long a number that just became Ready stands out. */
const HIGHLIGHT_MS = 8_000;

type Entry = PickupBoard['ready'][number];

function Column({ title, entries, fresh, tone }: { title: string; entries: Entry[]; fresh?: Set<number>; tone: 'preparing' | 'ready' }) {
  const ready = tone === 'ready';
  return (
    <section aria-labelledby={`pickup-${tone}`} className="flex min-h-0 flex-col" data-testid={`pickup-${tone}`}>
      <h2
        id={`pickup-${tone}`}
        className={`px-10 py-6 font-display text-6xl font-bold ${ready ? 'bg-leaf text-white' : 'bg-espresso text-crema'}`}
      >
        {title}
      </h2>
      <ol className="flex flex-1 flex-col gap-4 overflow-hidden p-8">
        {keyedByNumber(entries).map(({ entry, key }) => {
          const isFresh = fresh?.has(entry.number);
          return (
            <li
              key={key}
              data-testid="pickup-entry"
              className={`flex items-baseline gap-8 rounded-3xl px-8 py-4 transition-colors duration-700 ${
                isFresh ? 'bg-honey ring-8 ring-leaf' : ready ? 'bg-leaf/10' : 'bg-white'
              }`}
            >
              <span className={`font-display text-8xl font-bold tabular-nums ${ready && !isFresh ? 'text-leaf' : 'text-espresso'}`}>
                #{entry.number}
              </span>
              <span className="truncate text-6xl font-semibold text-espresso">{entry.name}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * The board the server wrote into the page (apps/api/src/plugins/first-view/first-view-pages.ts) when
 * /status was opened; the stream's first board replaces it.
 */
function boardInPage(): PickupBoard | null {
  if (typeof document === 'undefined') return null;
  const script = document.getElementById('pickup-board');
  if (!script) return null;
  try {
    return JSON.parse(script.textContent ?? '') as PickupBoard;
  } catch {
    return null;
  }
}

/**
 * The pick-up screen (docs/shop-rules.md#the-pick-up-screen): a TV above the counter, live from a
 * public stream of numbers and first names only. A number arriving in Ready chimes and stands out.
 * Its first board comes with the page, so the numbers show while the stream connects.
 */
export function PickupBoardScreen({ controls }: { controls?: ReactNode }) {
  const t = useT();
  const [board, setBoard] = useState<PickupBoard | null>(boardInPage);
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const [sound, setSound] = useState(soundReady());
  // The numbers already Ready when the page came: only those after them are announced.
  const known = useRef<number[] | null>(board ? board.ready.map((entry) => entry.number) : null);

  const phase = useEventSource(STREAM_URL, 'board', (data) => {
    const next = JSON.parse(data) as PickupBoard;
    const readyNow = next.ready.map((entry) => entry.number);
    // The first board is what is already there: nothing to announce.
    const arrived = known.current ? arrivedNumbers(known.current, readyNow) : [];
    known.current = readyNow;
    setBoard(next);
    if (arrived.length > 0) {
      playChime();
      setFresh((now) => new Set([...now, ...arrived]));
      window.setTimeout(() => setFresh((now) => new Set([...now].filter((number) => !arrived.includes(number)))), HIGHLIGHT_MS);
    }
  });

  const pageTitle = t('pickup.title', { shop: shopName() });
  useEffect(() => {
    const title = document.title;
    document.title = pageTitle;
    return () => {
      document.title = title;
    };
  }, [pageTitle]);

  return (
    <div className="relative flex h-screen flex-col overflow-hidden bg-foam text-espresso">
      <h1 className="sr-only">{t('pickup.heading')}</h1>
      <div className="grid min-h-0 flex-1 grid-cols-2 divide-x-4 divide-espresso/20">
        <Column title={t('pickup.preparing')} entries={board?.preparing ?? []} tone="preparing" />
        <Column title={t('pickup.ready')} entries={board?.ready ?? []} fresh={fresh} tone="ready" />
      </div>
      {/* Read aloud by a screen reader as numbers become ready; the chime says it to the room. */}
      <p className="sr-only" aria-live="polite">
        {[...fresh].map((number) => t('pickup.isReady', { number })).join(' ')}
      </p>
      <div className="absolute right-6 bottom-4 flex items-center gap-4 text-lg">
        {phase !== 'live' && (
          <p role="status" data-testid="pickup-connection" className="rounded-full bg-espresso/80 px-4 py-2 text-crema">
            {phase === 'connecting' ? t('pickup.connecting') : phase === 'offline' ? t('pickup.offline') : t('pickup.reconnecting')}
          </p>
        )}
        {!sound && (
          // Browsers play sound only after a tap on the page.
          <Button variant="secondary" className="min-h-11 rounded-full" onClick={() => void unlockSound().then(setSound)}>
            {t('pickup.chimeOn')}
          </Button>
        )}
        {controls}
      </div>
    </div>
  );
}
