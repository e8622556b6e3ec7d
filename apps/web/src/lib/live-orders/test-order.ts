import type { LiveOrder } from './order-cache';

/**
 * An order as the board and the live cache hold it, for tests: Dine In, paid by card at the counter,
 * placed at 2026-11-23 10:00 UTC; `extra` sets what a test looks at.
 */
export function testOrder(id: number, status: number, extra: Partial<LiveOrder> = {}): LiveOrder {
  return {
    id,
    number: id,
    customer: { id: 9, display_name: 'Ani' },
    table: null,
    status_id: status,
    status_name: String(status),
    delivery_id: 1,
    delivery_name: 'Dine In',
    payment_id: 1,
    payment_method: 'Card',
    source: 'online',
    payment: {
      method_id: 1,
      status: 'none',
      cash_tendered: null,
      change: null,
      rounding: 0,
      reference: null,
      taken_by: null,
      bank: null,
      qr_string: null,
      va_number: null,
      expires_at: null,
      paid_at: null,
      refund_failed: null,
    },
    promo_id: null,
    address: null,
    scheduled_for: null,
    items: [],
    subtotal: 0,
    discount: 0,
    service: 0,
    tax: 0,
    shipping: 0,
    total: 0,
    rates: { tax_name: 'PBJT', tax_rate: 0, service_rate: 0, prices_include_tax: false },
    created_at: '2026-11-23T10:00:00.000Z',
    updated_at: '2026-11-23T10:00:00.000Z',
    ...extra,
  };
}
