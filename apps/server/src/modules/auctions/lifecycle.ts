import { auctionRoom, userRoom } from '@rebound/contract/rooms';
import { summaryWinner } from '@rebound/core/auction-summary';
import { auctionLostNotice, auctionWonNotice } from '@rebound/core/notices';
import { priceLines, resolveTaxConfig } from '@rebound/core/pricing';
import { PRODUCT_MOVES } from '@rebound/core/product-status';
import { paymentDueAt } from '@rebound/core/time';
import type { Db } from '../../db/client';
import type { Publisher } from '../../lib/publish';
import type { Published } from '../../realtime/hub';
import { transitionProducts } from '../admin-catalogue';
import { liveState } from '../bidding';
import { enqueueNotices, type Notice, notificationsChanged } from '../notifications';
import { createPendingOrders } from '../orders';
import * as repo from './repository';

export const CLOSE_BATCH = 500;

/**
 * Scheduled auctions whose start has come go live (one statement, committed when it returns), then
 * their rooms hear AuctionOpenedV1. Idempotent; safe on several servers. Returns how many opened.
 */
export async function openDueAuctions(db: Db, now: Date, publish: Publisher): Promise<number> {
  const opened = await repo.openDue(db, now);
  const serverTime = now.toISOString();
  await publish(
    opened.map((a) => ({
      room: auctionRoom(a.id),
      event: { type: 'AuctionOpenedV1', serverTime, auction: liveState(a, null) },
    })),
  );
  return opened.length;
}

/**
 * Ends one batch of live auctions whose (possibly extended) end time has passed. Rows are claimed
 * with FOR UPDATE SKIP LOCKED: several servers share the work and an auction that a bid holds
 * locked is left for the next round, when the bid has settled its end time. Each auction is
 * closed once: its status changes in the same transaction, and orders are unique per auction.
 * The winner is core's rule (summaryWinner), decided here once and written as decided.
 */
export async function closeDueAuctionsBatch(
  db: Db,
  now: Date,
  publish: Publisher,
  batchSize = CLOSE_BATCH,
): Promise<{ closed: number }> {
  const { closed, published } = await db.transaction(async (tx) => {
    const due = await repo.claimDue(tx, now, batchSize);
    if (due.length === 0) return { closed: 0, published: [] as Published[] };

    const decided = due.map((d) => ({ ...d, winner: summaryWinner(d.auction) }));
    const ended = await repo.markEnded(
      tx,
      now,
      decided.map((d) => ({ id: d.auction.id, winnerUserId: d.winner })),
    );
    const endedById = new Map(ended.map((a) => [a.id, a]));
    const won = decided.filter((d) => d.winner !== null);

    const orderIds = await createPendingOrders(
      tx,
      won.map((d) => ({
        auctionId: d.auction.id,
        userId: d.winner!,
        locationId: d.auction.locationId,
        finalAmountCents: d.auction.currentPriceCents,
        paymentDueAt: paymentDueAt(d.auction.endTime),
      })),
      now,
    );
    await transitionProducts(
      tx,
      won.map((d) => d.auction.productId),
      { ...PRODUCT_MOVES.won, at: now },
    );
    await transitionProducts(
      tx,
      decided.filter((d) => d.winner === null).map((d) => d.auction.productId),
      { ...PRODUCT_MOVES.notWon, at: now },
    );

    const ids = decided.map((d) => d.auction.id);
    // One after another: a transaction is one connection, which runs one query at a time
    // (Promise.all here queued them in pg and drew its 'already executing a query' deprecation).
    const winners = won.map((d) => d.winner!);
    const bidders = await repo.biddersOf(tx, ids);
    const handles = await repo.handlesOf(tx, winners);
    const rates = await repo.cartRatesOf(tx, winners);
    const orderOf = new Map(orderIds.map((o) => [o.auctionId, o.id]));

    const notices: Notice[] = [];
    const published: Published[] = [];
    const serverTime = now.toISOString();
    const byAuction = new Map(decided.map((d) => [d.auction.id, d]));
    for (const d of won) {
      notices.push({
        userId: d.winner!,
        kind: 'auction_won',
        template: 'auction_won',
        message: auctionWonNotice(d.title, d.auction.currentPriceCents, d),
        targetUrl: '/account?tab=orders',
        data: {
          orderId: orderOf.get(d.auction.id) ?? null,
          productTitle: d.title,
          finalAmountCents: d.auction.currentPriceCents,
          // All-in, as the cart prices this one order: the winner's location's rates (core pricing).
          totalCents: priceLines([d.auction.currentPriceCents], resolveTaxConfig(rates.get(d.winner!)))
            .totalCents,
          payBy: paymentDueAt(d.auction.endTime).toISOString(),
          // The lot's terms, said in the email and text (core sale-terms.ts).
          saleTerms: d.saleTerms,
          nonReturnableKind: d.nonReturnableKind,
        },
      });
    }
    for (const b of bidders) {
      const d = byAuction.get(b.auctionId)!;
      if (d.winner === b.userId) continue;
      notices.push({
        userId: b.userId,
        kind: 'outbid_alerts',
        template: 'auction_lost',
        message: auctionLostNotice(d.title, d.auction.leaderUserId === b.userId),
        targetUrl: `/product/${d.slug}`,
        data: { productTitle: d.title },
      });
      published.push({
        room: userRoom(b.userId),
        event: {
          type: 'StandingChangedV1',
          serverTime,
          auctionId: d.auction.id,
          seq: endedById.get(d.auction.id)!.seq,
        },
      });
    }
    await enqueueNotices(tx, now, notices);
    published.push(
      ...notificationsChanged(
        notices.map((n) => n.userId),
        now,
      ),
    );

    for (const d of decided) {
      const a = endedById.get(d.auction.id)!;
      const handle = d.winner ? (handles.get(d.winner) ?? null) : null;
      published.push({
        room: auctionRoom(a.id),
        event: { type: 'AuctionEndedV1', serverTime, auction: liveState(a, handle), winnerHandle: handle },
      });
      if (d.winner) {
        published.push({
          room: userRoom(d.winner),
          event: { type: 'StandingChangedV1', serverTime, auctionId: a.id, seq: a.seq },
        });
      }
    }
    return { closed: due.length, published };
  });
  // After the commit: the ended auctions' rooms and the bidders' notices.
  await publish(published);
  return { closed };
}

/** Closes every due auction, batch after batch. */
export async function closeDueAuctions(db: Db, now: Date, publish: Publisher) {
  let total = 0;
  for (;;) {
    const { closed } = await closeDueAuctionsBatch(db, now, publish);
    total += closed;
    if (closed < CLOSE_BATCH) return total;
  }
}

/**
 * Seconds the longest-overdue live auction has waited to be closed (0 when none): how far the
 * closing job (jobs/runner.ts, auctions.close, every second) is behind, across all servers.
 */
export async function auctionCloseLagSeconds(db: Db, now: Date): Promise<number> {
  const end = await repo.oldestOverdueEnd(db, now);
  return end ? Math.max(0, (now.getTime() - end.getTime()) / 1000) : 0;
}
