import { ShopSettingsSchema } from '@kopi/shared';
import { z } from 'zod';
import { schemaResolver } from '../../../lib/schema-resolver';
import type { SettingsFormOutput, SettingsFormValues } from './settings-form-values';

// The settings form's schema, in a module of its own: the page fetches it (and zod with it) on the
// first check, not with the page (docs/architecture.md#tests-and-targets). The inputs hold text; the
// shared schema (the server's own) takes numbers, so they are read as numbers first (blank: NaN,
// which the schema refuses with the field's own message).

const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function fromForm(values: unknown): unknown {
  const form = values as SettingsFormValues;
  return {
    ...form,
    tax_rate: asNumber(form.tax_rate),
    service_rate: asNumber(form.service_rate),
    service_on: form.service_on.map(Number),
    prices_include_tax: form.prices_include_tax === 'true',
    cash_rounding: Number(form.cash_rounding),
    printers: form.printers.map((printer) => ({ ...printer, port: asNumber(printer.port), width: Number(printer.width) })),
  };
}

const FormSchema = z.preprocess(fromForm, ShopSettingsSchema) as unknown as z.ZodType<SettingsFormOutput>;

export const settingsResolver = schemaResolver<SettingsFormValues, SettingsFormOutput>(FormSchema);
