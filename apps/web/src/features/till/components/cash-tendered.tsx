import { formatIDR } from '@kopi/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { cashSuggestions } from '../sale-model';
import { AmountInput } from './amount-input';

const QUICK = 'min-h-14 rounded-2xl bg-caramel-dark px-3 text-lg font-bold text-white shadow-sm hover:bg-roast disabled:opacity-50';

/**
 * What the customer handed over, in one tap where it can be: Exact, the next round notes above the
 * amount, or any amount typed. Used for a sale and for collecting an order's cash.
 */
export function CashTendered({ toPay, busy, onTender }: { toPay: number; busy: boolean; onTender: (amount: number) => void }) {
  const t = useT();
  const [tendered, setTendered] = useState<number | null>(null);
  return (
    <>
      <div className="grid grid-cols-2 gap-2">
        <button type="button" className={QUICK} disabled={busy} onClick={() => onTender(toPay)}>
          {t('admin.till.exact')}
        </button>
        {cashSuggestions(toPay).map((amount) => (
          <button key={amount} type="button" className={QUICK} disabled={busy} onClick={() => onTender(amount)}>
            {formatIDR(amount)}
          </button>
        ))}
      </div>
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (tendered !== null) onTender(tendered);
        }}
      >
        <AmountInput
          value={tendered}
          onChange={setTendered}
          aria-label={t('admin.till.otherAmount')}
          placeholder={t('admin.till.otherAmount')}
          className="min-w-0 flex-1 text-xl"
        />
        <Button type="submit" className="min-h-12" busy={busy} disabled={tendered === null}>
          {t('admin.till.charge')}
        </Button>
      </form>
      {tendered !== null && tendered < toPay && (
        <p className="text-sm text-berry">{t('admin.till.tooLittle', { total: formatIDR(toPay) })}</p>
      )}
    </>
  );
}
