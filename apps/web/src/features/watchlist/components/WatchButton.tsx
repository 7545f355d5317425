import { type AuctionTiming, isAuctionOpen } from '@rebound/core/catalog';
import { clsx } from 'clsx';
import { Heart } from 'lucide-react';
import { useServerClock } from '../../../lib/server-clock';
import { useToggleWatch, useWatchStatus } from '../api';

type WatchButtonProps = {
  auctionId: string;
  title: string;
  className?: string;
};

type WatchControlProps = WatchButtonProps & {
  /** The auction's latest known timing: an ended or cancelled auction offers no Watch. */
  auction: AuctionTiming;
};

/**
 * Whether the auction can still be watched (scheduled or live), on the server's clock: the control
 * disappears when the end time passes on screen, not only when the server says 'ended'. Only this
 * check follows the clock, so the buttons themselves do not re-render every second.
 */
function useStillOpen(auction: AuctionTiming): boolean {
  return useServerClock((now) => isAuctionOpen(auction, now));
}

/** The heart on a card: watch or unwatch without opening the product; none once the auction is over. */
export function WatchIconButton({ auction, ...props }: WatchControlProps) {
  return useStillOpen(auction) ? <WatchIcon {...props} /> : null;
}

/** The product page's watch control with the watcher count; none once the auction is over. */
export function WatchButton({ auction, ...props }: WatchControlProps) {
  return useStillOpen(auction) ? <WatchWithCount {...props} /> : null;
}

function WatchIcon({ auctionId, title, className }: WatchButtonProps) {
  const { watching, toggle, isPending } = useToggleWatch(auctionId);
  return (
    <button
      type="button"
      aria-pressed={watching}
      aria-label={`${watching ? 'Remove from' : 'Add to'} watchlist: ${title}`}
      title={watching ? 'Remove from watchlist' : 'Add to watchlist'}
      disabled={isPending}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        toggle();
      }}
      className={clsx(
        'inline-flex size-10 items-center justify-center rounded-full bg-white/95 shadow-card ring-1 ring-ink-200 backdrop-blur transition-colors hover:bg-white hover:ring-ink-300 disabled:opacity-70',
        watching ? 'text-accent-700' : 'text-ink-700',
        className,
      )}
    >
      <Heart className={clsx('size-5', watching && 'fill-current')} aria-hidden="true" />
    </button>
  );
}

function WatchWithCount({ auctionId, title, className }: WatchButtonProps) {
  const { watching, toggle, isPending } = useToggleWatch(auctionId);
  const status = useWatchStatus(auctionId);
  const count = status.data?.watcherCount;
  return (
    <div className={clsx('flex flex-wrap items-center gap-3', className)}>
      <button
        type="button"
        aria-pressed={watching}
        disabled={isPending}
        onClick={toggle}
        aria-label={watching ? `Remove ${title} from watchlist` : `Add ${title} to watchlist`}
        className={clsx(
          'inline-flex h-10 items-center gap-2 rounded-xl px-3.5 text-sm font-semibold ring-1 transition-colors ring-inset disabled:opacity-70',
          watching
            ? 'bg-accent-50 text-accent-800 ring-accent-200 hover:bg-accent-100'
            : 'bg-white text-ink-800 ring-ink-200 hover:bg-ink-50 hover:ring-ink-300',
        )}
      >
        <Heart className={clsx('size-4', watching && 'fill-current')} aria-hidden="true" />
        {watching ? 'Watching' : 'Watch'}
      </button>
      {count !== undefined && count > 0 ? (
        <span className="text-sm text-ink-600" data-testid="watcher-count">
          {count} {count === 1 ? 'shopper is' : 'shoppers are'} watching
        </span>
      ) : null}
    </div>
  );
}
