import { type ComponentType, useEffect, useState } from 'react';
import { onceBackOnline, onlineReturns } from '../lib/use-online';

/**
 * Draws a component fetched only once `when` first holds (the offline banner, the update prompt, the
 * sender of saved orders): every page's first load stays within its budget. Not React.lazy: a chunk
 * that cannot be fetched would take the page down; here the console says why and the page goes on.
 * A chunk that could not be fetched is fetched again when the network comes back: on a first visit
 * the service worker may not have kept it yet, and an order saved offline must still leave once the
 * phone is online (the browser does not keep a failed import). The network may come back before the
 * failure is known, or before this component listens again (effects run after a paint): every
 * `online` event since the failed fetch began counts, once.
 */
export function LazyWhen<Props extends object>({
  when,
  load,
  props,
}: {
  when: boolean;
  load: () => Promise<ComponentType<Props>>;
  props: Props;
}) {
  const [Loaded, setLoaded] = useState<ComponentType<Props> | null>(null);
  /** Failed: the count of `online` events when the failed fetch began; null: not failed. */
  const [failedSince, setFailedSince] = useState<number | null>(null);
  useEffect(() => {
    if (!when || Loaded) return;
    if (failedSince !== null) return onceBackOnline(failedSince, () => setFailedSince(null));
    let current = true;
    const startedAt = onlineReturns();
    load().then(
      (component) => current && setLoaded(() => component),
      (error: unknown) => {
        console.error('A part of the page could not be loaded:', error);
        if (current) setFailedSince(startedAt);
      },
    );
    return () => {
      current = false;
    };
  }, [when, Loaded, load, failedSince]);
  return when && Loaded ? <Loaded {...props} /> : null;
}
