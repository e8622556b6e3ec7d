import { type DashboardPeriod, formatIDR, type PeriodFigures } from '@kopi/shared';
import { PREVIOUS_NAME } from './period-labels';

interface Card {
  label: string;
  now: number | null;
  before: number | null;
  show: (value: number) => string;
  /** Whether a rise is good news (a longer preparation is not). */
  riseIsGood: boolean;
}

const count = (value: number) => value.toLocaleString('id-ID');
const minutes = (value: number) => `${value.toLocaleString('en-GB', { maximumFractionDigits: 1 })} min`;

/** "up 12% on yesterday", "down 5% …", "same as …", or "new" when there was nothing to compare. */
function change(now: number | null, before: number | null, previousName: string) {
  if (now === null || before === null) return { text: `nothing to compare with ${previousName}`, direction: 0 };
  if (now === before) return { text: `same as ${previousName}`, direction: 0 };
  if (before === 0) return { text: `up from none ${previousName}`, direction: 1 };
  const percent = Math.round((Math.abs(now - before) / before) * 100);
  const direction = now > before ? 1 : -1;
  return { text: `${direction > 0 ? 'up' : 'down'} ${percent}% on ${previousName}`, direction };
}

export function FigureCards({ period, current, previous }: { period: DashboardPeriod; current: PeriodFigures; previous: PeriodFigures }) {
  const cards: Card[] = [
    { label: 'Revenue', now: current.revenue, before: previous.revenue, show: formatIDR, riseIsGood: true },
    { label: 'Orders', now: current.orders, before: previous.orders, show: count, riseIsGood: true },
    { label: 'Average ticket', now: current.average_ticket, before: previous.average_ticket, show: formatIDR, riseIsGood: true },
    { label: 'Preparation time', now: current.prep_minutes_avg, before: previous.prep_minutes_avg, show: minutes, riseIsGood: false },
  ];
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="This period against the one before">
      {cards.map((card) => {
        const { text, direction } = change(card.now, card.before, PREVIOUS_NAME[period]);
        const good = direction === 0 ? null : direction > 0 === card.riseIsGood;
        return (
          <li key={card.label} className="min-w-0 rounded-3xl bg-white p-4 shadow-sm" data-testid="figure-card">
            <p className="text-sm font-semibold text-roast">{card.label}</p>
            <p className="mt-1 font-display text-xl font-bold break-words sm:text-2xl">{card.now === null ? '–' : card.show(card.now)}</p>
            <p className={`mt-1 flex items-center gap-1 text-sm ${good === null ? 'text-roast' : good ? 'text-leaf' : 'text-berry'}`}>
              <span aria-hidden="true">{direction > 0 ? '▲' : direction < 0 ? '▼' : '•'}</span>
              {text}
            </p>
            {card.before !== null && (
              <p className="text-xs text-roast">
                {PREVIOUS_NAME[period]}: {card.show(card.before)}
              </p>
            )}
          </li>
        );
      })}
      <li className="col-span-2 text-sm text-roast lg:col-span-4">
        {current.done} done · {current.cancelled} cancelled · {current.orders - current.done - current.cancelled} still open. Revenue counts
        Done orders only.
      </li>
    </ul>
  );
}
