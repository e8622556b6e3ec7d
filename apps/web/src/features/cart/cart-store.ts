import { DELIVERY_METHODS, QTY_MAX, SIZES, STORAGE } from '@kopi/shared';
import { createLocalStore, removeKeys, useLocalStore, writeKeys } from '../../lib/local-store';

// DESIGN §2.3 / §9: a real cart of several lines kept in localStorage under CART_KEY. The spec's own
// keys (qty, productName, size, deliveryMethod, productId, price, image) still describe the item
// last sent to checkout (spec §2 Product detail).

const CART_KEY = 'cart';

export interface CartLine {
  productId: number;
  productName: string;
  image: string;
  unitPrice: number;
  qty: number;
  sizeId: number;
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
      lines: Array.isArray(value.lines) ? value.lines : [],
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

function sameLine(a: Pick<CartLine, 'productId' | 'sizeId'>, b: Pick<CartLine, 'productId' | 'sizeId'>): boolean {
  return a.productId === b.productId && a.sizeId === b.sizeId;
}

export function addToCart(line: CartLine, choices: { deliveryId: number; scheduledFor: string }): void {
  const cart = readCart();
  const existing = cart.lines.find((l) => sameLine(l, line));
  const lines = existing
    ? cart.lines.map((l) => (sameLine(l, line) ? { ...l, qty: Math.min(QTY_MAX, l.qty + line.qty) } : l))
    : [...cart.lines, line];
  writeCart({ ...cart, lines, ...choices });
}

/** spec §2: CHECKOUT stores the item under the spec's keys, then the cart page takes over. */
export function checkoutItem(line: CartLine, choices: { deliveryId: number; scheduledFor: string }): void {
  addToCart(line, choices);
  const [qty, productName, size, deliveryMethod, productId, price, image] = STORAGE.cart;
  writeKeys({
    [qty]: String(line.qty),
    [productName]: line.productName,
    [size]: SIZES.find((s) => s.id === line.sizeId)?.short ?? '',
    [deliveryMethod]: DELIVERY_METHODS.find((d) => d.id === choices.deliveryId)?.name ?? '',
    [productId]: String(line.productId),
    [price]: String(line.unitPrice * line.qty),
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

/** After a successful order only: DESIGN §2.3 keeps the cart when the order fails. */
export function clearCart(): void {
  removeKeys([CART_KEY, ...STORAGE.cart]);
}

export function cartItemCount(cart: Cart): number {
  return cart.lines.reduce((sum, line) => sum + line.qty, 0);
}

export function cartSubtotal(cart: Cart): number {
  return cart.lines.reduce((sum, line) => sum + line.unitPrice * line.qty, 0);
}

export function useCart(): Cart {
  return useLocalStore(cartStore);
}
