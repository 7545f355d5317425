import type { AuctionCard as AuctionCardData } from '@rebound/contract/catalog';
import { usePrefetchProduct } from '../api';
import { AuctionCard, AuctionCardSkeleton } from './AuctionCard';

/** 'full': the page's whole width (4 across on desktop); 'beside-sidebar': next to the shop's filters. */
export type GridColumns = 'full' | 'beside-sidebar';

const GRID: Record<GridColumns, string> = {
  full: 'grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4',
  'beside-sidebar': 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 xl:grid-cols-4',
};

export function AuctionGrid({
  cards,
  onOpen,
  columns = 'full',
}: {
  cards: readonly AuctionCardData[];
  onOpen: (card: AuctionCardData) => void;
  columns?: GridColumns;
}) {
  const prefetch = usePrefetchProduct();
  return (
    <ul className={GRID[columns]}>
      {cards.map((card) => (
        <li key={card.auctionId}>
          <AuctionCard card={card} onOpen={onOpen} onIntent={prefetch} />
        </li>
      ))}
    </ul>
  );
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
