// The owner's dashboard's fixed values (docs/shop-rules.md#the-owners-dashboard), without zod, so
// that the page can read them without loading the schemas.

export const DASHBOARD_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** How many periods the chart shows, the last being the current one. */
export const SERIES_LENGTH: Record<DashboardPeriod, number> = { daily: 14, weekly: 12, monthly: 12 };

/** The goal an owner starts with until an admin sets one. */
export const DEFAULT_MONTHLY_REVENUE_GOAL = 30_000_000;
export const MONTHLY_REVENUE_GOAL_MAX = 1_000_000_000_000;
export const GOAL_RANGE_MESSAGE = 'The goal is a whole number of rupiah from 1 to 1.000.000.000.000';

/** The tax report's rows: one per shop day or per month, and order type. */
export const TAX_REPORT_UNITS = ['day', 'month'] as const;
export type TaxReportUnit = (typeof TAX_REPORT_UNITS)[number];
/** The longest range a tax report covers, in days (a year, a leap one included). */
export const TAX_REPORT_MAX_DAYS = 366;
