import { AUCTION_STATUSES } from '@rebound/core/auction-status';
import type { Standing as CoreStanding } from '@rebound/core/bidding';
import { ORDER_STATUSES } from '@rebound/core/orders';
import { z } from 'zod';
import { AuctionCard } from './catalog';
import { Cents, Instant, Uuid } from './common';

/** core bidding.ts `Standing`: 'reserve_not_met' is a running leader below the hidden reserve. */
export const STANDINGS = ['none', 'winning', 'reserve_not_met', 'outbid', 'won', 'lost'] as const;
export const Standing = z.enum(STANDINGS);
export type Standing = z.infer<typeof Standing>;
// Fails to compile if core's Standing and this list drift apart.
const sameStandings: [CoreStanding, Standing] extends [Standing, CoreStanding] ? true : never = true;
void sameStandings;

export const AuctionParams = z.object({ id: z.string().min(1).max(100) });

/** The largest maximum bid the store accepts ($100,000.00): core bidding.ts. */
export { MAX_BID_CENTS } from '@rebound/core/bidding';

/**
 * A maximum bid. The amount is what the shopper typed (dollars, up to two decimals) or a number;
 * the server parses it into cents with the same rule the page uses.
 */
export const PlaceBidRequest = z.object({
  amount: z.union([z.string().max(32), z.number()]),
});
export type PlaceBidRequest = z.infer<typeof PlaceBidRequest>;

/** The public, live state of one auction: everything a watcher may see. */
export const AuctionLiveState = z.object({
  auctionId: Uuid,
  status: z.enum(AUCTION_STATUSES),
  startTime: Instant,
  endTime: Instant,
  startingBidCents: Cents,
  currentPriceCents: Cents,
  bidCount: z.number().int(),
  hasReserve: z.boolean(),
  reserveMet: z.boolean(),
  minimumNextBidCents: Cents,
  leaderHandle: z.string().nullable(),
  seq: z.number().int(),
});
export type AuctionLiveState = z.infer<typeof AuctionLiveState>;

/** What the signed-in shopper sees of their own position. Never anyone else's maximum. */
export const MyBidPosition = z.object({
  maxBidCents: Cents.nullable(),
  standing: Standing,
});
export type MyBidPosition = z.infer<typeof MyBidPosition>;

export const AuctionStateResponse = z.object({
  serverTime: Instant,
  auction: AuctionLiveState,
  me: MyBidPosition.nullable(),
});
export type AuctionStateResponse = z.infer<typeof AuctionStateResponse>;

export const PlaceBidResponse = z.object({
  serverTime: Instant,
  /**
   * core `bidSuccessMessage`: "You've got the highest bid!" when the bidder leads with the reserve met,
   * 'Highest bid, reserve not met' when they lead below it, else 'Highest bid set!'.
   */
  message: z.string(),
  isLeader: z.boolean(),
  auction: AuctionLiveState,
  me: MyBidPosition,
});
export type PlaceBidResponse = z.infer<typeof PlaceBidResponse>;

export const BidHistoryRow = z.object({
  id: Uuid,
  handle: z.string(),
  amountCents: Cents,
  createdAt: Instant,
  /** The first row (the current price, held by the leader) is marked 'Highest' on the page. */
  isHighest: z.boolean(),
  /**
   * What the row is (core bidding.ts history rows), so two rows at one amount read apart: 'automatic'
   * is the site bidding for the leader at the new price; 'beaten_maximum' is a maximum another bidder
   * beat. Labelled by BID_HISTORY_ROW_LABELS.
   */
  kind: z.enum(['automatic', 'beaten_maximum']),
});

/** The words beside each history row (core, so the web needs no zod for them). */
export { BID_CANCELLED_BY_STORE, BID_HISTORY_ROW_LABELS } from '@rebound/core/bidding-text';
export type BidHistoryRow = z.infer<typeof BidHistoryRow>;

/** Rows per page of the public history (default and largest). */
export const BID_HISTORY_PAGE = 50;
export const BID_HISTORY_PAGE_MAX = 200;

/** GET /api/auctions/:id/bids?cursor=&limit=: the history in pages, highest first. */
export const BidHistoryQuery = z.object({
  /** `nextCursor` of the previous page; absent for the first page. */
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce
    .number({ error: 'The limit must be a whole number.' })
    .int({ error: 'The limit must be a whole number.' })
    .min(1, { error: 'The limit must be at least 1.' })
    .max(BID_HISTORY_PAGE_MAX, { error: `The limit must be at most ${BID_HISTORY_PAGE_MAX}.` })
    .default(BID_HISTORY_PAGE),
});
export type BidHistoryQuery = z.infer<typeof BidHistoryQuery>;

export const BidHistoryResponse = z.object({
  serverTime: Instant,
  auctionId: Uuid,
  seq: z.number().int(),
  rows: z.array(BidHistoryRow),
  /** How many rows the whole history has. */
  total: z.number().int(),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /**
   * When the store cancelled a bid on this lot, newest first (every page carries them): the page shows
   * 'Bid cancelled by the store' (BID_CANCELLED_BY_STORE) at each, without the shopper or the reason.
   * The rows above were decided again without the cancelled maximum.
   */
  cancelledByStore: z.array(Instant),
});
export type BidHistoryResponse = z.infer<typeof BidHistoryResponse>;

export { BID_SUCCESS_LEADING, BID_SUCCESS_SET, RESERVE_NOT_MET_STANDING } from '@rebound/core/bidding-text';

// The account's My Bids tab.

export const MY_BIDS_FILTERS = ['all', 'winning', 'losing'] as const;
export type MyBidsFilter = (typeof MY_BIDS_FILTERS)[number];

/** GET /api/me/bids?filter=all|winning|losing (default all; anything else is refused with a 400). */
export const MyBidsQuery = z.object({
  filter: z.enum(MY_BIDS_FILTERS, { error: 'The filter must be all, winning or losing.' }).default('all'),
});
export type MyBidsQuery = z.infer<typeof MyBidsQuery>;

/** One auction the shopper holds a maximum on. */
export const MyBidGroup = z.object({
  auction: AuctionCard,
  /** The shopper's own maximum ('Your highest'). Only ever sent to its owner. */
  maxBidCents: Cents,
  /** When the maximum was last set or raised. */
  maxSetAt: Instant,
  /** 'winning' / 'reserve_not_met' / 'outbid' while running, 'won' / 'lost' once over. */
  standing: Standing,
  /** The shopper's order for a won auction ('Add to Cart' while it is 'pending'); null otherwise. */
  orderId: Uuid.nullable(),
  orderStatus: z.enum(ORDER_STATUSES).nullable(),
});
export type MyBidGroup = z.infer<typeof MyBidGroup>;

/**
 * The shopper's auctions: running ones ending soonest first, then (under 'all' only) the most
 * recently ended, up to `MY_BIDS_ENDED_LIMIT`. `counts` are per filter, whatever `filter` is;
 * winning and losing count exactly what the header badges count.
 */
export const MyBidsResponse = z.object({
  serverTime: Instant,
  filter: z.enum(MY_BIDS_FILTERS),
  counts: z.object({ all: z.number().int(), winning: z.number().int(), losing: z.number().int() }),
  groups: z.array(MyBidGroup),
  /** Ended auctions left out of `groups` by the limit. */
  endedNotShown: z.number().int(),
});
export type MyBidsResponse = z.infer<typeof MyBidsResponse>;

export const MY_BIDS_ENDED_LIMIT = 50;
