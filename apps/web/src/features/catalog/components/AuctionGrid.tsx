import type { AuctionCard as AuctionCardData } from '@rebound/contract/catalog';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { usePrefetchProduct } from '../api';
import { useLiveCards } from '../live-cards';
import { AuctionCard, AuctionCardSkeleton } from './AuctionCard';

/** 'full': the page's whole width (4 across on desktop); 'beside-sidebar': next to the shop's filters. */
export type GridColumns = 'full' | 'beside-sidebar';

const GRID: Record<GridColumns, string> = {
  full: 'grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4',
  'beside-sidebar': 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 xl:grid-cols-4',
};

/**
 * The grid draws this many cards in its first render, then this many more per task: a 40-card shop
 * page is five short tasks instead of one long one, so a phone can answer a tap in between (the shop's
 * total blocking time, decision 068). Eight cards are the first screen: two rows on a desktop, four on
 * a phone, so what is in view comes with the first render.
 */
export const CARDS_PER_SLICE = 8;

/** How many of `total` cards to draw: a slice more after each render until all are there. */
function useCardsInSlices(total: number): number {
  const [limit, setLimit] = useState(CARDS_PER_SLICE);
  useEffect(() => {
    if (limit >= total) return;
    // A task of its own (not the effect's): the browser gets the main thread back in between.
    const timer = setTimeout(() => setLimit((n) => n + CARDS_PER_SLICE), 0);
    return () => clearTimeout(timer);
  }, [limit, total]);
  return limit;
}

export type AuctionGridProps = {
  cards: readonly AuctionCardData[];
  onOpen: (card: AuctionCardData) => void;
  columns?: GridColumns;
  /** The first cards' images load at once (the first row when the grid opens the page). */
  eagerCount?: number;
  /** Refetch the list: called after the live connection was down (its events are lost). */
  onResync?: () => void;
  /** Each card's watch control, given the card as it is now (live prices and end times). */
  renderWatch?: (card: AuctionCardData) => ReactNode;
};

export function AuctionGrid({
  cards,
  onOpen,
  columns = 'full',
  eagerCount = 0,
  onResync,
  renderWatch,
}: AuctionGridProps) {
  const prefetch = usePrefetchProduct();
  // Prices, bid counts and end times follow the auctions' rooms while the grid is on screen.
  const live = useLiveCards(cards, onResync);
  const shown = useCardsInSlices(live.length);
  // The same element for a card from one slice to the next: React skips the cards already drawn and
  // each slice renders only its own eight.
  const items = useMemo(
    () =>
      live.map((card, index) => (
        <li key={card.auctionId}>
          <AuctionCard
            card={card}
            onOpen={onOpen}
            onIntent={prefetch}
            priority={index < eagerCount}
            watch={renderWatch?.(card)}
          />
        </li>
      )),
    [live, onOpen, prefetch, eagerCount, renderWatch],
  );
  return <ul className={GRID[columns]}>{items.slice(0, shown)}</ul>;
}

export function AuctionGridSkeleton({ count, columns = 'full' }: { count: number; columns?: GridColumns }) {
  return (
    <div className={GRID[columns]}>
      {Array.from({ length: count }, (_, i) => (
        <AuctionCardSkeleton key={i} />
      ))}
    </div>
  );
}
