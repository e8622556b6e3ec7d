import { useSyncExternalStore } from 'react';
import { currentLocale } from './i18n';

// Registers the shop's service worker (sw/service-worker.js, docs/decisions/offline-and-caching.md)
// once the page has loaded, and tells the page what it says: a new version waits for the person's
// "Reload", and the menu changed under a page that showed the stored one (what it says of the orders
// saved offline, app/saved-orders-sender.tsx hears itself). main.tsx imports this module for its effect.

type Listener = () => void;

let waiting: ServiceWorker | null = null;
let agreed = false;
const updateListeners = new Set<Listener>();
const menuListeners = new Set<Listener>();

/** A version that finished installing while this page runs on another one: offered, never forced. */
function offer(worker: ServiceWorker): void {
  waiting = worker;
  for (const listener of updateListeners) listener();
}

function watch(registration: ServiceWorkerRegistration): void {
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
    });
  });
}

async function register(): Promise<void> {
  try {
    watch(await navigator.serviceWorker.register('/sw.js'));
  } catch (error) {
    // The shop works without it, only not offline; the console says why (a private window, a plain-http origin).
    console.warn('The service worker could not be registered:', error);
  }
}

// Not when the server renders a first view (entry-server.tsx): there is no browser there.
if (import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // Only the version the person agreed to reloads the page. The first install takes over silently
    // and keeps the menu and pictures this page loaded before it (the worker keeps only those), so
    // they open offline too.
    if (agreed) window.location.reload();
    else
      navigator.serviceWorker.controller?.postMessage({
        type: 'keep',
        // The page itself too: one the server rendered carries the menu it shows.
        urls: [window.location.href, ...performance.getEntriesByType('resource').map((e) => e.name)],
        // The menu's answers are in the page's language, and are kept for it (they vary on it).
        locale: currentLocale(),
      });
  });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === 'menu-updated') for (const listener of menuListeners) listener();
  });
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

/** Whether a new version waits for the person's agreement. */
export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      updateListeners.add(listener);
      return () => {
        updateListeners.delete(listener);
      };
    },
    () => waiting !== null,
    () => false,
  );
}

/** The person agreed: the waiting version takes over, and the page reloads on it. */
export function applyUpdate(): void {
  if (!waiting) return;
  agreed = true;
  waiting.postMessage({ type: 'skip-waiting' });
}

/** Called when the worker found a newer menu than the one it answered from its cache. */
export function onMenuUpdated(listener: Listener): () => void {
  menuListeners.add(listener);
  return () => {
    menuListeners.delete(listener);
  };
}
