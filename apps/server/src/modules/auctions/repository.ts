// The auction lifecycle's SQL: opening scheduled auctions, claiming due ones, ending them, the orders
// and product statuses that follow. No rules here: lifecycle.ts decides, this reads and writes.
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auctions, locations, maxBids, products, users } from '../../db/schema';

export type AuctionRow = typeof auctions.$inferSelect;

/** Scheduled auctions whose start has come go live; returns them as they are now. */
export function openDue(db: DbOrTx, now: Date): Promise<AuctionRow[]> {
  return db
    .update(auctions)
    .set({ status: 'live', seq: sql`${auctions.seq} + 1`, updatedAt: now })
    .where(and(eq(auctions.status, 'scheduled'), lte(auctions.startTime, now)))
    .returning();
}

/**
 * Claims up to `limit` live auctions whose end time has passed, oldest first, with FOR UPDATE SKIP
 * LOCKED: other servers take other rows, and a row a bid holds is left for the next round.
 */
export function claimDue(tx: DbOrTx, now: Date, limit: number) {
  return tx
    .select({
      auction: auctions,
      title: products.title,
      slug: products.slug,
      saleTerms: products.saleTerms,
      nonReturnableKind: products.nonReturnableKind,
    })
    .from(auctions)
    .innerJoin(products, eq(products.id, auctions.productId))
    .where(and(eq(auctions.status, 'live'), lte(auctions.endTime, now)))
    .orderBy(auctions.endTime)
    .limit(limit)
    .for('update', { of: auctions, skipLocked: true });
}

/** Ends the claimed auctions, each with the winner the caller decided (or none). */
export function markEnded(
  tx: DbOrTx,
  now: Date,
  ended: { id: string; winnerUserId: string | null }[],
): Promise<AuctionRow[]> {
  const rows = JSON.stringify(ended.map((e) => ({ id: e.id, winner: e.winnerUserId })));
  return tx
    .update(auctions)
    .set({
      status: 'ended',
      closedAt: now,
      updatedAt: now,
      seq: sql`${auctions.seq} + 1`,
      winnerUserId: sql`e.winner`,
    })
    .from(sql`json_to_recordset(${rows}::json) as e(id uuid, winner uuid)`)
    .where(sql`${auctions.id} = e.id`)
    .returning();
}

/**
 * The rates each winner's cart is priced at: their chosen pickup location's (checkout's rule), or
 * none (the defaults) when they have not chosen one.
 */
export async function cartRatesOf(tx: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, TaxRates>();
  const rows = await tx
    .select({
      userId: users.id,
      buyersPremiumBp: locations.buyersPremiumBp,
      pstBp: locations.pstBp,
      gstBp: locations.gstBp,
      applyTaxesOnPremium: locations.applyTaxesOnPremium,
    })
    .from(users)
    .innerJoin(locations, eq(locations.id, users.locationId))
    .where(inArray(users.id, userIds));
  return new Map<string, TaxRates>(rows.map(({ userId, ...rates }) => [userId, rates]));
}

type TaxRates = { buyersPremiumBp: number; pstBp: number; gstBp: number; applyTaxesOnPremium: boolean };

export async function setProductStatus(
  tx: DbOrTx,
  productIds: string[],
  status: 'sold' | 'unsold',
  now: Date,
) {
  if (productIds.length === 0) return;
  await tx.update(products).set({ status, updatedAt: now }).where(inArray(products.id, productIds));
}

/** Everyone holding a maximum on these auctions. */
export function biddersOf(tx: DbOrTx, auctionIds: string[]) {
  return tx
    .select({ auctionId: maxBids.auctionId, userId: maxBids.userId })
    .from(maxBids)
    .where(inArray(maxBids.auctionId, auctionIds));
}

export async function handlesOf(tx: DbOrTx, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, handle: users.handle })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((u) => [u.id, u.handle]));
}

/** When the longest-overdue live auction should have ended (null when none is overdue), for /metrics. */
export async function oldestOverdueEnd(db: DbOrTx, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ endTime: auctions.endTime })
    .from(auctions)
    .where(and(eq(auctions.status, 'live'), lte(auctions.endTime, now)))
    .orderBy(auctions.endTime)
    .limit(1);
  return row?.endTime ?? null;
}
