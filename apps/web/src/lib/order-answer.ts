// What the shop's answer to an order means, decided in one place for the three that send orders: the
// checkout, the page's sender of orders saved offline, and the service worker's. The build writes this
// function's source into the worker (sw/vite-plugin.ts), so it stays self-contained: no imports, and
// no name from outside it; the codes it names are the API's (packages/shared/src/error-codes.ts, checked
// by its test).

/**
 * Whether the shop's answer to `POST /transactions` (its status, and its error code if any) is final:
 * the order placed (2xx), or refused by a rule with nothing placed (4xx; a table already full, 429
 * `table_full`; a payment that could not be started, 502 `payment_unavailable`, whose order the shop
 * cancelled). Not final, so the same key is sent again later: no answer (0), a timeout (408), the
 * rate limit (429), an order still being placed (409 `order_in_progress`), any other 5xx.
 */
export function isFinalOrderAnswer(status: number, code: string | undefined): boolean {
  if (code === 'table_full' || code === 'payment_unavailable') return true;
  if (code === 'order_in_progress') return false;
  return (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 408 && status !== 429);
}
