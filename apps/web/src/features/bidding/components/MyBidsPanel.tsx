import type { MyBidGroup, MyBidsFilter } from '@rebound/contract/bidding';
import { formatCents } from '@rebound/core/money';
import { clsx } from 'clsx';
import { Check, ChevronDown, Package, ShoppingCart } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AuctionThumb } from '../../../components/AuctionThumb';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Countdown } from '../../../components/ui/Countdown';
import { Skeleton } from '../../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { addToCart, useCartIds } from '../../../lib/cart';
import { formatShopDateTime } from '../../../lib/format-date';
import { useLiveAuctionList } from '../../../lib/live-auction-list';
import { productPath } from '../../../lib/paths';
import { meKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { useMyBids } from '../my-bids-api';
import { BidHistory } from './BidHistory';
import { STANDING_TEXT, STANDING_TONE } from './MyStanding';
import { OweSummary } from './OweSummary';

const FILTERS: { value: MyBidsFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'winning', label: 'Winning' },
  { value: 'losing', label: 'Losing' },
];

const EMPTY_TEXT: Record<MyBidsFilter, string> = {
  all: 'No active bids yet',
  winning: 'You are not leading any running auction right now.',
  losing: 'You have not been outbid on any running auction.',
};

const bidsLabel = (n: number) => `${n} ${n === 1 ? 'bid' : 'bids'}`;

/**
 * The account's My Bids tab: All / Winning / Losing (the header badges link to the last two), one
 * collapsible row per auction with the shopper's own maximum, the current high, the time left and
 * the bid count; expanding shows the auction's bid history, 'Highest' first. `groups` (the
 * bid-groups feature's list, composed by the app) goes under the heading, before the auctions.
 */
