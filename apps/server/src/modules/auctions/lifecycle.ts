import type { ServerEvent } from '@rebound/contract/realtime';
import { formatCents } from '@rebound/core/money';
import { paymentDueAt } from '@rebound/core/time';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auctions, maxBids, orders, products, users } from '../../db/schema';
import type { Published } from '../../realtime/hub';
import { liveState } from '../bidding/service';
import { enqueueNotices, type Notice } from '../notifications/enqueue';

export const CLOSE_BATCH = 500;

/** Scheduled auctions whose start has come go live. Idempotent; safe on several servers. */
export async function openDueAuctions(db: Db, now: Date): Promise<Published[]> {
  const opened = await db
    .update(auctions)
    .set({ status: 'live', seq: sql`${auctions.seq} + 1`, updatedAt: now })
    .where(and(eq(auctions.status, 'scheduled'), lte(auctions.startTime, now)))
    .returning();
  const serverTime = now.toISOString();
  return opened.map((a) => ({
    room: `auction:${a.id}`,
    event: { type: 'AuctionOpenedV1', serverTime, auction: liveState(a, null) } satisfies ServerEvent,
  }));
}

/**
 * Ends one batch of live auctions whose (possibly extended) end time has passed. Rows are claimed
 * with FOR UPDATE SKIP LOCKED: several servers share the work and an auction that a bid holds
 * locked is left for the next round, when the bid has settled its end time. Each auction is
 * closed once: its status changes in the same transaction, and orders are unique per auction.
 */
export async function closeDueAuctionsBatch(
  db: Db,
  now: Date,
  batchSize = CLOSE_BATCH,
): Promise<{ closed: number; published: Published[] }> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ auction: auctions, title: products.title, slug: products.slug })
      .from(auctions)
      .innerJoin(products, eq(products.id, auctions.productId))
      .where(and(eq(auctions.status, 'live'), lte(auctions.endTime, now)))
      .orderBy(auctions.endTime)
      .limit(batchSize)
      .for('update', { of: auctions, skipLocked: true });
    if (due.length === 0) return { closed: 0, published: [] };

    const ids = due.map((d) => d.auction.id);
    const winnerOf = (a: (typeof due)[number]['auction']) =>
      a.leaderUserId && a.reserveMet ? a.leaderUserId : null;

    const ended = await tx
      .update(auctions)
      .set({
        status: 'ended',
        closedAt: now,
        updatedAt: now,
        seq: sql`${auctions.seq} + 1`,
        winnerUserId: sql`case when ${auctions.reserveMet} then ${auctions.leaderUserId} end`,
      })
      .where(inArray(auctions.id, ids))
      .returning();
    const endedById = new Map(ended.map((a) => [a.id, a]));

    const won = due.filter((d) => winnerOf(d.auction) !== null);
    const unsold = due.filter((d) => winnerOf(d.auction) === null);
    if (won.length > 0) {
      await tx
        .insert(orders)
        .values(
          won.map((d) => ({
            auctionId: d.auction.id,
            userId: d.auction.leaderUserId!,
            locationId: d.auction.locationId,
            status: 'pending' as const,
            finalAmountCents: d.auction.currentPriceCents,
            paymentDueAt: paymentDueAt(d.auction.endTime),
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing({ target: orders.auctionId });
      await tx
        .update(products)
        .set({ status: 'sold', updatedAt: now })
        .where(
          inArray(
            products.id,
            won.map((d) => d.auction.productId),
          ),
        );
    }
    if (unsold.length > 0) {
      await tx
        .update(products)
        .set({ status: 'unsold', updatedAt: now })
        .where(
          inArray(
            products.id,
            unsold.map((d) => d.auction.productId),
          ),
        );
    }

    const bidders = await tx
      .select({ auctionId: maxBids.auctionId, userId: maxBids.userId })
      .from(maxBids)
      .where(inArray(maxBids.auctionId, ids));
    const winnerIds = won.map((d) => d.auction.leaderUserId!);
    const handles = new Map(
      winnerIds.length > 0
        ? (
            await tx
              .select({ id: users.id, handle: users.handle })
              .from(users)
              .where(inArray(users.id, winnerIds))
          ).map((u) => [u.id, u.handle])
        : [],
    );

    const notices: Notice[] = [];
    const published: Published[] = [];
    const serverTime = now.toISOString();
    const byAuction = new Map(due.map((d) => [d.auction.id, d]));
    for (const d of won) {
      notices.push({
        userId: d.auction.leaderUserId!,
        kind: 'auction_won',
        template: 'auction_won',
        message: `You won ${d.title} for ${formatCents(d.auction.currentPriceCents)}! Pay within 72 hours, then book your pickup.`,
        targetUrl: '/account?tab=orders',
        data: { productTitle: d.title, finalAmountCents: d.auction.currentPriceCents },
      });
    }
    for (const b of bidders) {
      const d = byAuction.get(b.auctionId)!;
      if (winnerOf(d.auction) === b.userId) continue;
      const reserveMissed = d.auction.leaderUserId === b.userId;
      notices.push({
        userId: b.userId,
        kind: 'outbid_alerts',
        template: 'auction_lost',
        message: reserveMissed
          ? `The auction for ${d.title} ended without meeting the seller's reserve price.`
          : `The auction for ${d.title} has ended. You didn't win this one; new auctions drop daily.`,
        targetUrl: `/product/${d.slug}`,
        data: { productTitle: d.title },
      });
      published.push({
        room: `user:${b.userId}`,
        event: {
          type: 'StandingChangedV1',
          serverTime,
          auctionId: d.auction.id,
          seq: endedById.get(d.auction.id)!.seq,
        },
      });
    }
    await enqueueNotices(tx, now, notices);

    for (const d of due) {
      const a = endedById.get(d.auction.id)!;
      const winner = winnerOf(d.auction);
      const handle = winner ? (handles.get(winner) ?? null) : null;
      published.push({
        room: `auction:${a.id}`,
        event: { type: 'AuctionEndedV1', serverTime, auction: liveState(a, handle), winnerHandle: handle },
      });
      if (winner) {
        published.push({
          room: `user:${winner}`,
          event: { type: 'StandingChangedV1', serverTime, auctionId: a.id, seq: a.seq },
        });
      }
    }
    return { closed: due.length, published };
  });
}

/** Closes every due auction, batch after batch. */
export async function closeDueAuctions(db: Db, now: Date, publish: (p: Published[]) => Promise<void>) {
  let total = 0;
  for (;;) {
    const { closed, published } = await closeDueAuctionsBatch(db, now);
    await publish(published);
    total += closed;
    if (closed < CLOSE_BATCH) return total;
  }
}
