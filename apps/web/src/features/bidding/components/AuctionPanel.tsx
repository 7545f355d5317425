import type { AuctionSummary, ProductDetail } from '@rebound/contract/catalog';
import { auctionPhase, savingsPercent } from '@rebound/core/catalog';
import { clsx } from 'clsx';
import { CalendarClock, Gavel, Trophy } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Badge } from '../../../components/ui/Badge';
import { Countdown } from '../../../components/ui/Countdown';
import { Price, RetailPrice } from '../../../components/ui/Price';
import { bidCountLabel } from '../../../lib/bid-count';
import { formatShopDateTime } from '../../../lib/format-date';
import { useServerNow } from '../../../lib/server-clock';

/** What the panel needs; both a card (AuctionCard) and a product's auction (AuctionSummary) fit. */
export type AuctionPanelData = Pick<
  AuctionSummary,
  'status' | 'startTime' | 'endTime' | 'currentPriceCents' | 'startingBidCents' | 'bidCount'
> &
  Partial<Pick<AuctionSummary, 'leaderHandle' | 'hasReserve' | 'reserveMet'>>;

type AuctionPanelProps = {
  auction: AuctionPanelData | null;
  retailPriceCents: number;
  productStatus?: ProductDetail['product']['status'];
  /** Where bidding controls go (a sign-in prompt while signed out). Shown while bidding is possible or soon. */
  action?: ReactNode;
  /** The viewer's own maximum and standing (signed in, once they have bid). */
  standing?: ReactNode;
  /** A live notice under the figures, e.g. a soft-close extension as it happens. */
  notice?: ReactNode;
  /** Called once when the auction ends while the panel is on screen (refresh the final state). */
  onEnded?: () => void;
  className?: string;
};

function LiveBadge() {
  return (
    <Badge tone="brand">
      <span className="relative flex size-2" aria-hidden="true">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-brand-500 opacity-60" />
        <span className="relative inline-flex size-2 rounded-full bg-brand-600" />
      </span>
      Live auction
    </Badge>
  );
}

