import { z } from 'zod';
import { DELIVERY_METHODS, DINE_IN_ID } from '../constants.ts';
import type { BillRates } from '../money.ts';
import { hasUnshowable } from '../names.ts';
import { DAY_KEYS, openingHoursList, parseOpeningHours, type WeekHours } from '../opening-hours.ts';
import { formBoolean, requiredText, wholeNumber } from './fields.ts';

// The settings an owner edits on /settings (docs/shop-rules.md#settings): who the shop is, when it
// takes orders, its tax and service, what its receipts say. One schema checks the form in the
// browser, the PATCH on the server and the document the database keeps.

/** A percentage with at most two decimals, between 0 and `max`. */
const percent = (max: number, range: string) =>
  z
    .number({ error: range })
    .min(0, range)
    .max(max, range)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'percentTwoDecimals');

/** Plain text a screen and a receipt show: at most `max` characters, no control or direction marks. */
const shownText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'atMostCharacters')
    .refine((text) => !hasUnshowable(text), 'nameUnshowable');

/** HH:MM on the quarter hour, 00:00 to 24:00. */
const QUARTER_HOUR = /^(?:(?:[01]\d|2[0-3]):(?:00|15|30|45)|24:00)$/;

/** An opening: a day, and times on the quarter hour (24:00 closes at midnight). */
const OpeningSchema = z
  .object({
    day: z.enum(DAY_KEYS, { error: 'dayInvalid' }),
    opens: z.string().regex(QUARTER_HOUR, 'openingQuarterHour'),
    closes: z.string().regex(QUARTER_HOUR, 'openingQuarterHour'),
  })
  .refine((opening) => opening.closes > opening.opens, { message: 'openingClosesBeforeOpens', path: ['closes'] });
export type Opening = z.infer<typeof OpeningSchema>;

/** The week's openings as rules of OPENING_HOURS' own form, read by its one reader (checked by OpeningsSchema first). */
export const weekOf = (openings: readonly Opening[]): WeekHours =>
  parseOpeningHours(openings.map((o) => `${o.day} ${o.opens}-${o.closes}`).join('; '));

/** Openings as a list, Monday first: what GET /shop answers and /settings edits. A day not listed is closed. */
const OpeningsSchema = z
  .array(OpeningSchema)
  .min(1, 'openingsNone')
  .max(21)
  .superRefine((openings, ctx) => {
    openings.forEach((opening, i) => {
      const overlapping = openings.findIndex(
        (other, j) => j < i && other.day === opening.day && other.opens < opening.closes && opening.opens < other.closes,
      );
      if (overlapping >= 0) ctx.addIssue({ code: 'custom', message: 'openingsOverlap', path: [i] });
    });
  })
  .transform((openings) => openingHoursList(weekOf(openings)));

/** What a printer prints (docs/shop-rules.md#receipts-and-printers): the till's receipts, or one station's tickets. */
export const PRINTER_JOBS = ['receipts', 'bar', 'kitchen'] as const;
export type PrinterJob = (typeof PRINTER_JOBS)[number];
export const PRINTER_WIDTHS = [58, 80] as const;
export const PRINTERS_MAX = 10;

/** A host name (RFC 1123 labels) or an IPv4 address, as the shop's network knows its printer. */
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
/** An IPv6 address, loosely: two to eight hex groups and colons (a socket refuses one that is not). */
const IPV6 = /^(?=.*:.*:)[0-9a-f:]{2,39}$/i;
/** Digits and dots only are an IPv4 address (so 999.1.1.1 is no host name); colons an IPv6 one. */
const isHost = (host: string) => (/^[\d.]+$/.test(host) ? IPV4.test(host) : host.includes(':') ? IPV6.test(host) : HOST_NAME.test(host));

/** A receipt or ticket printer on the shop's network, spoken to in ESC/POS over raw TCP (port 9100). */
export const PrinterSchema = z.object({
  name: requiredText('printerNameRequired', 30).refine((name) => !hasUnshowable(name), 'nameUnshowable'),
  host: z.string().trim().min(1, 'printerHostInvalid').max(253, 'printerHostInvalid').refine(isHost, 'printerHostInvalid'),
  port: z
    .number({ error: 'printerPortRange' })
    .int('printerPortRange')
    .min(1, 'printerPortRange')
    .max(65535, 'printerPortRange')
    .default(9100),
  width: z.union([z.literal(58), z.literal(80)], { error: 'printerWidthInvalid' }),
  prints: z.enum(PRINTER_JOBS, { error: 'printerPrintsInvalid' }),
});
export type Printer = z.infer<typeof PrinterSchema>;

const PrintersSchema = z
  .array(PrinterSchema)
  .max(PRINTERS_MAX, 'printersTooMany')
  .superRefine((printers, ctx) => {
    printers.forEach((printer, i) => {
      const name = printer.name.toLowerCase();
      if (printers.findIndex((other) => other.name.toLowerCase() === name) < i) {
        ctx.addIssue({ code: 'custom', message: 'printerNameRepeated', path: [i, 'name'] });
      }
    });
  });

const DELIVERY_IDS = DELIVERY_METHODS.map((method) => method.id) as number[];

