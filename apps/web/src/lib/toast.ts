import type { Id, ToastContent, ToastOptions } from 'react-toastify';
import { topBarHeightStyle } from './top-bar-height';

// react-toastify (its script, and its stylesheet with app/toasts.tsx) is fetched with a page's first
// toast, not with every page's first paint (docs/architecture.md#tests-and-targets: the first load's budget of gzipped JavaScript).
// Toasts asked for while it loads are shown once its container is drawn (app/provider.tsx).

type Toastify = typeof import('react-toastify');

let toastify: Promise<Toastify> | undefined;
const listeners = new Set<() => void>();

function tell(): void {
  for (const listener of listeners) listener();
}

/** Starts loading react-toastify (once) and tells the provider to draw its container. */
export function loadToasts(): Promise<Toastify> {
  if (!toastify) {
    const loading = import('react-toastify');
    toastify = loading;
    // Not fetched (the connection is down): the next toast tries again.
    loading.catch(() => {
      if (toastify === loading) toastify = undefined;
      tell();
    });
    tell();
  }
  return toastify;
}

/** Whether a toast was asked for (and react-toastify not found missing since): the provider draws the container. */
export function toastsWanted(): boolean {
  return toastify !== undefined;
}

export function onToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const FALLBACK_MS = 5_000;

/**
 * A toast's words when react-toastify could not be fetched, most often because the connection is down
 * and that is what the toast says: a plain note at the top of the screen for five seconds.
 */
function fallback(content: ToastContent, kind: Kind, id?: Id): void {
  if (typeof content !== 'string') return;
  const key = String(id ?? content);
  const shown = [...document.querySelectorAll('[data-toast-fallback]')];
  if (shown.some((note) => note.getAttribute('data-toast-fallback') === key)) return;
  // One at a time, as with react-toastify: the new words replace the old.
  for (const note of shown) note.remove();
  const note = document.createElement('div');
  note.dataset.toastFallback = key;
  note.className =
    'Toastify fixed inset-x-4 top-[calc(var(--top-bar-height,0px)+0.5rem)] z-50 mx-auto max-w-sm rounded-lg bg-foam p-4 text-espresso shadow-lg';
  for (const [name, value] of Object.entries(topBarHeightStyle())) note.style.setProperty(name, value);
  note.setAttribute('role', kind === 'error' || kind === 'warn' ? 'alert' : 'status');
  note.textContent = content;
  document.body.append(note);
  setTimeout(() => note.remove(), FALLBACK_MS);
}

type Kind = 'success' | 'error' | 'info' | 'warn';

/**
 * One toast at a time (docs/decisions/spec-fidelity.md#rough-edges-dead-ends-words-and-dates): a new one
 * replaces the one on screen, whose words are no longer the news, rather than stacking under it.
 */
function replaceShown({ toast }: Toastify): void {
  toast.clearWaitingQueue();
  toast.dismiss();
}

function show(kind: Kind) {
  return (content: ToastContent, options?: ToastOptions): void => {
    loadToasts().then(
      (toastify) => {
        replaceShown(toastify);
        toastify.toast[kind](content, options);
      },
      () => fallback(content, kind, options?.toastId),
    );
  };
}

/** The part of react-toastify's `toast` the app uses; calls keep their order. */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warn: show('warn'),
  /** An error toast with this id: shown, or its words replaced when it is still on screen (no pile of the same error). */
  errorOnce(id: Id, content: ToastContent): void {
    loadToasts().then(
      (toastify) => {
        if (toastify.toast.isActive(id)) return toastify.toast.update(id, { render: content, type: 'error' });
        replaceShown(toastify);
        toastify.toast.error(content, { toastId: id });
      },
      () => fallback(content, 'error', id),
    );
  },
  /** Nothing to dismiss before any toast was shown. */
  dismiss(id?: Id): void {
    toastify?.then(
      ({ toast }) => toast.dismiss(id),
      () => {},
    );
  },
};
