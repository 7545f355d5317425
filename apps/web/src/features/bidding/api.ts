import type {
  AuctionLiveState,
  AuctionStateResponse,
  BidHistoryResponse,
  MyBidsFilter,
  MyBidsResponse,
  PlaceBidResponse,
} from '@rebound/contract/bidding';
import type { ServerEvent } from '@rebound/contract/realtime';
import { API } from '@rebound/contract/routes';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError, getJson, sendJson } from '../../lib/api-client';
import { catalogKeys, meKeys } from '../../lib/query-keys';
import { useAuctionRooms, useRealtimeEvents } from '../../lib/realtime';
import { getTimedJson, syncServerClock } from '../../lib/server-clock';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { applyExtension, mergeLiveState } from './live-state';

export const PROXY_BID_FAILED = 'Failed to set proxy bid';

export const biddingKeys = {
  /** Public state plus the viewer's own position; the viewer is part of the key. */
  state: (auctionId: string, userId: string | null) => ['auction', auctionId, { userId }] as const,
  stateAll: (auctionId: string) => ['auction', auctionId] as const,
  history: (auctionId: string) => ['auction-bids', auctionId] as const,
};

export function useAuctionState(auctionId: string | null) {
  const { user, isPending } = useSession();
  const userId = user?.id ?? null;
  return useQuery({
    queryKey: biddingKeys.state(auctionId ?? '', userId),
    queryFn: async ({ signal }) => {
      const state = await getTimedJson<AuctionStateResponse>(API.auction(auctionId ?? ''), signal);
      return state;
    },
    // Live events keep it fresh; a refetch is only needed after a gap or a reconnection.
    staleTime: 60_000,
    enabled: !isPending && auctionId !== null,
  });
}

/**
 * The public history in pages (the server's cursor), highest first. A live change refetches the pages
 * already shown, so 'Show more' continues from where the fresh pages end.
 */
export function useBidHistory(auctionId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: biddingKeys.history(auctionId),
    queryFn: ({ signal, pageParam }) =>
      getJson<BidHistoryResponse>(
        `${API.auctionBids(auctionId)}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 60_000,
    enabled,
  });
}

/** Applies a pushed public state to every cached view of the auction; answers whether a refetch is needed. */
function applyLiveState(queryClient: QueryClient, next: AuctionLiveState): boolean {
  let gap = false;
  queryClient.setQueriesData<AuctionStateResponse>(
    { queryKey: biddingKeys.stateAll(next.auctionId) },
    (old) => {
      if (!old) return old;
      const merged = mergeLiveState(old.auction, next);
      gap ||= merged.gap;
      return merged.state === old.auction ? old : { ...old, auction: merged.state };
    },
  );
  return gap;
}

/**
 * Keeps one auction's state, history and the viewer's standing live from the socket. Returns the
 * latest soft-close extension seen while on the page (shown as it happens).
 */
export function useLiveAuction(auctionId: string | null) {
  const queryClient = useQueryClient();
  const [extension, setExtension] = useState<{ endTime: string; previousEndTime: string } | null>(null);
  useAuctionRooms(auctionId ? [auctionId] : []);

  const refetchAll = useCallback(() => {
    if (!auctionId) return;
    void queryClient.invalidateQueries({ queryKey: biddingKeys.stateAll(auctionId) });
    void queryClient.invalidateQueries({ queryKey: biddingKeys.history(auctionId) });
  }, [auctionId, queryClient]);

  const onEvent = useCallback(
    (event: ServerEvent) => {
      if (!auctionId) return;
      switch (event.type) {
        case 'BidPlacedV1':
        case 'AuctionOpenedV1':
          if (event.auction.auctionId !== auctionId) return;
          if (applyLiveState(queryClient, event.auction)) refetchAll();
          else void queryClient.invalidateQueries({ queryKey: biddingKeys.history(auctionId) });
          if (event.type === 'AuctionOpenedV1')
            void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
          return;
        case 'AuctionExtendedV1':
          if (event.auctionId !== auctionId) return;
          queryClient.setQueriesData<AuctionStateResponse>(
            { queryKey: biddingKeys.stateAll(auctionId) },
            (old) => (old ? { ...old, auction: applyExtension(old.auction, event) } : old),
          );
          setExtension({ endTime: event.endTime, previousEndTime: event.previousEndTime });
          return;
        case 'AuctionEndedV1':
          if (event.auction.auctionId !== auctionId) return;
          applyLiveState(queryClient, event.auction);
          // The viewer's standing turns into won or lost; the product page shows the final state.
          refetchAll();
          void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
          return;
        case 'OutbidV1':
        case 'StandingChangedV1':
          if (event.auctionId !== auctionId) return;
          void queryClient.invalidateQueries({ queryKey: biddingKeys.stateAll(auctionId) });
          return;
        default:
          return;
      }
    },
    [auctionId, queryClient, refetchAll],
  );
  useRealtimeEvents(onEvent, refetchAll, auctionId !== null);
  return { extension };
}

/** A fresh key per confirmation: a double click or a retried request places one bid. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

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
      toast.error(hasMessage ? error.message : PROXY_BID_FAILED);
      // The minimum may have moved under the shopper: show the current state.
      void queryClient.invalidateQueries({ queryKey: biddingKeys.stateAll(auctionId) });
    },
  });
}

/** The account's My Bids list for one filter; while signed in only. */
export function useMyBids(filter: MyBidsFilter) {
  const { user } = useSession();
  return useQuery({
    queryKey: [...meKeys.bidsAll(), filter] as const,
    queryFn: async ({ signal }) => {
      const answer = await getTimedJson<MyBidsResponse>(`${API.meBids}?filter=${filter}`, signal);
      return answer;
    },
    enabled: user !== null,
    placeholderData: (previous) => previous,
  });
}
