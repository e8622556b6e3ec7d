import { createLocalStore, useLocalStore } from '../../../lib/local-store';

/** Where the outbox (api/outbox.ts) keeps the orders confirmed offline, in localStorage. */
export const OUTBOX_KEY = 'kopi:outbox';

/**
 * Whether the outbox holds anything at all, read without loading the outbox's code: every page's
 * first load stays light, and the sender is fetched only when there is something to send.
 */
const anythingSaved = createLocalStore([OUTBOX_KEY], ([raw]) => raw !== null && raw !== '[]', false);

export function useAnythingSaved(): boolean {
  return useLocalStore(anythingSaved);
}
