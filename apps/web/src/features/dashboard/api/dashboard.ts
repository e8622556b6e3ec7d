import type { Dashboard, DashboardPeriod } from '@kopi/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFile, apiRequest } from '../../../lib/api-client';
import type { MutationReactions } from '../../../lib/mutation-reactions';

const DASHBOARD_KEY = ['dashboard'] as const;

export const dashboardQueries = {
  /** The figures of the current day, week or month; asked again every minute while the page is open. */
  figures: (period: DashboardPeriod) =>
    queryOptions({
      queryKey: [...DASHBOARD_KEY, period],
      queryFn: async ({ signal }) => (await apiRequest<Dashboard>('/dashboard', { query: { period }, signal })).data,
      refetchInterval: 60_000,
    }),
};

/** PATCH /shop {monthly_revenue_goal}: the goal ring of every period shows the new goal. */
export function useSetMonthlyGoal(reactions: MutationReactions<number, number> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = reactions;
  return useMutation({
    ...rest,
    mutationFn: async (goal: number) =>
      (await apiRequest<{ monthly_revenue_goal: number }>('/shop', { method: 'PATCH', body: { monthly_revenue_goal: goal } })).data
        .monthly_revenue_goal,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
      await onSuccess?.(...args);
    },
  });
}

export interface ReportFile {
  filename: string;
  blob: Blob;
}

/**
 * Downloads the period's CSV report as it streams in, telling `onProgress` the share received
 * (0–1; the server announces its lines in X-Report-Lines, and each line ends with a line break).
 */
export async function downloadReport(
  period: DashboardPeriod,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<ReportFile> {
  const response = await apiFile('/dashboard/report.csv', { query: { period }, signal });
  const filename = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `kopi-senja-${period}.csv`;
  const total = Number(response.headers.get('x-report-lines') ?? 0) + 1; // and the header row
  const chunks: BlobPart[] = [];
  let lineBreaks = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      for (const byte of value) if (byte === 10) lineBreaks += 1;
      // A name may hold a line break: the share never claims more than 99 % before the end.
      onProgress(Math.min(0.99, lineBreaks / total));
    }
  } else {
    chunks.push(await response.blob());
  }
  onProgress(1);
  return { filename, blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }) };
}
