import type { ShopQuery } from '@rebound/contract/catalog';
import { clsx } from 'clsx';
import { BookmarkPlus } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import type { Names } from './SaveSearchDialog';

// The dialog (with Radix's dialog code and the form) loads on the first open (decision 037).
const SaveSearchDialog = lazy(() => import('./SaveSearchDialog'));

/** 'Save this search' on /shop: opens the dialog that saves the current filters and keywords. */
export function SaveSearchButton({
  query,
  names = {},
  className,
}: {
  query: Partial<ShopQuery>;
  names?: Names;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so that it can animate closed.
  const opened = useRef(false);
  if (open) opened.current = true;
  return (
    <>
      <Button variant="secondary" size="sm" className={clsx(className)} onClick={() => setOpen(true)}>
        <BookmarkPlus aria-hidden="true" />
        Save this search
      </Button>
      {opened.current ? (
        <Suspense fallback={null}>
          <SaveSearchDialog query={query} names={names} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
