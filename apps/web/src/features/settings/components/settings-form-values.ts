import type { PrinterJob, ShopSettingsDoc } from '@kopi/shared';

/** The settings as the form's inputs hold them: text, checkboxes' values, radios' values. */
export interface SettingsFormValues {
  name: string;
  address: string;
  npwpd: string;
  receipt_footer: string;
  opening_hours: { day: string; opens: string; closes: string }[];
  slot_capacity: string;
  tax_name: string;
  tax_rate: string;
  service_rate: string;
  service_on: string[];
  prices_include_tax: 'true' | 'false';
  cash_rounding: '0' | '100';
  printers: { name: string; host: string; port: string; width: '58' | '80'; prints: PrinterJob }[];
}

/** What the form sends: the settings as the shop keeps them. */
export type SettingsFormOutput = ShopSettingsDoc;

export const SETTINGS_FIELDS = [
  'name',
  'address',
  'npwpd',
  'receipt_footer',
  'opening_hours',
  'slot_capacity',
  'tax_name',
  'tax_rate',
  'service_rate',
  'service_on',
  'prices_include_tax',
  'cash_rounding',
  'printers',
] as const satisfies readonly (keyof SettingsFormValues)[];

export function formValuesOf(settings: ShopSettingsDoc): SettingsFormValues {
  return {
    name: settings.name,
    address: settings.address,
    npwpd: settings.npwpd,
    receipt_footer: settings.receipt_footer,
    opening_hours: settings.opening_hours.map((opening) => ({ ...opening })),
    slot_capacity: String(settings.slot_capacity),
    tax_name: settings.tax_name,
    tax_rate: String(settings.tax_rate),
    service_rate: String(settings.service_rate),
    service_on: settings.service_on.map(String),
    prices_include_tax: settings.prices_include_tax ? 'true' : 'false',
    cash_rounding: settings.cash_rounding === 100 ? '100' : '0',
    printers: settings.printers.map((printer) => ({
      ...printer,
      port: String(printer.port),
      width: printer.width === 58 ? '58' : '80',
    })),
  };
}
