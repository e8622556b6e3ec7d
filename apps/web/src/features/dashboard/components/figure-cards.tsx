import { type DashboardPeriod, formatIDR, type PeriodFigures } from '@kopi/shared';
import { currentLocale, type MessageKey, type MessageValues, useT } from '../../../lib/i18n';
import { PREVIOUS_NAME } from './period-labels';

type Translate = (key: MessageKey, values?: MessageValues) => string;

interface Card {
  label: MessageKey;
  now: number | null;
  before: number | null;
  show: (value: number) => string;
  /** Whether a rise is good news (a longer preparation is not). */
  riseIsGood: boolean;
}

const count = (value: number) => value.toLocaleString('id-ID');

/** "up 12% on yesterday", "down 5% …", "same as …", or "up from none" when there was nothing before. */
function change(now: number | null, before: number | null, previous: string, t: Translate) {
  if (now === null || before === null) return { text: t('admin.dashboard.nothingToCompare', { previous }), direction: 0 };
  if (now === before) return { text: t('admin.dashboard.same', { previous }), direction: 0 };
  if (before === 0) return { text: t('admin.dashboard.upFromNone', { previous }), direction: 1 };
  const percent = Math.round((Math.abs(now - before) / before) * 100);
  const direction = now > before ? 1 : -1;
  return { text: t(direction > 0 ? 'admin.dashboard.up' : 'admin.dashboard.down', { percent, previous }), direction };
}

export function FigureCards({ period, current, previous }: { period: DashboardPeriod; current: PeriodFigures; previous: PeriodFigures }) {
  const t = useT();
  // A decimal comma in Indonesian ("2,5 mnt"), a point in English ("2.5 min").
  const intlLocale = currentLocale() === 'id' ? 'id-ID' : 'en-GB';
  const minutes = (value: number) => t('admin.unit.minutes', { n: value.toLocaleString(intlLocale, { maximumFractionDigits: 1 }) });
  const previousName = t(PREVIOUS_NAME[period]);
  const cards: Card[] = [
    { label: 'admin.dashboard.revenue', now: current.revenue, before: previous.revenue, show: formatIDR, riseIsGood: true },
    { label: 'admin.dashboard.orders', now: current.orders, before: previous.orders, show: count, riseIsGood: true },
    {
      label: 'admin.dashboard.averageTicket',
      now: current.average_ticket,
      before: previous.average_ticket,
      show: formatIDR,
      riseIsGood: true,
    },
    {
      label: 'admin.dashboard.prepTime',
      now: current.prep_minutes_avg,
      before: previous.prep_minutes_avg,
      show: minutes,
      riseIsGood: false,
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label={t('admin.dashboard.figures')}>
      {cards.map((card) => {
        const { text, direction } = change(card.now, card.before, previousName, t);
        const good = direction === 0 ? null : direction > 0 === card.riseIsGood;
        return (
          <li key={card.label} className="min-w-0 rounded-3xl bg-white p-4 shadow-sm" data-testid="figure-card">
            <p className="text-sm font-semibold text-roast">{t(card.label)}</p>
            <p className="mt-1 font-display text-xl font-bold break-words sm:text-2xl">{card.now === null ? '–' : card.show(card.now)}</p>
            <p className={`mt-1 flex items-center gap-1 text-sm ${good === null ? 'text-roast' : good ? 'text-leaf' : 'text-berry'}`}>
              <span aria-hidden="true">{direction > 0 ? '▲' : direction < 0 ? '▼' : '•'}</span>
              {text}
            </p>
            {card.before !== null && (
              <p className="text-xs text-roast">
                {t('admin.dashboard.previousValue', { previous: previousName, value: card.show(card.before) })}
              </p>
            )}
          </li>
        );
      })}
      <li className="col-span-2 text-sm text-roast lg:col-span-4">
        {t('admin.dashboard.tally', {
          done: current.done,
          cancelled: current.cancelled,
          open: current.orders - current.done - current.cancelled,
        })}
      </li>
    </ul>
  );
}