function Stat({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={clsx('min-w-0', className)}>
      <dt className="text-xs font-medium tracking-wide text-ink-600 uppercase">{label}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

/** The price and timing box of a product: live, coming soon, complete or cancelled. */
export function AuctionPanel({
  auction,
  retailPriceCents,
  productStatus,
  action,
  standing,
  notice,
  onEnded,
  className,
}: AuctionPanelProps) {
  const now = useServerNow();
  const phase = auction ? auctionPhase(auction, now) : null;

  const previousPhase = useRef(phase);
  useEffect(() => {
    if (previousPhase.current !== phase && phase === 'ended' && previousPhase.current !== null) onEnded?.();
    previousPhase.current = phase;
  }, [phase, onEnded]);

  const box = clsx('rounded-card bg-white p-4 ring-1 ring-ink-200 sm:p-5', className);

  if (!auction || !phase) {
    return (
      <div className={box}>
        <p className="font-semibold text-ink-900">
          {productStatus === 'sold'
            ? 'This item has been sold.'
            : 'This item is not up for auction right now.'}
        </p>
        <p className="mt-1 text-sm text-ink-600">
          Retail <RetailPrice cents={retailPriceCents} />
        </p>
      </div>
    );
  }

  const savings = savingsPercent(retailPriceCents, auction.currentPriceCents);
  const priceSize = 'text-3xl font-bold tracking-tight text-ink-950';
  const timerSize = 'text-xl font-semibold text-ink-900 sm:text-2xl';

  if (phase === 'ended' || phase === 'cancelled') {
    const hadBids = auction.bidCount > 0;
    // Ended with bids but under the reserve: nobody wins (docs/product.md "Bidding and bid history").
    const reserveFailed = auction.hasReserve === true && auction.reserveMet === false;
    const winner = hadBids && !reserveFailed ? auction.leaderHandle : null;
    return (
      <section aria-label="Auction" className={box} data-phase={phase}>
        <div className="flex items-center justify-between gap-2">
          <p className="flex items-center gap-2 text-lg font-bold text-ink-950">
            <Trophy className="size-5 text-gold-800" aria-hidden="true" />
            {phase === 'cancelled' ? 'Auction cancelled' : 'Auction Complete!'}
          </p>
        </div>
        {phase === 'ended' && hadBids ? (
          <>
            <dl className="mt-4 grid grid-cols-2 gap-4">
              <Stat label="Final bid">
                <Price cents={auction.currentPriceCents} className={priceSize} />
              </Stat>
              <Stat label="Winner">
                <span className="block truncate text-lg font-semibold text-ink-900" data-testid="winner">
                  {winner ?? 'No winner'}
                </span>
              </Stat>
              {reserveFailed ? null : (
                <Stat label="Saved vs retail" className="col-span-2">
                  <span className="text-sm text-ink-700">
                    {savings > 0 ? (
                      <strong className="font-semibold text-brand-700">{savings}% off</strong>
                    ) : (
                      'No saving'
                    )}{' '}
                    <span className="text-ink-600">
                      (retail <RetailPrice cents={retailPriceCents} />)
                    </span>
                  </span>
                </Stat>
              )}
            </dl>
            {reserveFailed ? (
              <p className="mt-4 text-sm text-ink-700">
                <Badge tone="accent">Reserve not met</Badge> The highest bid did not reach the seller's
                reserve, so the item was not sold.
              </p>
            ) : null}
          </>
        ) : (
          <p className="mt-3 text-sm text-ink-700">
            {phase === 'ended' ? 'No bids were placed on this auction' : 'This auction was cancelled.'}
          </p>
        )}
        {standing ? <div className="mt-4">{standing}</div> : null}
        <p className="mt-4 border-t border-ink-100 pt-3 text-xs text-ink-600">
          Ended {formatShopDateTime(auction.endTime)} · {bidCountLabel(auction.bidCount)}
        </p>
      </section>
    );
  }

  if (phase === 'scheduled') {
    return (
      <section aria-label="Auction" className={box} data-phase={phase}>
        <p className="flex items-center gap-2 text-lg font-bold text-ink-950">
          <CalendarClock className="size-5 text-gold-800" aria-hidden="true" />
          Coming Soon
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-4">
          <Stat label="Starting bid">
            <Price cents={auction.startingBidCents} className={priceSize} />
          </Stat>
          <Stat label="Starts in">
            <Countdown to={auction.startTime} label="Starts in" className={timerSize} />
          </Stat>
        </dl>
        <p className="mt-3 flex flex-wrap items-baseline gap-x-2 text-sm text-ink-600">
          <RetailPrice cents={retailPriceCents} />
          {savingsPercent(retailPriceCents, auction.startingBidCents) > 0 ? (
            <span className="font-semibold text-brand-700">
              {savingsPercent(retailPriceCents, auction.startingBidCents)}% below retail
            </span>
          ) : null}
        </p>
        <p className="mt-3 border-t border-ink-100 pt-3 text-xs text-ink-600">
          Opens {formatShopDateTime(auction.startTime)} · Ends {formatShopDateTime(auction.endTime)}
        </p>
        {action ? <div className="mt-4">{action}</div> : null}
      </section>
    );
  }

  const reserveNotMet = auction.hasReserve === true && auction.reserveMet === false;
  return (
    <section aria-label="Auction" className={box} data-phase={phase}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <LiveBadge />
        {reserveNotMet ? <Badge tone="accent">Reserve not met</Badge> : null}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4">
        <Stat label={auction.bidCount > 0 ? 'Current bid' : 'Starting bid'}>
          <span data-testid="current-price">
            <Price cents={auction.currentPriceCents} className={priceSize} />
          </span>
        </Stat>
        <Stat label="Time left">
          <Countdown to={auction.endTime} className={clsx(timerSize, 'data-[urgent=true]:text-accent-700')} />
        </Stat>
      </dl>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-2 text-sm text-ink-600">
        <RetailPrice cents={retailPriceCents} />
        {savings > 0 ? <span className="font-semibold text-brand-700">Save {savings}%</span> : null}
      </p>
      <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-ink-100 pt-3 text-xs text-ink-600">
        <span className="inline-flex items-center gap-1 font-medium text-ink-800" data-testid="bid-count">
          <Gavel className="size-3.5" aria-hidden="true" />
          {bidCountLabel(auction.bidCount)}
        </span>
        <span>Ends {formatShopDateTime(auction.endTime)}</span>
      </p>
      {notice ? <div className="mt-3">{notice}</div> : null}
      {standing ? <div className="mt-4">{standing}</div> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </section>
  );
}
