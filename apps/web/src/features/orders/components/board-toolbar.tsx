import { STATIONS, type Station } from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { boardQueries } from '../api/board';
import { ORDER_TEXT } from '../texts';

function formatAverage(seconds: number | null): string {
  if (seconds === null) return ORDER_TEXT.prepNone;
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const rest = whole % 60;
  return `${Math.floor(whole / 60)} min${rest ? ` ${rest} s` : ''}`;
}

/** The board's average Pending → Ready time, today and in the last hour. */
export function PrepTimes() {
  const times = useQuery(boardQueries.prepTimes());
  if (!times.data) return null;
  const { today, last_hour } = times.data;
  return (
    // Two short lines rather than one long one: the toolbar stays one row on a tablet.
    <p className="text-sm leading-snug" data-testid="prep-times">
      <span className="block font-semibold">
        {ORDER_TEXT.prepTimes}
        <span className="sr-only">:</span>
      </span>
      <span className="whitespace-nowrap">
        {formatAverage(today.average_seconds)} {ORDER_TEXT.prepToday}
        <span className="text-roast"> ({today.orders})</span>
      </span>{' '}
      ·{' '}
      <span className="whitespace-nowrap">
        {formatAverage(last_hour.average_seconds)} {ORDER_TEXT.prepLastHour}
        <span className="text-roast"> ({last_hour.orders})</span>
      </span>
    </p>
  );
}

/** All, Bar or Kitchen: which station's lines the board shows (kept in the address). */
export function StationSwitch({ station, onChange }: { station: Station | null; onChange: (station: Station | null) => void }) {
  const choices: (Station | null)[] = [null, ...STATIONS];
  return (
    <fieldset className="flex gap-1 rounded-2xl bg-crema/60 p-1">
      <legend className="sr-only">{ORDER_TEXT.stationLabel}</legend>
      {choices.map((choice) => {
        const active = choice === station;
        return (
          <button
            key={choice ?? 'all'}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(choice)}
            className={`min-h-11 min-w-16 rounded-xl px-3 text-sm font-semibold ${active ? 'bg-espresso text-crema shadow-sm' : 'text-espresso hover:bg-white/70'}`}
          >
            {ORDER_TEXT.stations[choice ?? 'all']}
          </button>
        );
      })}
    </fieldset>
  );
}
