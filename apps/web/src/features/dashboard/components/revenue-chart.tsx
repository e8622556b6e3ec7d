import { type Dashboard, type DashboardPeriod, formatIDR, formatThousands, type Locale } from '@kopi/shared';
import { useEffect, useId, useRef } from 'react';
import { currentLocale, type MessageKey, type MessageValues, useT } from '../../../lib/i18n';
import { longLabel, shortLabel } from './period-labels';

type Translate = (key: MessageKey, values?: MessageValues) => string;

// The series as an SVG drawn by hand (no chart library: the page stays light): revenue as bars
// against the left scale, orders as a line against the right one. Screen readers get the same
// figures as a table.

const WIDTH = 640;
const HEIGHT = 260;
const PAD = { top: 16, right: 40, bottom: 32, left: 64 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/** A round number at or above `max` for the top of a scale (never 0, so nothing divides by 0). */
function niceTop(max: number): number {
  if (max <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * magnitude >= max) ?? 10;
  return step * magnitude;
}

/** Short rupiah for the axis: IDR 1.500.000 becomes 1.5M in English, "1,5 jt" in Indonesian. */
function shortRupiah(value: number, locale: Locale, t: Translate): string {
  const short = (n: number) => {
    const rounded = Number(n.toFixed(1));
    return locale === 'id' ? String(rounded).replace('.', ',') : String(rounded);
  };
  if (value >= 1_000_000) return t('admin.chart.millions', { n: short(value / 1_000_000) });
  if (value >= 1_000) return t('admin.chart.thousands', { n: short(value / 1_000) });
  return formatThousands(value);
}

export function RevenueChart({ period, series }: { period: DashboardPeriod; series: Dashboard['series'] }) {
  const t = useT();
  const locale = currentLocale();
  const long = (start: string) => longLabel(period, start, locale, t);
  const titleId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  // Where the chart scrolls (a phone), it opens on its right end: the current period.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollLeft = scroller.current.scrollWidth;
  }, []);
  const descId = useId();
  const revenueTop = niceTop(Math.max(...series.map((s) => s.revenue)));
  // Orders are whole: a top divisible by 4 keeps every tick of the right scale a whole number.
  const ordersTop = Math.max(4, Math.ceil(Math.max(...series.map((s) => s.orders)) / 4) * 4);
  const slot = PLOT_W / series.length;
  const barWidth = Math.max(4, slot * 0.55);
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const yRevenue = (v: number) => PAD.top + PLOT_H - (v / revenueTop) * PLOT_H;
  const yOrders = (v: number) => PAD.top + PLOT_H - (v / ordersTop) * PLOT_H;
  const empty = series.every((s) => s.orders === 0);
  const line = series.map((s, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${yOrders(s.orders).toFixed(1)}`).join(' ');
  const labelEvery = series.length > 12 ? 2 : 1;
  const first = series[0];
  const last = series[series.length - 1];

  return (
    <figure>
      <div className="mt-2 flex flex-wrap gap-4 text-sm" aria-hidden="true">
        <span className="flex items-center gap-2">
          <span className="size-3 rounded-sm bg-caramel" />
          {t('admin.chart.revenueLegend')}
        </span>
        <span className="flex items-center gap-2">
          <span className="h-0.5 w-4 bg-espresso" />
          {t('admin.dashboard.orders')}
        </span>
      </div>
      {/* On a phone the chart keeps a readable size and scrolls sideways inside its card. */}
      <div ref={scroller} className="relative overflow-x-auto">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="mt-2 h-auto w-full min-w-[520px]"
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          data-testid="revenue-chart"
        >
          <title id={titleId}>{t('admin.chart.title')}</title>
          <desc id={descId}>
            {first && last
              ? t('admin.chart.description', { first: long(first.start), last: long(last.start) })
              : t('admin.chart.noFigures')}
          </desc>
          {[0, 0.25, 0.5, 0.75, 1].map((share) => {
            const y = PAD.top + PLOT_H - share * PLOT_H;
            return (
              <g key={share}>
                <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} className="stroke-crema" strokeWidth={1} />
                <text x={PAD.left - 8} y={y + 4} textAnchor="end" className="fill-roast text-[11px]">
                  {shortRupiah(revenueTop * share, locale, t)}
                </text>
                <text x={WIDTH - PAD.right + 8} y={y + 4} className="fill-roast text-[11px]">
                  {ordersTop * share}
                </text>
              </g>
            );
          })}
          {series.map((s, i) => (
            <g key={s.start}>
              <rect
                x={x(i) - barWidth / 2}
                y={yRevenue(s.revenue)}
                width={barWidth}
                height={Math.max(0, PAD.top + PLOT_H - yRevenue(s.revenue))}
                rx={3}
                className={i === series.length - 1 ? 'fill-caramel-dark' : 'fill-caramel'}
              >
                <title>{t('admin.chart.bar', { period: long(s.start), revenue: formatIDR(s.revenue), count: s.orders })}</title>
              </rect>
              {i % labelEvery === (series.length - 1) % labelEvery && (
                <text x={x(i)} y={HEIGHT - 10} textAnchor="middle" className="fill-roast text-[11px]">
                  {shortLabel(period, s.start, locale)}
                </text>
              )}
            </g>
          ))}
          <path d={line} fill="none" className="stroke-espresso" strokeWidth={2} strokeLinejoin="round" />
          {series.map((s, i) => (
            <circle key={s.start} cx={x(i)} cy={yOrders(s.orders)} r={3.5} className="fill-white stroke-espresso" strokeWidth={2} />
          ))}
        </svg>
        {empty && (
          <p className="absolute inset-0 flex items-center justify-center text-center font-semibold text-roast">
            {t('admin.chart.empty', { period, count: series.length })}
          </p>
        )}
      </div>
      {/* A table ignores a width of 1px: the box around it hides it. */}
      <div className="sr-only">
        <table>
          <caption>{t('admin.chart.caption', { period })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.dashboard.period')}</th>
              <th scope="col">{t('admin.dashboard.revenue')}</th>
              <th scope="col">{t('admin.dashboard.orders')}</th>
              <th scope="col">{t('admin.chart.cancelled')}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((s) => (
              <tr key={s.start}>
                <th scope="row">{long(s.start)}</th>
                <td>{formatIDR(s.revenue)}</td>
                <td>{s.orders}</td>
                <td>{s.cancelled}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
