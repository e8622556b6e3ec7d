import { MSG } from '@kopi/shared';
import { useState } from 'react';
import { PendingOrderPanel } from '../../features/orders/components/pending-order-panel';

const STEPS = ['Order', 'Checkout', 'Finish Order'] as const;

/** spec §2 Manage order: every customer's pending orders, oldest first (DESIGN §2.3). */
export function ManageOrderPage() {
  const [page, setPage] = useState(1);
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">Manage order</h1>
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
