import type { ServerEvent } from '@rebound/contract/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useAuctionRooms, useRealtimeEvents } from './realtime';

/**
 * Keeps a list of auctions (My Bids, the watchlist) current while it is on screen: joins the
 * auctions' rooms, and a bid, an extension or an end on any of them refetches `queryKey`.
 */
export function useLiveAuctionList(auctionIds: readonly string[], queryKey: readonly unknown[]): void {
  const queryClient = useQueryClient();
  useAuctionRooms(auctionIds);
  const keyRef = useRef(queryKey);
  keyRef.current = queryKey;
  const onEvent = useCallback(
    (event: ServerEvent) => {
      const auctionId =
        event.type === 'BidPlacedV1' || event.type === 'AuctionEndedV1'
          ? event.auction.auctionId
          : event.type === 'AuctionExtendedV1'
            ? event.auctionId
            : null;
      if (auctionId !== null && auctionIds.includes(auctionId)) {
        void queryClient.invalidateQueries({ queryKey: keyRef.current });
      }
    },
    [queryClient, auctionIds],
  );
  useRealtimeEvents(onEvent, undefined, auctionIds.length > 0);
}
