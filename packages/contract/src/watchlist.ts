import { z } from 'zod';
import { AuctionCard } from './catalog';
import { Instant, Uuid } from './common';

// Watchlist and the signed-in shopper's header counts.

// The texts live in a zod-free module so that the page's watch buttons do not load zod.
export {
  WATCH_ADDED,
  WATCH_REMOVED,
  WATCH_SIGNED_OUT_MESSAGE,
  WATCH_SIGNED_OUT_TITLE,
  watchFailedMessage,
} from './watchlist-text';

/** PUT (watch) and DELETE (unwatch) /api/auctions/:id/watch. Both are idempotent. */
export const WatchResponse = z.object({
  serverTime: Instant,
  auctionId: Uuid,
  watching: z.boolean(),
  /** How many shoppers watch this auction now. */
  watcherCount: z.number().int(),
  /** 'Added to watchlist' or 'Removed from watchlist'. */
  message: z.string(),
});
export type WatchResponse = z.infer<typeof WatchResponse>;

/** GET /api/auctions/:id/watch: public watcher count; `watching` is null when signed out. */
export const WatchStatusResponse = z.object({
  serverTime: Instant,
  auctionId: Uuid,
  watching: z.boolean().nullable(),
  watcherCount: z.number().int(),
});
export type WatchStatusResponse = z.infer<typeof WatchStatusResponse>;

export const WatchlistItem = z.object({
  watchedAt: Instant,
  auction: AuctionCard,
});
export type WatchlistItem = z.infer<typeof WatchlistItem>;

/**
 * GET /api/me/watchlist: the shopper's watched auctions that have not ended (scheduled or live),
 * ending soonest first.
 */
export const WatchlistResponse = z.object({
  serverTime: Instant,
  items: z.array(WatchlistItem),
});
export type WatchlistResponse = z.infer<typeof WatchlistResponse>;

/**
 * GET /api/me/summary: the header badges. winning = live, unended auctions where the shopper holds
 * the lead with the reserve met (a leader below the reserve is not counted); losing = live, unended
 * auctions the shopper bid on without the lead; watching = watched
 * auctions that have not ended. `watchedAuctionIds` lets cards show their watch state.
 */
export const MeSummaryResponse = z.object({
  serverTime: Instant,
  handle: z.string().nullable(),
  winning: z.number().int(),
  losing: z.number().int(),
  watching: z.number().int(),
  watchedAuctionIds: z.array(Uuid),
});
export type MeSummaryResponse = z.infer<typeof MeSummaryResponse>;
