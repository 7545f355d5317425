// Second-chance offers, staff's side (docs/decisions/025-auctions-and-drops.md): offering an ended
// auction's item to another bidder after the winner's order was cancelled, and taking an offer back.
import type { AdminAuctionDetail } from '@rebound/contract/admin-auctions';
import { secondChanceOfferNotice } from '@rebound/core/notices';
import { offerExpiresAt, shopDateTimeLabel } from '@rebound/core/scheduling';
import { AppError } from '../../lib/errors';
import type { Publisher } from '../../lib/publish';
import { enqueueNotices, notificationsChanged } from '../notifications';
import { lockOffer, updateOffer } from '../offers';
import { recordAudit } from '../staff';
import * as repo from './repository';
import { candidatesOf, type Db, offerable } from './rules';
import { getAuction } from './service';

/**
 * A second-chance offer: after the winner's order was cancelled for non-payment, the item goes to
 * another bidder (default: the next highest maximum) at their maximum bid, open until a deadline.
 * One open offer per auction: the auction row is locked and a partial unique index backs it.
 */
export async function createOffer(
  db: Db,
  actorId: string,
  id: string,
  input: { userId?: string | undefined; hours: number },
  now: Date,
  publish: Publisher,
): Promise<AdminAuctionDetail> {
  const published = await db.transaction(async (tx) => {
    const a = await repo.lockAuction(tx, id);
    if (!a) throw new AppError('auction_not_found');
    // One after another: a transaction's connection runs one query at a time.
    const product = await repo.productOf(tx, a.productId);
    const orders = await repo.ordersOf(tx, id);
    const offers = await repo.offersOf(tx, id);
    const maxes = await repo.maxBidsOf(tx, id);
    if (offers.some((o) => o.status === 'open')) throw new AppError('offer_already_open');
    if (!offerable(a, product.status, orders, offers)) throw new AppError('offer_not_allowed');
    const candidates = candidatesOf(a, maxes, orders, offers);
    const chosen = input.userId ? candidates.find((c) => c.userId === input.userId) : candidates[0];
    if (!chosen) throw new AppError('offer_bidder_invalid');
    const expiresAt = new Date(offerExpiresAt(now.getTime(), input.hours));
    const previous = orders.filter((o) => o.status === 'cancelled').at(-1);
    const offer = await repo.insertOffer(tx, {
      auctionId: id,
      userId: chosen.userId,
      amountCents: chosen.maxAmountCents,
      status: 'open',
      expiresAt,
      previousOrderId: previous?.id ?? null,
      createdBy: actorId,
      createdAt: now,
      updatedAt: now,
    });
    await enqueueNotices(tx, now, [
      {
        userId: chosen.userId,
        // Transactional, like a win: it follows the 'auction won' channel settings.
        kind: 'auction_won',
        template: 'second_chance_offer',
        message: secondChanceOfferNotice(product.title, chosen.maxAmountCents, shopDateTimeLabel(expiresAt)),
        targetUrl: `/offers/${offer.id}`,
        data: {
          offerId: offer.id,
          productTitle: product.title,
          amountCents: chosen.maxAmountCents,
          expiresAt: expiresAt.toISOString(),
        },
      },
    ]);
    await recordAudit(tx, {
      actorId,
      action: 'offer.create',
      entityType: 'auction',
      entityId: id,
      after: {
        offerId: offer.id,
        userId: chosen.userId,
        amountCents: chosen.maxAmountCents,
        expiresAt: expiresAt.toISOString(),
        previousOrderId: previous?.id ?? null,
      },
    });
    return notificationsChanged([chosen.userId], now);
  });
  await publish(published);
  return getAuction(db, id, now);
}

/**
 * Staff take back an auction's open offer (a mistake, the item damaged, the shopper unreachable):
 * it becomes 'withdrawn', the shopper's offer page says so and nothing is owed. The offer row is
 * locked, as accepting locks it, so a withdrawal and an acceptance never cross: an offer accepted a
 * moment earlier is refused with its status. The shopper gets no message: the offer's page and the
 * email's link now say it was withdrawn.
 */
export async function withdrawOffer(
  db: Db,
  actorId: string,
  id: string,
  reason: string,
  now: Date,
): Promise<AdminAuctionDetail> {
  await db.transaction(async (tx) => {
    if (!(await repo.auctionHeader(tx, id))) throw new AppError('auction_not_found');
    const open = (await repo.offersOf(tx, id)).find((o) => o.status === 'open');
    if (!open) throw new AppError('offer_none_open');
    // Locked as accepting locks it (offer first): one of the two wins, the other sees it closed.
    const offer = await lockOffer(tx, open.id);
    if (!offer) throw new AppError('offer_none_open');
    if (offer.status !== 'open') throw new AppError('offer_closed', { params: { status: offer.status } });
    await updateOffer(tx, offer.id, { status: 'withdrawn', updatedAt: now });
    await recordAudit(tx, {
      actorId,
      action: 'offer.withdraw',
      entityType: 'auction',
      entityId: id,
      before: { offerId: offer.id, userId: offer.userId, status: 'open' },
      after: { offerId: offer.id, status: 'withdrawn' },
      reason,
    });
  });
  return getAuction(db, id, now);
}
