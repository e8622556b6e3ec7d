import { isDrink, type NewOrderRequest, type PAYMENT, type Product } from '@kopi/shared';

// A sale being rung up at the till: its lines as the cashier tapped them. What it costs is the
// server's to say (POST /transactions/quote); the till never prices it.

export interface SaleLine {
  product: Product;
  sizeId: number;
  addons: { product: Product; qty: number }[];
  qty: number;
}

/** Two taps of the same product, size and add-ons are one line of two. */
export const lineKey = (line: Pick<SaleLine, 'product' | 'sizeId' | 'addons'>) =>
  `${line.product.id}:${line.sizeId}:${line.addons.map((a) => `${a.product.id}x${a.qty}`).join(',')}`;

export function addLine(lines: readonly SaleLine[], added: Omit<SaleLine, 'qty'>): SaleLine[] {
  const key = lineKey(added);
  const found = lines.find((line) => lineKey(line) === key);
  if (found) return lines.map((line) => (line === found ? { ...line, qty: line.qty + 1 } : line));
  return [...lines, { ...added, qty: 1 }];
}

export type Delivery = 1 | 3;
export type TillPayment = typeof PAYMENT.cash | typeof PAYMENT.card | typeof PAYMENT.qris;

/** The body of the sale, for its quote and for POST /transactions (source counter). */
export function saleBody(
  lines: readonly SaleLine[],
  delivery: Delivery,
  guestName: string,
  payment: { payment_id: TillPayment; cash_tendered?: number; card_reference?: string },
): NewOrderRequest {
  return {
    items: lines.map((line) => ({
      product_id: line.product.id,
      qty: line.qty,
      size_id: line.sizeId,
      ...(line.addons.length ? { addons: line.addons.map((a) => ({ product_id: a.product.id, qty: a.qty })) } : {}),
    })),
    delivery_id: delivery,
    source: 'counter',
    guest_name: guestName.trim() || undefined,
    ...payment,
  };
}

/** What the customer may hand over: the amount, then the next round notes above it (at most three). */
export function cashSuggestions(total: number): number[] {
  const notes = [10_000, 20_000, 50_000, 100_000];
  // The next multiple of each note strictly above: what a customer hands over when they have no exact money.
  const above = notes.map((note) => (Math.floor(total / note) + 1) * note);
  return [...new Set(above)].slice(0, 3);
}

/** Whether a product takes a size and add-ons (a drink with more than one size, or any drink). */
export const hasOptions = (product: Product) => isDrink(product.category_id);
