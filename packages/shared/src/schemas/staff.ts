import { z } from 'zod';
import { ROLES, type StaffRole } from '../constants.ts';
import { hasUnshowable } from '../names.ts';
import { PinSchema } from './approval.ts';
import { EmailSchema, requiredText, wholeNumber } from './fields.ts';

export { type Approval, ApprovalSchema, PinSchema } from './approval.ts';

// Staff, shared counter devices (tills), shifts and the till's sales (docs/shop-rules.md#staff-and-roles,
// docs/shop-rules.md#the-till-and-shifts): the contract the server checks and the screens send.

export const STAFF_ROLE_NAMES = [ROLES.admin, ROLES.cashier, ROLES.barista] as const satisfies readonly StaffRole[];
const StaffRoleSchema = z.enum(STAFF_ROLE_NAMES, { error: 'staffRoleInvalid' });

const staffName = requiredText('staffNameRequired', 50).refine((name) => !hasUnshowable(name), 'nameUnshowable');

/** POST /staff: a new member, or an account that exists given a role. */
export const CreateStaffSchema = z.object({
  email: EmailSchema,
  first_name: staffName,
  role: StaffRoleSchema,
  pin: PinSchema,
});
export type CreateStaffInput = z.infer<typeof CreateStaffSchema>;

/** PATCH /staff/:id: any of them, at least one. */
export const UpdateStaffSchema = z
  .object({
    role: z.enum([...STAFF_ROLE_NAMES, ROLES.user], { error: 'staffRoleInvalid' }),
    pin: PinSchema,
    active: z.boolean(),
    first_name: staffName,
  })
  .partial()
  .refine((change) => Object.keys(change).length > 0, 'staffNothing');
export type UpdateStaffInput = z.infer<typeof UpdateStaffSchema>;

export const StaffMemberSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  active: z.boolean().meta({ description: 'A member deactivated can neither sign in nor switch on a till' }),
  has_pin: z.boolean(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** A shared counter device: POST /tills names it ("Till 1"). */
export const CreateTillSchema = z.object({
  name: requiredText('tillNameRequired', 30).refine((name) => !hasUnshowable(name), 'nameUnshowable'),
});
export const TillSchema = z.object({ id: z.number(), name: z.string(), created_at: z.string() });
export type Till = z.infer<typeof TillSchema>;
/** POST /tills' answer: the device's key, shown once, which the device keeps (TILL_KEY_HEADER). */
export const RegisteredTillSchema = z.object({ till: TillSchema, device_key: z.string() });

/** The header a shared counter device sends its key in. */
export const TILL_KEY_HEADER = 'till-key';

/** GET /tills/device: the device's till and the staff who may switch it on. */
export const TillDeviceSchema = z.object({
  till: TillSchema,
  staff: z.array(z.object({ id: z.number(), name: z.string(), role: z.string() })),
});
export type TillDevice = z.infer<typeof TillDeviceSchema>;

/** POST /tills/device/unlock: a member switches the device on with their PIN. */
export const UnlockTillSchema = z.object({
  user_id: wholeNumber({ required: 'idRequired', min: 1, max: 2_147_483_647, range: 'idInvalid' }),
  pin: PinSchema,
});
export const UnlockedTillSchema = z.object({
  token: z.string().meta({ description: "The member's session on this device: it lasts one shift at most" }),
  user: z.object({ id: z.number(), name: z.string(), role: z.string() }),
  till: TillSchema,
});

/** Rupiah of cash: whole, not negative, at most a hundred million. */
const cash = (required: string) => wholeNumber({ required, min: 0, max: 100_000_000, range: required });

/** POST /shifts: the till's drawer opened with a float. */
export const OpenShiftSchema = z.object({ opening_cash: cash('openingCashRange') });

/** POST /shifts/:id/cash: cash put in (> 0) or taken out (< 0, with its reason: "milk from the market"). */
export const ShiftCashSchema = z
  .object({
    amount: wholeNumber({ required: 'cashAmountRange', min: -100_000_000, max: 100_000_000, range: 'cashAmountRange' }).refine(
      (amount) => amount !== 0,
      'cashAmountRange',
    ),
    reason: z.string().trim().max(200, 'atMostCharacters').optional(),
  })
  .refine((move) => move.amount > 0 || !!move.reason, { message: 'cashOutReason', path: ['reason'] });

/** POST /shifts/:id/close: what the cashier counted in the drawer, blind (before seeing what is expected). */
export const CloseShiftSchema = z.object({
  counted_cash: cash('countedCashRange'),
  /** The count by note and coin, as the screen added it up: kept with the report. */
  count: z
    .record(z.string().regex(/^\d+$/), wholeNumber({ required: 'countInvalid', min: 0, max: 100_000, range: 'countInvalid' }))
    .optional(),
});

/** Cash taken at the counter for an order: what the customer handed over (at least what is asked). */
export const CollectSchema = z.object({ cash_tendered: cash('cashTenderedRange') });

export const SHIFT_CASH_KINDS = ['in', 'out'] as const;

/** A shift's Z report (GET /shifts/:id/report): what the drawer should hold, what it held, and why. */
export const ShiftReportSchema = z.object({
  id: z.number(),
  number: z.number().meta({ description: "The shop's report number: 1, 2, 3 … never reused" }),
  till: TillSchema.pick({ id: true, name: true }),
  status: z.enum(['open', 'closed']),
  opened_at: z.string(),
  opened_by: z.object({ id: z.number(), name: z.string() }),
  closed_at: z.string().nullable(),
  closed_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  opening_cash: z.number(),
  cash_received: z.number().meta({ description: 'Cash handed over for sales and collections' }),
  change_given: z.number(),
  cash_refunds: z.number(),
  rounding: z.number().meta({ description: 'Σ of the cash rounding lines (to Rp 100), part of the cash sales' }),
  cash_in: z.number(),
  cash_out: z.number(),
  movements: z.array(
    z.object({ amount: z.number(), reason: z.string().nullable(), at: z.string(), by: z.object({ id: z.number(), name: z.string() }) }),
  ),
  expected_cash: z.number().nullable().meta({
    description:
      'opening + cash received − change − cash refunds + cash in − cash out; null on an open shift but to the owner: closing is blind',
  }),
  counted_cash: z.number().nullable(),
  variance: z.number().nullable().meta({ description: 'counted − expected; null while open' }),
  count: z.record(z.string(), z.number()).nullable(),
  by_method: z.array(z.object({ payment_id: z.number(), orders: z.number(), amount: z.number() })),
  orders: z.number(),
  refunds: z.object({ orders: z.number(), amount: z.number() }),
});
export type ShiftReport = z.infer<typeof ShiftReportSchema>;
