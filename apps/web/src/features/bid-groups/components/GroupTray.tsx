import { BID_GROUP_MIN_LOTS } from '@rebound/core/bid-group-sizes';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { clearPicks, usePicks } from '../picks';

// The builder is not in the shop's first scripts (e2e/tests/budget.spec.ts): it loads on 'Make a group'.
const loadDialog = () => import('./BidGroupDialog');
const BidGroupDialog = lazy(loadDialog);

/**
 * The tray of lots picked with 'Add to a group' (shop cards, the watchlist): 'N lots chosen — Make a
 * group' at the bottom of the screen while any are picked, then the builder with them.
 */
export function GroupTray() {
  const picks = usePicks();
  const [open, setOpen] = useState(false);
  const opened = useRef(false);
  if (open) opened.current = true;
  const count = picks.length;
  const enough = count >= BID_GROUP_MIN_LOTS;

  return (
    <>
      {count > 0 ? (
        <section
          aria-label="Lots for a new group"
          data-testid="group-tray"
          className="fixed inset-x-0 bottom-0 z-40 border-t border-ink-200 bg-white/95 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-overlay backdrop-blur sm:px-6"
        >
          <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <p className="text-sm text-ink-900" aria-live="polite">
              <strong>
                {count} {count === 1 ? 'lot' : 'lots'} chosen
              </strong>
              {enough ? null : (
                <span className="text-ink-700"> — choose at least one more to make a group</span>
              )}
            </p>
            <div className="flex gap-2">
              <Button variant="ghost" size="sm" onClick={clearPicks}>
                Clear
              </Button>
              <Button
                size="sm"
                disabled={!enough}
                onPointerEnter={() => void loadDialog()}
                onClick={() => setOpen(true)}
              >
                Make a group
              </Button>
            </div>
          </div>
        </section>
      ) : null}
      {opened.current ? (
        <Suspense fallback={null}>
          <BidGroupDialog
            open={open}
            onOpenChange={setOpen}
            lots={picks}
            title="Make a group"
            onCreated={clearPicks}
          />
        </Suspense>
      ) : null}
    </>
  );
}
