import { auctionRoom, userRoom } from '@rebound/contract/rooms';
import { summaryWinner } from '@rebound/core/auction-summary';
import { priceFromMaxBids } from '@rebound/core/bidding';
import { auctionLostNotice, auctionWonNotice } from '@rebound/core/notices';
import { priceLines, resolveTaxConfig } from '@rebound/core/pricing';
import { PRODUCT_MOVES } from '@rebound/core/product-status';
import { paymentDueAt } from '@rebound/core/time';
import type { Db, DbOrTx } from '../../db/client';
import type { Publisher } from '../../lib/publish';
import type { Published } from '../../realtime/hub';
import { transitionProducts } from '../admin-catalogue';
import { groupLotPairs, guardGroupWin } from '../bid-groups';
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
): Promise<{ closed: number; closedIds: string[] }> {
  const { closed, closedIds, published } = await db.transaction(async (tx) => {
    const due = await repo.claimDue(tx, now, batchSize);
    if (due.length === 0) return { closed: 0, closedIds: [] as string[], published: [] as Published[] };

    const decided = await guardBidGroups(
      tx,
      now,
      due.map((d) => ({ ...d, winner: summaryWinner(d.auction) })),
    );
    if (decided.length === 0) return { closed: 0, closedIds: [] as string[], published: [] as Published[] };
    const ended = await repo.markEnded(
      tx,
      now,
      decided.map((d) => ({
        id: d.auction.id,
        winnerUserId: d.winner,
        leaderUserId: d.auction.leaderUserId,
        priceCents: d.auction.currentPriceCents,
        reserveMet: d.auction.reserveMet,
      })),
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
    // `closed` counts the claimed ones: an auction left for a busy bid group is claimed, not closed.
    return { closed: due.length, closedIds: decided.map((d) => d.auction.id), published };
  });
  // After the commit: the ended auctions' rooms and the bidders' notices.
  await publish(published);
  return { closed, closedIds };
}

/**
 * The bid groups' closing guard (docs/decisions/095-bid-groups-driven-from-facts.md): a decided
 * winner whose maximum belongs to an open lot of their bid group wins it only while the group has
 * won fewer than its number (bid-groups' guardGroupWin, counted in this transaction). A group at its
 * number has its maximum set aside: the winner and price are what the other maximums give (core
 * priceFromMaxBids, as if it had never been there), asked again for the next winner. A group
 * another transaction holds (a plan) leaves the auction for the next round, unclosed.
 */
async function guardBidGroups<D extends { auction: repo.AuctionRow; title: string; winner: string | null }>(
  tx: DbOrTx,
  now: Date,
  decided: D[],
): Promise<D[]> {
  const withWinner = decided.filter((d) => d.winner !== null);
  const pairs = await groupLotPairs(
    tx,
    withWinner.map((d) => ({ auctionId: d.auction.id, userId: d.winner! })),
  );
  if (pairs.size === 0) return decided;
  const out: D[] = [];
  for (const d of decided) {
    if (d.winner === null || !pairs.has(`${d.auction.id}|${d.winner}`)) {
      out.push(d);
      continue;
    }
    let current = d;
    const setAside = new Set<string>();
    let leave = false;
    while (current.winner !== null) {
      const verdict = await guardGroupWin(tx, {
        auctionId: current.auction.id,
        userId: current.winner,
        title: current.title,
        now,
      });
      if (verdict === 'busy') {
        leave = true;
        break;
      }
      if (verdict !== 'set_aside') break;
      setAside.add(current.winner);
      const a = current.auction;
      const rest = (await repo.maximumsOf(tx, a.id))
        .filter((m) => !setAside.has(m.userId))
        .map((m) => ({ ...m, setAt: m.setAt.getTime(), seq: Number(m.seq) }));
      const increment =
        a.incrementMode === 'table'
          ? ({ mode: 'table' } as const)
          : ({ mode: 'fixed', cents: a.bidIncrementCents } as const);
      const r = priceFromMaxBids(rest, a.startingBidCents, increment, a.reservePriceCents);
      const auction = {
        ...a,
        leaderUserId: r.leaderUserId,
        currentPriceCents: r.priceCents ?? a.startingBidCents,
        reserveMet: r.reserveMet && r.leaderUserId !== null,
      };
      current = { ...current, auction, winner: summaryWinner(auction) };
    }
    if (!leave) out.push(current);
  }
  return out;
}

/**
 * Closes every due auction, batch after batch. `onClosed` hears each batch's closed auctions after
 * its commit (the bid groups re-plan at once: jobs/runner.ts).
 */
export async function closeDueAuctions(
  db: Db,
  now: Date,
  publish: Publisher,
  onClosed?: (auctionIds: string[]) => Promise<void>,
) {
  let total = 0;
  for (;;) {
    const { closed, closedIds } = await closeDueAuctionsBatch(db, now, publish);
    total += closed;
    if (onClosed && closedIds.length > 0) await onClosed(closedIds);
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
