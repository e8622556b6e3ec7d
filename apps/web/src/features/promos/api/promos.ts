import { useQuery } from '@tanstack/react-query';
import type { Promo } from '@kopi/shared';
import { apiRequest } from '../../../lib/api-client';

export const promoKeys = {
  all: ['promos'] as const,
  list: (sessionId: number | undefined) => ['promos', 'list', sessionId ?? 'visitor'] as const,
  detail: (id: number) => ['promos', 'detail', id] as const,
};

/** The token goes along when there is one: admins also see expired promos. */
export function usePromos(sessionId: number | undefined) {
  return useQuery({
    queryKey: promoKeys.list(sessionId),
    queryFn: async ({ signal }) => (await apiRequest<Promo[]>('/promos/get', { signal })).data,
  });
}

export function usePromo(id: number) {
  return useQuery({
    queryKey: promoKeys.detail(id),
    queryFn: async ({ signal }) => (await apiRequest<Promo>(`/promos/${id}`, { signal })).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

export async function createPromo(form: FormData): Promise<Promo> {
  return (await apiRequest<Promo>('/promos', { method: 'POST', body: form })).data;
}

export async function updatePromo(id: number, form: FormData): Promise<Promo> {
  return (await apiRequest<Promo>(`/promos/${id}`, { method: 'PATCH', body: form })).data;
}
