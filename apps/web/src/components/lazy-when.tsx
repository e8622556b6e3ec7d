import { type ComponentType, useEffect, useState } from 'react';

/**
 * Draws a component fetched only once `when` first holds (the offline banner, the update prompt, the
 * sender of saved orders): every page's first load stays within its budget. Not React.lazy: a chunk
 * that cannot be fetched would take the page down; here the console says why and the page goes on.
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
  useEffect(() => {
    if (!when || Loaded) return;
    let current = true;
    load().then(
      (component) => current && setLoaded(() => component),
      (error: unknown) => console.error('A part of the page could not be loaded:', error),
    );
    return () => {
      current = false;
    };
  }, [when, Loaded, load]);
  return when && Loaded ? <Loaded {...props} /> : null;
}
