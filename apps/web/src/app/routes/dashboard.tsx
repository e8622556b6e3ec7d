import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { TEXT } from '../../lib/texts';

// spec §2 Dashboard: a static report. The figures are samples until the real report exists
// (DESIGN §9), and the page says so.
const MONTHS = [
  { month: 'Jan', income: 60, outcome: 35 },
  { month: 'Feb', income: 75, outcome: 40 },
  { month: 'Mar', income: 55, outcome: 45 },
  { month: 'Apr', income: 85, outcome: 50 },
  { month: 'May', income: 70, outcome: 38 },
  { month: 'Jun', income: 95, outcome: 55 },
] as const;
const PERIODS = ['Daily', 'Weekly', 'Monthly'] as const;
const GOAL_PERCENT = 76;

export function DashboardPage() {
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('Monthly');
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">See how your store progress so far</h1>
        <fieldset className="flex gap-4">
          <legend className="sr-only">Period</legend>
          {PERIODS.map((option) => (
            <label key={option} className="flex items-center gap-2 font-semibold">
              <input
                type="radio"
                name="period"
                checked={period === option}
                onChange={() => setPeriod(option)}
                className="size-4 accent-caramel"
              />
              {option}
            </label>
          ))}
        </fieldset>
      </div>
      <p role="note" className="rounded-2xl bg-honey/30 p-4 font-semibold">
        {TEXT.dashboardPlaceholder}
      </p>

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="report-heading" className="rounded-3xl bg-white p-6 shadow-sm">
          <h2 id="report-heading" className="text-xl font-bold">
            {period} Report (sample)
          </h2>
          <div className="mt-2 flex gap-4 text-sm">
            <span className="flex items-center gap-2">
              <span className="size-3 rounded-full bg-caramel" />
              Income
            </span>
            <span className="flex items-center gap-2">
              <span className="size-3 rounded-full bg-espresso" />
              Outcome
            </span>
          </div>
          <ul className="mt-6 flex h-56 items-end justify-between gap-2" aria-label="Income and outcome, January to June (sample)">
            {MONTHS.map((m) => (
              <li key={m.month} className="flex h-full flex-1 flex-col items-center justify-end gap-2">
                <div className="flex h-full w-full items-end justify-center gap-1">
                  <span className="w-1/3 rounded-t bg-caramel" style={{ height: `${m.income}%` }} title={`Income ${m.income}`} />
                  <span className="w-1/3 rounded-t bg-espresso" style={{ height: `${m.outcome}%` }} title={`Outcome ${m.outcome}`} />
                </div>
                <span className="text-xs font-semibold text-roast">{m.month}</span>
              </li>
            ))}
          </ul>
          <Button className="mt-6 w-full" disabled title={TEXT.dashboardPlaceholder}>
            Download Report
          </Button>
        </section>

        <div className="space-y-6">
          <section className="rounded-3xl bg-white p-6 text-center shadow-sm">
            <h2 className="text-xl font-bold">Best Staff of the Month</h2>
            <div className="mx-auto mt-4 flex size-20 items-center justify-center rounded-full bg-crema font-display text-3xl font-bold">
              ?
            </div>
            <p className="mt-3 text-roast">Sample: not chosen yet</p>
          </section>
          <section className="rounded-3xl bg-white p-6 text-center shadow-sm">
            <h2 className="text-xl font-bold">Goals</h2>
            <p className="text-sm text-roast">Your goals is still on 76%. Keep up the good work!</p>
            <div
              className="mx-auto mt-4 flex size-32 items-center justify-center rounded-full"
              style={{ background: `conic-gradient(var(--color-caramel) ${GOAL_PERCENT}%, var(--color-crema) 0)` }}
              role="img"
              aria-label={`Goal ${GOAL_PERCENT} percent (sample)`}
            >
              <span className="flex size-24 items-center justify-center rounded-full bg-white font-display text-2xl font-bold">
                {GOAL_PERCENT}%
              </span>
            </div>
          </section>
          <Button variant="secondary" className="w-full" disabled title={TEXT.dashboardPlaceholder}>
            Share Report
          </Button>
        </div>
      </div>
    </section>
  );
}
