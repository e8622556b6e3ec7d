import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose schema module (and zod with it, about 40 KB gzipped) is fetched on the
 * first validation instead of with the page, so that every first load stays within DESIGN §8.
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
    const resolver = await loaded;
    return resolver(values, context, options);
  };
}
