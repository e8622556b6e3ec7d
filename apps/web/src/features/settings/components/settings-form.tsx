import { type BillRates, DELIVERY_METHODS, type ShopSettingsDoc, type UpdateShopSettings } from '@kopi/shared';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { type FieldErrors, type Path, useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { DELIVERY_KEYS, nameOf } from '../../../lib/names';
import { toast } from '../../../lib/toast';
import { useSaveSettings } from '../api/settings';
import { ExampleBill } from './example-bill';
import { OpeningHoursField } from './opening-hours-field';
import { PrintersField } from './printers-field';
import { formValuesOf, SETTINGS_FIELDS, type SettingsFormOutput, type SettingsFormValues } from './settings-form-values';

const resolver = lazyResolver<SettingsFormValues, SettingsFormOutput>(
  async () => (await import('./settings-form-schema')).settingsResolver,
);

/** A percentage the shop could keep: a number from 0 to `max` with at most two decimals. */
function percentOf(text: string, max: number): number | undefined {
  const value = text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value) || value < 0 || value > max) return undefined;
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6 ? value : undefined;
}

/** The rates the form holds now, for the example bill; undefined while one of them is not a rate. */
function ratesOf(values: Pick<SettingsFormValues, 'tax_name' | 'tax_rate' | 'service_rate' | 'service_on' | 'prices_include_tax'>) {
  const tax_rate = percentOf(values.tax_rate, 10);
  const service_rate = percentOf(values.service_rate, 15);
  if (tax_rate === undefined || service_rate === undefined) return undefined;
  return {
    tax_name: values.tax_name.trim() || 'PBJT',
    tax_rate,
    service_rate,
    service_on: values.service_on.map(Number),
    prices_include_tax: values.prices_include_tax === 'true',
  } satisfies BillRates;
}

/** The settings that differ from those the shop keeps: only they are sent (another owner's change to the rest stays). */
function changeOf(saved: ShopSettingsDoc, next: SettingsFormOutput): UpdateShopSettings {
  const change: Record<string, unknown> = {};
  for (const name of SETTINGS_FIELDS) {
    if (JSON.stringify(saved[name]) !== JSON.stringify(next[name])) change[name] = next[name];
  }
  return change as UpdateShopSettings;
}

function Card({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="space-y-5 rounded-3xl bg-white p-6 shadow-sm md:p-8">
      {title && <h2 className="text-xl font-bold">{title}</h2>}
      {children}
    </section>
  );
}

/** A radio of a pair, drawn as a row with its label. */
function Radio({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="flex cursor-pointer items-center gap-2 py-1">
      <input type="radio" className="accent-caramel" {...input} />
      {label}
    </label>
  );
}

