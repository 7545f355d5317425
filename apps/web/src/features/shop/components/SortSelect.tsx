import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { type ShopSort, sortOptionsFor } from '../search-params';

/**
 * The order of the results: a native select, so phones show their own picker. 'Best match' is on
 * offer with a search only (`q`, the search in force).
 */
export function SortSelect({
  value,
  q,
  onChange,
  className,
}: {
  value: ShopSort;
  q: string;
  onChange: (sort: ShopSort) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={clsx('flex min-w-0 items-center gap-2', className)}>
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-ink-700 max-sm:sr-only">
        Sort by
      </label>
      <div className="relative min-w-0 flex-1">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value as ShopSort)}
          className="h-11 w-full min-w-0 cursor-pointer appearance-none rounded-xl bg-white pr-9 pl-3.5 text-base font-medium text-ink-900 ring-1 ring-ink-300 ring-inset transition-shadow hover:ring-ink-400 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 sm:text-sm"
        >
          {sortOptionsFor(q).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-500"
          aria-hidden="true"
        />
      </div>
    </div>
  );
}
