import type { AuctionCard } from '@rebound/contract/catalog';
import type { WatchlistItem } from '@rebound/contract/watchlist';
import { formatCents } from '@rebound/core/money';
import { Gavel, HeartOff } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { AuctionThumb } from '../../../components/AuctionThumb';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Countdown } from '../../../components/ui/Countdown';
import { Skeleton } from '../../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { useLiveAuctionList } from '../../../lib/live-auction-list';
import { productPath } from '../../../lib/paths';
import { meKeys } from '../../../lib/query-keys';
import { useServerNow } from '../../../lib/server-clock';
import { useToggleWatch, useWatchlist } from '../api';

/**
 * The account's Watchlist tab: 'My Watchlist (count)', each auction with its current bid ($0.00
 * until someone bids, with the starting bid beside it), the time left and 'Place Bid'. Prices follow
 * the auctions' rooms while the tab is open. `renderRowAction` adds a control to each row ('Add to a
 * group', from the bid-groups feature; composed by the app).
 */
export function WatchlistPanel({
  renderRowAction,
}: {
  renderRowAction?: (auction: AuctionCard) => ReactNode;
} = {}) {
  const list = useWatchlist();
  const ids = useMemo(() => (list.data?.items ?? []).map((i) => i.auction.auctionId), [list.data]);
  useLiveAuctionList(ids, meKeys.watchlist());

  return (
    <div className="flex flex-col gap-5">
      <div>
        <h2 className="text-lg font-bold tracking-tight text-ink-950 sm:text-xl">
          My Watchlist{list.data ? ` (${list.data.items.length})` : ''}
        </h2>
        <p className="mt-0.5 text-sm text-ink-600">
          Auctions you are keeping an eye on, ending soonest first.
        </p>
      </div>
      {list.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">Loading your watchlist...</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 w-full rounded-card" />
          ))}
        </div>
      ) : list.isError ? (
        <ErrorState
          title="Error loading your watchlist"
          message={errorMessageOf(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <EmptyState action={<ButtonLink to="/drops">Browse Auctions</ButtonLink>}>
          Your watchlist is empty. Tap the heart on any auction to follow it here.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.data.items.map((item) => (
            <WatchlistRow key={item.auction.auctionId} item={item} action={renderRowAction?.(item.auction)} />
          ))}
        </ul>
      )}
    </div>
  );
}

function WatchlistRow({ item, action }: { item: WatchlistItem; action?: ReactNode }) {
  const { auction } = item;
  const { setWatching, isPending } = useToggleWatch(auction.auctionId);
  const now = useServerNow();
  const started = Date.parse(auction.startTime) <= now;
  const hasBids = auction.bidCount > 0;

  return (
    <li
      data-testid="watchlist-item"
      className="flex flex-col gap-3 rounded-card bg-white p-3 shadow-card ring-1 ring-ink-200/80 sm:flex-row sm:items-center sm:gap-4 sm:p-4"
    >
      <div className="flex min-w-0 flex-1 gap-3 sm:gap-4">
        <AuctionThumb image={auction.image} />
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 text-sm leading-snug font-semibold text-ink-950 sm:text-base">
            <Link to={productPath(auction.slug)} className="hover:text-brand-800 hover:underline">
              {auction.title}
            </Link>
          </h3>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:flex sm:gap-x-12">
            <div>
              <dt className="text-xs text-ink-600">Current bid</dt>
              <dd className="font-semibold tabular-nums text-ink-950">
                {formatCents(hasBids ? auction.currentPriceCents : 0)}
                {hasBids ? null : (
                  <span className="ml-1.5 text-xs font-normal text-ink-600">
                    opens at {formatCents(auction.startingBidCents)}
                  </span>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-ink-600">{started ? 'Time left' : 'Starts in'}</dt>
              <dd className="font-medium text-ink-900">
                <Countdown
                  to={started ? auction.endTime : auction.startTime}
                  label={started ? 'Time left' : 'Starts in'}
                  format="short"
                  className="data-[urgent=true]:font-semibold data-[urgent=true]:text-danger-700"
                />
              </dd>
            </div>
          </dl>
        </div>
      </div>
      <div className="flex shrink-0 gap-2 sm:w-36 sm:flex-col">
        <ButtonLink to={productPath(auction.slug)} size="sm" className="flex-1 sm:flex-none">
          <Gavel aria-hidden="true" />
          Place Bid
        </ButtonLink>
        <Button
          variant="secondary"
          size="sm"
          className="flex-1 sm:flex-none"
          loading={isPending}
          onClick={() => setWatching(false)}
          aria-label={`Remove ${auction.title} from watchlist`}
        >
          <HeartOff aria-hidden="true" />
          Remove
        </Button>
        {action}
      </div>
    </li>
  );
}
