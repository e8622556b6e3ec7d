// docs/decisions/integer-rupiah.md: one IDR formatter for every screen — thousands separated by '.', no decimals.

export function formatThousands(amount: number): string {
  const rounded = Math.round(amount);
  const sign = rounded < 0 ? '-' : '';
  return sign + String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

export function formatIDR(amount: number): string {
  return `IDR ${formatThousands(amount)}`;
}

// How an order is priced (docs/shop-rules.md#prices-and-sizes), in one place: the server prices
// orders and quotes with it, and the cart shows its estimate with it, so both always agree.

/** Tax and shipping are IDR 0 for now; kept as amounts so that they can be priced later. */
export const TAX = 0;
export const SHIPPING = 0;

/** A line to price: the price of its size, its add-ons (per drink) and how many drinks. */
export interface LineToPrice {
  unit_price: number;
  qty: number;
  addons?: readonly { unit_price: number; qty: number }[];
}

export interface OrderPrice {
  /** Each line's total, in the order of the lines. */
  line_totals: number[];
  subtotal: number;
  discount: number;
  tax: number;
  shipping: number;
  total: number;
}

/** (size price + Σ add-on price × add-on qty) × line qty. */
export function lineTotal(line: LineToPrice): number {
  let unit = line.unit_price;
  for (const addon of line.addons ?? []) unit += addon.unit_price * addon.qty;
  return unit * line.qty;
}

/**
 * An order's amounts: subtotal = Σ line totals; discount = `discountPercent` % of the subtotal,
 * rounded down to a whole rupiah (0 when no promo applies); total = subtotal − discount + tax + shipping.
 */
export function priceOrder(lines: readonly LineToPrice[], discountPercent = 0): OrderPrice {
  const line_totals = lines.map(lineTotal);
  const subtotal = line_totals.reduce((sum, total) => sum + total, 0);
  const discount = Math.floor((subtotal * discountPercent) / 100);
  return { line_totals, subtotal, discount, tax: TAX, shipping: SHIPPING, total: subtotal - discount + TAX + SHIPPING };
}
