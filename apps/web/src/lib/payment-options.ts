// The specification's labels for an order's fixed ids (docs/decisions/spec-fidelity.md#kept-word-for-word).

/** Payment radios as the spec writes them, then QRIS (paid online, docs/shop-rules.md#payments). */
export const PAYMENT_OPTIONS = [
  { id: 1, label: 'Card' },
  { id: 2, label: 'Bank Account' },
  { id: 3, label: 'Cash on Delivery' },
  { id: 4, label: 'QRIS' },
] as const;