export const ShopSettingsSchema = z.object({
  name: requiredText('shopNameRequired', 60).refine((name) => !hasUnshowable(name), 'nameUnshowable'),
  address: shownText(200),
  /** The shop's regional tax number, printed on its receipts. */
  npwpd: shownText(40),
  receipt_footer: shownText(300),
  opening_hours: OpeningsSchema,
  slot_capacity: wholeNumber({ required: 'slotCapacityRange', min: 1, max: 100_000, range: 'slotCapacityRange' }),
  tax_name: requiredText('taxNameRequired', 20).refine((name) => !hasUnshowable(name), 'nameUnshowable'),
  tax_rate: percent(10, 'taxRateRange'),
  service_rate: percent(15, 'serviceRateRange'),
  service_on: z
    .array(z.number().refine((id) => DELIVERY_IDS.includes(id), 'deliveryIdInvalid'))
    .max(DELIVERY_IDS.length)
    .refine((ids) => new Set(ids).size === ids.length, 'serviceOnRepeated'),
  prices_include_tax: formBoolean('pricesIncludeTaxInvalid'),
  /** Cash at the till rounded to this (Rp 100), or 0: to the rupiah. */
  cash_rounding: z.union([z.literal(0), z.literal(100)], { error: 'cashRoundingInvalid' }),
  /** The shop's receipt and station printers (docs/shop-rules.md#receipts-and-printers); none at first. */
  printers: PrintersSchema,
});
export type ShopSettingsInput = z.input<typeof ShopSettingsSchema>;
export type ShopSettingsDoc = z.infer<typeof ShopSettingsSchema>;

/** GET and PATCH /shop/settings' answer: the settings as the shop keeps them. */
export const ShopSettingsAnswerSchema = z.object({
  name: z.string(),
  address: z.string(),
  npwpd: z.string().meta({ description: "The shop's regional tax number (NPWPD), printed on its receipts" }),
  receipt_footer: z.string(),
  opening_hours: z.array(z.object({ day: z.enum(DAY_KEYS), opens: z.string(), closes: z.string() })).meta({
    description: 'One entry per opening of a day, Monday first (a break: two openings); a day not listed is closed',
  }),
  slot_capacity: z.number(),
  tax_name: z.string(),
  tax_rate: z.number().meta({ description: 'Percent, 0–10, up to two decimals (PBJT); 0: no tax line' }),
  service_rate: z.number().meta({ description: 'Percent, 0–15, up to two decimals' }),
  service_on: z
    .array(z.number())
    .meta({ description: 'The delivery methods that pay the service charge (1 Dine In, 2 Door Delivery, 3 Pick Up)' }),
  prices_include_tax: z.boolean().meta({ description: "The menu's prices include the tax (extracted), or it is added" }),
  cash_rounding: z.number().meta({ description: 'Cash at the till is rounded to this (100), or 0: not rounded' }),
  printers: z
    .array(
      z.object({
        name: z.string(),
        host: z.string(),
        port: z.number(),
        width: z.number().meta({ description: "The roll's width in mm: 58 or 80" }),
        prints: z.enum(PRINTER_JOBS).meta({ description: "The till's receipts, or the bar's or the kitchen's tickets" }),
      }),
    )
    .meta({ description: 'Receipt and ticket printers on the shop network, spoken to in ESC/POS over raw TCP' }),
});

/** PATCH /shop/settings: any of them, at least one. */
export const UpdateShopSettingsSchema = ShopSettingsSchema.partial().refine((change) => Object.keys(change).length > 0, 'settingsNothing');
export type UpdateShopSettings = z.infer<typeof UpdateShopSettingsSchema>;

/** The first values of a new shop: its name and hours from the environment, no tax, service on Dine In. */
export function defaultShopSettings(name: string, hours: WeekHours, slotCapacity: number): ShopSettingsDoc {
  return {
    name,
    address: '',
    npwpd: '',
    receipt_footer: '',
    opening_hours: openingHoursList(hours),
    slot_capacity: slotCapacity,
    tax_name: 'PBJT',
    tax_rate: 0,
    service_rate: 0,
    service_on: [DINE_IN_ID],
    prices_include_tax: false,
    cash_rounding: 0,
    printers: [],
  };
}

/** The rates an order is priced with, from the settings. */
export const billRatesOf = (settings: ShopSettingsDoc): BillRates => ({
  tax_name: settings.tax_name,
  tax_rate: settings.tax_rate,
  service_rate: settings.service_rate,
  service_on: settings.service_on,
  prices_include_tax: settings.prices_include_tax,
});

/** POST /transactions/:id/print's answer: the receipt printers it goes to; queued false for a double tap. */
export const PrintQueuedSchema = z.object({
  printers: z.array(z.string()),
  queued: z.boolean().meta({ description: 'false: the receipt was queued a moment ago (a double tap) and is not queued again' }),
});
export type PrintQueued = z.infer<typeof PrintQueuedSchema>;

/** GET /printers/status: each printer of the settings; offline when its last attempt failed. */
export const PrinterStatusSchema = z.object({ name: z.string(), online: z.boolean() });
export type PrinterStatus = z.infer<typeof PrinterStatusSchema>;
