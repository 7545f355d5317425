// The auction lifecycle's SQL: opening scheduled auctions, claiming due ones, ending them, the orders
// orders that follow. No rules here: lifecycle.ts decides, this reads and writes; every status change
// goes through status.ts (auctions) or admin-catalogue's transitionProducts (products).
import { AUCTION_MOVES } from '@rebound/core/auction-status';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auctions, locations, maxBids, products, users } from '../../db/schema';
import { transitionAuctions } from './status';

export type AuctionRow = typeof auctions.$inferSelect;

/** Scheduled auctions whose start has come go live; returns them as they are now. */
export function openDue(db: DbOrTx, now: Date): Promise<AuctionRow[]> {
  return transitionAuctions(db, lte(auctions.startTime, now), { ...AUCTION_MOVES.open, at: now });
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

/**
 * Ends the claimed auctions, each with the winner the caller decided (or none), and the leader and
 * price it closes at (different from the row's only when a bid group's maximum was set aside).
 */
export async function markEnded(
  tx: DbOrTx,
  now: Date,
  ended: {
    id: string;
    winnerUserId: string | null;
    leaderUserId: string | null;
    priceCents: number;
    reserveMet: boolean;
  }[],
): Promise<AuctionRow[]> {
  if (ended.length === 0) return [];
  // The winners first (not a status), then the one status change of them all.
  const rows = JSON.stringify(
    ended.map((e) => ({
      id: e.id,
      winner: e.winnerUserId,
      leader: e.leaderUserId,
      price: e.priceCents,
      reserve_met: e.reserveMet,
    })),
  );
  await tx
    .update(auctions)
    .set({
      winnerUserId: sql`e.winner`,
      leaderUserId: sql`e.leader`,
      currentPriceCents: sql`e.price`,
      reserveMet: sql`e.reserve_met`,
    })
    .from(
      sql`json_to_recordset(${rows}::json) as e(id uuid, winner uuid, leader uuid, price integer, reserve_met boolean)`,
    )
    .where(and(sql`${auctions.id} = e.id`, eq(auctions.status, 'live')));
  return transitionAuctions(
    tx,
    ended.map((e) => e.id),
    { ...AUCTION_MOVES.close, at: now, set: { closedAt: now } },
  );
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

/** An auction's maximums, for the close to rank them again without a set-aside one. */
export function maximumsOf(tx: DbOrTx, auctionId: string) {
  return tx
    .select({
      userId: maxBids.userId,
      amountCents: maxBids.maxAmountCents,
      setAt: maxBids.setAt,
      seq: maxBids.seq,
    })
    .from(maxBids)
    .where(eq(maxBids.auctionId, auctionId));
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

/** The auction row, locked until the transaction ends (a bid on it waits, as does another staff change). */
export async function lockAuction(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(auctions).where(eq(auctions.id, id)).for('update').limit(1);
  return row ?? null;
}

/** Everyone holding a maximum on the auction (its bidders). */
export async function bidderIds(tx: DbOrTx, auctionId: string) {
  const rows = await tx
    .select({ userId: maxBids.userId })
    .from(maxBids)
    .where(eq(maxBids.auctionId, auctionId));
  return rows.map((r) => r.userId);
}

export async function productOf(tx: DbOrTx, productId: string) {
  const [row] = await tx
    .select({ id: products.id, title: products.title, slug: products.slug })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row!;
}
