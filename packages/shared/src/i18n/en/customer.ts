// The customer's screens: menu, product, cart, checkout, orders, profile, sign-in, the table and pick-up screens.
// English is the source: the specification's texts word for word.
export const customer = {} as const;
