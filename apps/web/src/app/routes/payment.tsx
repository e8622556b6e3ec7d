import { ROLES } from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Checkout } from '../../features/checkout/components/checkout';
import { PendingOrderPanel } from '../../features/orders/components/pending-order-panel';
import { profileQueries } from '../../features/profile/api/profile';
import { shopQueries, useRefreshShop } from '../../features/shop/api/shop';
import { SchedulePicker } from '../../features/shop/components/schedule-picker';
import { useT } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { useTableSeat } from '../../lib/table-seat';
import { RequireRole } from './require-role';

/**
 * Cart and checkout (docs/decisions/spec-fidelity.md#kept-word-for-word): customers pay for their cart, admins finish the oldest pending
 * order.
 */
export function PaymentPage() {
  const session = useSession();
  const seat = useTableSeat();
  // A guest who scanned a table's code checks out without an account (docs/shop-rules.md#orders-from-the-table);
  // anyone else needs a session, as before.
  if (!session && seat) return <CustomerPayment sessionId={undefined} />;
  return (
    <RequireRole roles={ANY_ROLE}>
      {session?.role === ROLES.admin ? <AdminPayment /> : <CustomerPayment sessionId={session?.id} />}
    </RequireRole>
  );
}

const ANY_ROLE = [ROLES.user, ROLES.admin] as const;

function AdminPayment() {
  const [page, setPage] = useState(1);
  const t = useT();
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{t('checkoutAdminHeading')}</h1>
      <PendingOrderPanel page={page} onPage={setPage} cardTitle={t('deliveryOrder')} />
    </section>
  );
}

/** The checkout (features/checkout), handed what other features know: the profile's address, the shop's hours and slots. */
function CustomerPayment({ sessionId }: { sessionId: number | undefined }) {
  const profile = useQuery(profileQueries.mine(sessionId));
  const shop = useQuery(shopQueries.info());
  const refreshShop = useRefreshShop();
  return (
    <Checkout
      sessionId={sessionId}
      savedAddress={profile.data?.address}
      shop={shop.data}
      refreshShop={refreshShop}
      renderSchedule={(value, onChange) => <SchedulePicker value={value} onChange={onChange} />}
    />
  );
}
