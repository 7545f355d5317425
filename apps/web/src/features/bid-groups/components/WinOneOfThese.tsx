import { Layers } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import type { GroupLotChoice } from '../lots';

const loadDialog = () => import('./BidGroupDialog');
const BidGroupDialog = lazy(loadDialog);

/**
 * 'Win one of these' on a product page with more lots of its item: the builder with this lot and the
 * other live and upcoming ones. Loaded only on such pages; the builder on the first open.
 */
export default function WinOneOfThese({ lots }: { lots: readonly GroupLotChoice[] }) {
  const [open, setOpen] = useState(false);
  const opened = useRef(false);
  if (open) opened.current = true;
  return (
    <div className="mt-3 flex flex-col gap-2 rounded-card bg-white p-3 ring-1 ring-ink-200 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-ink-700">
        Want just one? Put a maximum on these {lots.length} lots: we bid on one at a time and stop when you
        win.
      </p>
      <Button
        variant="secondary"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
        data-testid="win-one-of-these"
      >
        <Layers aria-hidden="true" />
        Win one of these
      </Button>
      {opened.current ? (
        <Suspense fallback={null}>
          <BidGroupDialog open={open} onOpenChange={setOpen} lots={lots} />
        </Suspense>
      ) : null}
    </div>
  );
}
