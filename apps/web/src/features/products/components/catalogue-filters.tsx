import type { ProductSort } from '@kopi/shared';
import { useId } from 'react';
import { INPUT_CLASS } from '../../../components/ui/field';
import { type MessageKey, useT } from '../../../lib/i18n';
import { useHydrated } from '../../../lib/use-hydrated';

// docs/decisions/spec-fidelity.md#the-catalogue: the tabs, in order, with the category each filters by (undefined: all, popular).
const CATEGORY_TABS = [
  { label: 'menu.tab.favorite', categoryId: undefined },
  { label: 'menu.tab.coffee', categoryId: 2 },
  { label: 'menu.tab.nonCoffee', categoryId: 3 },
  { label: 'menu.tab.foods', categoryId: 1 },
  { label: 'menu.tab.addon', categoryId: 4 },
] as const satisfies readonly { label: MessageKey; categoryId: number | undefined }[];

const SORT_OPTIONS: { value: ProductSort; label: MessageKey }[] = [
  { value: 'popular', label: 'menu.sort.popular' },
  { value: 'cheapest', label: 'menu.sort.cheapest' },
  { value: 'priciest', label: 'menu.sort.priciest' },
  { value: 'newest', label: 'menu.sort.newest' },
];

export function CategoryTabs({ active, onChange }: { active: number | undefined; onChange: (categoryId: number | undefined) => void }) {
  const t = useT();
  return (
    <fieldset aria-label={t('menu.categories')} className="flex min-w-0 gap-2 overflow-x-auto pb-2">
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
            {t(tab.label)}
          </button>
        );
      })}
    </fieldset>
  );
}

export function SortSelect({ value, onChange }: { value: ProductSort; onChange: (sort: ProductSort) => void }) {
  const id = useId();
  const t = useT();
  // A choice made before the scripts run on a page the server rendered would be undone as they take over.
  const hydrated = useHydrated();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold whitespace-nowrap text-roast">
        {t('menu.sortBy')}
      </label>
      <select
        id={id}
        value={value}
        disabled={!hydrated}
        onChange={(event) => onChange(event.target.value as ProductSort)}
        className={`${INPUT_CLASS} w-auto py-2`}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {t(option.label)}
          </option>
        ))}
      </select>
    </div>
  );
}