/** The owner's settings (docs/shop-rules.md#settings), checked by the server's own schema before they are sent. */
export function SettingsForm({ settings }: { settings: ShopSettingsDoc }) {
  const t = useT();
  const { register, control, handleSubmit, reset, setError, formState } = useForm<SettingsFormValues, unknown, SettingsFormOutput>({
    resolver,
    defaultValues: formValuesOf(settings),
  });
  const { errors } = formState;
  const [tax_name, tax_rate, service_rate, service_on, prices_include_tax] = useWatch({
    control,
    name: ['tax_name', 'tax_rate', 'service_rate', 'service_on', 'prices_include_tax'],
  });
  const rates = ratesOf({ tax_name, tax_rate, service_rate, service_on, prices_include_tax });

  const save = useSaveSettings({
    onSuccess: (saved) => {
      reset(formValuesOf(saved));
      toast.success(t('admin.settings.saved'));
    },
    onError: (error) => {
      toast.error(t('admin.settings.saveFailed'));
      // The server's refusal names a field (or a part of one: opening_hours.2.closes): said under it.
      if (!(error instanceof ApiError)) return;
      for (const { field, message } of error.fieldErrors) {
        const name = field.split('.')[0] as (typeof SETTINGS_FIELDS)[number];
        if (SETTINGS_FIELDS.includes(name)) setError(name as Path<SettingsFormValues>, { type: 'server', message });
      }
    },
  });

  const submit = (values: SettingsFormOutput) => {
    const change = changeOf(settings, values);
    if (Object.keys(change).length === 0) {
      reset(formValuesOf(settings));
      return;
    }
    save.mutate(change);
  };

  const message = (name: keyof FieldErrors<SettingsFormValues>) => {
    const error = errors[name] as { message?: string; root?: { message?: string } } | undefined;
    return error?.message ?? error?.root?.message;
  };
  const invalid = formState.submitCount > 0 && Object.keys(errors).length > 0;

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-6">
      <Card title={t('admin.settings.shop')}>
        <TextField label={t('admin.settings.name')} error={message('name')} maxLength={60} {...register('name')} />
        <TextField label={t('admin.settings.address')} error={message('address')} maxLength={200} {...register('address')} />
        <TextField
          label={t('admin.settings.npwpd')}
          hint={t('admin.settings.npwpdHint')}
          error={message('npwpd')}
          maxLength={40}
          {...register('npwpd')}
        />
      </Card>

      <Card>
        <OpeningHoursField control={control} register={register} errors={errors} />
        <div className="max-w-xs">
          <TextField
            label={t('admin.settings.slotCapacity')}
            hint={t('admin.settings.slotCapacityHint')}
            type="number"
            inputMode="numeric"
            min={1}
            error={message('slot_capacity')}
            {...register('slot_capacity')}
          />
        </div>
      </Card>

      <Card title={t('admin.settings.taxAndService')}>
        <div className="grid gap-6 lg:grid-cols-[1fr_19rem]">
          <div className="space-y-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField label={t('admin.settings.taxName')} error={message('tax_name')} maxLength={20} {...register('tax_name')} />
              <TextField
                label={t('admin.settings.taxRate')}
                hint={t('admin.settings.taxRateHint')}
                type="number"
                inputMode="decimal"
                step="0.01"
                min={0}
                max={10}
                error={message('tax_rate')}
                {...register('tax_rate')}
              />
            </div>
            <fieldset>
              <legend className="text-sm font-semibold text-roast">{t('admin.settings.prices')}</legend>
              <div className="mt-1 flex flex-col">
                <Radio label={t('admin.settings.taxAdded')} value="false" {...register('prices_include_tax')} />
                <Radio label={t('admin.settings.taxIncluded')} value="true" {...register('prices_include_tax')} />
              </div>
            </fieldset>
            <div className="max-w-[calc(50%-0.625rem)] min-w-48">
              <TextField
                label={t('admin.settings.serviceRate')}
                hint={t('admin.settings.serviceRateHint')}
                type="number"
                inputMode="decimal"
                step="0.01"
                min={0}
                max={15}
                error={message('service_rate')}
                {...register('service_rate')}
              />
            </div>
            <fieldset>
              <legend className="text-sm font-semibold text-roast">{t('admin.settings.serviceOn')}</legend>
              <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
                {DELIVERY_METHODS.map((method) => (
                  <label key={method.id} className="flex cursor-pointer items-center gap-2 py-1">
                    <input type="checkbox" value={String(method.id)} className="accent-caramel" {...register('service_on')} />
                    {nameOf(t, DELIVERY_KEYS, method.id, method.name)}
                  </label>
                ))}
              </div>
              {message('service_on') && <p className="text-sm font-medium text-berry">{message('service_on')}</p>}
            </fieldset>
          </div>
          <ExampleBill rates={rates} />
        </div>
      </Card>

      <Card title={t('admin.settings.receipts')}>
        <TextAreaField
          label={t('admin.settings.receiptFooter')}
          placeholder={t('admin.settings.receiptFooterPlaceholder')}
          rows={3}
          maxLength={300}
          error={message('receipt_footer')}
          {...register('receipt_footer')}
        />
        <fieldset>
          <legend className="text-sm font-semibold text-roast">{t('admin.settings.cashRounding')}</legend>
          <div className="mt-1 flex flex-col">
            <Radio label={t('admin.settings.cashExact')} value="0" {...register('cash_rounding')} />
            <Radio label={t('admin.settings.cashRounded')} value="100" {...register('cash_rounding')} />
          </div>
        </fieldset>
      </Card>

      <Card>
        <PrintersField control={control} register={register} errors={errors} />
      </Card>

      {invalid && (
        <p role="alert" className="font-semibold text-berry">
          {errors.root?.message ?? t('admin.settings.fixFields')}
        </p>
      )}
      {save.isError && !(save.error instanceof ApiError && save.error.fieldErrors.length > 0) && (
        <ErrorMessage message={errorMessage(save.error)} />
      )}
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap gap-2 border-t border-roast/10 bg-foam/95 px-4 py-3 backdrop-blur sm:gap-3">
        <Button type="submit" className="px-3 text-sm sm:px-5 sm:text-base" busy={save.isPending} disabled={!formState.isDirty}>
          {t('admin.settings.save')}
        </Button>
        <Button
          variant="ghost"
          className="px-3 text-sm sm:px-5 sm:text-base"
          onClick={() => reset()}
          disabled={!formState.isDirty || save.isPending}
        >
          {t('admin.settings.undo')}
        </Button>
      </div>
    </form>
  );
}
