import { CreateOrderSchema, DELIVERY_METHODS, DINE_IN_ID, DOOR_DELIVERY_ID, GUEST_NAME_MAX, PAYMENT } from '@kopi/shared';
import { describe, expect, it } from 'vitest';
import { guestNameProblem, needsAddress } from './checkout-form';

// The checkout checks as the customer types what the order's contract (the shared CreateOrderSchema,
// which the server applies) refuses: these hold that the two say the same of the fields both check.

const LINE = { product_id: 1, qty: 1, size_id: 1 };
const takes = (order: Record<string, unknown>) =>
  CreateOrderSchema.safeParse({ items: [LINE], payment_id: PAYMENT.card, ...order }).success;

describe('the checkout form’s checks agree with CreateOrderSchema', () => {
  it('takes a guest’s name where the contract does, trimmed, and refuses one too long for it', () => {
    const guestOrder = (name: string) => ({ delivery_id: DINE_IN_ID, payment_id: PAYMENT.cash, table_token: 'tbl', guest_name: name });
    for (const name of ['Ana', '  Ana  ', 'x'.repeat(GUEST_NAME_MAX), ` ${'x'.repeat(GUEST_NAME_MAX)} `, 'x'.repeat(GUEST_NAME_MAX + 1)]) {
      expect(guestNameProblem(name) === undefined, JSON.stringify(name)).toBe(takes(guestOrder(name)));
    }
    expect(guestNameProblem('x'.repeat(GUEST_NAME_MAX + 1))).toEqual(['cart.guestNameTooLong', { max: GUEST_NAME_MAX }]);
    // A guest's order needs a name (the server's guest rule); the contract leaves a blank one out.
    expect(guestNameProblem('   ')).toEqual(['cart.guestNameRequired']);
  });

  it('asks for an address for Door Delivery only, as the contract does', () => {
    for (const { id } of DELIVERY_METHODS) {
      for (const address of ['', '   ', 'Jl. Melati 1']) {
        expect(needsAddress(id, address), `${id} ${JSON.stringify(address)}`).toBe(!takes({ delivery_id: id, address }));
      }
    }
    expect(needsAddress(DOOR_DELIVERY_ID, ' ')).toBe(true);
  });
});
