import { type BillRates, DELIVERY_METHODS, lineTotal, NO_TAX, priceOrder, QTY_MAX, SIZES, STORAGE } from '@kopi/shared';
import { createLocalStore, removeKeys, useLocalStore, writeKeys } from '../../lib/local-store';

// docs/decisions/spec-fidelity.md#fixed: a real cart of several lines kept in localStorage under CART_KEY. The spec's own
// keys (qty, productName, size, deliveryMethod, productId, price, image) still describe the item
// last sent to checkout (docs/decisions/spec-fidelity.md#kept-word-for-word).

const CART_KEY = 'cart';

/** An add-on in a drink (docs/shop-rules.md#prices-and-sizes): an Add Ons product, 1–3 of it. */
export interface CartAddon {
  productId: number;
  productName: string;
  unitPrice: number;
  qty: number;
}

export interface CartLine {
  productId: number;
  productName: string;
  image: string;
  /** The chosen size's price, as the menu showed it; the server prices the order again. */
  unitPrice: number;
  qty: number;
  sizeId: number;
  addons: CartAddon[];
}

export interface CartPromo {
  id: number;
  code: string;
  discount: number;
  minPrice: number;
}

export interface Cart {
  lines: CartLine[];
  deliveryId: number;
  /** '' is "as soon as possible"; otherwise the chosen slot, ISO 8601 with the shop's offset. */
  scheduledFor: string;
  promo: CartPromo | null;
}

const EMPTY_CART: Cart = { lines: [], deliveryId: DELIVERY_METHODS[0].id, scheduledFor: '', promo: null };

/** Earlier releases kept free text ("14:30") here: only an ISO 8601 instant is kept. */
function isInstant(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value));
}

function parseCart(raw: string | null): Cart {
  if (!raw) return EMPTY_CART;
  try {
    const value = JSON.parse(raw) as Partial<Cart>;
    return {
      // Lines kept by a release without add-ons have none.
      lines: Array.isArray(value.lines)
        ? value.lines.map((line) => ({ ...line, addons: Array.isArray(line.addons) ? line.addons : [] }))
        : [],
      deliveryId: typeof value.deliveryId === 'number' ? value.deliveryId : EMPTY_CART.deliveryId,
      scheduledFor: isInstant(value.scheduledFor) ? value.scheduledFor : '',
      promo: value.promo ?? null,
    };
  } catch {
    // A cart written by an older version of the app is unreadable; start again rather than crash.
    return EMPTY_CART;
  }
}

const cartStore = createLocalStore([CART_KEY], ([raw]) => parseCart(raw ?? null), EMPTY_CART);

export function readCart(): Cart {
  return cartStore.read();
}

function writeCart(cart: Cart): void {
  writeKeys({ [CART_KEY]: JSON.stringify(cart) });
}

/** The add-ons of a line as one comparable text: the same drink with other add-ons is another line. */
function addonsKey(line: Pick<CartLine, 'addons'>): string {
  return line.addons
    .map((addon) => `${addon.productId}x${addon.qty}`)
    .sort()
    .join(',');
}

/** A line's identity in the cart: product, size and add-ons. */
export function cartLineKey(line: Pick<CartLine, 'productId' | 'sizeId' | 'addons'>): string {
  return `${line.productId}-${line.sizeId}-${addonsKey(line)}`;
}

function sameLine(a: CartLine, b: CartLine): boolean {
  return cartLineKey(a) === cartLineKey(b);
}

export function addToCart(line: CartLine, choices: { deliveryId: number; scheduledFor: string }): void {
  const cart = readCart();
  const existing = cart.lines.find((l) => sameLine(l, line));
  const lines = existing
    ? cart.lines.map((l) => (sameLine(l, line) ? { ...l, qty: Math.min(QTY_MAX, l.qty + line.qty) } : l))
    : [...cart.lines, line];
  writeCart({ ...cart, lines, ...choices });
}

/**
 * Gives back a cart kept with an order that was not placed (refused, or cancelled before it was sent):
 * into an empty cart as it was, or its lines added to what the cart holds now.
 */
