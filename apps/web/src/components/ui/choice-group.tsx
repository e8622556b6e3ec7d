import { useId } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

interface Choice {
  id: number;
  label: string;
  title?: string;
  /** A second line under the chip, e.g. a size's price. */
  note?: string;
}

interface ChoiceGroupProps {
  legend: string;
  name: string;
  choices: readonly Choice[];
  value: number;
  onChange: (id: number) => void;
  disabled?: boolean;
  shape?: 'circle' | 'pill';
}

/** Radio buttons drawn as chips; the chosen one is highlighted (docs/decisions/spec-fidelity.md#kept-word-for-word). */
export function ChoiceGroup({ legend, name, choices, value, onChange, disabled, shape = 'pill' }: ChoiceGroupProps) {
  const noteId = useId();
  const chip = shape === 'circle' ? 'size-12 rounded-full justify-center' : 'rounded-xl px-4 py-2';
  // On a page the server rendered, a choice made before the scripts run would be undone as they take over.
  const hydrated = useHydrated();
  return (
    <fieldset disabled={disabled || !hydrated}>
      <legend className="mb-2 font-semibold text-roast">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label key={choice.id} title={choice.title} className="flex cursor-pointer flex-col items-center gap-1">
            <input
              type="radio"
              name={name}
              value={choice.id}
              checked={choice.id === value}
              onChange={() => onChange(choice.id)}
              // The chip's label names the choice; its note (a price) describes it.
              aria-label={choice.note ? choice.label : undefined}
              aria-describedby={choice.note ? `${noteId}-${choice.id}` : undefined}
              className="peer sr-only"
            />
            <span
              className={`flex items-center font-bold ring-1 ring-roast/30 transition-colors peer-checked:bg-caramel-dark peer-checked:text-white peer-checked:ring-espresso peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-caramel peer-disabled:cursor-default hover:bg-crema peer-checked:hover:bg-caramel-dark ${chip}`}
            >
              {choice.label}
            </span>
            {choice.note && (
              <span id={`${noteId}-${choice.id}`} className="text-xs font-semibold text-roast">
                {choice.note}
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
