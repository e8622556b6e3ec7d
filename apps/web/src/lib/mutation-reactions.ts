import type { UseMutationOptions } from '@tanstack/react-query';

/**
 * What a screen adds to a write hook of a feature's api: its toasts, navigation and form updates.
 * The hook keeps the cache right first (or last, where the screen must act before it) and calls these
 * as mutation options, so that they still run when the screen is left before the answer arrives.
 */
export type MutationReactions<TData, TVariables> = Pick<
  UseMutationOptions<TData, Error, TVariables>,
  'onSuccess' | 'onError' | 'onSettled'
>;
