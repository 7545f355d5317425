// Auction statuses and their transitions (docs/product.md "Auctions and orders";
// docs/decisions/085-statuses-with-one-owner.md). The one writer of auctions.status is
// apps/server/src/modules/auctions/status.ts; it refuses a move this table does not list.
//
//   scheduled -> live (its start came: the opening job, or the first bid after the start)
//   live -> ended (its end passed: the closing job)
//   scheduled / live -> cancelled (staff cancel it, or withdraw its product)
//
// ended and cancelled are final: a relist is a new auction.

export const AUCTION_STATUSES = ['scheduled', 'live', 'ended', 'cancelled'] as const;

export type AuctionStatus = (typeof AUCTION_STATUSES)[number];

/** The status a new auction is created in (admin-auctions: one auction, a drop's lots, a relist). */
export const INITIAL_AUCTION_STATUS: AuctionStatus = 'scheduled';

export const AUCTION_TRANSITIONS: Readonly<Record<AuctionStatus, readonly AuctionStatus[]>> = Object.freeze({
  scheduled: Object.freeze(['live', 'cancelled'] as const),
  live: Object.freeze(['ended', 'cancelled'] as const),
  ended: Object.freeze([] as const),
  cancelled: Object.freeze([] as const),
});

export function isAuctionStatus(value: unknown): value is AuctionStatus {
  return typeof value === 'string' && (AUCTION_STATUSES as readonly string[]).includes(value);
}

/** Whether an auction status change is allowed. Staying in the same status is not a transition. */
export function canAuctionTransition(from: AuctionStatus, to: AuctionStatus): boolean {
  return AUCTION_TRANSITIONS[from].includes(to);
}

/** The statuses from which `to` may be reached (the guard of a status UPDATE). */
export function auctionSourcesOf(to: AuctionStatus): AuctionStatus[] {
  return AUCTION_STATUSES.filter((from) => canAuctionTransition(from, to));
}

/**
 * Every move the server makes on an auction's status, by the flow that makes it: the writer is
 * called with one of these, so the unit tests can check each against AUCTION_TRANSITIONS.
 */
export const AUCTION_MOVES = Object.freeze({
  /** auctions: the opening job, for scheduled auctions whose start has come. */
  open: { from: ['scheduled'], to: 'live' },
  /**
   * bidding: a bid accepted after the start but before the opening job ran opens the auction
   * (the group commit writes it in its one statement, bidding/repository.ts BATCH_WRITE_SQL).
   */
  openedByBid: { from: ['scheduled'], to: 'live' },
  /** auctions: the closing job, for live auctions whose end has passed. */
  close: { from: ['live'], to: 'ended' },
  /** auctions' cancelAuction: staff cancel it (admin-auctions) or withdraw its product (admin-catalogue). */
  cancel: { from: ['scheduled', 'live'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly AuctionStatus[]; to: AuctionStatus }>);

export type AuctionMove = (typeof AUCTION_MOVES)[keyof typeof AUCTION_MOVES];