export function MyBidsPanel({
  filter,
  filterHref,
  groups,
}: {
  filter: MyBidsFilter;
  filterHref: (f: MyBidsFilter) => string;
  groups?: ReactNode;
}) {
  const bids = useMyBids(filter);
  const running = useMemo(
    () => (bids.data?.groups ?? []).filter((g) => isRunning(g.standing)).map((g) => g.auction.auctionId),
    [bids.data],
  );
  useLiveAuctionList(running, meKeys.bidsAll());
  const counts = bids.data?.counts;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-lg font-bold tracking-tight text-ink-950 sm:text-xl">My Bids</h2>
          <p className="mt-0.5 text-sm text-ink-600">Every auction you hold a maximum bid on.</p>
        </div>
        <nav aria-label="Filter your bids">
          <ul className="flex gap-1 rounded-xl bg-ink-100 p-1">
            {FILTERS.map(({ value, label }) => {
              const active = value === filter;
              return (
                <li key={value}>
                  <Link
                    to={filterHref(value)}
                    replace
                    aria-current={active ? 'page' : undefined}
                    className={clsx(
                      'inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold transition-colors',
                      active ? 'bg-white text-ink-950 shadow-card' : 'text-ink-600 hover:text-ink-900',
                    )}
                  >
                    {label}
                    {counts ? (
                      <span
                        className={clsx(
                          'rounded-full px-1.5 text-xs tabular-nums',
                          active ? 'bg-brand-50 text-brand-800' : 'bg-ink-200/70 text-ink-700',
                        )}
                      >
                        {counts[value]}
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>

      <OweSummary />

      {groups}

      {bids.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">Loading your bids...</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28 w-full rounded-card" />
          ))}
        </div>
      ) : bids.isError ? (
        <ErrorState
          title="Error loading your bids"
          message={errorMessageOf(bids.error)}
          onRetry={() => void bids.refetch()}
        />
      ) : bids.data.groups.length === 0 ? (
        <EmptyState action={<ButtonLink to="/shop">Browse auctions</ButtonLink>}>
          {EMPTY_TEXT[filter]}
        </EmptyState>
      ) : (
        <>
          <ul
            className={clsx('flex flex-col gap-3 transition-opacity', bids.isPlaceholderData && 'opacity-60')}
          >
            {bids.data.groups.map((g) => (
              <MyBidRow key={g.auction.auctionId} group={g} />
            ))}
          </ul>
          {bids.data.endedNotShown > 0 ? (
            <p className="text-center text-sm text-ink-600">
              {bids.data.endedNotShown} older ended{' '}
              {bids.data.endedNotShown === 1 ? 'auction is' : 'auctions are'} not shown.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

/** Standings of an auction still running (a leader below the reserve included). */
function isRunning(standing: MyBidGroup['standing']): boolean {
  return standing === 'winning' || standing === 'reserve_not_met' || standing === 'outbid';
}

function MyBidRow({ group }: { group: MyBidGroup }) {
  const { auction, standing } = group;
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const historyId = useId();
  const running = isRunning(standing);
  const tone = standing === 'none' ? null : STANDING_TONE[standing];

  return (
    <li
      data-testid="my-bid"
      data-standing={standing}
      className="overflow-hidden rounded-card bg-white shadow-card ring-1 ring-ink-200/80"
    >
      <div className="flex gap-3 p-3 sm:gap-4 sm:p-4">
        <AuctionThumb image={auction.image} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <h3 className="line-clamp-2 text-sm leading-snug font-semibold text-ink-950 sm:text-base">
              <Link to={productPath(auction.slug)} className="hover:text-brand-800 hover:underline">
                {auction.title}
              </Link>
            </h3>
            {tone ? (
              <span className={clsx('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold', tone)}>
                {STANDING_TEXT[standing as keyof typeof STANDING_TEXT]}
              </span>
            ) : null}
          </div>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-xs text-ink-600">Your highest</dt>
              <dd className="font-semibold tabular-nums text-ink-950">{formatCents(group.maxBidCents)}</dd>
            </div>
            <div>
              <dt className="text-xs text-ink-600">{running ? 'Current high' : 'Final bid'}</dt>
              <dd className="font-semibold tabular-nums text-ink-950">
                {formatCents(auction.currentPriceCents)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-ink-600">{running ? 'Time left' : 'Ended'}</dt>
              <dd className="font-medium text-ink-900">
                {running ? (
                  <Countdown
                    to={auction.endTime}
                    format="short"
                    className="data-[urgent=true]:font-semibold data-[urgent=true]:text-danger-700"
                  />
                ) : (
                  <time dateTime={auction.endTime} className="text-xs sm:text-sm">
                    {formatShopDateTime(auction.endTime)}
                  </time>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-ink-600">Bids</dt>
              <dd className="font-medium tabular-nums text-ink-900">{bidsLabel(auction.bidCount)}</dd>
            </div>
          </dl>
          {standing === 'won' ? <WonActions group={group} /> : null}
        </div>
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={historyId}
        onClick={() => setOpen((o) => !o)}
        className="flex h-10 w-full items-center justify-center gap-1.5 border-t border-ink-100 text-sm font-semibold text-ink-700 transition-colors hover:bg-ink-50 hover:text-ink-950"
      >
        {open ? 'Hide bid history' : 'Show bid history'}
        <ChevronDown
          className={clsx('size-4 transition-transform', open && 'rotate-180')}
          aria-hidden="true"
        />
      </button>
      <div id={historyId} hidden={!open}>
        {open ? (
          <BidHistory
            auctionId={auction.auctionId}
            phase={running ? 'live' : 'ended'}
            myHandle={user?.handle ?? null}
            headingLevel={4}
            className="rounded-none shadow-none ring-0"
          />
        ) : null}
      </div>
    </li>
  );
}

/** A won auction: 'Add to Cart' while its order waits for payment ('In Cart' once there), else the order. */
function WonActions({ group }: { group: MyBidGroup }) {
  const cart = useCartIds();
  const { orderId, orderStatus } = group;
  if (orderId && orderStatus === 'pending') {
    const inCart = cart.includes(orderId);
    return (
      <div className="mt-3 flex flex-wrap gap-2">
        {inCart ? (
          <>
            <Button size="sm" variant="secondary" disabled>
              <Check aria-hidden="true" />
              In Cart
            </Button>
            <ButtonLink to="/cart" size="sm">
              <ShoppingCart aria-hidden="true" />
              Go to Cart
            </ButtonLink>
          </>
        ) : (
          <Button
            size="sm"
            onClick={() => addToCart(orderId)}
            aria-label={`Add to Cart: ${group.auction.title}`}
          >
            <ShoppingCart aria-hidden="true" />
            Add to Cart
          </Button>
        )}
      </div>
    );
  }
  return (
    <div className="mt-3">
      <ButtonLink to="/account?tab=orders" size="sm" variant="secondary">
        <Package aria-hidden="true" />
        View in My Orders
      </ButtonLink>
    </div>
  );
}
