import { formatShopMoment, type Locale, type Shop, zoneOffsetMinutes } from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { ErrorMessage } from '../../../components/ui/error-message';
import { INPUT_CLASS } from '../../../components/ui/field';
import { canRetry, errorMessage } from '../../../lib/api-client';
import { useLocale, useT } from '../../../lib/i18n';
import { useHydrated } from '../../../lib/use-hydrated';
import { shopQueries } from '../api/shop';
import {
  dateOf,
  dayLabel,
  firstFree,
  listedTimes,
  openDays,
  partLabel,
  partOf,
  partsOf,
  type Slot,
  slotLabel,
  timesShownOnce,
} from './schedule-choices';

// Product detail's "Set time", made a choice the shop can keep (docs/shop-rules.md#opening-hours-and-slots):
// "As soon as possible" while the shop is open, or a day of its next 7 and then a time of that day, in its zone.

/** The day list's entry for "as soon as possible"; the picker's value for it is ''. */
const ASAP = 'asap';
/**
 * The day list's entry while the shop is closed and no day is chosen: not '', which is also what a
 * select holds with nothing selected (all its days still loading, so disabled), and Preact then
 * leaves it that way instead of selecting this entry.
 */
const UNCHOSEN = 'unchosen';

interface SchedulePickerProps {
  /** '' is "as soon as possible" (or nothing chosen yet while the shop is closed); else a slot's ISO time. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

const when = (shop: Shop, iso: string, locale: Locale) => formatShopMoment(new Date(iso), shop.timezone, locale);

/**
 * Whether the device's clock shows another time than the shop's now. By the offsets: asking Intl for
 * the device's zone by name makes it look the zone up, which held a phone's first view for ~35 ms
 * ×4; and a zone of the same offset shows the same times anyway. The shop's offset comes with its
 * answer (`utc_offset`), so that no date formatter is made as the page starts
 * (docs/decisions/phone-start-without-formatters.md); an answer kept from before it had one is
 * looked up.
 */
const onAnotherClock = (shop: Shop, now = new Date()) =>
  -now.getTimezoneOffset() !== (typeof shop.utc_offset === 'number' ? shop.utc_offset : zoneOffsetMinutes(now, shop.timezone));
const LABEL = 'text-sm font-semibold text-roast';

/**
 * The week's slots are asked for once the page is idle, or at once when the person
 * reaches for the picker or a time is already chosen: a phone's first view, on one bar of signal,
 * gets its pictures first and answers its first tap without waiting for them.
 */
function useWantedSoon(atOnce: boolean): { now: boolean; ask: () => void } {
  const [wanted, setWanted] = useState(atOnce);
  useEffect(() => {
    if (wanted) return;
    const ask = () => setWanted(true);
    // Safari has no requestIdleCallback: a short wait stands in for it.
    if (typeof window.requestIdleCallback === 'function') {
      const idle = window.requestIdleCallback(ask, { timeout: 2_000 });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = window.setTimeout(ask, 500);
    return () => window.clearTimeout(timer);
  }, [wanted]);
  return { now: wanted || atOnce, ask: () => setWanted(true) };
}

export function SchedulePicker({ value, onChange, disabled }: SchedulePickerProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const t = useT();
  const locale = useLocale();
  const say = { t, locale };
  const shop = useQuery(shopQueries.info());
  const hydrated = useHydrated();
  // In the server's HTML, before the page runs, a day chosen would be lost: the lists wait for it.
  const locked = disabled || !hydrated;
  const days = shop.data ? openDays(shop.data) : [];
  const wanted = useWantedSoon(value !== '');
  const week = useQuery({ ...shopQueries.week(), enabled: !disabled && wanted.now });

  const legend = <legend className="mb-1.5 font-semibold text-roast">{t('schedule.setTime')}</legend>;
  if (shop.isPending || shop.isError) {
    return (
      <fieldset className="flex flex-col gap-1.5">
        {legend}
        {shop.isError ? (
          <ErrorMessage message={errorMessage(shop.error)} onRetry={canRetry(shop.error) ? () => shop.refetch() : undefined} />
        ) : (
          <>
            <label htmlFor={`${id}-day`} className={LABEL}>
              {t('schedule.day')}
            </label>
            <select id={`${id}-day`} disabled className={INPUT_CLASS}>
              <option>{t('loading')}</option>
            </select>
          </>
        )}
      </fieldset>
    );
  }

  const info = shop.data;
  // A day the answer does not have (the shop's day turned between the two answers) has no slot to offer.
  const slotsOf = (date: string): Slot[] | undefined => (week.data ? (week.data.find((day) => day.date === date)?.slots ?? []) : undefined);
  const chosenDate = value === '' ? undefined : dateOf(info, value);
  const daySlots = chosenDate ? (slotsOf(chosenDate) ?? []) : [];
  const chosen = daySlots.find((slot) => Date.parse(slot.time) === Date.parse(value));
  const stillLoading = week.isPending;
  // A slot kept in the cart may have passed or filled up since it was chosen.
  const gone = value !== '' && !disabled && !stillLoading && (chosen === undefined || chosen.remaining === 0);
  // The server that drew the first view cannot know the phone's clock: told once the page runs.
  const otherZone = hydrated && onAnotherClock(info);

  const parts = partsOf(info, daySlots);
  const chosenPart = parts.length > 0 && value !== '' ? partOf(info, value) : undefined;
  const partSlots = chosenPart ? (parts.find((entry) => entry.part === chosenPart)?.slots ?? []) : daySlots;
  const times = listedTimes(partSlots);
  const shownOnce = timesShownOnce(daySlots);

  const notes: string[] = [];
  if (!info.open_now) {
    notes.push(
      info.next_opening ? t('schedule.closedOpensOn', { when: when(info, info.next_opening, locale) }) : t('schedule.closedChoose'),
    );
  }
  if (gone) notes.push(t('schedule.gone', { when: when(info, value, locale) }));
  if (otherZone) notes.push(t('schedule.otherZone', { zone: info.timezone }));
  const describedBy = notes.length ? noteId : undefined;

  /** Choosing a day (or a part of it) chooses its next time with room: the list then starts there. */
  const chooseDay = (day: string) => {
    if (day === ASAP) return onChange('');
    const next = firstFree(slotsOf(day) ?? []);
    if (next) onChange(next.time);
  };

  return (
    <fieldset className="grid gap-x-3 gap-y-3 sm:grid-cols-2" onFocus={wanted.ask} onPointerDown={wanted.ask}>
      {legend}
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <label htmlFor={`${id}-day`} className={LABEL}>
          {t('schedule.day')}
        </label>
        <select
          id={`${id}-day`}
          value={chosenDate ?? (info.open_now ? ASAP : UNCHOSEN)}
          onChange={(event) => chooseDay(event.target.value)}
          disabled={locked}
          aria-describedby={describedBy}
          className={INPUT_CLASS}
        >
          {info.open_now ? (
            <option value={ASAP}>{t('schedule.asap')}</option>
          ) : (
            <option value={UNCHOSEN} disabled>
              {t('setTimePlaceholder')}
            </option>
          )}
          {chosenDate && !days.includes(chosenDate) && (
            <option value={chosenDate} disabled>
              {dayLabel(info, chosenDate, say)}
            </option>
          )}
          {days.map((date) => {
            const inDay = slotsOf(date);
            if (inDay?.length === 0) return null;
            const full = inDay !== undefined && firstFree(inDay) === undefined;
            const note = inDay ? (full ? ` — ${t('schedule.full')}` : '') : ` — ${week.isError ? t('schedule.timesFailed') : t('loading')}`;
            return (
              <option key={date} value={date} disabled={!inDay || full}>
                {dayLabel(info, date, say)}
                {note}
              </option>
            );
          })}
        </select>
      </div>
      {chosenDate && parts.length > 0 && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-part`} className={LABEL}>
            {t('schedule.partOfDay')}
          </label>
          <select
            id={`${id}-part`}
            value={chosenPart?.name}
            onChange={(event) => {
              const next = firstFree(parts.find((entry) => entry.part.name === event.target.value)?.slots ?? []);
              if (next) onChange(next.time);
            }}
            disabled={locked}
            className={INPUT_CLASS}
          >
            {parts.map(({ part, slots: inPart }) => {
              const full = firstFree(inPart) === undefined;
              return (
                <option key={part.name} value={part.name} disabled={full}>
                  {partLabel(part, say)}
                  {full ? ` — ${t('schedule.full')}` : ''}
                </option>
              );
            })}
          </select>
        </div>
      )}
      {chosenDate && (
        <div className={`flex flex-col gap-1.5 ${parts.length > 0 ? '' : 'sm:col-span-2'}`}>
          <label htmlFor={`${id}-time`} className={LABEL}>
            {t('schedule.time')}
          </label>
          <select
            id={`${id}-time`}
            value={chosen?.time ?? value}
            onChange={(event) => onChange(event.target.value)}
            disabled={locked}
            aria-describedby={describedBy}
            aria-invalid={gone ? true : undefined}
            className={INPUT_CLASS}
          >
            {gone && (
              <option value={value} disabled>
                {when(info, value, locale)} — {t('schedule.unavailable')}
              </option>
            )}
            {times.map((slot) => (
              <option key={slot.time} value={slot.time} disabled={slot.remaining === 0}>
                {slotLabel(info, slot, say, shownOnce)}
              </option>
            ))}
          </select>
        </div>
      )}
      {notes.length > 0 && (
        <p id={noteId} className={`text-sm sm:col-span-2 ${gone ? 'font-medium text-berry' : 'text-roast'}`}>
          {notes.join(' ')}
        </p>
      )}
      {week.isError && (
        <div className="sm:col-span-2">
          <ErrorMessage message={errorMessage(week.error)} onRetry={() => void week.refetch()} />
        </div>
      )}
    </fieldset>
  );
}
