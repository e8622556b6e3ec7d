import type { Profile } from '@kopi/shared';
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
