import { PRINTER_JOBS, PRINTERS_MAX } from '@kopi/shared';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { INPUT_CLASS, TextField } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import type { SettingsFormOutput, SettingsFormValues } from './settings-form-values';

// The shop's receipt and ticket printers (docs/shop-rules.md#receipts-and-printers): each a name, an
// address on the shop's network, a port (9100), a roll width and what it prints.

const PRINTS_KEYS = {
  receipts: 'admin.settings.printsReceipts',
  bar: 'admin.settings.printsBar',
  kitchen: 'admin.settings.printsKitchen',
} as const;

interface PrintersFieldProps {
  control: Control<SettingsFormValues, unknown, SettingsFormOutput>;
  register: UseFormRegister<SettingsFormValues>;
  errors: FieldErrors<SettingsFormValues>;
}

export function PrintersField({ control, register, errors }: PrintersFieldProps) {
  const t = useT();
  const { fields, append, remove } = useFieldArray({ control, name: 'printers' });
  const listError = errors.printers?.message ?? errors.printers?.root?.message;

  return (
    <fieldset className="space-y-3" data-testid="printers">
      <legend className="text-xl font-bold">{t('admin.settings.printers')}</legend>
      <p className="text-sm text-roast">{t('admin.settings.printersHint')}</p>
      {fields.length === 0 && <p className="text-roast">{t('admin.settings.noPrinters')}</p>}
      <ul className="divide-y divide-roast/10">
        {fields.map((field, index) => {
          const error = errors.printers?.[index];
          return (
            <li key={field.id} className="grid gap-3 py-3 sm:grid-cols-2 lg:grid-cols-[1fr_1.4fr_6rem_7rem_10rem_auto] lg:items-end">
              <TextField
                label={t('admin.settings.printerName')}
                maxLength={30}
                error={error?.name?.message}
                {...register(`printers.${index}.name`)}
              />
              <TextField
                label={t('admin.settings.printerHost')}
                placeholder="192.168.1.50"
                maxLength={253}
                error={error?.host?.message}
                {...register(`printers.${index}.host`)}
              />
              <TextField
                label={t('admin.settings.printerPort')}
                type="number"
                inputMode="numeric"
                min={1}
                max={65535}
                error={error?.port?.message}
                {...register(`printers.${index}.port`)}
              />
              <label className="block text-sm font-semibold text-roast">
                {t('admin.settings.printerWidth')}
                <select className={`${INPUT_CLASS} mt-1`} {...register(`printers.${index}.width`)}>
                  <option value="58">58 mm</option>
                  <option value="80">80 mm</option>
                </select>
              </label>
              <label className="block text-sm font-semibold text-roast">
                {t('admin.settings.printerPrints')}
                <select className={`${INPUT_CLASS} mt-1`} {...register(`printers.${index}.prints`)}>
                  {PRINTER_JOBS.map((job) => (
                    <option key={job} value={job}>
                      {t(PRINTS_KEYS[job])}
                    </option>
                  ))}
                </select>
              </label>
              <Button
                variant="ghost"
                className="min-h-11 px-3 py-1.5"
                aria-label={t('admin.settings.removePrinter', { name: field.name || String(index + 1) })}
                onClick={() => remove(index)}
              >
                <span aria-hidden="true">✕</span>
              </Button>
            </li>
          );
        })}
      </ul>
      {fields.length < PRINTERS_MAX && (
        <Button
          variant="ghost"
          className="min-h-11 py-1.5 text-sm"
          onClick={() => append({ name: '', host: '', port: '9100', width: '80', prints: fields.length === 0 ? 'receipts' : 'bar' })}
        >
          + {t('admin.settings.addPrinter')}
        </Button>
      )}
      {listError && (
        <p role="alert" className="text-sm font-medium text-berry">
          {listError}
        </p>
      )}
    </fieldset>
  );
}