export function restoreCart(kept: unknown): void {
  const back = parseCart(JSON.stringify(kept ?? null));
  const cart = readCart();
  if (cart.lines.length === 0) {
    writeCart(back);
    return;
  }
  let lines = cart.lines;
  for (const line of back.lines) {
    lines = lines.some((l) => sameLine(l, line))
      ? lines.map((l) => (sameLine(l, line) ? { ...l, qty: Math.min(QTY_MAX, l.qty + line.qty) } : l))
      : [...lines, line];
  }
  writeCart({ ...cart, lines });
}

/**
 * docs/decisions/spec-fidelity.md#kept-word-for-word: CHECKOUT stores the item under the spec's keys, then the cart page takes over.
 * `alreadyAdded`: the same choice was just put in the cart by Add to Cart, so it is not added a second time
 * (docs/decisions/spec-fidelity.md#rough-edges-the-customers-path); the cart's choices still follow the page's.
 */
export function checkoutItem(
  line: CartLine,
  choices: { deliveryId: number; scheduledFor: string },
  { alreadyAdded = false }: { alreadyAdded?: boolean } = {},
): void {
  const cart = readCart();
  if (alreadyAdded && cart.lines.some((l) => sameLine(l, line))) writeCart({ ...cart, ...choices });
  else addToCart(line, choices);
  const [qty, productName, size, deliveryMethod, productId, price, image] = STORAGE.cart;
  writeKeys({
    [qty]: String(line.qty),
    [productName]: line.productName,
    [size]: SIZES.find((s) => s.id === line.sizeId)?.short ?? '',
    [deliveryMethod]: DELIVERY_METHODS.find((d) => d.id === choices.deliveryId)?.name ?? '',
    [productId]: String(line.productId),
    [price]: String(cartLineTotal(line)),
    [image]: line.image,
  });
}

export function setLineQty(target: CartLine, qty: number): void {
  const cart = readCart();
  const bounded = Math.max(0, Math.min(QTY_MAX, qty));
  writeCart({ ...cart, lines: cart.lines.map((l) => (sameLine(l, target) ? { ...l, qty: bounded } : l)) });
}

export function removeLine(target: CartLine): void {
  const cart = readCart();
  writeCart({ ...cart, lines: cart.lines.filter((l) => !sameLine(l, target)) });
}

export function updateCartChoices(choices: Partial<Pick<Cart, 'deliveryId' | 'scheduledFor' | 'promo'>>): void {
  writeCart({ ...readCart(), ...choices });
}

/** After a successful order only: docs/decisions/spec-fidelity.md#fixed keeps the cart when the order fails. */
export function clearCart(): void {
  removeKeys([CART_KEY, ...STORAGE.cart]);
}

export function cartItemCount(cart: Cart): number {
  return cart.lines.reduce((sum, line) => sum + line.qty, 0);
}

function toPrice(line: CartLine) {
  return {
    unit_price: line.unitPrice,
    qty: line.qty,
    addons: line.addons.map((addon) => ({ unit_price: addon.unitPrice, qty: addon.qty })),
  };
}

/** The line as the menu priced it: (size price + its add-ons) × quantity. */
export function cartLineTotal(line: CartLine): number {
  return lineTotal(toPrice(line));
}

/**
 * The cart's amounts as the menu last showed them, the coupon counted when its minimum is met, at
 * the shop's rates for the chosen delivery: an estimate until the server's quote arrives (the quote
 * has the last word, docs/shop-rules.md#coupons).
 */
export function cartEstimate(cart: Cart, rates: BillRates = NO_TAX, deliveryId?: number) {
  const lines = cart.lines.map(toPrice);
  const { subtotal } = priceOrder(lines);
  const discountPercent = cart.promo && subtotal >= cart.promo.minPrice ? cart.promo.discount : 0;
  return { ...priceOrder(lines, { discountPercent, rates, deliveryId }), rates };
}

export function useCart(): Cart {
  return useLocalStore(cartStore);
}

/** The cart's lines as an order (and a quote) sends them. */
export function orderItemsOf(cart: Cart) {
  return cart.lines.map((line) => ({
    product_id: line.productId,
    qty: line.qty,
    size_id: line.sizeId,
    addons: line.addons.map((addon) => ({ product_id: addon.productId, qty: addon.qty })),
  }));
}
