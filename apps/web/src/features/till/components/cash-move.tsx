import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { moveCash, useShiftChanged } from '../api/till';
import { AmountInput } from './amount-input';

/** Cash put into the drawer or taken out of it, with its reason ("milk from the market"; required to take out). */
export function CashMoveDialog({ shiftId, onClose }: { shiftId: number; onClose: () => void }) {
  const t = useT();
  const shiftChanged = useShiftChanged();
  const [direction, setDirection] = useState<'in' | 'out'>('out');
  const amountId = useId();
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!amount) return;
    setBusy(true);
    setError(null);
    try {
      shiftChanged(await moveCash(shiftId, direction === 'in' ? amount : -amount, reason.trim()));
      setDone(t(direction === 'in' ? 'admin.till.cashInDone' : 'admin.till.cashOutDone'));
      setAmount(null);
      setReason('');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const choice = (value: 'in' | 'out', label: string) => (
    <button
      type="button"
      aria-pressed={direction === value}
      className={`min-h-12 flex-1 rounded-xl px-3 font-semibold ring-1 ring-roast/30 ${direction === value ? 'bg-espresso text-crema' : 'bg-white'}`}
      onClick={() => setDirection(value)}
    >
      {label}
    </button>
  );

  return (
    <ModalDialog open onClose={onClose} aria-label={t('admin.till.cashMove')} className="w-[min(94vw,30rem)] backdrop:bg-espresso/40">
      <form className="space-y-4" onSubmit={submit}>
        <h2 className="text-xl font-bold">{t('admin.till.cashMove')}</h2>
        <div className="flex gap-2">
          {choice('out', t('admin.till.cashOut'))}
          {choice('in', t('admin.till.cashIn'))}
        </div>
        <div className="space-y-1">
          <label htmlFor={amountId} className="block font-semibold">
            {t('admin.till.amount')}
          </label>
          <AmountInput id={amountId} value={amount} onChange={setAmount} placeholder="0" required />
        </div>
        <label className="block space-y-1">
          <span className="font-semibold">{direction === 'out' ? t('admin.till.reasonRequired') : t('admin.till.reason')}</span>
          <input
            className="block min-h-11 w-full rounded-xl border border-roast/40 bg-white px-3 py-2"
            value={reason}
            maxLength={200}
            required={direction === 'out'}
            placeholder={t('admin.till.reasonExample')}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        {error && <ErrorMessage message={error} />}
        {done && (
          <p role="status" className="rounded-xl bg-leaf/10 p-3 font-semibold text-leaf">
            {done}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <Button variant="ghost" className="min-h-11" onClick={onClose}>
            {t('admin.close')}
          </Button>
          <Button type="submit" busy={busy} className="min-h-11" disabled={!amount}>
            {t('admin.till.cashSave')}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
