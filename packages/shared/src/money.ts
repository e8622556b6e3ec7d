import type { Locale } from './i18n/locale.ts';
// docs/decisions/integer-rupiah.md: one IDR formatter for every screen — thousands separated by '.', no decimals.

export function formatThousands(amount: number): string {
  const rounded = Math.round(amount);
  const sign = rounded < 0 ? '-' : '';
  return sign + String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

export function formatIDR(amount: number): string {
  return `IDR ${formatThousands(amount)}`;
}

/** A drawer's variance, its sign the news: "+IDR 500" over, "−IDR 1" short, "IDR 0". */
export const formatSignedIDR = (amount: number): string =>
  amount > 0 ? `+${formatIDR(amount)}` : amount < 0 ? `−${formatIDR(-amount)}` : formatIDR(0);

// How an order is priced (docs/shop-rules.md#tax-service-and-the-bill), in one place: the server
// prices orders, quotes, the till's sales and receipts with it, and the cart shows its estimate with
// it, so every screen and every report agrees to the rupiah.

/** Shipping is IDR 0 for now; kept as an amount so that it can be priced later. */
export const SHIPPING = 0;

/** A line to price: the price of its size, its add-ons (per drink) and how many drinks. */
export interface LineToPrice {
  unit_price: number;
  qty: number;
  addons?: readonly { unit_price: number; qty: number }[];
}

/**
 * The shop's tax and service charge, as an order is priced with them (and keeps them, whatever the
 * settings say later). Rates are percentages with at most two decimals (PBJT 10, 7.25; service 5, 11.5).
 */
export interface BillRates {
  /** The tax's name on the bill ("PBJT"). */
  tax_name: string;
  /** 0–10; 0: no tax line. */
  tax_rate: number;
  /** 0–15, on the order types of `service_on` only. */
  service_rate: number;
  /** The delivery methods that pay the service charge (Dine In by default). */
  service_on: readonly number[];
  /** The menu's prices already include the tax (it is extracted), or the tax is added. */
  prices_include_tax: boolean;
}

/** No tax, no service: an order priced before the shop set any, or the lines alone. */
export const NO_TAX: BillRates = { tax_name: 'PBJT', tax_rate: 0, service_rate: 0, service_on: [], prices_include_tax: false };

export interface OrderPrice {
  /** Each line's total, in the order of the lines. */
  line_totals: number[];
  /** Σ line totals. */
  subtotal: number;
  discount: number;
  /** The service charge: service_rate % of subtotal − discount, on the order types that pay it. */
  service: number;
  /** The tax on subtotal − discount + service: added to it, or, when the prices include it, the part of it that is tax. */
  tax: number;
  /** What the tax was levied on, without the tax (the region's tax base). */
  tax_base: number;
  shipping: number;
  /** What the customer pays. */
  total: number;
}

/** (size price + Σ add-on price × add-on qty) × line qty. */
export function lineTotal(line: LineToPrice): number {
  let unit = line.unit_price;
  for (const addon of line.addons ?? []) unit += addon.unit_price * addon.qty;
  return unit * line.qty;
}

/** A percentage with two decimals as a whole number of hundredths of a percent (7.25 → 725). */
export const basisPoints = (percent: number) => Math.round(percent * 100);

/** a × b / c rounded half up, for whole numbers a, b ≥ 0 and c > 0 (exact: no float ever rounds a rupiah). */
const mulDivHalfUp = (a: number, b: number, c: number) => Math.floor((2 * a * b + c) / (2 * c));

export interface PriceOptions {
  /** The coupon's discount, in percent of the subtotal (0 without one). */
  discountPercent?: number;
  /** The shop's tax and service (NO_TAX when absent: the lines alone). */
  rates?: BillRates;
  /** The order's delivery method: whether it pays the service charge. */
  deliveryId?: number;
}

/**
 * An order's bill: subtotal = Σ line totals; discount = `discountPercent` % of it, rounded down to
 * a whole rupiah; net = subtotal − discount; service = service_rate % of net when the order's type
 * pays it; the tax is levied on net + service: added to it (tax_rate % of it), or, when the prices
 * include the tax, extracted from it (its tax_rate / (100 + tax_rate)); each amount rounded half up
 * to a whole rupiah once, at the end, never per line. total = net + service + tax added + shipping.
 */
export function priceOrder(lines: readonly LineToPrice[], options: PriceOptions = {}): OrderPrice {
  const { discountPercent = 0, rates = NO_TAX, deliveryId } = options;
  const line_totals = lines.map(lineTotal);
  const subtotal = line_totals.reduce((sum, total) => sum + total, 0);
  const discount = Math.floor((subtotal * discountPercent) / 100);
  const net = subtotal - discount;
  const servicePays = deliveryId !== undefined && rates.service_on.includes(deliveryId);
  const service = servicePays ? mulDivHalfUp(net, basisPoints(rates.service_rate), 10_000) : 0;
  const taxed = net + service;
  const taxBp = basisPoints(rates.tax_rate);
  const tax = rates.prices_include_tax ? mulDivHalfUp(taxed, taxBp, 10_000 + taxBp) : mulDivHalfUp(taxed, taxBp, 10_000);
  const added = rates.prices_include_tax ? 0 : tax;
  return {
    line_totals,
    subtotal,
    discount,
    service,
    tax,
    tax_base: taxed - (tax - added),
    shipping: SHIPPING,
    total: taxed + added + SHIPPING,
  };
}

/** Cash at the till, when the shop rounds it (to Rp 100): what is asked, and the rounding line (never touching the tax). */
export function cashToPay(total: number, step: number): { rounding: number; to_pay: number } {
  if (step <= 1) return { rounding: 0, to_pay: total };
  const to_pay = Math.floor((total + step / 2) / step) * step;
  return { rounding: to_pay - total, to_pay };
}

const PERCENT_LOCALES: Record<Locale, string> = { en: 'en-GB', id: 'id-ID' };
const percentFormats = new Map<Locale, Intl.NumberFormat>();
/**
 * A tax or service rate as each language writes it, up to two decimals: 7.25 / 7,25 (the bill's lines,
 * the receipt). The formatter is made on first use, not as the module loads: this module is in every
 * page's first script, and a browser's first number formatter loads the locale's data (10 ms on a
 * desktop, several times that on a phone) while the page starts.
 */
export function formatRate(rate: number, locale: Locale): string {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(PERCENT_LOCALES[locale], { maximumFractionDigits: 2 });
    percentFormats.set(locale, format);
  }
  return format.format(rate);
}
