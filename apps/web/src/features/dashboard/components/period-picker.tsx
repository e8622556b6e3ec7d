import type { DashboardPeriod } from '@kopi/shared';
import { useT } from '../../../lib/i18n';
import { PERIOD_OPTIONS } from './period-labels';

export function PeriodPicker({ value, onChange }: { value: DashboardPeriod; onChange: (period: DashboardPeriod) => void }) {
  const t = useT();
  return (
    <fieldset className="flex flex-wrap items-center gap-4">
      <legend className="sr-only">{t('admin.dashboard.period')}</legend>
      <span aria-hidden="true" className="font-semibold text-roast">
        {t('admin.dashboard.period')}
      </span>
      {PERIOD_OPTIONS.map((option) => (
        <label key={option.value} className="flex items-center gap-2 font-semibold">
          <input
            type="radio"
            name="period"
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="accent-caramel"
          />
          {t(option.label)}
        </label>
      ))}
    </fieldset>
  );
}
