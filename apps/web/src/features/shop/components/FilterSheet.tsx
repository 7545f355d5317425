import { type ReactNode, useRef } from 'react';
import { Button } from '../../../components/ui/Button';
import {
  Dialog,
  DialogClose,
  DialogDescription,
  DialogTitle,
  SheetContent,
} from '../../../components/ui/Dialog';
import { auctionsLabel } from '../search-params';

export type FilterSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many filters are in use (shown on the button). */
  activeCount: number;
  /** The results' total, for the 'Show N auctions' button; null while loading. */
  total: number | null;
  onClear: () => void;
  /** The filter panel. */
  children: ReactNode;
};

/**
 * Filters on phones and tablets in a side sheet, opened by FilterDrawer's button (its own chunk,
 * loaded on the first open). Changes apply at once
 * (the results update behind the sheet); focus goes to the sheet's title on opening and back to the
 * button on closing.
 */
export default function FilterSheet({
  activeCount,
  total,
  onClear,
  children,
  open,
  onOpenChange: setOpen,
}: FilterSheetProps) {
  const title = useRef<HTMLHeadingElement>(null);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <SheetContent
        className="w-[min(24rem,calc(100vw-2.5rem))]"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          title.current?.focus();
        }}
      >
        <div className="flex h-16 shrink-0 items-center border-b border-ink-100 pr-16 pl-5">
          <DialogTitle
            ref={title}
            tabIndex={-1}
            className="text-lg font-bold text-ink-950 focus:outline-none"
          >
            Filters
          </DialogTitle>
          <DialogDescription className="sr-only">
            Narrow the auctions by category, condition, price and pickup location. Results update as you
            choose.
          </DialogDescription>
        </div>
        <div className="flex-1 overflow-y-auto overscroll-contain px-4 py-5">{children}</div>
        <div className="flex shrink-0 gap-3 border-t border-ink-100 bg-white p-4">
          <Button variant="secondary" onClick={onClear} disabled={activeCount === 0} className="flex-1">
            Clear all
          </Button>
          <DialogClose asChild>
            <Button className="flex-[1.4]">
              {total === null ? 'Show results' : `Show ${auctionsLabel(total)}`}
            </Button>
          </DialogClose>
        </div>
      </SheetContent>
    </Dialog>
  );
}
