import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { cardQuery, notEndedAt } from '../../db/cards';
import type { DbOrTx } from '../../db/client';
import { auctions, maxBids, watchlist } from '../../db/schema';

export async function auctionForWatch(db: DbOrTx, auctionId: string) {
  const [row] = await db
    .select({
      id: auctions.id,
      status: auctions.status,
      startTime: auctions.startTime,
      endTime: auctions.endTime,
    })
    .from(auctions)
    .where(eq(auctions.id, auctionId))
    .limit(1);
  return row ?? null;
}

/** Adds the row unless it is there already (double clicks and concurrent requests make one row). */
export async function addWatch(db: DbOrTx, userId: string, auctionId: string, now: Date) {
  const inserted = await db
    .insert(watchlist)
    .values({ userId, auctionId, createdAt: now })
    .onConflictDoNothing({ target: [watchlist.userId, watchlist.auctionId] })
    .returning({ id: watchlist.id });
  return inserted.length > 0;
}

export async function removeWatch(db: DbOrTx, userId: string, auctionId: string) {
  const deleted = await db
    .delete(watchlist)
    .where(and(eq(watchlist.userId, userId), eq(watchlist.auctionId, auctionId)))
    .returning({ id: watchlist.id });
  return deleted.length > 0;
}

/** How many shoppers watch the auction and (with a user) whether that user is one of them. */
export async function watchState(db: DbOrTx, auctionId: string, userId: string | null) {
  const [row] = await db
    .select({
      watcherCount: count(),
      mine: userId
        ? sql<number>`count(*) filter (where ${watchlist.userId} = ${userId})`.mapWith(Number)
        : sql<number>`0`.mapWith(Number),
    })
    .from(watchlist)
    .where(eq(watchlist.auctionId, auctionId));
  return { watcherCount: row?.watcherCount ?? 0, watching: (row?.mine ?? 0) > 0 };
}

/** The user's watched auctions that have not ended, as card rows with `watchedAt`, ending soonest first. */
export function watchedCards(db: DbOrTx, userId: string, now: Date) {
  return cardQuery(db, { watchedAt: watchlist.createdAt })
    .innerJoin(watchlist, and(eq(watchlist.auctionId, auctions.id), eq(watchlist.userId, userId)))
    .where(notEndedAt(now))
    .orderBy(asc(auctions.endTime), asc(auctions.id));
}

/**
 * What the header counts come from, in two statements. running: the live auctions not past their end
 * where the user holds a maximum bid, with what core's standing rule needs (the service counts them
 * by core/auction-summary.ts, as My Bids does); watched: ids of watched auctions not ended.
 */
export async function summary(db: DbOrTx, userId: string, now: Date) {
  const [running, watched] = await Promise.all([
    db
      .select({
        status: auctions.status,
        startTime: auctions.startTime,
        endTime: auctions.endTime,
        reservePriceCents: auctions.reservePriceCents,
        reserveMet: auctions.reserveMet,
        leaderUserId: auctions.leaderUserId,
      })
      .from(maxBids)
      .innerJoin(auctions, eq(auctions.id, maxBids.auctionId))
      .where(and(eq(maxBids.userId, userId), eq(auctions.status, 'live'), gt(auctions.endTime, now))),
    db
      .select({ auctionId: watchlist.auctionId })
      .from(watchlist)
      .innerJoin(auctions, eq(auctions.id, watchlist.auctionId))
      .where(and(eq(watchlist.userId, userId), notEndedAt(now)))
      .orderBy(asc(auctions.endTime), asc(auctions.id)),
  ]);
  return {
    running,
    watchedAuctionIds: watched.map((w) => w.auctionId),
  };
}
