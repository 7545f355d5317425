// The second-chance offers' SQL: the shopper's view, locking and updating an offer, the expiry job's
// claim. No rules here: service.ts decides.

import { PRODUCT_MOVES } from '@rebound/core/product-status';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auctions, locations, productImages, products, secondChanceOffers } from '../../db/schema';
import { transitionProduct } from '../admin-catalogue';

export type OfferRow = typeof secondChanceOffers.$inferSelect;

const cover = sql<string | null>`(
  select pi.url from ${productImages} pi where pi.product_id = ${products.id} order by pi.position limit 1
)`;

export async function lockOffer(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select()
    .from(secondChanceOffers)
    .where(eq(secondChanceOffers.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function updateOffer(
  tx: DbOrTx,
  id: string,
  values: Partial<typeof secondChanceOffers.$inferInsert>,
) {
  const [row] = await tx
    .update(secondChanceOffers)
    .set(values)
    .where(eq(secondChanceOffers.id, id))
    .returning();
  return row!;
}

/** The shopper's view of an offer: the item, its picture and the pickup location. */
export async function offerView(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      offer: secondChanceOffers,
      title: products.title,
      slug: products.slug,
      imageUrl: cover,
      location: locations.name,
    })
    .from(secondChanceOffers)
    .innerJoin(auctions, eq(auctions.id, secondChanceOffers.auctionId))
    .innerJoin(products, eq(products.id, auctions.productId))
    .innerJoin(locations, eq(locations.id, auctions.locationId))
    .where(eq(secondChanceOffers.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Claims open offers past their deadline with FOR UPDATE SKIP LOCKED (several servers share the
 * work; an offer being accepted right now is left to that transaction) and marks them expired.
 */
export function expireDue(tx: DbOrTx, now: Date, limit: number) {
  const due = tx
    .select({ id: secondChanceOffers.id })
    .from(secondChanceOffers)
    .where(and(eq(secondChanceOffers.status, 'open'), lte(secondChanceOffers.expiresAt, now)))
    .orderBy(asc(secondChanceOffers.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(secondChanceOffers)
    .set({ status: 'expired', respondedAt: now, updatedAt: now })
    .where(and(inArray(secondChanceOffers.id, due), eq(secondChanceOffers.status, 'open')))
    .returning({
      id: secondChanceOffers.id,
      auctionId: secondChanceOffers.auctionId,
      userId: secondChanceOffers.userId,
    });
}

/** The offer's auction, locked (an accepted offer makes its order under this lock). */
export async function lockAuction(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ id: auctions.id, locationId: auctions.locationId, productId: auctions.productId })
    .from(auctions)
    .where(eq(auctions.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** The item is promised to the shopper who accepted (to relist -> sold, through its owner's writer). */
export async function markProductSold(tx: DbOrTx, productId: string, now: Date) {
  await transitionProduct(tx, productId, { ...PRODUCT_MOVES.offerAccepted, at: now });
}
