import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

const HydratedContext = createContext(false);

/**
 * Whether the page's controls are live. A page the server rendered is plain HTML until its scripts have
 * taken it over; its controls turn live once the take-over is done, then `<html data-hydrated>` says so.
 *
 * They turn live from an effect, which runs after the browser has painted the take-over: the
 * controls are drawn again in a task of their own, not in the take-over's (docs/benchmarks.md#first-visit).
 * A page drawn in the browser from the start (`hydrating` false) is live at once.
 */
export function HydratedProvider({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) setHydrated(true);
    else document.documentElement.dataset.hydrated = 'true';
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
