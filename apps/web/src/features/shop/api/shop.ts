import type { DaySlots, Shop } from '@kopi/shared';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';

const SHOP_KEY = ['shop'] as const;

export const shopQueries = {
  /** Asked again every minute: "As soon as possible" must go when the shop closes, and come back. */
  info: () =>
    queryOptions({
      queryKey: [...SHOP_KEY, 'info'],
      queryFn: async ({ signal }) => (await apiRequest<Shop>('/shop', { signal })).data,
      refetchInterval: 60_000,
    }),
  /** The slots still to come of every day an order may be scheduled for, with their room: one request for the week. */
  week: () =>
    queryOptions({
      queryKey: [...SHOP_KEY, 'week'],
      queryFn: async ({ signal }) => (await apiRequest<DaySlots[]>('/shop/week', { signal })).data,
      staleTime: 15_000,
    }),
};

/** After an order is placed or refused, the room left in the slots has changed: load them again. */
export function useRefreshShop(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: SHOP_KEY }), [queryClient]);
}
