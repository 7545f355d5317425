import type { ServerEvent } from '@rebound/contract/realtime';
import { API } from '@rebound/contract/routes';
import type {
  MeSummaryResponse,
  WatchlistResponse,
  WatchResponse,
  WatchStatusResponse,
} from '@rebound/contract/watchlist';
import {
  WATCH_SIGNED_OUT_MESSAGE,
  WATCH_SIGNED_OUT_TITLE,
  watchFailedMessage,
} from '@rebound/contract/watchlist-text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { errorMessageOf, getJson, sendJson } from '../../lib/api-client';
import { meKeys } from '../../lib/query-keys';
import { useRealtimeEvents } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';

export const watchKeys = {
  status: (auctionId: string) => ['watch', auctionId] as const,
};

/** The header badges and the watched auction ids; only while signed in. */
export function useMeSummary() {
  const { user } = useSession();
  return useQuery({
    queryKey: meKeys.summary(),
    queryFn: ({ signal }) => getJson<MeSummaryResponse>(API.meSummary, signal),
    enabled: user !== null,
    staleTime: 30_000,
  });
}

export function useWatchlist() {
  const { user } = useSession();
  return useQuery({
    queryKey: meKeys.watchlist(),
    queryFn: ({ signal }) => getJson<WatchlistResponse>(API.meWatchlist, signal),
    enabled: user !== null,
  });
}

/** Public watcher count of one auction, and whether the viewer watches it. */
export function useWatchStatus(auctionId: string) {
  const { user, isPending } = useSession();
  return useQuery({
    queryKey: [...watchKeys.status(auctionId), { userId: user?.id ?? null }],
    queryFn: ({ signal }) => getJson<WatchStatusResponse>(API.auctionWatch(auctionId), signal),
    enabled: !isPending,
  });
}

/** Whether the signed-in shopper watches this auction (false while signed out or loading). */
export function useIsWatching(auctionId: string): boolean {
  const summary = useMeSummary();
  return summary.data?.watchedAuctionIds.includes(auctionId) ?? false;
}

function withWatched(summary: MeSummaryResponse, auctionId: string, watching: boolean): MeSummaryResponse {
  const has = summary.watchedAuctionIds.includes(auctionId);
  if (has === watching) return summary;
  const ids = watching
    ? [...summary.watchedAuctionIds, auctionId]
    : summary.watchedAuctionIds.filter((id) => id !== auctionId);
  return { ...summary, watchedAuctionIds: ids, watching: ids.length };
}

/**
 * Watch or unwatch. Signed out: the 'Must be logged in to manage watchlist' toast with a way
 * to sign in. The star changes at once and goes back if the server refuses.
 */
export function useToggleWatch(auctionId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const watching = useIsWatching(auctionId);
  const mutation = useMutation({
    mutationFn: (next: boolean) =>
      sendJson<WatchResponse>(next ? 'PUT' : 'DELETE', API.auctionWatch(auctionId)),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: meKeys.summary() });
      const previous = queryClient.getQueryData<MeSummaryResponse>(meKeys.summary());
      if (previous) queryClient.setQueryData(meKeys.summary(), withWatched(previous, auctionId, next));
      return { previous };
    },
    onSuccess: (answer) => {
      toast.succeeded(`watch:${auctionId}`);
      toast.success(answer.message);
      queryClient.setQueriesData<WatchStatusResponse>({ queryKey: watchKeys.status(auctionId) }, (old) =>
        old ? { ...old, watching: answer.watching, watcherCount: answer.watcherCount } : old,
      );
    },
    onError: (error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(meKeys.summary(), context.previous);
      toast.failed(`watch:${auctionId}`, watchFailedMessage(errorMessageOf(error)));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: meKeys.summary() });
      void queryClient.invalidateQueries({ queryKey: meKeys.watchlist() });
    },
  });

  const toggle = useCallback(() => {
    if (!user) {
      toast.error(WATCH_SIGNED_OUT_TITLE, {
        description: WATCH_SIGNED_OUT_MESSAGE,
        action: { label: 'Sign in', onClick: () => void navigate('/auth') },
      });
      return;
    }
    mutation.mutate(!watching);
  }, [user, watching, mutation, navigate]);

  /** Watch (true) or unwatch (false) outright, whatever the cached state says; signed in only. */
  const { mutate } = mutation;
  const setWatching = useCallback((next: boolean) => mutate(next), [mutate]);

  return { watching, toggle, setWatching, isPending: mutation.isPending };
}

/**
 * Keeps the signed-in shopper's counts live: their own room tells of outbids, standing changes and
 * watchlist changes made elsewhere. (The app reopens the socket when who is signed in changes.)
 */
export function useLiveMeSummary(): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? null;

  const onEvent = useCallback(
    (event: ServerEvent) => {
      if (
        event.type === 'OutbidV1' ||
        event.type === 'StandingChangedV1' ||
        event.type === 'WatchlistChangedV1'
      ) {
        void queryClient.invalidateQueries({ queryKey: meKeys.summary() });
        if (event.type === 'WatchlistChangedV1')
          void queryClient.invalidateQueries({ queryKey: meKeys.watchlist() });
        else void queryClient.invalidateQueries({ queryKey: meKeys.bidsAll() });
      }
    },
    [queryClient],
  );
  const onResync = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: meKeys.summary() });
    void queryClient.invalidateQueries({ queryKey: meKeys.bidsAll() });
    void queryClient.invalidateQueries({ queryKey: meKeys.watchlist() });
  }, [queryClient]);
  useRealtimeEvents(onEvent, onResync, userId !== null);
}
