import { MSG } from '@kopi/shared';
import { useState } from 'react';
import { ButtonLink } from '../../components/ui/button';
import { LiveStatus } from '../../features/orders/components/live-status';
import { PendingOrderPanel } from '../../features/orders/components/pending-order-panel';
import { ORDER_TEXT } from '../../features/orders/texts';

const STEPS = ['Order', 'Checkout', 'Finish Order'] as const;

/** Manage order: every customer's pending orders, oldest first (docs/decisions/spec-fidelity.md#fixed). */
export function ManageOrderPage() {
  const [page, setPage] = useState(1);
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold">Manage order</h1>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/manageorder/board" variant="ghost" className="py-2">
            {ORDER_TEXT.boardLink}
          </ButtonLink>
          <ButtonLink to="/manageorder/tables" variant="ghost" className="py-2">
            Tables and QR codes
          </ButtonLink>
        </div>
      </div>
      <LiveStatus />
      <ol aria-label="Steps" className="flex flex-wrap gap-2 text-sm font-semibold">
        {STEPS.map((step, index) => (
          <li
            key={step}
            aria-current={index === STEPS.length - 1 ? 'step' : undefined}
            className={`rounded-full px-4 py-1.5 ${index === STEPS.length - 1 ? 'bg-caramel-dark text-white' : 'bg-crema text-roast'}`}
          >
            {index + 1}. {step}
          </li>
        ))}
      </ol>
      <PendingOrderPanel page={page} onPage={setPage} cardTitle={MSG.deliveryOrder} />
    </section>
  );
}
