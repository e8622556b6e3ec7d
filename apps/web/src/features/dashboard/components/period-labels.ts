import type { DashboardPeriod } from '@kopi/shared';

// How the dashboard names its periods. A period's start is ISO 8601 with the shop's offset, so its
// first ten characters are the shop's date, whatever the browser's zone.

export const PERIOD_OPTIONS: { value: DashboardPeriod; label: string }[] = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];

export const PERIOD_NOUN: Record<DashboardPeriod, string> = { daily: 'Day', weekly: 'Week', monthly: 'Month' };
export const PREVIOUS_NAME: Record<DashboardPeriod, string> = { daily: 'yesterday', weekly: 'last week', monthly: 'last month' };
export const CURRENT_NAME: Record<DashboardPeriod, string> = { daily: 'today', weekly: 'this week', monthly: 'this month' };

const dayMonth = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });
const monthOnly = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'short' });
const monthYear = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const fullDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

const dateOf = (start: string) => new Date(`${start.slice(0, 10)}T00:00:00Z`);

/** The chart's short label of a period: "19 Nov" for a day or a week, "Jan" for a month. */
export function shortLabel(period: DashboardPeriod, start: string): string {
  return (period === 'monthly' ? monthOnly : dayMonth).format(dateOf(start));
}

/** A period in words, for the table and screen readers: "Wed, 2 Dec 2026", "week of …", "December 2026". */
export function longLabel(period: DashboardPeriod, start: string): string {
  if (period === 'monthly') return monthYear.format(dateOf(start));
  return period === 'weekly' ? `Week of ${fullDay.format(dateOf(start))}` : fullDay.format(dateOf(start));
}
