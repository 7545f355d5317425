// The one writer of auctions.status (docs/decisions/085-statuses-with-one-owner.md). Every status
// change of an auction is transitionAuctions: one guarded UPDATE inside the caller's transaction that
// bumps the auction's seq (watchers see the change in order). Each call names one of core's
// AUCTION_MOVES; a move AUCTION_TRANSITIONS does not list is refused before any SQL, and the WHERE
// admits only the move's sources, so an auction in any other status is left as it is. The one
// exception is a bid that opens a scheduled auction after its start: the group commit writes 'live'
// in its single statement (bidding/repository.ts BATCH_WRITE_SQL, core AUCTION_MOVES.openedByBid).
import { type AuctionStatus, auctionSourcesOf, canAuctionTransition } from '@rebound/core/auction-status';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auctions } from '../../db/schema';

export type AuctionRecord = typeof auctions.$inferSelect;

/** Columns a transition may set beside the status (when it closed, who cancelled it and why). */
export type AuctionTransitionSet = Pick<
  Partial<typeof auctions.$inferInsert>,
  'closedAt' | 'cancelReason' | 'cancelledAt' | 'cancelledBy'
>;

/** A move core does not allow was asked for: a bug in the caller. */
export class AuctionTransitionRefused extends Error {
  constructor(from: readonly AuctionStatus[], to: AuctionStatus) {
    super(`auction status ${from.join('|')} -> ${to} is not an allowed transition`);
    this.name = 'AuctionTransitionRefused';
  }
}

export interface AuctionTransition {
  /** The statuses the caller expects the auctions in (an AUCTION_MOVES entry's `from`). */
  from: readonly AuctionStatus[];
  to: AuctionStatus;
  at: Date;
  set?: AuctionTransitionSet;
}

function sourcesOf(t: AuctionTransition): AuctionStatus[] {
  const refused = t.from.filter((from) => !canAuctionTransition(from, t.to));
  if (refused.length > 0) throw new AuctionTransitionRefused(refused, t.to);
  const allowed = auctionSourcesOf(t.to);
  return t.from.filter((from) => allowed.includes(from));
}

/**
 * Moves the auctions chosen by `which` (their ids, or a condition such as "its start has come") that
 * are in one of the move's sources to `to`; bumps each one's seq; returns the rows as they are now.
 */
export async function transitionAuctions(
  tx: DbOrTx,
  which: readonly string[] | SQL,
  t: AuctionTransition,
): Promise<AuctionRecord[]> {
  const sources = sourcesOf(t);
  const chosen = Array.isArray(which) ? inArray(auctions.id, [...which]) : (which as SQL);
  if ((Array.isArray(which) && which.length === 0) || sources.length === 0) return [];
  return tx
    .update(auctions)
    .set({ ...t.set, status: t.to, updatedAt: t.at, seq: sql`${auctions.seq} + 1` })
    .where(and(chosen, inArray(auctions.status, sources)))
    .returning();
}
