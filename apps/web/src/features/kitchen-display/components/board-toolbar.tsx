import { STATIONS, type Station } from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { type MessageKey, useT } from '../../../lib/i18n';
import { boardQueries } from '../api/board';
import { type TimeUnits, timeUnits } from '../board-model';

function formatAverage(seconds: number | null, units: TimeUnits): string {
  if (seconds === null) return '—';
  const whole = Math.round(seconds);
  if (whole < 60) return units.seconds(whole);
  const rest = whole % 60;
  return `${units.minutes(Math.floor(whole / 60))}${rest ? ` ${units.seconds(rest)}` : ''}`;
}

const STATION_NAMES: Record<Station | 'all', MessageKey> = {
  all: 'admin.station.all',
  bar: 'admin.station.bar',
  kitchen: 'admin.station.kitchen',
};

/** The board's average Pending → Ready time, today and in the last hour. */
export function PrepTimes() {
  const t = useT();
  const times = useQuery(boardQueries.prepTimes());
  if (!times.data) return null;
  const units = timeUnits(t);
  const { today, last_hour } = times.data;
  return (
    // Two short lines rather than one long one: the toolbar stays one row on a tablet.
    <p className="text-sm leading-snug" data-testid="prep-times">
      <span className="block font-semibold">
        {t('admin.board.prepTimes')}
        <span className="sr-only">:</span>
      </span>
      <span className="whitespace-nowrap">
        {t('admin.board.prepToday', { time: formatAverage(today.average_seconds, units) })}
        <span className="text-roast"> ({today.orders})</span>
      </span>{' '}
      ·{' '}
      <span className="whitespace-nowrap">
        {t('admin.board.prepLastHour', { time: formatAverage(last_hour.average_seconds, units) })}
        <span className="text-roast"> ({last_hour.orders})</span>
      </span>
    </p>
  );
}

/** All, Bar or Kitchen: which station's lines the board shows (kept in the address). */
export function StationSwitch({ station, onChange }: { station: Station | null; onChange: (station: Station | null) => void }) {
  const t = useT();
  const choices: (Station | null)[] = [null, ...STATIONS];
  return (
    <fieldset className="flex gap-1 rounded-2xl bg-crema/60 p-1">
      <legend className="sr-only">{t('admin.station')}</legend>
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
            {t(STATION_NAMES[choice ?? 'all'])}
          </button>
        );
      })}
    </fieldset>
  );
}
