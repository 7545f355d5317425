import { BID_CANCELLED_BY_STORE, BID_HISTORY_ROW_LABELS } from '@rebound/core/bidding-text';
import { formatCents } from '@rebound/core/money';
import { clsx } from 'clsx';
import { Ban, History } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { formatShopDateTime } from '../../../lib/format-date';
import { useBidHistory } from '../api';

type BidHistoryProps = {
  auctionId: string;
  /** 'live': 'No bids yet. Be the first to bid!'; 'ended': 'No bids were placed on this auction'. */
  phase: 'live' | 'ended';
  /** The viewer's handle: their rows are marked 'You'. */
  myHandle?: string | null;
  /** The heading's level where the history sits (2 on the product page). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
};

/**
 * The public bid history, highest first; the first row (the price, held by the leader) is marked
 * 'Highest'. At most 400px tall, scrolling inside itself (and reachable by keyboard to scroll). It
 * loads a page at a time; 'Show more bids' below the list loads the next one and says how many remain.
 */
export function BidHistory({ auctionId, phase, myHandle, headingLevel = 2, className }: BidHistoryProps) {
  const Heading = `h${headingLevel}` as const;
  const { data, error, isError, isPending, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useBidHistory(auctionId);
  const headingId = useId();
  const rows = data?.pages.flatMap((p) => p.rows) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  // Older servers' answers carry no such list.
  const cancelled = data?.pages[0]?.cancelledByStore ?? [];

  return (
    <section
      aria-labelledby={headingId}
      className={clsx('rounded-card bg-white ring-1 ring-ink-200', className)}
    >
      <div className="flex items-center justify-between gap-2 border-b border-ink-100 px-4 py-3 sm:px-5">
        <Heading id={headingId} className="flex items-center gap-2 text-base font-semibold text-ink-950">
          <History className="size-4.5 text-brand-700" aria-hidden="true" />
          Bid history
        </Heading>
        {total > 0 ? (
          <span className="text-xs font-medium text-ink-600">
            {total} {total === 1 ? 'entry' : 'entries'}
          </span>
        ) : null}
      </div>
      {isPending ? (
        <div className="flex flex-col gap-3 p-4 sm:px-5" role="status">
          <span className="sr-only">Loading bid history...</span>
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-5/6" />
          <Skeleton className="h-5 w-4/6" />
        </div>
      ) : isError ? (
        <div className="p-4">
          <ErrorState
            title="Could not load the bid history"
            message={errorMessageOf(error)}
            onRetry={() => void refetch()}
          />
        </div>
      ) : rows.length === 0 ? (
        <>
          <p className="px-4 py-6 text-center text-sm text-ink-600 sm:px-5">
            {phase === 'ended' ? 'No bids were placed on this auction' : 'No bids yet. Be the first to bid!'}
          </p>
          <CancelledLines at={cancelled} />
        </>
      ) : (
        <>
          <ol
            className="max-h-[400px] overflow-y-auto overscroll-contain focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard (WCAG 2.1.1).
            tabIndex={0}
            aria-labelledby={headingId}
            data-testid="bid-history"
          >
            {rows.map((row, index) => {
              const mine = myHandle != null && row.handle.toLowerCase() === myHandle.toLowerCase();
              return (
                <li
                  key={row.id}
                  className={clsx(
                    'flex items-center justify-between gap-3 border-b border-ink-100 px-4 py-2.5 last:border-b-0 sm:px-5',
                    index === 0 && 'bg-brand-50/60',
                  )}
                >
                  <div className="min-w-0">
                    <p className="flex items-center gap-2 text-sm font-semibold text-ink-900">
                      <span className="truncate">{row.handle}</span>
                      {mine ? <Badge>You</Badge> : null}
                      {index === 0 ? <Badge tone="brand">Highest</Badge> : null}
                    </p>
                    <p className="mt-0.5 text-xs text-ink-600">
                      <span data-testid="history-row-kind">{BID_HISTORY_ROW_LABELS[row.kind]}</span>
                      <span aria-hidden="true"> · </span>
                      <time dateTime={row.createdAt}>{formatShopDateTime(row.createdAt)}</time>
                    </p>
                  </div>
                  <span
                    className={clsx(
                      'shrink-0 tabular-nums',
                      index === 0 ? 'font-bold text-ink-950' : 'text-ink-800',
                    )}
                  >
                    {formatCents(row.amountCents)}
                  </span>
                </li>
              );
            })}
          </ol>
          <CancelledLines at={cancelled} />
          {hasNextPage ? (
            <div className="flex items-center justify-between gap-3 border-t border-ink-100 px-4 py-2.5 sm:px-5">
              <span className="text-xs text-ink-600" aria-live="polite">
                Showing {rows.length} of {total}
              </span>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void fetchNextPage()}
                disabled={isFetchingNextPage}
                aria-busy={isFetchingNextPage}
              >
                {isFetchingNextPage ? 'Loading...' : 'Show more bids'}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * 'Bid cancelled by the store' at each time the store cancelled a bid on the lot, newest first: no
 * shopper and no reason (docs/product.md "Signals of unfair bidding"). The rows above were worked out
 * again without the cancelled maximum.
 */
function CancelledLines({ at }: { at: string[] }) {
  if (at.length === 0) return null;
  return (
    <ul className="border-t border-ink-100 bg-ink-50/60" aria-label="Bids cancelled by the store">
      {at.map((when, i) => (
        <li
          key={`${when}-${i}`}
          className="flex items-center gap-2 px-4 py-2 text-xs text-ink-700 sm:px-5"
          data-testid="history-cancelled"
        >
          <Ban className="size-3.5 shrink-0 text-ink-600" aria-hidden="true" />
          <span className="font-medium">{BID_CANCELLED_BY_STORE}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={when}>{formatShopDateTime(when)}</time>
        </li>
      ))}
    </ul>
  );
}
