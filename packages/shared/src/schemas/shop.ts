import { z } from 'zod';
import { DAY_KEYS } from '../opening-hours.ts';
import { isoDate } from './fields.ts';

/**
 * How a customer who forgot the password gets a new one (docs/shop-rules.md#forgotten-passwords):
 * by e-mail when SMTP_URL is set; otherwise the link is written to the server log, which a
 * developer's shop says, and a shop in production (NODE_ENV=production) asks the person to ask the shop.
 */
export const PASSWORD_RESET_WAYS = ['email', 'server_log', 'ask_the_shop'] as const;
export type PasswordResetWay = (typeof PASSWORD_RESET_WAYS)[number];

/** GET /shop: who the shop is and whether it takes "as soon as possible" orders now. */
export const ShopSchema = z.object({
  name: z.string(),
  timezone: z.string().meta({ description: "The shop's IANA time zone: its days and hours are read there" }),
  opening_hours: z.array(z.object({ day: z.enum(DAY_KEYS), opens: z.string(), closes: z.string() })).meta({
    description: 'One entry per opening of a day, Monday first; closes may be 24:00. A day not listed is closed.',
  }),
  open_now: z.boolean(),
  next_opening: z.string().nullable().meta({ description: 'ISO 8601 with offset; null when the shop never closes' }),
  closes_at: z.string().nullable().meta({ description: 'ISO 8601 with offset; null when closed or when it does not close this week' }),
  today: z.string().meta({ description: "The shop's date now, YYYY-MM-DD" }),
  utc_offset: z.number().meta({
    description:
      "The shop's clock's offset from UTC now, in minutes (420 in Asia/Jakarta): a screen tells whether a phone's clock shows the shop's times without looking the zone up",
  }),
  online_payments: z.boolean().meta({
    description: 'Whether QRIS and bank transfer (payment_id 4 and 2) are offered: the payment gateway is set up',
  }),
  late_after_minutes: z.number().meta({
    description: 'A card on the board turns amber past half of this many minutes in its stage, red past it',
  }),
  preorder_lead_minutes: z.number().meta({
    description: "An order for a later slot waits in the board's Later lane until this many minutes before its time",
  }),
  bill: z
    .object({
      tax_name: z.string(),
      tax_rate: z.number(),
      service_rate: z.number(),
      service_on: z.array(z.number()),
      prices_include_tax: z.boolean(),
    })
    .meta({
      description:
        'The tax and service an order is priced with now (docs: tax, service and the bill): the cart estimates with it, the quote decides',
    }),
  password_reset: z.enum(PASSWORD_RESET_WAYS).meta({
    description:
      'How a forgotten password is reset: "email" (a link is e-mailed), "server_log" (no mail server: the link is ' +
      'written to the server log) or "ask_the_shop" (no mail server, in production: the person asks the shop)',
  }),
});
export type Shop = z.infer<typeof ShopSchema>;

export const SlotsQuerySchema = z.object({ date: isoDate('slotDateRequired') });

/** GET /shop/slots: the slots of one day that can still be chosen. */
export const DaySlotsSchema = z.object({
  date: z.string(),
  capacity: z.number().meta({ description: 'Orders one slot takes' }),
  slots: z.array(
    z.object({
      time: z.string().meta({ description: "The slot's start, ISO 8601 with the shop's offset" }),
      remaining: z.number().meta({ description: 'Orders it can still take; 0 is full' }),
    }),
  ),
});
export type DaySlots = z.infer<typeof DaySlotsSchema>;

/** GET /shop/week: the slots of every day an order may be scheduled for, today first. */
export const WeekSlotsSchema = z.array(DaySlotsSchema).meta({
  description: 'Today and the 6 days after it, each with its slots still to come (none on a day the shop is closed)',
});
