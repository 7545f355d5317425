import type { AuctionCard } from '@rebound/contract/catalog';
import { PickForGroup } from '../../features/bid-groups/components/PickForGroup';
import { WatchIconButton } from '../../features/watchlist/components/WatchButton';

/** A shop card's corner: the watchlist's heart and the bid-groups feature's 'Add to a group'. */
export function renderShopCardControls(card: AuctionCard) {
  return (
    <div className="flex flex-col gap-2">
      <WatchIconButton auctionId={card.auctionId} title={card.title} auction={card} />
      <PickForGroup card={card} />
    </div>
  );
}
