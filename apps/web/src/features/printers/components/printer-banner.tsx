import { can } from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { printerQueries } from '../api/printers';

/**
 * "Printer Bar is offline" on the till and the order board, for each printer whose last job did not
 * print, until it prints again (docs/shop-rules.md#receipts-and-printers). Asked every 10 seconds.
 */
export function PrinterBanner() {
  const t = useT();
  const session = useSession();
  const status = useQuery({ ...printerQueries.status(), enabled: can(session?.role, 'kitchen') });
  const offline = (status.data ?? []).filter((printer) => !printer.online);
  if (offline.length === 0) return null;
  return (
    <div role="status" className="space-y-1 rounded-2xl bg-berry/10 px-4 py-3 font-semibold text-berry" data-testid="printer-offline">
      {offline.map((printer) => (
        <p key={printer.name}>{t('admin.printers.offline', { name: printer.name })}</p>
      ))}
    </div>
  );
}
