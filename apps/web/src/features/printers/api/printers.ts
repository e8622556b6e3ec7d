import type { PrinterStatus } from '@kopi/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** How often the staff's screens ask whether a printer is offline (docs/shop-rules.md#receipts-and-printers). */
const STATUS_EVERY_MS = 10_000;

export const printerQueries = {
  /** GET /printers/status: each printer of the settings, online or not. */
  status: () =>
    queryOptions({
      queryKey: ['printers', 'status'] as const,
      queryFn: async ({ signal }) => (await apiRequest<PrinterStatus[]>('/printers/status', { signal })).data,
      refetchInterval: STATUS_EVERY_MS,
    }),
};
