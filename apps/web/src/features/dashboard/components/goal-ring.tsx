import { type Dashboard, formatIDR, formatThousands, GOAL_RANGE_MESSAGE, MONTHLY_REVENUE_GOAL_MAX } from '@kopi/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useSetMonthlyGoal } from '../api/dashboard';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** This month's revenue against the owner's goal, and the form that sets the goal. */
export function GoalRing({ goal }: { goal: Dashboard['goal'] }) {
  const t = useT();
  const percent = goal.progress_percent;
  const filled = Math.min(100, Math.max(0, percent)) / 100;
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const save = useSetMonthlyGoal({
    onSuccess: (saved) => {
      toast.success(t('admin.dashboard.goalSet', { amount: formatIDR(saved) }));
      setEditing(false);
    },
    onError: (failure) => setError(errorMessage(failure)),
  });

  // The range rule is kept as the shared constant and said in the page's language when shown.
  const shownError = error === GOAL_RANGE_MESSAGE ? t('admin.dashboard.goalRange') : error;

  function submit(event: FormEvent) {
    event.preventDefault();
    // People write 30.000.000 as they read it: the dots are thousands separators. The rule is the
    // server's (UpdateShopSchema), checked here without zod so that the page stays light.
    const digits = value.replace(/[.\s]/g, '');
    const goal = Number(digits);
    if (!/^\d+$/.test(digits) || goal < 1 || goal > MONTHLY_REVENUE_GOAL_MAX) {
      setError(GOAL_RANGE_MESSAGE);
      return;
    }
    setError(null);
    save.mutate(goal);
  }

  return (
    <section aria-labelledby="goal-heading" className="rounded-3xl bg-white p-6 text-center shadow-sm">
      <h2 id="goal-heading" className="text-xl font-bold">
        {t('admin.dashboard.goals')}
      </h2>
      <p className="text-sm text-roast" data-testid="goal-text">
        {t('admin.dashboard.goalText', { percent })}
      </p>
      <svg viewBox="0 0 128 128" className="mx-auto mt-4 size-32" role="img" aria-label={t('admin.dashboard.goalRing', { percent })}>
        <circle cx="64" cy="64" r={RADIUS} fill="none" className="stroke-crema" strokeWidth="14" />
        <circle
          cx="64"
          cy="64"
          r={RADIUS}
          fill="none"
          className="stroke-caramel"
          strokeWidth="14"
          strokeLinecap={filled > 0 ? 'round' : 'butt'}
          strokeDasharray={`${(filled * CIRCUMFERENCE).toFixed(2)} ${CIRCUMFERENCE.toFixed(2)}`}
          transform="rotate(-90 64 64)"
        />
        <text x="64" y="72" textAnchor="middle" className="fill-espresso font-display text-[26px] font-bold">
          {percent}%
        </text>
      </svg>
      <p className="mt-3 text-sm text-roast">
        {t('admin.dashboard.goalProgress', { revenue: formatIDR(goal.month_revenue), goal: formatIDR(goal.monthly_revenue_goal) })}
      </p>
      {editing ? (
        <form onSubmit={submit} className="mt-3 space-y-2 text-left" noValidate>
          <label htmlFor={inputId} className="block text-sm font-semibold">
            {t('admin.dashboard.goalLabel')}
          </label>
          <input
            id={inputId}
            inputMode="numeric"
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="w-full rounded-xl border border-roast/40 px-3 py-2"
          />
          {shownError && (
            <p id={errorId} role="alert" className="text-sm text-berry">
              {shownError}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="submit" busy={save.isPending} className="flex-1">
              {t('admin.dashboard.saveGoal')}
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              {t('admin.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button
          variant="ghost"
          className="mt-3"
          onClick={() => {
            setValue(formatThousands(goal.monthly_revenue_goal));
            setError(null);
            setEditing(true);
          }}
        >
          {t('admin.dashboard.setGoal')}
        </Button>
      )}
    </section>
  );
}
