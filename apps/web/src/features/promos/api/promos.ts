import type { Promo } from '@kopi/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationReactions } from '../../../lib/mutation-reactions';

const PROMOS_KEY = ['promos'] as const;

export const promoQueries = {
  /** The token goes along when there is one: admins also see expired promos. */
  list: (sessionId: number | undefined) =>
    queryOptions({
      queryKey: [...PROMOS_KEY, 'list', sessionId ?? 'visitor'],
      queryFn: async ({ signal }) => (await apiRequest<Promo[]>('/promos/get', { signal })).data,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...PROMOS_KEY, 'detail', id],
      queryFn: async ({ signal }) => (await apiRequest<Promo>(`/promos/${id}`, { signal })).data,
      enabled: Number.isInteger(id) && id > 0,
    }),
};

/** Every list and detail may show the saved promo: they all load again. */
function useSavedPromo<TVariables>(
  save: (variables: TVariables) => Promise<Promo>,
  { onSuccess, ...reactions }: MutationReactions<Promo, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: save,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: PROMOS_KEY });
      await onSuccess?.(...args);
    },
  });
}

export function useCreatePromo(reactions: MutationReactions<Promo, FormData> = {}) {
  return useSavedPromo(async (form: FormData) => (await apiRequest<Promo>('/promos', { method: 'POST', body: form })).data, reactions);
}

export interface PromoUpdate {
  id: number;
  form: FormData;
}

export function useUpdatePromo(reactions: MutationReactions<Promo, PromoUpdate> = {}) {
  return useSavedPromo(
    async ({ id, form }: PromoUpdate) => (await apiRequest<Promo>(`/promos/${id}`, { method: 'PATCH', body: form })).data,
    reactions,
  );
}
