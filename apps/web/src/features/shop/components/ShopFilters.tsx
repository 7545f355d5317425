import type { ShopResponse } from '@rebound/contract/catalog';
import { CATEGORY_NAMES, PRODUCT_CONDITIONS, type ProductCondition } from '@rebound/core/catalog';
import { clsx } from 'clsx';
import { conditionName, type ShopState } from '../search-params';
import { PriceRangeFilter } from './PriceRangeFilter';
import { RadioList, type RadioOption } from './RadioList';

export type FilterChoice = { name: string; slug: string };

type ShopFiltersProps = {
  state: ShopState;
  /** undefined while loading. */
  categories: readonly FilterChoice[] | undefined;
  locations: readonly FilterChoice[] | undefined;
  /**
   * With a search, how many lots each category and condition would give (the API's counts, each with
   * the other filters applied): shown after each choice. Null (no search, or still loading): none.
   */
  facets?: ShopResponse['facets'];
  onChange: (patch: Partial<ShopState>) => void;
  className?: string;
};

const ANY = '';

const CONDITION_OPTIONS: RadioOption[] = [
  { value: ANY, label: 'Any condition' },
  ...PRODUCT_CONDITIONS.map((c) => ({ value: c, label: conditionName(c) })),
];

/** Keeps a linked category that is not (or not yet) in the list visible and selected. */
function withCurrent(options: RadioOption[], current: string | null): RadioOption[] {
  if (!current || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label: current }];
}

/**
 * Each choice with its count (0 when the counts leave it out: it would give no lot); 'All' / 'Any'
 * without one. No counts, no change.
 */
function withCounts(options: RadioOption[], counts: ReadonlyMap<string, number> | null): RadioOption[] {
  if (!counts) return options;
  return options.map((o) => (o.value === ANY ? o : { ...o, count: counts.get(o.value) ?? 0 }));
}

/**
 * The shop's filters: category, condition, price and pickup location. Every change goes to the
 * address at once (the price on Enter, on leaving it, or with its button).
 */
export function ShopFilters({
  state,
  categories,
  locations,
  facets = null,
  onChange,
  className,
}: ShopFiltersProps) {
  const categoryOptions = withCounts(
    withCurrent(
      [
        { value: ANY, label: 'All categories' },
        ...(categories ?? []).map((c) => ({ value: c.slug, label: c.name })),
      ],
      categories ? state.category : null,
    ),
    facets && new Map(facets.categories.map((c) => [c.slug, c.count])),
  );
  const conditionOptions = withCounts(
    CONDITION_OPTIONS,
    facets && new Map(facets.conditions.map((c) => [c.condition, c.count])),
  );
  const locationOptions = withCurrent(
    [
      { value: ANY, label: 'Any location' },
      ...(locations ?? []).map((l) => ({ value: l.slug, label: l.name })),
    ],
    locations ? state.location : null,
  );

  return (
    <div className={clsx('flex flex-col gap-5', className)}>
      <RadioList
        legend="Category"
        options={categoryOptions}
        value={state.category ?? ANY}
        onChange={(value) => onChange({ category: value || null })}
        loadingRows={categories ? undefined : CATEGORY_NAMES.length}
      />
      <RadioList
        legend="Condition"
        options={conditionOptions}
        value={state.condition ?? ANY}
        onChange={(value) => onChange({ condition: (value || null) as ProductCondition | null })}
      />
      <PriceRangeFilter
        min={state.minPrice}
        max={state.maxPrice}
        onApply={({ min, max }) => onChange({ minPrice: min, maxPrice: max })}
      />
      <RadioList
        legend="Pickup location"
        options={locationOptions}
        value={state.location ?? ANY}
        onChange={(value) => onChange({ location: value || null })}
        loadingRows={locations ? undefined : 1}
      />
      <label className="flex items-center gap-2.5 text-sm font-medium text-ink-800">
        <input
          type="checkbox"
          checked={state.group}
          onChange={(event) => onChange({ group: event.currentTarget.checked })}
          className="size-4 rounded border-ink-300 accent-brand-700"
        />
        Group identical lots
      </label>
    </div>
  );
}
