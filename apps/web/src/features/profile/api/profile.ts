import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@kopi/shared';
import { apiRequest } from '../../../lib/api-client';

export const profileKeys = {
  mine: (sessionId: number) => ['profile', sessionId] as const,
};

export function useProfile(sessionId: number | undefined) {
  return useQuery({
    queryKey: profileKeys.mine(sessionId ?? 0),
    queryFn: async ({ signal }) => (await apiRequest<Profile>('/users/profile', { signal })).data,
    enabled: sessionId !== undefined,
  });
}

export async function updateProfile(form: FormData): Promise<Profile> {
  return (await apiRequest<Profile>('/users/profile', { method: 'PATCH', body: form })).data;
}
