import type { AuctionCard as AuctionCardData } from '@rebound/contract/catalog';
import { usePrefetchProduct } from '../api';
import { AuctionCard, AuctionCardSkeleton } from './AuctionCard';

const GRID = 'grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4';

export function AuctionGrid({
  cards,
  onOpen,
}: {
  cards: readonly AuctionCardData[];
  onOpen: (card: AuctionCardData) => void;
}) {
  const prefetch = usePrefetchProduct();
  return (
    <ul className={GRID}>
      {cards.map((card) => (
        <li key={card.auctionId}>
          <AuctionCard card={card} onOpen={onOpen} onIntent={prefetch} />
        </li>
      ))}
    </ul>
  );
}

export function AuctionGridSkeleton({ count }: { count: number }) {
  return (
    <div className={GRID}>
      {Array.from({ length: count }, (_, i) => (
        <AuctionCardSkeleton key={i} />
      ))}
    </div>
  );
}
