import type { TaxReport, TaxReportUnit } from '@kopi/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFile, apiRequest } from '../../../lib/api-client';

// The tax report (docs/shop-rules.md#the-tax-report): Done orders per shop day or month and order
// type. Without dates the server answers the current month up to today, in the shop's zone.

export interface TaxRange {
  from?: string;
  to?: string;
  by: TaxReportUnit;
}

const query = (range: TaxRange) => ({ ...(range.from && range.to ? { from: range.from, to: range.to } : {}), by: range.by });

export const taxQueries = {
  report: (range: TaxRange) =>
    queryOptions({
      queryKey: ['dashboard', 'tax', range.from ?? '', range.to ?? '', range.by],
      queryFn: async ({ signal }) => (await apiRequest<TaxReport>('/dashboard/tax', { query: query(range), signal })).data,
    }),
};

/** The report as the CSV the server writes, with its file name. */
export async function downloadTaxReport(range: TaxRange): Promise<{ filename: string; blob: Blob }> {
  const response = await apiFile('/dashboard/tax.csv', { query: query(range) });
  const filename = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'kopi-senja-tax.csv';
  return { filename, blob: await response.blob() };
}
