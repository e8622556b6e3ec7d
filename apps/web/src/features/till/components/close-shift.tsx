import { formatIDR, type ShiftReport } from '@kopi/shared';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorMessage } from '../../../components/ui/error-message';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { closeShift, readPendingSale, useShiftChanged } from '../api/till';
import { AmountInput } from './amount-input';
import { ZReport } from './z-report';

/** The rupiah's notes and coins, largest first (Rp 1.000 is both: counted once). */
const DENOMINATIONS = [100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100] as const;

/**
 * Closing, blind: the cashier counts the drawer first (a total, or note by note and coin by coin),
 * then sees what was expected and the variance: the Z report.
 */
export function CloseShift({ shiftId, onBack, onDone }: { shiftId: number | undefined; onBack: () => void; onDone: () => void }) {
  const t = useT();
  const shiftChanged = useShiftChanged();
  const countedId = useId();
  const [typed, setTyped] = useState<number | null>(null);
  const [count, setCount] = useState<Record<number, number>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<ShiftReport | null>(null);

  const counted = Object.entries(count).reduce((sum, [value, n]) => sum + Number(value) * n, 0);
  const byCount = Object.values(count).some((n) => n > 0);
  const total = byCount ? counted : typed;
  // A sale sent but not confirmed belongs to this shift: closed first, the sale would find no open
  // shift when it is sent again. It is sent (Try again) before the drawer is counted.
  const [unsent] = useState(() => readPendingSale() !== null);

  if (report) {
    return (
      <ZReport
        report={report}
        onDone={() => {
          shiftChanged(undefined);
          onDone();
        }}
      />
    );
  }

  const close = async () => {
    if (shiftId === undefined || total === null) return;
    setBusy(true);
    setError(null);
    try {
      const counts = byCount ? Object.fromEntries(Object.entries(count).filter(([, n]) => n > 0)) : undefined;
      setReport(await closeShift(shiftId, total, counts));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <section className="mx-auto max-w-3xl space-y-4 rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="close-heading">
      <h2 id="close-heading" className="text-2xl font-bold">
        {t('admin.till.closeHeading')}
      </h2>
      <p>{t('admin.till.closeText')}</p>
      <div className="grid gap-4 md:grid-cols-2">
        <fieldset className="space-y-2">
          <legend className="mb-2 font-semibold">{t('admin.till.byNote')}</legend>
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {DENOMINATIONS.map((value) => (
              <li key={value}>
                <label className="flex items-center gap-2">
                  <span className="w-28 shrink-0 text-right text-sm font-semibold sm:w-24">{formatIDR(value)}</span>
                  <span className="text-roast">×</span>
                  <input
                    inputMode="numeric"
                    className="min-h-11 w-full min-w-0 rounded-xl border border-roast/40 bg-white px-2 text-right text-lg"
                    aria-label={t('admin.till.howMany', { value: formatIDR(value) })}
                    value={count[value] ? String(count[value]) : ''}
                    placeholder="0"
                    onChange={(event) => {
                      const digits = event.target.value.replace(/\D/g, '').slice(0, 5);
                      setCount((current) => ({ ...current, [value]: digits ? Number(digits) : 0 }));
                    }}
                  />
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="space-y-3">
          <div className="space-y-1">
            <label htmlFor={countedId} className="block font-semibold">
              {t('admin.till.counted')}
            </label>
            {byCount ? (
              <output id={countedId} className="block min-h-12 rounded-xl bg-crema px-3 py-2 text-right text-2xl font-semibold">
                {formatIDR(counted)}
              </output>
            ) : (
              <AmountInput id={countedId} value={typed} onChange={setTyped} placeholder="0" />
            )}
          </div>
          {byCount && <p className="text-sm text-roast">{t('admin.till.countAdds')}</p>}
          {error && <ErrorMessage message={error} />}
          {unsent && (
            <p role="alert" className="rounded-xl border border-berry/30 bg-berry/5 p-3 font-semibold text-berry">
              {t('admin.till.unsentSale')}
            </p>
          )}
          <Button
            className="min-h-14 w-full text-lg"
            disabled={total === null || shiftId === undefined || unsent}
            onClick={() => setConfirming(true)}
          >
            {t('admin.till.closeSubmit')}
          </Button>
          <Button variant="ghost" className="min-h-11 w-full" onClick={onBack}>
            {t('admin.till.backToSale')}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        message={t('admin.till.closeConfirm', { amount: formatIDR(total ?? 0) })}
        confirmLabel={t('admin.till.closeSubmit')}
        cancelLabel={t('admin.cancel')}
        busy={busy}
        onConfirm={() => void close()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
