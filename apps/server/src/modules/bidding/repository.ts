import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auctions, bids, idempotencyKeys, maxBids, products, users } from '../../db/schema';

export type AuctionRow = typeof auctions.$inferSelect;

/** Locks the auction row for the rest of the transaction: bids on one auction are serialised here. */
export async function lockAuction(
  tx: DbOrTx,
  auctionId: string,
): Promise<{ auction: AuctionRow; product: { title: string; slug: string } } | null> {
  const [row] = await tx
    .select({ auction: auctions, product: { title: products.title, slug: products.slug } })
    .from(auctions)
    .innerJoin(products, eq(products.id, auctions.productId))
    .where(eq(auctions.id, auctionId))
    .for('update', { of: auctions })
    .limit(1);
  return row ?? null;
}

export async function getAuction(db: DbOrTx, auctionId: string): Promise<AuctionRow | null> {
  const [row] = await db.select().from(auctions).where(eq(auctions.id, auctionId)).limit(1);
  return row ?? null;
}

export function maxBidsFor(tx: DbOrTx, auctionId: string) {
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

export async function myMaxBid(db: DbOrTx, auctionId: string, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ amount: maxBids.maxAmountCents })
    .from(maxBids)
    .where(and(eq(maxBids.auctionId, auctionId), eq(maxBids.userId, userId)))
    .limit(1);
  return row?.amount ?? null;
}

export async function upsertMaxBid(
  tx: DbOrTx,
  v: { auctionId: string; userId: string; amountCents: number; setAt: Date; seq: number },
) {
  await tx
    .insert(maxBids)
    .values({
      auctionId: v.auctionId,
      userId: v.userId,
      maxAmountCents: v.amountCents,
      setAt: v.setAt,
      seq: v.seq,
    })
    .onConflictDoUpdate({
      target: [maxBids.auctionId, maxBids.userId],
      set: { maxAmountCents: v.amountCents, setAt: v.setAt, seq: v.seq, updatedAt: v.setAt },
    });
}

export async function insertHistory(
  tx: DbOrTx,
  rows: {
    auctionId: string;
    userId: string;
    amountCents: number;
    isLeaderRow: boolean;
    seq: number;
    createdAt: Date;
  }[],
) {
  if (rows.length > 0) await tx.insert(bids).values(rows);
}

export async function updateAuctionState(
  tx: DbOrTx,
  auctionId: string,
  v: {
    status: AuctionRow['status'];
    currentPriceCents: number;
    leaderUserId: string | null;
    reserveMet: boolean;
    bidCount: number;
    endTime: Date;
    seq: number;
    updatedAt: Date;
  },
) {
  await tx.update(auctions).set(v).where(eq(auctions.id, auctionId));
}

export async function handleOf(db: DbOrTx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ handle: users.handle }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.handle ?? null;
}

export function publicHistory(db: DbOrTx, auctionId: string, limit: number) {
  return db
    .select({
      id: bids.id,
      handle: users.handle,
      amountCents: bids.amountCents,
      createdAt: bids.createdAt,
      isLeaderRow: bids.isLeaderRow,
    })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.userId))
    .where(eq(bids.auctionId, auctionId))
    .orderBy(desc(bids.amountCents), desc(bids.isLeaderRow), desc(bids.seq))
    .limit(limit);
}

export async function findIdempotent(db: DbOrTx, userId: string, scope: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)),
    )
    .limit(1);
  return row ?? null;
}

/** Returns false when another request already stored this key (it won the race). */
export async function saveIdempotent(
  tx: DbOrTx,
  v: { userId: string; scope: string; key: string; statusCode: number; response: unknown; createdAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values(v)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}
