// Second-chance offers, the shopper's side (docs/product.md "Auctions and orders"): reading an
// offer, accepting it (a pending order at the offer's amount) or declining it, and the job that
// closes offers past their deadline. Staff make and withdraw offers from the auction's page
// (modules/admin-auctions), which locks an offer the same way.
import type { OfferView } from '@rebound/contract/admin-auctions';
import { userRoom } from '@rebound/contract/rooms';
import { paymentDueAt } from '@rebound/core/time';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Publisher } from '../../lib/publish';
import { createPendingOrders } from '../orders';
import * as repo from './repository';

export { lockOffer, updateOffer } from './repository';

async function view(db: DbOrTx, id: string, userId: string): Promise<OfferView> {
  const row = await repo.offerView(db, id);
  // Someone else's offer reads as not found: its existence is nobody else's business.
  if (!row || row.offer.userId !== userId) throw new AppError('offer_not_found');
  const o = row.offer;
  return {
    id: o.id,
    status: o.status,
    amountCents: o.amountCents,
    expiresAt: o.expiresAt.toISOString(),
    respondedAt: o.respondedAt?.toISOString() ?? null,
    orderId: o.orderId,
    product: { title: row.title, slug: row.slug, imageUrl: row.imageUrl },
    location: row.location,
  };
}

export function getOffer(db: DbOrTx, userId: string, id: string) {
  return view(db, id, userId);
}

/** Locks the offer and checks it is this shopper's, still open and not past its deadline. */
async function lockOpenOffer(tx: DbOrTx, userId: string, id: string, now: Date) {
  const offer = await repo.lockOffer(tx, id);
  if (!offer || offer.userId !== userId) throw new AppError('offer_not_found');
  if (offer.status !== 'open') throw new AppError('offer_closed', { params: { status: offer.status } });
  if (offer.expiresAt.getTime() <= now.getTime()) throw new AppError('offer_expired');
  return offer;
}

/**
 * Accepting makes a pending order at the offer's amount, payable within the usual window from now;
 * it then goes through the cart, checkout and pickup like any won item. The offer row is locked, so
 * a double click or two tabs make one order; the orders' partial unique index backs it.
 */
export async function acceptOffer(db: Db, userId: string, id: string, now: Date, publish: Publisher) {
  await db.transaction(async (tx) => {
    const offer = await lockOpenOffer(tx, userId, id, now);
    const a = await repo.lockAuction(tx, offer.auctionId);
    if (!a) throw new AppError('offer_not_found');
    const [order] = await createPendingOrders(
      tx,
      [
        {
          auctionId: a.id,
          userId,
          locationId: a.locationId,
          finalAmountCents: offer.amountCents,
          paymentDueAt: paymentDueAt(now),
        },
      ],
      now,
    );
    // The auction already holds an order that is not cancelled: nothing is accepted, and the
    // shopper reads why (a 409, never a server error).
    if (!order) {
      throw new AppError('offer_closed', {
        params: { status: 'closed because the item already has an order' },
      });
    }
    await repo.updateOffer(tx, id, {
      status: 'accepted',
      orderId: order.id,
      respondedAt: now,
      updatedAt: now,
    });
    await repo.markProductSold(tx, a.productId, now);
  });
  // After the commit: the shopper's order lists.
  await publish([
    { room: userRoom(userId), event: { type: 'OrdersChangedV1', serverTime: now.toISOString() } },
  ]);
  return view(db, id, userId);
}

export async function declineOffer(db: Db, userId: string, id: string, now: Date) {
  await db.transaction(async (tx) => {
    await lockOpenOffer(tx, userId, id, now);
    await repo.updateOffer(tx, id, { status: 'declined', respondedAt: now, updatedAt: now });
  });
  return view(db, id, userId);
}

export const OFFER_EXPIRY_BATCH = 500;

/** Closes open offers past their deadline, batch after batch (a job; safe on several servers). */
export async function expireOffers(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await db.transaction((tx) => repo.expireDue(tx, now, OFFER_EXPIRY_BATCH));
    total += expired.length;
    if (expired.length < OFFER_EXPIRY_BATCH) return total;
  }
}
