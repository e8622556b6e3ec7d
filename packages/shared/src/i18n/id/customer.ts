import type { Translation } from '../catalogue.ts';
import type { customer as english } from '../en/customer.ts';

// The customer's screens: menu, product, cart, checkout, orders, profile, sign-in, the table and pick-up screens.
export const customer = {} as const satisfies Translation<typeof english>;
