import {
  addDays,
  DAY_KEYS,
  type DaySlots,
  formatShopDay,
  formatShopMoment,
  formatShopTime,
  MSG,
  SCHEDULE_DAYS,
  type Shop,
  shopInstant,
  weekdayOf,
} from '@kopi/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ErrorMessage } from '../../../components/ui/error-message';
import { INPUT_CLASS } from '../../../components/ui/field';
import { canRetry, errorMessage } from '../../../lib/api-client';
import { TEXT } from '../../../lib/texts';
import { shopQueries } from '../api/shop';

// Product detail's "Set time", made a choice the shop can keep (docs/shop-rules.md#opening-hours-and-slots):
// "As soon as possible" while the shop is open, or one of the slots of its next 7 days, in its zone.

/** A few places left is worth saying; more is just "free". */
const FEW_LEFT = 3;

interface SchedulePickerProps {
  /** '' is "as soon as possible" (or nothing chosen yet while the shop is closed); else a slot's ISO time. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** The shop's days, from today, that have opening hours. */
function openDays(shop: Shop): string[] {
  const open = new Set(shop.opening_hours.map((entry) => entry.day));
  return Array.from({ length: SCHEDULE_DAYS }, (_, i) => addDays(shop.today, i)).filter((date) => open.has(DAY_KEYS[weekdayOf(date)]!));
}

/** Today, Tomorrow or the weekday: unique within the week, so a chosen slot reads whole in the closed select. */
function dayWord(shop: Shop, date: string): string {
  if (date === shop.today) return 'Today';
  if (date === addDays(shop.today, 1)) return 'Tomorrow';
  return formatShopDay(shopInstant(date, 12 * 60, shop.timezone), shop.timezone).split(' ')[0]!;
}

function dayLabel(shop: Shop, date: string): string {
  const day = formatShopDay(shopInstant(date, 12 * 60, shop.timezone), shop.timezone);
  return date === shop.today || date === addDays(shop.today, 1) ? `${dayWord(shop, date)}, ${day}` : day;
}

function slotLabel(shop: Shop, date: string, slot: DaySlots['slots'][number]): string {
  const time = `${dayWord(shop, date)} ${formatShopTime(new Date(slot.time), shop.timezone)}`;
  if (slot.remaining === 0) return `${time} — ${TEXT.slotFull}`;
  return slot.remaining <= FEW_LEFT ? `${time} — ${slot.remaining} left` : time;
}

const when = (shop: Shop, iso: string) => formatShopMoment(new Date(iso), shop.timezone);

export function SchedulePicker({ value, onChange, disabled }: SchedulePickerProps) {
  const selectId = useId();
  const noteId = `${selectId}-note`;
  const shop = useQuery(shopQueries.info());
  const days = shop.data ? openDays(shop.data) : [];
  const slots = useQueries({ queries: days.map((date) => ({ ...shopQueries.slots(date), enabled: !disabled })) });

  const label = (
    <label htmlFor={selectId} className="font-semibold text-roast">
      Set time
    </label>
  );
  if (shop.isPending || shop.isError) {
    return (
      <div className="flex flex-col gap-1.5">
        {label}
        {shop.isError ? (
          <ErrorMessage message={errorMessage(shop.error)} onRetry={canRetry(shop.error) ? () => shop.refetch() : undefined} />
        ) : (
          <select id={selectId} disabled className={INPUT_CLASS}>
            <option>{TEXT.loading}</option>
          </select>
        )}
      </div>
    );
  }

  const info = shop.data;
  const loaded = slots.flatMap((query) => query.data?.slots ?? []);
  const chosen = value === '' ? undefined : loaded.find((slot) => Date.parse(slot.time) === Date.parse(value));
  const stillLoading = slots.some((query) => query.isPending);
  // A slot kept in the cart may have passed or filled up since it was chosen.
  const gone = value !== '' && !stillLoading && (chosen === undefined || chosen.remaining === 0);
  const failed = slots.find((query) => query.isError);
  const otherZone = Intl.DateTimeFormat().resolvedOptions().timeZone !== info.timezone;

  const notes: string[] = [];
  if (!info.open_now) {
    notes.push(
      info.next_opening
        ? `${TEXT.closedNow} We open on ${when(info, info.next_opening)}: ${TEXT.chooseTime}`
        : `${TEXT.closedNow} ${TEXT.chooseTime}`,
    );
  }
  if (gone) notes.push(`${when(info, value)}: ${TEXT.slotGone}`);
  if (otherZone) notes.push(`Times are the shop's (${info.timezone}).`);

  return (
    <div className="flex flex-col gap-1.5">
      {label}
      <select
        id={selectId}
        value={chosen?.time ?? value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-describedby={notes.length ? noteId : undefined}
        aria-invalid={gone ? true : undefined}
        className={INPUT_CLASS}
      >
        {info.open_now ? (
          <option value="">{TEXT.asSoonAsPossible}</option>
        ) : (
          <option value="" disabled>
            {MSG.setTimePlaceholder}
          </option>
        )}
        {gone && (
          <option value={value} disabled>
            {when(info, value)} — {TEXT.slotUnavailable}
          </option>
        )}
        {days.map((date, i) => {
          const day = slots[i];
          if (day?.data?.slots.length === 0) return null;
          return (
            <optgroup key={date} label={dayLabel(info, date)}>
              {day?.data ? (
                day.data.slots.map((slot) => (
                  <option key={slot.time} value={slot.time} disabled={slot.remaining === 0}>
                    {slotLabel(info, date, slot)}
                  </option>
                ))
              ) : (
                <option value={`pending-${date}`} disabled>
                  {day?.isError ? TEXT.timesFailed : TEXT.loading}
                </option>
              )}
            </optgroup>
          );
        })}
      </select>
      {notes.length > 0 && (
        <p id={noteId} className={`text-sm ${gone ? 'font-medium text-berry' : 'text-roast'}`}>
          {notes.join(' ')}
        </p>
      )}
      {failed && (
        <ErrorMessage
          message={errorMessage(failed.error)}
          onRetry={() => {
            for (const query of slots) if (query.isError) void query.refetch();
          }}
        />
      )}
    </div>
  );
}
