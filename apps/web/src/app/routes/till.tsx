import { ROLES } from '@kopi/shared';
import { PrinterBanner } from '../../features/printers/components/printer-banner';
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
  const screen = (
    <>
      <PrinterBanner />
      <TillScreen />
    </>
  );
  if (tillKey) return screen;
  return (
    <RequireRole roles={COUNTER} noSessionTo="/login">
      {screen}
    </RequireRole>
  );
}
