import { STATUS } from '@kopi/shared';
import { useT } from '../../../lib/i18n';
import { nameOf, STATUS_KEYS } from '../../../lib/names';

/** Each status's colours (its name is the page's language's, else the order's). */
const TONE: Record<number, string> = {
  // Waiting for the customer to pay: outlined, apart from the shop's own steps.
  [STATUS.awaitingPayment]: 'bg-white text-caramel-dark ring-1 ring-caramel-dark',
  [STATUS.pending]: 'bg-crema text-espresso',
  [STATUS.preparing]: 'bg-honey/40 text-espresso',
  [STATUS.ready]: 'bg-leaf text-white',
  [STATUS.done]: 'bg-roast/10 text-roast',
  [STATUS.cancelled]: 'bg-berry/10 text-berry',
};

export function StatusBadge({ statusId, name }: { statusId: number; name: string }) {
  const t = useT();
  return (
    <p className="mt-1">
      <span
        className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${TONE[statusId] ?? 'bg-crema'}`}
        data-testid="status-badge"
      >
        {nameOf(t, STATUS_KEYS, statusId, name)}
      </span>
    </p>
  );
}
