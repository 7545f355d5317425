// Returns SQL (docs/decisions/055-returns.md): the return rows, their history and photos, the
// order and item they belong to, the staff list, the expiry job's claims, and the product put
// back in the catalogue to relist.
import { PRODUCT_MOVES } from '@rebound/core/product-status';
import { isReturnActive, RETURN_STATES, type ReturnState } from '@rebound/core/returns';
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client';
import { orderItemColumns, orderQuery } from '../../db/orders';
import { locations, orders, products, returnEvents, returnPhotos, returns, users } from '../../db/schema';
import { transitionProduct } from '../admin-catalogue';

const itemColumns = {
  ...orderItemColumns,
  productId: products.id,
  slug: products.slug,
  sku: products.sku,
  saleTerms: products.saleTerms,
  nonReturnableKind: products.nonReturnableKind,
  deskNotes: products.deskNotes,
  locationName: locations.name,
};

/** An order with its item's sale terms and location, locked FOR UPDATE when asked. */
export async function orderForReturn(db: DbOrTx, orderId: string, lock = false) {
  const q = orderQuery(db, itemColumns)
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .where(eq(orders.id, orderId))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: orders }) : await q;
  return row ?? null;
}

export type OrderForReturn = NonNullable<Awaited<ReturnType<typeof orderForReturn>>>;

/** The order's returns that block another (not withdrawn or expired). */
export async function blockingReturnOf(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ id: returns.id })
    .from(returns)
    .where(and(eq(returns.orderId, orderId), sql`${returns.state} not in ('withdrawn', 'expired')`))
    .limit(1);
  return row ?? null;
}

export async function insertReturn(tx: Tx, values: typeof returns.$inferInsert) {
  const [row] = await tx.insert(returns).values(values).returning();
  return row!;
}

export async function lockReturn(tx: Tx, id: string) {
  const [row] = await tx.select().from(returns).where(eq(returns.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function returnRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(returns).where(eq(returns.id, id)).limit(1);
  return row ?? null;
}

export type ReturnRow = typeof returns.$inferSelect;

/** Moves the return from one of `from` (the guard) and sets the fields; null when it was elsewhere. */
export async function updateReturn(
  tx: Tx,
  id: string,
  from: readonly ReturnState[],
  set: Partial<typeof returns.$inferInsert>,
) {
  const [row] = await tx
    .update(returns)
    .set(set)
    .where(and(eq(returns.id, id), inArray(returns.state, [...from])))
    .returning();
  return row ?? null;
}

export async function insertEvent(tx: Tx, values: typeof returnEvents.$inferInsert) {
  await tx.insert(returnEvents).values(values);
}

export function eventsOf(db: DbOrTx, returnIds: string[]) {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(returnEvents)
    .where(inArray(returnEvents.returnId, returnIds))
    .orderBy(asc(returnEvents.at), asc(returnEvents.id));
}

export function photosOf(db: DbOrTx, returnIds: string[]) {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(returnPhotos)
    .where(inArray(returnPhotos.returnId, returnIds))
    .orderBy(asc(returnPhotos.createdAt), asc(returnPhotos.id));
}

export async function insertPhotos(tx: Tx, rows: (typeof returnPhotos.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(returnPhotos).values(rows);
}

/** The returns of these orders, newest first (the Orders tab shows the latest). */
export function returnsOfOrders(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(returns)
    .where(inArray(returns.orderId, orderIds))
    .orderBy(desc(returns.createdAt), desc(returns.id));
}

/** One return with its order, item, location and shopper. */
export async function returnWithOrder(db: DbOrTx, id: string) {
  const [row] = await orderQuery(db, {
    ...itemColumns,
    ret: returns,
    shopper: {
      id: users.id,
      email: users.email,
      handle: users.handle,
      firstName: users.firstName,
      lastName: users.lastName,
    },
  })
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .innerJoin(returns, eq(returns.orderId, orders.id))
    .innerJoin(users, eq(users.id, returns.userId))
    .where(eq(returns.id, id))
    .limit(1);
  return row ?? null;
}

export type ReturnWithOrder = NonNullable<Awaited<ReturnType<typeof returnWithOrder>>>;

/** The shopper's returns with their orders, newest first. */
export async function returnsOfUser(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ id: returns.id })
    .from(returns)
    .where(eq(returns.userId, userId))
    .orderBy(desc(returns.createdAt), desc(returns.id));
  return rows.map((r) => r.id);
}

/** Display names of staff members. */
export async function namesOf(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.email]));
}

