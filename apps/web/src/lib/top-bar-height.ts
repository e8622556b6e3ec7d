// The top bar's height (components/layout/top-bar.tsx), for the toasts that come under it (index.css,
// lib/toast.ts, app/toasts.tsx), set as a custom property on the toasts' own elements. Set on <html>,
// it restyled every element of the page the moment the bar was first measured: on `/product` one task
// of 20–53 ms on this project's machine, ×4 on a phone, just as the page was taken over
// (docs/benchmarks.md#first-visit).

let height = 0;
const listeners = new Set<() => void>();

/** The bar's height in px (0 while no bar is drawn). */
export function topBarHeight(): number {
  return height;
}

export function setTopBarHeight(px: number): void {
  if (px === height) return;
  height = px;
  for (const listener of listeners) listener();
}

export function onTopBarHeight(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The custom property the toasts' styles read, with its value now. */
export function topBarHeightStyle(): Record<'--top-bar-height', string> {
  return { '--top-bar-height': `${height}px` };
}
