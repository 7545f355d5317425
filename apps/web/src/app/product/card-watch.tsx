import type { AuctionCard } from '@rebound/contract/catalog';
import { WatchIconButton } from '../../features/watchlist/components/WatchButton';

/** The heart in a card's corner (the card is the live one: its end time follows the auction's room). */
export function renderCardWatch(card: AuctionCard) {
  return <WatchIconButton auctionId={card.auctionId} title={card.title} auction={card} />;
}
