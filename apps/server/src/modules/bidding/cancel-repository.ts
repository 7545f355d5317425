// The writes and reads of a bid the store cancels (cancel.ts). The auction row is locked first by
// lockForBid (repository.ts), the lock every bid batch takes, so these run exclusive with bids.
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auctions, bidCancellations, bids, maxBids } from '../../db/schema';

export interface CancelWrite {
  auctionId: string;
  userId: string;
  now: Date;
  /** The public history decided again, each row at the time and sequence number of the maximum that made it. */
  history: { userId: string; amountCents: number; isLeaderRow: boolean; seq: number; at: Date }[];
  state: {
    currentPriceCents: number;
    leaderUserId: string | null;
    reserveMet: boolean;
    bidCount: number;
    seq: number;
  };
}

/**
 * Removes the shopper's maximum, replaces the lot's public history with the one decided again,
 * notes the cancellation (the public 'Bid cancelled by the store' line) and stores the lot's new
 * price, leader, reserve and count. The end time is not touched. Inside the caller's transaction,
 * under the auction's lock.
 */
export async function writeCancel(tx: DbOrTx, w: CancelWrite): Promise<void> {
  await tx.delete(maxBids).where(and(eq(maxBids.auctionId, w.auctionId), eq(maxBids.userId, w.userId)));
  await tx.delete(bids).where(eq(bids.auctionId, w.auctionId));
  if (w.history.length > 0) {
    await tx.insert(bids).values(
      w.history.map((h) => ({
        auctionId: w.auctionId,
        userId: h.userId,
        amountCents: h.amountCents,
        isLeaderRow: h.isLeaderRow,
        seq: h.seq,
        createdAt: h.at,
      })),
    );
  }
  await tx.insert(bidCancellations).values({ auctionId: w.auctionId, userId: w.userId, createdAt: w.now });
  await tx
    .update(auctions)
    .set({
      currentPriceCents: w.state.currentPriceCents,
      leaderUserId: w.state.leaderUserId,
      reserveMet: w.state.reserveMet,
      bidCount: w.state.bidCount,
      seq: w.state.seq,
      updatedAt: w.now,
    })
    .where(eq(auctions.id, w.auctionId));
}

/** When the store cancelled bids on the lot, newest first (the public history's lines). */
export async function cancellationTimes(db: DbOrTx, auctionId: string): Promise<Date[]> {
  const rows = await db
    .select({ at: bidCancellations.createdAt })
    .from(bidCancellations)
    .where(eq(bidCancellations.auctionId, auctionId))
    .orderBy(desc(bidCancellations.createdAt), desc(bidCancellations.id));
  return rows.map((r) => r.at);
}
