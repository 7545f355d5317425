// The back-office auctions' SQL: lists, details, scheduling, offers. No rules here: service.ts,
// schedule.ts and offers.ts decide (with packages/core/src/scheduling.ts), this reads and writes.
// Statuses are not written here: auctions' transitionAuctions and admin-catalogue's transitionProducts.
import type { AdminAuctionQuery, AdminAuctionSort } from '@rebound/contract/admin-auctions';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  auctions,
  bidCancellations,
  bids,
  drops,
  locations,
  maxBids,
  orders,
  productImages,
  products,
  secondChanceOffers,
  users,
} from '../../db/schema';

export type AuctionRow = typeof auctions.$inferSelect;
export type OfferRow = typeof secondChanceOffers.$inferSelect;

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const SORT_COLUMNS: Record<AdminAuctionSort, SQL | AnyPgColumn> = {
  start: auctions.startTime,
  end: auctions.endTime,
  created: auctions.createdAt,
  title: products.title,
  price: auctions.currentPriceCents,
  bids: auctions.bidCount,
  status: auctions.status,
};

const cover = sql<string | null>`(
  select pi.url from ${productImages} pi where pi.product_id = ${products.id} order by pi.position limit 1
)`;

export async function listAuctions(db: DbOrTx, q: AdminAuctionQuery) {
  const where: SQL[] = [];
  if (q.status) where.push(eq(auctions.status, q.status));
  if (q.dropId) where.push(eq(auctions.dropId, q.dropId));
  if (q.locationId) where.push(eq(auctions.locationId, q.locationId));
  if (q.q) {
    // One box: every word must appear in the title or the SKU.
    for (const word of q.q.split(/\s+/).filter(Boolean).slice(0, 8)) {
      const like = `%${escapeLike(word)}%`;
      const match = or(ilike(products.title, like), ilike(products.sku, like));
      if (match) where.push(match);
    }
  }
  const cond = where.length ? and(...where) : undefined;
  const column = SORT_COLUMNS[q.sort];
  const order = q.dir === 'asc' ? asc(column) : desc(column);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: auctions.id,
        productId: auctions.productId,
        productTitle: products.title,
        sku: products.sku,
        slug: products.slug,
        thumbnailUrl: cover,
        status: auctions.status,
        startTime: auctions.startTime,
        endTime: auctions.endTime,
        startingBidCents: auctions.startingBidCents,
        currentPriceCents: auctions.currentPriceCents,
        bidCount: auctions.bidCount,
        reservePriceCents: auctions.reservePriceCents,
        dropId: auctions.dropId,
        dropTitle: drops.title,
        locationId: auctions.locationId,
        locationName: locations.name,
      })
      .from(auctions)
      .innerJoin(products, eq(products.id, auctions.productId))
      .innerJoin(locations, eq(locations.id, auctions.locationId))
      .leftJoin(drops, eq(drops.id, auctions.dropId))
      .where(cond)
      .orderBy(order, asc(auctions.endTime), asc(auctions.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(auctions)
      .innerJoin(products, eq(products.id, auctions.productId))
      .where(cond),
  ]);
  return { rows, total: Number(totalRow?.n ?? 0) };
}

export function listDrops(db: DbOrTx, limit: number) {
  return db
    .select({
      id: drops.id,
      title: drops.title,
      startTime: drops.startTime,
      firstEndTime: drops.firstEndTime,
      staggerSeconds: drops.staggerSeconds,
      lotCount: sql<number>`(select count(*)::int from ${auctions} a where a.drop_id = "drops"."id")`,
    })
    .from(drops)
    .orderBy(desc(drops.startTime), desc(drops.id))
    .limit(limit);
}

/** The products, locked in id order (two drops naming the same products wait, never deadlock). */
export function lockProducts(tx: DbOrTx, ids: string[]) {
  return tx
    .select({ id: products.id, title: products.title, status: products.status })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
}

/** Scheduled or live auctions of these products. */
export function openAuctionsOf(tx: DbOrTx, productIds: string[]) {
  return tx
    .select({ id: auctions.id, productId: auctions.productId })
    .from(auctions)
    .where(and(inArray(auctions.productId, productIds), inArray(auctions.status, ['scheduled', 'live'])));
}

export async function locationExists(tx: DbOrTx, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, id)).limit(1);
  return Boolean(row);
}

export function insertAuctions(tx: DbOrTx, rows: (typeof auctions.$inferInsert)[]) {
  return tx.insert(auctions).values(rows).returning();
}

export async function insertDrop(tx: DbOrTx, row: typeof drops.$inferInsert) {
  const [d] = await tx.insert(drops).values(row).returning();
  return d!;
}

