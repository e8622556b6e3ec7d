import { z } from 'zod';
import { DASHBOARD_PERIODS, MONTHLY_REVENUE_GOAL_MAX, TAX_REPORT_MAX_DAYS, TAX_REPORT_UNITS } from '../dashboard.ts';
import { isoDate, wholeNumber } from './fields.ts';

// The owner's dashboard (docs/shop-rules.md#the-owners-dashboard): one contract for the API's answer,
// its documentation and the page that reads it.

const PERIOD_MESSAGE = 'periodInvalid';

/** `?period=`; without one the dashboard answers the month, as the page opens on it. */
export const DashboardQuerySchema = z.object({
  period: z.enum(DASHBOARD_PERIODS, { error: PERIOD_MESSAGE }).default('monthly'),
});

const instant = (description: string) => z.string().meta({ description: `${description}, ISO 8601 with the shop's offset` });

export const PeriodFiguresSchema = z.object({
  start: instant('The first instant of the period'),
  end: instant('The first instant after it (the next period’s start)'),
  orders: z.number().meta({ description: 'Orders placed in it, every status' }),
  done: z.number().meta({ description: 'Of them, Done' }),
  cancelled: z.number().meta({ description: 'Of them, Cancelled' }),
  revenue: z.number().meta({ description: 'Σ total of its Done orders, integer rupiah' }),
  average_ticket: z.number().meta({ description: 'revenue / done, rounded to the rupiah; 0 when none is Done' }),
  prep_minutes_avg: z.number().nullable().meta({
    description:
      'Mean minutes from Pending to Ready of its orders (orders moved to Done without Ready are left out); null when none was Ready',
  }),
});
export type PeriodFigures = z.infer<typeof PeriodFiguresSchema>;

export const DashboardSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  timezone: z.string().meta({ description: "The shop's zone, in which every day, week and month is read" }),
  current: PeriodFiguresSchema,
  previous: PeriodFiguresSchema,
  series: z
    .array(
      z.object({
        start: instant("The period's first instant"),
        orders: z.number(),
        revenue: z.number(),
        cancelled: z.number(),
      }),
    )
    .meta({ description: 'The last 14 days, 12 weeks (from Monday) or 12 months, oldest first; the last is the current one' }),
  best_sellers: z
    .array(
      z.object({
        product_id: z.number(),
        product_name: z.string(),
        image: z.string(),
        units: z.number(),
        revenue: z.number().meta({ description: 'Σ line totals of the product in Done orders' }),
      }),
    )
    .meta({ description: 'Top 5 products of the current period by units in its Done orders' }),
  busiest_hours: z
    .array(z.object({ hour: z.number().meta({ description: '0–23, shop time' }), orders: z.number() }))
    .meta({ description: 'Orders placed in the current period by hour of the day, all 24 hours' }),
  best_staff: z
    .object({ id: z.number(), display_name: z.string(), image: z.string().nullable(), orders: z.number() })
    .nullable()
    .meta({ description: 'The admin who moved the most orders to Done in the current period; null when none did' }),
  goal: z.object({
    monthly_revenue_goal: z.number(),
    month_revenue: z.number().meta({ description: "This month's revenue (Done orders placed this month)" }),
    progress_percent: z.number().meta({ description: 'month_revenue / goal, a whole percent rounded down; may pass 100' }),
  }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** PATCH /shop: what an admin may change about the shop. */
export const UpdateShopSchema = z.object({
  monthly_revenue_goal: wholeNumber({
    required: 'goalRequired',
    min: 1,
    max: MONTHLY_REVENUE_GOAL_MAX,
    range: 'goalRange',
  }),
});
export type UpdateShop = z.infer<typeof UpdateShopSchema>;

export const ShopGoalSchema = z.object({ monthly_revenue_goal: z.number() });

/**
 * `GET /dashboard/tax?from=&to=&by=`: the shop days from `from` to `to`, both included, at most a
 * year; without them, the current month up to today.
 */
export const TaxReportQuerySchema = z
  .object({
    from: isoDate('taxReportFromRequired').optional(),
    to: isoDate('taxReportToRequired').optional(),
    by: z.enum(TAX_REPORT_UNITS, { error: 'taxReportUnitInvalid' }).default('day'),
  })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: [query.from === undefined ? 'from' : 'to'], message: 'taxReportBothDates' });
      return;
    }
    if (query.from === undefined || query.to === undefined) return;
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'taxReportOrder' });
    else if (days > TAX_REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'taxReportTooLong' });
  });
export type TaxReportQuery = z.infer<typeof TaxReportQuerySchema>;

const TaxFiguresShape = {
  orders: z.number().meta({ description: 'Done orders placed in it' }),
  net: z.number().meta({ description: 'Σ subtotal − discount, integer rupiah' }),
  service: z.number().meta({ description: 'Σ service charge' }),
  tax_base: z.number().meta({ description: 'Σ net + service without the tax: what the tax was levied on' }),
  tax: z.number().meta({ description: 'Σ tax, added or included' }),
  shipping: z.number(),
  total: z.number().meta({ description: 'Σ total: what the customers paid' }),
};
const TaxFiguresSchema = z.object(TaxFiguresShape);
export type TaxFigures = z.infer<typeof TaxFiguresSchema>;

export const TaxReportSchema = z.object({
  from: z.string().meta({ description: 'The first shop day, YYYY-MM-DD' }),
  to: z.string().meta({ description: 'The last shop day, included' }),
  by: z.enum(TAX_REPORT_UNITS),
  timezone: z.string(),
  rows: z
    .array(
      z.object({
        period: z.string().meta({ description: 'The shop day, or the first day of the month, YYYY-MM-DD' }),
        delivery_id: z.number().meta({ description: '1 Dine In, 2 Door Delivery, 3 Pick Up' }),
        ...TaxFiguresShape,
      }),
    )
    .meta({ description: 'Per period and order type, oldest first; a period without a Done order has no row' }),
  by_delivery: z.array(z.object({ delivery_id: z.number(), ...TaxFiguresShape })).meta({ description: 'The whole range per order type' }),
  totals: TaxFiguresSchema.meta({ description: 'The whole range: equal to the sum of its receipts' }),
});
export type TaxReport = z.infer<typeof TaxReportSchema>;
