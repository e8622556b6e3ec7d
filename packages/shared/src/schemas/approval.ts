import { z } from 'zod';
import { wholeNumber } from './fields.ts';

// An Admin's approval, given on the till as a Cashier refunds or voids a paid order
// (docs/shop-rules.md#staff-and-roles). Its own module: the orders' schemas, which a customer's pages
// load, need it, and the rest of the staff's schemas (staff.ts re-exports these) are the staff's only.

/** A PIN of 4 to 6 digits, typed on a shared counter device. */
export const PinSchema = z.string({ error: 'pinInvalid' }).regex(/^\d{4,6}$/, 'pinInvalid');

/** An Admin's PIN given at the moment a Cashier refunds or voids a paid order. */
export const ApprovalSchema = z.object({
  admin_id: wholeNumber({ required: 'idRequired', min: 1, max: 2_147_483_647, range: 'idInvalid' }),
  pin: PinSchema,
});
export type Approval = z.infer<typeof ApprovalSchema>;
