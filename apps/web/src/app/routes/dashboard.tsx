import { DASHBOARD_PERIODS, type DashboardPeriod } from '@kopi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../components/ui/error-message';
import { PageSpinner } from '../../components/ui/spinner';
import { usePasswordResetWay } from '../../features/auth/api/password-reset-way';
import { dashboardQueries } from '../../features/dashboard/api/dashboard';
import { BestSellers } from '../../features/dashboard/components/best-sellers';
import { BestStaff } from '../../features/dashboard/components/best-staff';
import { BusiestHours } from '../../features/dashboard/components/busiest-hours';
import { FigureCards } from '../../features/dashboard/components/figure-cards';
import { GoalRing } from '../../features/dashboard/components/goal-ring';
import { CURRENT_NAME } from '../../features/dashboard/components/period-labels';
import { PeriodPicker } from '../../features/dashboard/components/period-picker';
import { DownloadReportButton, ShareReportButton } from '../../features/dashboard/components/report-actions';
import { RevenueChart } from '../../features/dashboard/components/revenue-chart';
import { ShiftList } from '../../features/dashboard/components/shift-list';
import { TaxSummary } from '../../features/dashboard/components/tax-summary';
import { canRetry, errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { useSearchParams } from '../../lib/router';

// The owner's dashboard (docs/shop-rules.md#the-owners-dashboard): the period lives in the address
// (?period=weekly), so a shared link opens the same view; the month is shown by default.

const isPeriod = (value: string | null): value is DashboardPeriod => (DASHBOARD_PERIODS as readonly string[]).includes(value ?? '');

export function DashboardPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const asked = params.get('period');
  const period: DashboardPeriod = isPeriod(asked) ? asked : 'monthly';
  const figures = useQuery({ ...dashboardQueries.figures(period), placeholderData: keepPreviousData });
  const report = t('admin.dashboard.report', { period });
  const currentName = t(CURRENT_NAME[period]);
  const data = figures.data;
  // Until a mail server is set up, customers who forget their password get no e-mail (docs/shop-rules.md#forgotten-passwords).
  const passwordReset = usePasswordResetWay();
  const noMail = passwordReset !== undefined && passwordReset !== 'email';

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">{t('admin.dashboard.heading')}</h1>
        <PeriodPicker value={period} onChange={(next) => setParams({ period: next }, { replace: true })} />
      </div>

      {noMail && (
        <p role="note" className="rounded-2xl border border-berry/30 bg-berry/5 p-4 font-medium text-berry" data-testid="mail-warning">
          {t('admin.dashboard.mailWarning')}
        </p>
      )}
      {figures.isPending && <PageSpinner />}
      {figures.isError && (
        <ErrorMessage message={errorMessage(figures.error)} onRetry={canRetry(figures.error) ? () => figures.refetch() : undefined} />
      )}
      {data && (
        <div aria-busy={figures.isPlaceholderData} className="space-y-6">
          {data.current.orders === 0 && (
            <p role="note" className="rounded-2xl bg-honey/30 p-4 font-semibold" data-testid="dashboard-empty">
              {t('admin.dashboard.empty', { when: currentName })}
            </p>
          )}
          <FigureCards period={period} current={data.current} previous={data.previous} />

          <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
            <div className="min-w-0 space-y-6">
              <section aria-labelledby="report-heading" className="rounded-3xl bg-white p-6 shadow-sm">
                <h2 id="report-heading" className="text-xl font-bold">
                  {report}
                </h2>
                <RevenueChart period={period} series={data.series} />
                <DownloadReportButton period={period} />
              </section>
              <div className="grid gap-6 md:grid-cols-2">
                <BestSellers sellers={data.best_sellers} currentName={currentName} />
                <BusiestHours hours={data.busiest_hours} currentName={currentName} />
              </div>
              <ShiftList />
            </div>

            <div className="min-w-0 space-y-6">
              <BestStaff staff={data.best_staff} heading={t('admin.dashboard.bestStaff', { period })} currentName={currentName} />
              <GoalRing goal={data.goal} />
              <TaxSummary current={data.current} currentName={currentName} />
              <ShareReportButton period={period} title={report} />
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
