import type { Id, ToastContent, ToastOptions } from 'react-toastify';

// react-toastify (its script and the styles it injects) is fetched with a page's first toast, not with
// every page's first paint (docs/architecture.md#tests-and-targets: 150 KB of gzipped JavaScript).
// Toasts asked for while it loads are shown once its container is drawn (app/provider.tsx).

type Toastify = typeof import('react-toastify');

let toastify: Promise<Toastify> | undefined;
const listeners = new Set<() => void>();

/** Starts loading react-toastify (once) and tells the provider to draw its container. */
export function loadToasts(): Promise<Toastify> {
  if (!toastify) {
    toastify = import('react-toastify');
    for (const listener of listeners) listener();
  }
  return toastify;
}

/** Whether a toast was asked for yet: the provider draws the container from then on. */
export function toastsWanted(): boolean {
  return toastify !== undefined;
}

export function onToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Kind = 'success' | 'error' | 'info' | 'warn';

function show(kind: Kind) {
  return (content: ToastContent, options?: ToastOptions): void => {
    void loadToasts().then(({ toast }) => toast[kind](content, options));
  };
}

/** The part of react-toastify's `toast` the app uses; calls keep their order. */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warn: show('warn'),
  /** Nothing to dismiss before any toast was shown. */
  dismiss(id?: Id): void {
    void toastify?.then(({ toast }) => toast.dismiss(id));
  },
};
