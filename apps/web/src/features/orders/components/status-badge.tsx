import { STATUS } from '@kopi/shared';

/** Each status's colours (its name comes from the order, i.e. from STATUSES). */
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
  return (
    <p className="mt-1">
      <span
        className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${TONE[statusId] ?? 'bg-crema'}`}
        data-testid="status-badge"
      >
        {name}
      </span>
    </p>
  );
}
