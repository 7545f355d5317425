// Placing a bid: the signed-in shopper's bid form alone uses it, so it loads with the form (its own
// chunk), not with every product page.
import type { AuctionStateResponse, PlaceBidResponse } from '@rebound/contract/bidding';
import { API } from '@rebound/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, sendJson } from '../../lib/api-client';
import { meKeys } from '../../lib/query-keys';
import { syncServerClock } from '../../lib/server-clock';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { biddingKeys } from './api';

export const PROXY_BID_FAILED = 'Failed to set proxy bid';

/** The action a bid's error toast belongs to (one auction's bids): a later success, or a live outbid, closes it. */
export const bidAction = (auctionId: string) => `bid:${auctionId}`;

/**
 * Places a maximum bid; the server's message ('You've got the highest bid!', 'Highest bid, reserve not
 * met' or 'Highest bid set!') is toasted.
 */
export function usePlaceBid(auctionId: string) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: async ({ amount, idempotencyKey }: { amount: string; idempotencyKey: string }) => {
      const sentAt = Date.now();
      const answer = await sendJson<PlaceBidResponse>(
        'POST',
        API.auctionBids(auctionId),
        { amount },
        { 'Idempotency-Key': idempotencyKey },
      );
      syncServerClock(answer.serverTime, sentAt);
      return answer;
    },
    onSuccess: (answer) => {
      // An earlier failed attempt's error closes: it is not true any more (lib/toast.ts).
      toast.succeeded(bidAction(auctionId));
      queryClient.setQueryData<AuctionStateResponse>(
        biddingKeys.state(auctionId, user?.id ?? null),
        (old) => ({
          serverTime: answer.serverTime,
          auction: old && old.auction.seq > answer.auction.seq ? old.auction : answer.auction,
          me: answer.me,
        }),
      );
      void queryClient.invalidateQueries({ queryKey: biddingKeys.history(auctionId) });
      void queryClient.invalidateQueries({ queryKey: meKeys.summary() });
      void queryClient.invalidateQueries({ queryKey: meKeys.bidsAll() });
      // The server's words, by core's standing: a leader below the reserve is told so, not that they lead.
      if (answer.me.standing === 'reserve_not_met') {
        toast.info(answer.message, {
          description: "The item sells only if the bidding reaches the seller's hidden reserve.",
        });
      } else if (answer.isLeader) toast.success(answer.message);
      else toast.warning(answer.message, { description: 'Another bidder has a higher maximum.' });
    },
    onError: (error) => {
      // The server's message, or the catalogue's fallback when the answer carried none.
      const hasMessage =
        error instanceof ApiError && error.code !== 'http_error' && error.code !== 'bad_response';
      toast.failed(bidAction(auctionId), hasMessage ? error.message : PROXY_BID_FAILED);
      // The minimum may have moved under the shopper: show the current state.
      void queryClient.invalidateQueries({ queryKey: biddingKeys.stateAll(auctionId) });
    },
  });
}
