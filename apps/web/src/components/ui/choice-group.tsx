interface Choice {
  id: number;
  label: string;
  title?: string;
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

/** Radio buttons drawn as chips; the chosen one is highlighted (spec §2 Product detail). */
export function ChoiceGroup({ legend, name, choices, value, onChange, disabled, shape = 'pill' }: ChoiceGroupProps) {
  const chip = shape === 'circle' ? 'size-12 rounded-full justify-center' : 'rounded-xl px-4 py-2';
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 font-semibold text-roast">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label key={choice.id} title={choice.title} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={choice.id}
              checked={choice.id === value}
              onChange={() => onChange(choice.id)}
              className="peer sr-only"
            />
            <span
              className={`flex items-center font-bold ring-1 ring-roast/30 transition-colors peer-checked:bg-caramel-dark peer-checked:text-white peer-checked:ring-espresso peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-caramel peer-disabled:cursor-default hover:bg-crema peer-checked:hover:bg-caramel-dark ${chip}`}
            >
              {choice.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
