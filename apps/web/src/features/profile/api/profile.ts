import { isLocale, type Locale, type Profile } from '@kopi/shared';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationReactions } from '../../../lib/mutation-reactions';

export const profileQueries = {
  mine: (sessionId: number | undefined) =>
    queryOptions({
      queryKey: ['profile', sessionId ?? 0],
      queryFn: async ({ signal }) => (await apiRequest<Profile>('/users/profile', { signal })).data,
      enabled: sessionId !== undefined,
    }),
};

export function useUpdateProfile({ onSuccess, ...reactions }: MutationReactions<Profile, FormData> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: async (form: FormData) => (await apiRequest<Profile>('/users/profile', { method: 'PATCH', body: form })).data,
    onSuccess: (...args) => {
      // The server answers with the saved profile: no need to ask for it again.
      const [saved] = args;
      queryClient.setQueryData(profileQueries.mine(saved.id).queryKey, saved);
      return onSuccess?.(...args);
    },
  });
}

/** The language the account reads; null until its owner chooses one (any device's switch). */
export function accountLocale(profile: Profile | undefined): Locale | null {
  const locale = (profile as { locale?: unknown } | undefined)?.locale;
  return isLocale(locale) ? locale : null;
}

/** The account's language saves, one after the other (saveAccountLocale); never rejects. */
let localeSaves: Promise<unknown> = Promise.resolve();

/**
 * Keeps the language chosen with the switch on the account, so it follows the person to another device.
 * A plain call rather than a mutation hook: the switch is on every page and has no pending state to show.
 * Each save waits for the one before it, whatever became of that one: two taps in a row sent at once
 * could reach the server in either order and leave the account in the language the person left.
 */
export function saveAccountLocale(queryClient: QueryClient, locale: Locale): Promise<Profile> {
  const save = localeSaves.then(() => sendAccountLocale(queryClient, locale));
  localeSaves = save.catch(() => undefined); // the chain never fails; a save's failure is its caller's to show
  return save;
}

async function sendAccountLocale(queryClient: QueryClient, locale: Locale): Promise<Profile> {
  // The profile route reads a multipart form; a form with the language alone changes nothing else.
  const form = new FormData();
  form.set('locale', locale);
  const saved = (await apiRequest<Profile>('/users/profile', { method: 'PATCH', body: form })).data;
  queryClient.setQueryData(profileQueries.mine(saved.id).queryKey, saved);
  return saved;
}
