import { DAY_KEYS, WEEK_ORDER } from '@kopi/shared';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { INPUT_CLASS } from '../../../components/ui/field';
import { useLocale, useT } from '../../../lib/i18n';
import type { SettingsFormOutput, SettingsFormValues } from './settings-form-values';

const pad = (n: number) => String(n).padStart(2, '0');
/** Every quarter hour of a day, 00:00 to 24:00. */
const QUARTERS = Array.from({ length: 97 }, (_, i) => `${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)}`);
const OPENS = QUARTERS.slice(0, -1);
const CLOSES = QUARTERS.slice(1);

/** A weekday's name in a language (DAY_KEYS' index: 0 Sunday); 7 January 2024 was a Sunday. */
const dayName = (locale: string, day: number) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 7 + day)));

/** The form's input, as wide as a time: the rows of a day's openings stay on one line, on a phone too. */
const SELECT_CLASS = INPUT_CLASS.replace('w-full', 'w-auto').replace('px-4 py-2.5', 'px-3 py-2');

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const clock = (total: number) => `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;

/** A new opening of a day: after the day's last one (a break of an hour), or 09:00–17:00 on a closed day. */
function nextOpening(last: { closes: string } | undefined): { opens: string; closes: string } {
  if (!last) return { opens: '09:00', closes: '17:00' };
  const opens = Math.min(minutes(last.closes) + 60, 23 * 60);
  return { opens: clock(opens), closes: clock(Math.min(opens + 4 * 60, 24 * 60)) };
}

function TimeSelect({
  label,
  options,
  error,
  ...select
}: { label: string; options: string[]; error: boolean } & ReturnType<UseFormRegister<SettingsFormValues>>) {
  return (
    <select aria-label={label} aria-invalid={error || undefined} className={SELECT_CLASS} {...select}>
      {options.map((time) => (
        <option key={time} value={time}>
          {time}
        </option>
      ))}
    </select>
  );
}

interface OpeningHoursFieldProps {
  control: Control<SettingsFormValues, unknown, SettingsFormOutput>;
  register: UseFormRegister<SettingsFormValues>;
  errors: FieldErrors<SettingsFormValues>;
}

/** The week's openings, Monday first: each day's openings (a break between two), or Closed. */
export function OpeningHoursField({ control, register, errors }: OpeningHoursFieldProps) {
  const t = useT();
  const locale = useLocale();
  const { fields, append, remove } = useFieldArray({ control, name: 'opening_hours' });
  const values = useWatch({ control, name: 'opening_hours' });
  const listError = errors.opening_hours?.message ?? errors.opening_hours?.root?.message;

  return (
    <fieldset className="space-y-3">
      <legend className="text-xl font-bold">{t('admin.settings.hours')}</legend>
      <p className="text-sm text-roast">{t('admin.settings.hoursHint')}</p>
      <ul className="divide-y divide-roast/10" data-testid="opening-hours">
        {WEEK_ORDER.map((day) => {
          const key = DAY_KEYS[day]!;
          const name = dayName(locale, day);
          const openings = fields.map((field, index) => ({ field, index })).filter(({ field }) => field.day === key);
          return (
            <li key={key} className="grid gap-2 py-3 sm:grid-cols-[8rem_1fr]" data-testid={`day-${key}`}>
              <span className="pt-2 font-semibold">{name}</span>
              <div className="space-y-2">
                {openings.length === 0 && <p className="pt-2 text-roast">{t('admin.settings.closed')}</p>}
                {openings.map(({ field, index }) => {
                  const error = errors.opening_hours?.[index];
                  const message = error?.opens?.message ?? error?.closes?.message ?? error?.message;
                  const value = values[index] ?? field;
                  return (
                    <div key={field.id}>
                      <div className="flex flex-wrap items-center gap-2">
                        <TimeSelect
                          label={t('admin.settings.opens', { day: name })}
                          options={OPENS}
                          error={!!error?.opens}
                          {...register(`opening_hours.${index}.opens`)}
                        />
                        <span aria-hidden="true">–</span>
                        <TimeSelect
                          label={t('admin.settings.closes', { day: name })}
                          options={CLOSES}
                          error={!!error?.closes || !!error?.message}
                          {...register(`opening_hours.${index}.closes`)}
                        />
                        <Button
                          variant="ghost"
                          className="min-h-11 px-3 py-1.5"
                          aria-label={t('admin.settings.removeOpening', { day: name, opens: value.opens, closes: value.closes })}
                          onClick={() => remove(index)}
                        >
                          <span aria-hidden="true">✕</span>
                        </Button>
                      </div>
                      {message && <p className="mt-1 text-sm font-medium text-berry">{message}</p>}
                    </div>
                  );
                })}
                <Button
                  variant="ghost"
                  className="min-h-11 py-1.5 text-sm"
                  aria-label={t('admin.settings.addOpeningOn', { day: name })}
                  onClick={() => append({ day: key, ...nextOpening(values.filter((opening) => opening.day === key).at(-1)) })}
                >
                  + {t('admin.settings.addOpening')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {listError && (
        <p role="alert" className="text-sm font-medium text-berry">
          {listError}
        </p>
      )}
    </fieldset>
  );
}
