import type { ProductSort } from '@kopi/shared';
import { useId } from 'react';
import { INPUT_CLASS } from '../../../components/ui/field';

// docs/decisions/spec-fidelity.md#the-catalogue: the tabs, in order, with the category each filters by (undefined: all, popular).
const CATEGORY_TABS = [
  { label: 'Favorite Product', categoryId: undefined },
  { label: 'Coffee', categoryId: 2 },
  { label: 'Non Coffee', categoryId: 3 },
  { label: 'Foods', categoryId: 1 },
  { label: 'Add-on', categoryId: 4 },
] as const;

const SORT_OPTIONS: { value: ProductSort; label: string }[] = [
  { value: 'popular', label: 'Popular' },
  { value: 'cheapest', label: 'Lower Price' },
  { value: 'priciest', label: 'Max Price' },
  { value: 'newest', label: 'Newest' },
];

export function CategoryTabs({ active, onChange }: { active: number | undefined; onChange: (categoryId: number | undefined) => void }) {
  return (
    <fieldset aria-label="Categories" className="flex min-w-0 gap-2 overflow-x-auto pb-2">
      {CATEGORY_TABS.map((tab) => {
        const selected = tab.categoryId === active;
        return (
          <button
            key={tab.label}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(tab.categoryId)}
            className={`shrink-0 rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors ${
              selected ? 'bg-espresso text-crema' : 'bg-white text-roast ring-1 ring-roast/20 hover:bg-crema'
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </fieldset>
  );
}

export function SortSelect({ value, onChange }: { value: ProductSort; onChange: (sort: ProductSort) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold whitespace-nowrap text-roast">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ProductSort)}
        className={`${INPUT_CLASS} w-auto py-2`}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