/** The auction row, locked until the transaction ends (a bid on it waits, as does another staff change). */
export async function lockAuction(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(auctions).where(eq(auctions.id, id)).for('update').limit(1);
  return row ?? null;
}

/** Changes an auction's settings; its status only ever changes through the auctions module's writer. */
export async function updateAuction(
  tx: DbOrTx,
  id: string,
  values: Omit<Partial<typeof auctions.$inferInsert>, 'status'>,
) {
  const [row] = await tx
    .update(auctions)
    .set({ ...values, seq: sql`${auctions.seq} + 1` })
    .where(eq(auctions.id, id))
    .returning();
  return row!;
}

export async function auctionHeader(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      auction: auctions,
      product: {
        id: products.id,
        title: products.title,
        slug: products.slug,
        sku: products.sku,
        status: products.status,
      },
      thumbnailUrl: cover,
      location: { id: locations.id, name: locations.name },
      dropTitle: drops.title,
    })
    .from(auctions)
    .innerJoin(products, eq(products.id, auctions.productId))
    .innerJoin(locations, eq(locations.id, auctions.locationId))
    .leftJoin(drops, eq(drops.id, auctions.dropId))
    .where(eq(auctions.id, id))
    .limit(1);
  return row ?? null;
}

export async function peopleById(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, { id: string; handle: string; email: string }>();
  const rows = await db
    .select({ id: users.id, handle: users.handle, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Every bidder's maximum with who they are and whether they may still get an offer (active shopper). */
export function maxBidsOf(db: DbOrTx, auctionId: string) {
  return db
    .select({
      userId: maxBids.userId,
      handle: users.handle,
      email: users.email,
      active: sql<boolean>`${users.status} = 'active' and ${users.role} = 'shopper'`,
      maxAmountCents: maxBids.maxAmountCents,
      setAt: maxBids.setAt,
      seq: maxBids.seq,
    })
    .from(maxBids)
    .innerJoin(users, eq(users.id, maxBids.userId))
    .where(eq(maxBids.auctionId, auctionId))
    .orderBy(desc(maxBids.maxAmountCents), asc(maxBids.setAt), asc(maxBids.seq));
}

/** The maximums the store cancelled on the lot, newest first, with whose they were. */
export function cancelledBidsOf(db: DbOrTx, auctionId: string) {
  return db
    .select({ userId: users.id, handle: users.handle, email: users.email, at: bidCancellations.createdAt })
    .from(bidCancellations)
    .innerJoin(users, eq(users.id, bidCancellations.userId))
    .where(eq(bidCancellations.auctionId, auctionId))
    .orderBy(desc(bidCancellations.createdAt), desc(bidCancellations.id));
}

export function bidsOf(db: DbOrTx, auctionId: string, limit: number) {
  return db
    .select({ handle: users.handle, amountCents: bids.amountCents, at: bids.createdAt })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.userId))
    .where(eq(bids.auctionId, auctionId))
    .orderBy(desc(bids.seq), desc(bids.id))
    .limit(limit);
}

export function ordersOf(db: DbOrTx, auctionId: string) {
  return db
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      finalAmountCents: orders.finalAmountCents,
      paymentDueAt: orders.paymentDueAt,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.auctionId, auctionId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

export function offersOf(db: DbOrTx, auctionId: string) {
  return db
    .select()
    .from(secondChanceOffers)
    .where(eq(secondChanceOffers.auctionId, auctionId))
    .orderBy(asc(secondChanceOffers.createdAt), asc(secondChanceOffers.id));
}

export async function relistsOf(db: DbOrTx, auctionId: string) {
  const rows = await db
    .select({ id: auctions.id })
    .from(auctions)
    .where(eq(auctions.relistedFromId, auctionId))
    .orderBy(asc(auctions.createdAt));
  return rows.map((r) => r.id);
}

export async function productOf(tx: DbOrTx, productId: string) {
  const [row] = await tx
    .select({ id: products.id, title: products.title, slug: products.slug, status: products.status })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row!;
}

export async function insertOffer(tx: DbOrTx, row: typeof secondChanceOffers.$inferInsert) {
  const [o] = await tx.insert(secondChanceOffers).values(row).returning();
  return o!;
}

/** Open second-chance offers on any auction of these products (the item is promised to someone). */
export function openOffersOf(tx: DbOrTx, productIds: string[]) {
  return tx
    .select({ id: secondChanceOffers.id, productId: auctions.productId })
    .from(secondChanceOffers)
    .innerJoin(auctions, eq(auctions.id, secondChanceOffers.auctionId))
    .where(and(inArray(auctions.productId, productIds), eq(secondChanceOffers.status, 'open')));
}
