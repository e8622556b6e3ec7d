import { useState } from 'react';
import { LiveStatus } from '../../components/live-status';
import { ButtonLink } from '../../components/ui/button';
import { PendingOrderPanel } from '../../features/orders/components/pending-order-panel';
import { type MessageKey, useT } from '../../lib/i18n';

const STEPS: MessageKey[] = ['admin.manage.stepOrder', 'admin.manage.stepCheckout', 'admin.manage.stepFinish'];

/** Manage order: every customer's pending orders, oldest first (docs/decisions/spec-fidelity.md#fixed). */
export function ManageOrderPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold">{t('admin.manage.heading')}</h1>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/manageorder/board" variant="ghost" className="py-2">
            {t('admin.manage.boardLink')}
          </ButtonLink>
          <ButtonLink to="/manageorder/tables" variant="ghost" className="py-2">
            {t('admin.manage.tablesLink')}
          </ButtonLink>
        </div>
      </div>
      <LiveStatus />
      <ol aria-label={t('admin.manage.steps')} className="flex flex-wrap gap-2 text-sm font-semibold">
        {STEPS.map((step, index) => (
          <li
            key={step}
            aria-current={index === STEPS.length - 1 ? 'step' : undefined}
            className={`rounded-full px-4 py-1.5 ${index === STEPS.length - 1 ? 'bg-caramel-dark text-white' : 'bg-crema text-roast'}`}
          >
            {index + 1}. {t(step)}
          </li>
        ))}
      </ol>
      <PendingOrderPanel page={page} onPage={setPage} cardTitle={t('deliveryOrder')} />
    </section>
  );
}
