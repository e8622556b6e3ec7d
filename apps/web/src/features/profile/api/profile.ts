import { isLocale, type Locale, type Profile } from '@kopi/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
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

/** Keeps the language chosen with the switch on the account, so it follows the person to another device. */
export function useSaveLocale(reactions: MutationReactions<Profile, Locale> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: async (locale: Locale) => {
      // The profile route reads a multipart form; a form with the language alone changes nothing else.
      const form = new FormData();
      form.set('locale', locale);
      return (await apiRequest<Profile>('/users/profile', { method: 'PATCH', body: form })).data;
    },
    onSuccess: (...args) => {
      const [saved] = args;
      queryClient.setQueryData(profileQueries.mine(saved.id).queryKey, saved);
      return reactions.onSuccess?.(...args);
    },
  });
}
