import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { openShift, useShiftChanged } from '../api/till';
import { AmountInput } from './amount-input';

/** No shift open on this till: open one with the float, the cash in the drawer. */
export function OpenShift() {
  const t = useT();
  const shiftChanged = useShiftChanged();
  const floatId = useId();
  const [float, setFloat] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      shiftChanged(await openShift(float ?? 0));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="mx-auto max-w-md space-y-4 rounded-2xl bg-white p-6 shadow-sm" onSubmit={submit} aria-labelledby="open-shift-heading">
      <h2 id="open-shift-heading" className="text-2xl font-bold">
        {t('admin.till.noShift')}
      </h2>
      <p>{t('admin.till.noShiftText')}</p>
      <div className="space-y-1">
        <label htmlFor={floatId} className="block font-semibold">
          {t('admin.till.floatLabel')}
        </label>
        <AmountInput id={floatId} value={float} onChange={setFloat} placeholder="0" />
      </div>
      {error && <ErrorMessage message={error} />}
      <Button type="submit" busy={busy} className="min-h-12 w-full text-lg">
        {t('admin.till.openShift')}
      </Button>
    </form>
  );
}
