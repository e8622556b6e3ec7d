import { createContext, type ReactElement, type ReactNode, Suspense, useContext, useEffect, useLayoutEffect, useState } from 'react';

const HydratedContext = createContext(false);

/**
 * Whether the page's controls are live. A page the server rendered is plain HTML until its scripts have
 * taken it over; its controls turn live once the take-over is done, and once every part taken over
 * later (`HydrateLater`) is live too, `<html data-hydrated>` says so.
 *
 * They turn live from an effect, which runs after the browser has painted the take-over: the
 * controls are drawn again in a task of their own, not in the take-over's (docs/benchmarks.md#first-visit).
 * A page drawn in the browser from the start (`hydrating` false) is live at once.
 */
export function HydratedProvider({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) setHydrated(true);
    else pageTakenOver();
  }, [hydrated]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/**
 * False while a page the server rendered is being taken over by its scripts (and in the server's
 * render), true once the app runs it. A button that would do nothing before then says so by being
 * disabled, instead of swallowing a tap (docs/decisions/first-view.md).
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/** A part of the page taken over after the rest (`HydrateLater`). */
interface LaterPart {
  /** What it was asked to draw in the page's first pass: what the server drew. */
  first: ReactElement;
  /** Its turn came: it may be taken over. */
  due: boolean;
  turn: Promise<void>;
}

let pageLive = false;
/** The parts not live yet: the page counts as taken over once none is left. */
const partsWaiting = new Set<LaterPart>();
/** The last part's turn: each part waits for the one before it, a task apart. */
let lastTurn = Promise.resolve();

function announceWhenAllLive() {
  if (pageLive && partsWaiting.size === 0) document.documentElement.dataset.hydrated = 'true';
}

function pageTakenOver() {
  pageLive = true;
  announceWhenAllLive();
}

function partLive(part: LaterPart) {
  if (partsWaiting.delete(part)) announceWhenAllLive();
}

function laterPart(first: ReactElement): LaterPart {
  lastTurn = lastTurn.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  const part: LaterPart = {
    first,
    due: false,
    turn: lastTurn.then(() => {
      part.due = true;
    }),
  };
  partsWaiting.add(part);
  return part;
}

/**
 * Takes `children` (one element: the server's HTML of it is kept as one node) over in a task of its
 * own after the rest of the page, when the page is being taken over: on a budget phone the take-over
 * is several short tasks, between which the browser answers a tap, instead of one long one
 * (docs/benchmarks.md#first-visit). Meanwhile the part stays as the server drew it, its buttons
 * disabled, its links plain links. Preact keeps a part's server HTML while the part is suspended and
 * takes it over where it stopped (its suspended hydration); the part is drawn as not yet live, as the
 * server drew it, then turns live in its own next task. Anywhere else it is just `children`.
 */
export function HydrateLater({ children }: { children: ReactElement }) {
  const takingOver = !useHydrated() && typeof document !== 'undefined';
  const [part] = useState(() => (takingOver ? laterPart(children) : null));
  // A part gone before its turn is not waited for: a table's page drops Set time as soon as it reads
  // the seat, in a layout effect, before this component's own effects would have run.
  useLayoutEffect(() => () => void (part && partLive(part)), [part]);
  if (!part) return children;
  return (
    <Suspense fallback={null}>
      <LaterGate part={part}>{children}</LaterGate>
    </Suspense>
  );
}

function LaterGate({ part, children }: { part: LaterPart; children: ReactElement }) {
  if (!part.due) throw part.turn;
  return <LivePart part={part}>{children}</LivePart>;
}

/**
 * Taken over as the server drew it: what the page asked for in its first pass, not yet live. Preact's
 * hydration keeps the server's attributes, so what changed meanwhile (the session read, a filter
 * tapped) is drawn once live, by an ordinary update that writes it.
 */
function LivePart({ part, children }: { part: LaterPart; children: ReactElement }) {
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!live) setLive(true);
    else partLive(part);
  }, [live, part]);
  return <HydratedContext value={live}>{live ? children : part.first}</HydratedContext>;
}
