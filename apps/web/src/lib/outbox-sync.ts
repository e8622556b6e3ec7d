import { CACHE_NAMES } from './cache-names';

/**
 * What the service worker (sw/service-worker.js, which the build gives it) and the pages share for the
 * orders saved offline (docs/decisions/background-sync.md): the Background Sync tag, the Web Lock, the
 * caches, and where a send and its answer are kept in them (addresses of this origin that nothing
 * serves, followed by the order's Idempotency-Key).
 */
export const OUTBOX_SYNC = {
  tag: 'kopi-outbox',
  lock: 'kopi:outbox',
  /** Each send carries its session's token: a private cache, which logout drops (the page sends after sign-in). */
  sendsCache: `${CACHE_NAMES.privatePrefix}outbox-sends`,
  /**
   * The shop's answers, kept until a page of the account shows them. They hold the order (a name,
   * an address, its items): private too, so a logout on a shared phone drops them (the account's
   * next sign-in sends its saved order again, and its key answers the order placed).
   */
  answersCache: `${CACHE_NAMES.privatePrefix}outbox-answers`,
  sendPrefix: '/outbox/sends/',
  answerPrefix: '/outbox/answers/',
} as const;
