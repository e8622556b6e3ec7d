import type { ShiftReport } from '@kopi/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /shifts: the shifts opened in the last 30 days (the server's default range), newest first, each with its variance. */
export const shiftQueries = {
  recent: () =>
    queryOptions({
      queryKey: ['dashboard', 'shifts'],
      queryFn: async ({ signal }) => (await apiRequest<ShiftReport[]>('/shifts', { signal })).data,
      refetchInterval: 60_000,
    }),
};
