// A guest's order at a table is read and followed with the order token its placing answered
// (docs/shop-rules.md#orders-from-the-table), kept on this device, since a guest has no session:
// the checkout keeps it, the guest's order page reads it.

const TOKEN_KEY_PREFIX = 'kopi:order-token:';

export function keepOrderToken(orderId: number, token: string): void {
  localStorage.setItem(`${TOKEN_KEY_PREFIX}${orderId}`, token);
}

export function orderTokenOf(orderId: number): string | null {
  return localStorage.getItem(`${TOKEN_KEY_PREFIX}${orderId}`);
}
