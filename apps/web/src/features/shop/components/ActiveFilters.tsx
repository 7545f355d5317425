import { X } from 'lucide-react';
import {
  conditionName,
  DEFAULT_SHOP_STATE,
  formatPriceRange,
  isPriceFiltered,
  type ShopState,
} from '../search-params';
import type { FilterChoice } from './ShopFilters';

type ActiveFiltersProps = {
  state: ShopState;
  categories: readonly FilterChoice[] | undefined;
  locations: readonly FilterChoice[] | undefined;
  onChange: (patch: Partial<ShopState>) => void;
  onClear: () => void;
};

/** The filters in force as removable chips, so they stay visible when the phone drawer is closed. */
export function ActiveFilters({ state, categories, locations, onChange, onClear }: ActiveFiltersProps) {
  const nameOf = (list: readonly FilterChoice[] | undefined, slug: string) =>
    list?.find((c) => c.slug === slug)?.name ?? slug;

  const chips: { key: string; label: string; remove: Partial<ShopState> }[] = [];
  if (state.q) chips.push({ key: 'q', label: `“${state.q}”`, remove: { q: '' } });
  if (state.category) {
    chips.push({ key: 'category', label: nameOf(categories, state.category), remove: { category: null } });
  }
  if (state.condition) {
    chips.push({ key: 'condition', label: conditionName(state.condition), remove: { condition: null } });
  }
  if (isPriceFiltered(state)) {
    chips.push({
      key: 'price',
      label: formatPriceRange(state.minPrice, state.maxPrice),
      remove: { minPrice: DEFAULT_SHOP_STATE.minPrice, maxPrice: DEFAULT_SHOP_STATE.maxPrice },
    });
  }
  if (state.location) {
    chips.push({ key: 'location', label: nameOf(locations, state.location), remove: { location: null } });
  }
  if (chips.length === 0) return null;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <h3 className="sr-only">Filters in use</h3>
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              onClick={() => onChange(chip.remove)}
              className="inline-flex h-8 max-w-[16rem] items-center gap-1.5 rounded-full bg-brand-50 pr-2 pl-3 text-sm font-medium text-brand-800 ring-1 ring-brand-200 ring-inset transition-colors hover:bg-brand-100"
            >
              <span className="truncate">{chip.label}</span>
              <X className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="sr-only">(remove filter)</span>
            </button>
          </li>
        ))}
      </ul>
      {/* The desktop sidebar has its own 'Clear all'. */}
      <button
        type="button"
        onClick={onClear}
        className="h-8 rounded-lg lg:hidden px-2 text-sm font-semibold text-ink-700 underline-offset-2 hover:text-ink-950 hover:underline"
      >
        Clear all
      </button>
    </div>
  );
}
