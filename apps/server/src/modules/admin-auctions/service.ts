// Back-office auctions and drops, the reads (docs/decisions/025-auctions-and-drops.md): the lists
// and one auction's page with what staff may do to it. Scheduling, editing, cancelling and relisting
// are schedule.ts; second-chance offers are offers.ts.
import type {
  AdminAuctionDetail,
  AdminAuctionList,
  AdminAuctionQuery,
  DropList,
} from '@rebound/contract/admin-auctions';
import { productSku } from '@rebound/core/catalog';
import { isCancellable, isEditable } from '@rebound/core/scheduling';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import * as repo from './repository';
import { candidatesOf, offerable, relistable } from './rules';

export async function listAuctions(db: DbOrTx, q: AdminAuctionQuery): Promise<AdminAuctionList> {
  const { rows, total } = await repo.listAuctions(db, q);
  return {
    items: rows.map(({ slug, ...r }) => ({
      ...r,
      sku: productSku({ sku: r.sku, slug }),
      startTime: r.startTime.toISOString(),
      endTime: r.endTime.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function listDrops(db: DbOrTx): Promise<DropList> {
  const rows = await repo.listDrops(db, 100);
  return {
    items: rows.map((d) => ({
      ...d,
      lotCount: Number(d.lotCount),
      startTime: d.startTime.toISOString(),
      firstEndTime: d.firstEndTime.toISOString(),
    })),
  };
}

export async function getAuction(db: DbOrTx, id: string, now: Date): Promise<AdminAuctionDetail> {
  const head = await repo.auctionHeader(db, id);
  if (!head) throw new AppError('auction_not_found');
  const a = head.auction;
  const [maxes, history, orders, offers, relistedToIds, cancelled] = await Promise.all([
    repo.maxBidsOf(db, id),
    repo.bidsOf(db, id, 100),
    repo.ordersOf(db, id),
    repo.offersOf(db, id),
    repo.relistsOf(db, id),
    repo.cancelledBidsOf(db, id),
  ]);
  const people = await repo.peopleById(db, [
    ...new Set(
      [
        a.leaderUserId,
        a.winnerUserId,
        a.cancelledBy,
        ...orders.map((o) => o.userId),
        ...offers.map((o) => o.userId),
      ].filter((x): x is string => x !== null),
    ),
  ]);
  const person = (userId: string | null) => {
    if (!userId) return null;
    return people.get(userId) ?? { id: userId, handle: 'deleted account', email: '' };
  };
  const canOffer = offerable(a, head.product.status, orders, offers);
  return {
    id: a.id,
    status: a.status,
    product: { ...head.product, sku: productSku(head.product), thumbnailUrl: head.thumbnailUrl },
    location: head.location,
    drop: a.dropId && head.dropTitle ? { id: a.dropId, title: head.dropTitle } : null,
    startTime: a.startTime.toISOString(),
    endTime: a.endTime.toISOString(),
    originalEndTime: a.originalEndTime.toISOString(),
    startingBidCents: a.startingBidCents,
    incrementMode: a.incrementMode,
    bidIncrementCents: a.bidIncrementCents,
    reservePriceCents: a.reservePriceCents,
    reserveMet: a.reserveMet,
    softCloseSeconds: a.softCloseSeconds,
    currentPriceCents: a.currentPriceCents,
    bidCount: a.bidCount,
    leader: person(a.leaderUserId),
    winner: person(a.winnerUserId),
    cancelReason: a.cancelReason,
    cancelledAt: a.cancelledAt?.toISOString() ?? null,
    cancelledBy: a.cancelledBy ? (person(a.cancelledBy)?.email ?? null) : null,
    relistedFromId: a.relistedFromId,
    relistedToIds,
    createdAt: a.createdAt.toISOString(),
    maxBids: maxes.map((m) => ({
      id: m.userId,
      handle: m.handle,
      email: m.email,
      maxAmountCents: m.maxAmountCents,
      setAt: m.setAt.toISOString(),
    })),
    cancelledBids: cancelled.map((c) => ({
      user: { id: c.userId, handle: c.handle, email: c.email },
      at: c.at.toISOString(),
    })),
    bids: history.map((b) => ({ handle: b.handle, amountCents: b.amountCents, at: b.at.toISOString() })),
    orders: orders.map((o) => ({
      id: o.id,
      user: person(o.userId)!,
      status: o.status,
      finalAmountCents: o.finalAmountCents,
      paymentDueAt: o.paymentDueAt.toISOString(),
      createdAt: o.createdAt.toISOString(),
    })),
    offers: offers.map((o) => ({
      id: o.id,
      user: person(o.userId)!,
      amountCents: o.amountCents,
      status: o.status,
      expiresAt: o.expiresAt.toISOString(),
      respondedAt: o.respondedAt?.toISOString() ?? null,
      orderId: o.orderId,
      createdAt: o.createdAt.toISOString(),
    })),
    offerCandidates: canOffer
      ? candidatesOf(a, maxes, orders, offers).map((c) => ({
          id: c.userId,
          handle: c.handle,
          email: c.email,
          maxAmountCents: c.maxAmountCents,
        }))
      : [],
    can: {
      edit: isEditable(a.status, a.startTime.getTime(), now.getTime()),
      cancel: isCancellable(a.status),
      relist: relistable(a, head.product.status, orders, offers),
      offer: canOffer,
      // Live by its times, as core's isLive (the rule cancelMaxBid checks again under the lock).
      cancelBids:
        a.status === 'live' && a.startTime.getTime() <= now.getTime() && now.getTime() < a.endTime.getTime(),
    },
  };
}
