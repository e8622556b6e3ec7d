import { OUTBOX_SYNC } from '../../../lib/outbox-sync';

// Background Sync for the orders saved offline (docs/decisions/background-sync.md): the page hands the
// service worker each order it keeps, and the worker sends it when the network is back, even with no
// page of the shop open, and keeps the shop's answer. The page's own sender (app/saved-orders-sender.tsx)
// reads that answer instead of sending again. Where the browser has no Background Sync (Firefox,
// Safari), nothing is handed over and the page sends on start and on `online`, as before.

/** Background Sync's part of the worker's registration (Chromium's; TypeScript's DOM types lack it). */
interface SyncManager {
  register(tag: string): Promise<void>;
}

/** What the worker needs to send an order as the page would. */
export interface BackgroundSend {
  key: string;
  order: unknown;
  /** The session's token: the cache it is kept in is dropped at logout (lib/session.ts). */
  token: string;
  /** The language the shop's answer is given in. */
  locale: string;
}

const sendAddress = (key: string) => OUTBOX_SYNC.sendPrefix + encodeURIComponent(key);
const answerAddress = (key: string) => OUTBOX_SYNC.answerPrefix + encodeURIComponent(key);

/** The registration of a worker that can be asked to sync, where the browser has Background Sync. */
async function syncingRegistration(): Promise<(ServiceWorkerRegistration & { sync: SyncManager }) | undefined> {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('caches' in window)) return undefined;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.active || !('sync' in registration)) return undefined;
  return registration as ServiceWorkerRegistration & { sync: SyncManager };
}

/**
 * Hands a saved order to the worker and asks for a sync. Answers whether the browser took it; when
 * it did not (no Background Sync, no worker yet), the page's sender is the only one, which is enough.
 */
export async function handToBackground(send: BackgroundSend): Promise<boolean> {
  const registration = await syncingRegistration();
  if (!registration) return false;
  await (await caches.open(OUTBOX_SYNC.sendsCache)).put(sendAddress(send.key), Response.json(send));
  await registration.sync.register(OUTBOX_SYNC.tag);
  return true;
}

/** A cache of the outbox's, if there is one (a page that never handed anything over makes none). */
async function existing(name: string): Promise<Cache | undefined> {
  if (typeof window === 'undefined' || !('caches' in window) || !(await caches.has(name))) return undefined;
  return caches.open(name);
}

/** Asks for a sync again while orders handed over still wait (a sync the browser gave up on has ended). */
export async function askForSync(): Promise<void> {
  const sends = await existing(OUTBOX_SYNC.sendsCache);
  const registration = sends && (await sends.keys()).length > 0 ? await syncingRegistration() : undefined;
  await registration?.sync.register(OUTBOX_SYNC.tag);
}

/** The shop's answer the worker got for the order of `key`, if it sent it. */
export async function backgroundAnswer(key: string): Promise<Response | undefined> {
  return (await existing(OUTBOX_SYNC.answersCache))?.match(answerAddress(key), { ignoreVary: true });
}

/** The order of `key` has left the outbox (its result shown, or cancelled): the worker neither sends it nor keeps its answer. */
export async function forgetInBackground(key: string): Promise<void> {
  await (await existing(OUTBOX_SYNC.sendsCache))?.delete(sendAddress(key));
  await (await existing(OUTBOX_SYNC.answersCache))?.delete(answerAddress(key));
}
