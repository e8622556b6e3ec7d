import { type ComponentType, useEffect, useState } from 'react';

/**
 * Draws a component fetched only once `when` first holds (the offline banner, the update prompt, the
 * sender of saved orders): every page's first load stays within its budget. Not React.lazy: a chunk
 * that cannot be fetched would take the page down; here the console says why and the page goes on.
 * A chunk that could not be fetched is fetched again when the network comes back: on a first visit
 * the service worker may not have kept it yet, and an order saved offline must still leave once the
 * phone is online (the browser does not keep a failed import).
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
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!when || Loaded) return;
    if (failed) {
      const again = () => setFailed(false);
      window.addEventListener('online', again, { once: true });
      return () => window.removeEventListener('online', again);
    }
    let current = true;
    load().then(
      (component) => current && setLoaded(() => component),
      (error: unknown) => {
        console.error('A part of the page could not be loaded:', error);
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [when, Loaded, load, failed]);
  return when && Loaded ? <Loaded {...props} /> : null;
}
