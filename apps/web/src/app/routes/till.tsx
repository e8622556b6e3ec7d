import { ROLES } from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { PrinterBanner } from '../../features/printers/components/printer-banner';
import { shopQueries } from '../../features/shop/api/shop';
import { useTillKey } from '../../features/till/api/till';
import { TillScreen } from '../../features/till/components/till-screen';
import { RequireRole } from './require-role';

const COUNTER = [ROLES.admin, ROLES.cashier] as const;

/**
 * The till (docs/shop-rules.md#the-till-and-shifts): an Admin or a Cashier. A device signed in as a
 * till shows its names without a session (its staff switch it on by PIN); any other device needs
 * an Admin, who signs it in, or a Cashier, who is told to ask one.
 */
export function TillPage() {
  const tillKey = useTillKey();
  // QRIS at the counter where the shop takes online payments (docs/shop-rules.md#payments).
  const qris = useQuery(shopQueries.info()).data?.online_payments === true;
  const screen = (
    <>
      <PrinterBanner />
      <TillScreen qris={qris} />
    </>
  );
  if (tillKey) return screen;
  return (
    <RequireRole roles={COUNTER} noSessionTo="/login">
      {screen}
    </RequireRole>
  );
}
