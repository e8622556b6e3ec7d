import type { CreateTableInput, DiningTable, TableByTokenSchema } from '@kopi/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, canRetry } from '../../../lib/api-client';
import type { MutationReactions } from '../../../lib/mutation-reactions';

const TABLES_KEY = ['tables'] as const;

export const tableQueries = {
  /** The dine-in tables, with the token each QR code encodes (Admin). */
  list: () =>
    queryOptions({
      queryKey: TABLES_KEY,
      queryFn: async ({ signal }) => (await apiRequest<DiningTable[]>('/tables', { signal })).data,
    }),
  /** The table a QR code names (public): its name, or a 404 for a token unknown or deleted. */
  at: (token: string) =>
    queryOptions({
      queryKey: [...TABLES_KEY, 'at', token],
      queryFn: async ({ signal }) =>
        (await apiRequest<z.infer<typeof TableByTokenSchema>>(`/tables/at/${encodeURIComponent(token)}`, { signal })).data,
      retry: (count, error) => canRetry(error) && count < 2,
    }),
};

export function useAddTable(reactions: MutationReactions<DiningTable, CreateTableInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: async (input: CreateTableInput) => (await apiRequest<DiningTable>('/tables', { method: 'POST', body: input })).data,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: TABLES_KEY });
      await reactions.onSuccess?.(...args);
    },
  });
}

export function useDeleteTable(reactions: MutationReactions<void, number> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: async (id: number) => {
      await apiRequest<unknown>(`/tables/${id}`, { method: 'DELETE' });
    },
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: TABLES_KEY });
      await reactions.onSuccess?.(...args);
    },
  });
}
