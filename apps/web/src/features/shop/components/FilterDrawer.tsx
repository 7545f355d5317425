import { SlidersHorizontal } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';

// The sheet (with Radix's dialog code) loads on the first open (decision 037).
const FilterSheet = lazy(() => import('./FilterSheet'));

type FilterDrawerProps = {
  /** How many filters are in use (shown on the button). */
  activeCount: number;
  /** The results' total, for the 'Show N auctions' button; null while loading. */
  total: number | null;
  onClear: () => void;
  /** The filter panel. */
  children: ReactNode;
  className?: string;
};

/**
 * Filters on phones and tablets: a button that opens them in a side sheet (FilterSheet). Changes
 * apply at once (the results update behind the sheet).
 */
export function FilterDrawer({ activeCount, total, onClear, children, className }: FilterDrawerProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so that it can animate closed.
  const opened = useRef(false);
  if (open) opened.current = true;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog" className={className}>
        <SlidersHorizontal aria-hidden="true" />
        Filters
        {activeCount > 0 ? (
          <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs leading-5 font-bold text-white">
            {activeCount}
            <span className="sr-only"> in use</span>
          </span>
        ) : null}
      </Button>
      {opened.current ? (
        <Suspense fallback={null}>
          <FilterSheet
            activeCount={activeCount}
            total={total}
            onClear={onClear}
            open={open}
            onOpenChange={setOpen}
          >
            {children}
          </FilterSheet>
        </Suspense>
      ) : null}
    </>
  );
}
