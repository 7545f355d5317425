import type { AuctionTiming } from '@rebound/core/catalog';
import { useAuctionState } from '../../features/bidding/api';
import { WatchButton } from '../../features/watchlist/components/WatchButton';

/**
 * The product page's and quick view's Watch. Whether the auction is still open is read from the
 * bidding feature's live state (the same cached query its auction box uses, fed by the socket, so a
 * soft-close extension or the end arrives here too); until it loads, from the product's own figures.
 */
export function AuctionWatch({
  auctionId,
  title,
  initial,
}: {
  auctionId: string;
  title: string;
  initial: AuctionTiming;
}) {
  const state = useAuctionState(auctionId);
  return <WatchButton auctionId={auctionId} title={title} auction={state.data?.auction ?? initial} />;
}
