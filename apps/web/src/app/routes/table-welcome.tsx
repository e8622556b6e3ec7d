import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorMessage } from '../../components/ui/error-message';
import { PageSpinner } from '../../components/ui/spinner';
import { tableQueries } from '../../features/tables/api/tables';
import { ApiError, canRetry, errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { Navigate, useParams } from '../../lib/router';
import { setTableSeat } from '../../lib/table-seat';

/**
 * /t/:token, what a table's QR code opens (docs/shop-rules.md#orders-from-the-table): the table is
 * kept for this tab, and the menu opens with Dine In at that table.
 */
export function TableWelcomePage() {
  const token = useParams().token ?? '';
  const table = useQuery(tableQueries.at(token));
  const found = table.data;
  const t = useT();
  useEffect(() => {
    if (found) setTableSeat({ token, name: found.name });
  }, [found, token]);

  if (table.isPending) return <PageSpinner />;
  if (table.isError) {
    const unknown = table.error instanceof ApiError && table.error.status === 404;
    if (unknown) {
      return (
        <section className="mx-auto max-w-md space-y-4 rounded-3xl bg-white p-8 text-center shadow-sm">
          <h1 className="text-2xl font-bold">{t('tableFlow.unknown')}</h1>
          <p className="text-roast">{t('tableFlow.askStaff')}</p>
        </section>
      );
    }
    return <ErrorMessage message={errorMessage(table.error)} onRetry={canRetry(table.error) ? () => table.refetch() : undefined} />;
  }
  return <Navigate to="/product" replace />;
}
