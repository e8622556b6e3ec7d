import { QTY_MAX } from '@kopi/shared';
import { useT } from '../../lib/i18n';
import { useHydrated } from '../../lib/use-hydrated';

interface QtyStepperProps {
  value: number;
  onChange: (qty: number) => void;
  label: string;
  min?: number;
  max?: number;
  disabled?: boolean;
}

/** docs/decisions/spec-fidelity.md#forms: quantity steps by 1 and never goes below 0 (99 is the most one order line takes). */
export function QtyStepper({ value, onChange, label, min = 0, max = QTY_MAX, disabled = false }: QtyStepperProps) {
  const t = useT();
  // A step tapped on the server's HTML, before the page runs, would be lost: until then it is disabled.
  const hydrated = useHydrated();
  // 44 × 44 px, never squeezed: the steps are tapped often, beside each other, on a phone.
  const step =
    'flex size-11 shrink-0 items-center justify-center rounded-full bg-crema text-xl font-bold hover:bg-honey disabled:opacity-40';
  return (
    <fieldset aria-label={label} disabled={disabled || !hydrated} className="flex min-w-0 items-center gap-3">
      <button type="button" className={step} aria-label={t('qty.decrease')} disabled={value <= min} onClick={() => onChange(value - 1)}>
        −
      </button>
      <output aria-live="polite" data-testid="qty-value" className="min-w-8 text-center text-xl font-bold">
        {value}
      </output>
      <button type="button" className={step} aria-label={t('qty.increase')} disabled={value >= max} onClick={() => onChange(value + 1)}>
        +
      </button>
    </fieldset>
  );
}