/** The staff list: filters, a page, and the total. */
export async function listReturns(
  db: DbOrTx,
  q: {
    page: number;
    pageSize: number;
    q?: string | undefined;
    state?: ReturnState | undefined;
    locationId?: string | undefined;
    sort: 'createdAt' | 'dropOff' | 'state';
    dir: 'asc' | 'desc';
  },
  dueBetween: { from: Date; to: Date } | null,
) {
  const where: SQL[] = [];
  if (q.state) where.push(eq(returns.state, q.state));
  if (q.locationId) where.push(eq(orders.locationId, q.locationId));
  if (dueBetween) {
    where.push(eq(returns.state, 'drop_off_booked'));
    where.push(gte(returns.dropOffStartsAt, dueBetween.from));
    where.push(lt(returns.dropOffStartsAt, dueBetween.to));
  }
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(users.email, like),
        ilike(users.handle, like),
        ilike(products.title, like),
        ilike(products.sku, like),
        sql`${orders.id}::text ilike ${`${q.q.toLowerCase()}%`}`,
      )!,
    );
  }
  const cond = where.length > 0 ? and(...where) : undefined;
  const sortColumn =
    q.sort === 'dropOff' ? returns.dropOffStartsAt : q.sort === 'state' ? returns.state : returns.createdAt;
  const order = q.dir === 'asc' ? asc(sortColumn) : desc(sortColumn);
  // The rows and their total read the same FROM: the order read model (db/orders.ts) joined to the
  // return, its shopper and the pickup location.
  const listed = <F extends SelectedFields>(fields: F) =>
    orderQuery(db, fields)
      .innerJoin(locations, eq(locations.id, orders.locationId))
      .innerJoin(returns, eq(returns.orderId, orders.id))
      .innerJoin(users, eq(users.id, returns.userId))
      .where(cond);
  const [rows, [count]] = await Promise.all([
    listed({
      ...itemColumns,
      ret: returns,
      shopper: {
        id: users.id,
        email: users.email,
        handle: users.handle,
        firstName: users.firstName,
        lastName: users.lastName,
      },
    })
      .orderBy(order, desc(returns.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(listed({}).as('listed')),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Open returns past their expiry, claimed for this run (SKIP LOCKED: several servers at once). */
export function claimExpired(tx: Tx, now: Date, limit: number) {
  return tx
    .select()
    .from(returns)
    .where(and(inArray(returns.state, ['requested', 'drop_off_booked']), lte(returns.expiresAt, now)))
    .orderBy(asc(returns.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Received returns whose refund amount is fixed (a refund was asked for under the key `return:<id>`),
 * oldest first: the job looks their refunds up through the refunds module's door.
 */
export async function receivedWithFixedAmount(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: returns.id })
    .from(returns)
    .where(and(eq(returns.state, 'received'), isNotNull(returns.refundAmountCents)))
    .orderBy(asc(returns.updatedAt));
  return rows.map((r) => r.id);
}

/**
 * The order's return that is not settled yet (requested, drop-off booked or received), or null. Read
 * under the order's lock by a refund: while a return is under way, only the return's own refund pays
 * the order back (docs/decisions/075-desk-and-return-races.md).
 */
export async function activeReturnOf(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ id: returns.id, state: returns.state })
    .from(returns)
    .where(and(eq(returns.orderId, orderId), inArray(returns.state, RETURN_STATES.filter(isReturnActive))))
    .limit(1);
  return row ?? null;
}

/** The item goes back to the catalogue to be graded and relisted, with the return's notes. */
export async function productToRelist(tx: Tx, productId: string, deskNotes: string, now: Date) {
  await transitionProduct(tx, productId, { ...PRODUCT_MOVES.returnRefunded, at: now, set: { deskNotes } });
}
