import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { t } from './i18n';

/**
 * A form resolver whose schema module (and zod with it, about 40 KB gzipped) is fetched on the
 * first validation instead of with the page, so that every first load stays within its budget (docs/architecture.md#tests-and-targets).
 * When that fetch fails (no connection), the form gets a `root` error saying so instead of a submit
 * that silently does nothing; the next submit tries again.
 */
export function lazyResolver<TValues extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TValues, unknown, TOutput>>,
): Resolver<TValues, unknown, TOutput> {
  let loaded: Promise<Resolver<TValues, unknown, TOutput>> | undefined;
  return async (values, context, options) => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined; // let the next submit try again (e.g. after a dropped connection)
      throw error;
    });
    let resolver: Resolver<TValues, unknown, TOutput>;
    try {
      resolver = await loaded;
    } catch {
      const errors = { root: { type: 'network', message: t('error.network') } } as FieldErrors<TValues>;
      return { values: {}, errors };
    }
    return resolver(values, context, options);
  };
}
