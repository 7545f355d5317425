// The refunds' SQL (table refunds): reservations under the payment's row lock, confirmation, the
// look-ups other modules make through the door, and the job's stale reservations. The rules are in
// service.ts and packages/core; docs/decisions/084-refunds-module.md.
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client';
import { orderQuery } from '../../db/orders';
import { orders, payments, products, refunds, users } from '../../db/schema';

/**
 * The order a refund is for, with its product's title; the order row locked FOR UPDATE when asked
 * (the reservation takes it after the payment's lock).
 */
export async function orderOf(db: DbOrTx, orderId: string, lock = false) {
  const q = orderQuery(db, {
    id: orders.id,
    userId: orders.userId,
    status: orders.status,
    totalCents: orders.totalCents,
    checkoutSessionId: orders.checkoutSessionId,
    productTitle: products.title,
  })
    .where(eq(orders.id, orderId))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: orders }) : await q;
  return row ?? null;
}

/**
 * Locks the payment row: every refund of one payment queues here, so the sums read after it are
 * final until commit and two refunds can never together exceed what was paid.
 */
export async function lockPayment(tx: Tx, paymentId: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row ?? null;
}

/** The payment that paid for the order (its checkout), if any. */
export async function appliedPayment(db: DbOrTx, checkoutSessionId: string | null) {
  if (!checkoutSessionId) return null;
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.checkoutSessionId, checkoutSessionId))
    .limit(1);
  return row ?? null;
}

export async function refundByKey(db: DbOrTx, key: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, key)).limit(1);
  return row ?? null;
}

/** Refunded (or reserved by a refund awaiting the provider) on the payment and on the order. */
export async function refundedSums(tx: DbOrTx, paymentId: string, orderId: string) {
  const [row] = await tx
    .select({
      payment: sql<string>`coalesce(sum(${refunds.amountCents}), 0)`,
      order: sql<string>`coalesce(sum(${refunds.amountCents}) filter (where ${refunds.orderId} = ${orderId}), 0)`,
    })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId));
  return { payment: Number(row?.payment ?? 0), order: Number(row?.order ?? 0) };
}

export async function insertRefund(tx: Tx, values: typeof refunds.$inferInsert) {
  const [row] = await tx.insert(refunds).values(values).returning();
  return row!;
}

/** Records the provider's refund id on a refund still waiting for it; null when another call did. */
export async function confirmRefund(tx: Tx, id: string, providerRefundId: string) {
  const [row] = await tx
    .update(refunds)
    .set({ providerRefundId })
    .where(and(eq(refunds.id, id), isNull(refunds.providerRefundId)))
    .returning();
  return row ?? null;
}

/** A refund the provider refused is forgotten (its amount is no longer reserved). */
export async function dropUnconfirmedRefund(db: DbOrTx, id: string) {
  await db.delete(refunds).where(and(eq(refunds.id, id), isNull(refunds.providerRefundId)));
}

/** dropUnconfirmedRefund, saying whether this call removed it (another may have confirmed it). */
export async function dropUnconfirmedRefundReturning(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(refunds)
    .where(and(eq(refunds.id, id), isNull(refunds.providerRefundId)))
    .returning({ id: refunds.id });
  return rows.length === 1;
}

export async function setPaymentRefunded(tx: DbOrTx, paymentId: string, now: Date, reason: string) {
  await tx
    .update(payments)
    .set({ status: 'refunded', refundedAt: now, refundReason: reason })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'paid')));
}

/**
 * Refunds reserved before `before` whose provider call never got an answer (no provider id yet),
 * oldest first, with the payment's provider id to ask again with the same key.
 */
export function staleReservedRefunds(db: DbOrTx, before: Date, limit: number) {
  return db
    .select({
      id: refunds.id,
      paymentId: refunds.paymentId,
      orderId: refunds.orderId,
      amountCents: refunds.amountCents,
      reason: refunds.reason,
      idempotencyKey: refunds.idempotencyKey,
      createdBy: refunds.createdBy,
      createdAt: refunds.createdAt,
      providerPaymentId: payments.providerPaymentId,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(isNull(refunds.providerRefundId), sql`${refunds.createdAt} < ${before.toISOString()}::timestamptz`),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
}

// ── Look-ups for other modules (through the door) ───────────────────────────────────────────────

const creator = alias(users, 'creator');

/** Refunds of these payments, oldest first, with the email of who made them. */
export async function refundsOfPayments(db: DbOrTx, paymentIds: string[]) {
  if (paymentIds.length === 0) return [];
  return db
    .select({ refund: refunds, createdBy: creator.email })
    .from(refunds)
    .leftJoin(creator, eq(creator.id, refunds.createdBy))
    .where(inArray(refunds.paymentId, paymentIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** One refund with the email of who made it. */
export async function refundWithCreator(db: DbOrTx, refundId: string) {
  const [row] = await db
    .select({ refund: refunds, createdBy: creator.email })
    .from(refunds)
    .leftJoin(creator, eq(creator.id, refunds.createdBy))
    .where(eq(refunds.id, refundId))
    .limit(1);
  return row ?? null;
}

/**
 * What refunds of each order took (confirmed or reserved), leaving out the refund held by
 * `exceptKey` when given; orders without refunds are absent.
 */
export async function refundedByOrder(db: DbOrTx, orderIds: string[], exceptKey?: string) {
  if (orderIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ orderId: refunds.orderId, cents: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(refunds)
    .where(
      and(
        inArray(refunds.orderId, orderIds),
        exceptKey === undefined ? undefined : ne(refunds.idempotencyKey, exceptKey),
      ),
    )
    .groupBy(refunds.orderId);
  return new Map(rows.map((r) => [r.orderId!, Number(r.cents)]));
}

/** The refunds held by these idempotency keys (reserved or confirmed). */
export function refundsByKeys(db: DbOrTx, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db.select().from(refunds).where(inArray(refunds.idempotencyKey, keys));
}

/**
 * A refund of a whole checkout that went through at the provider (a session paid after its orders
 * went elsewhere, decision 084): recorded among the payment's refunds, on no order and by no staff
 * member, once (the key is unique).
 */
export async function recordSessionRefund(
  db: DbOrTx,
  refund: {
    paymentId: string;
    amountCents: number;
    reason: string;
    idempotencyKey: string;
    providerRefundId: string;
  },
  now: Date,
) {
  await db
    .insert(refunds)
    .values({ ...refund, orderId: null, createdBy: null, createdAt: now })
    .onConflictDoNothing({ target: refunds.idempotencyKey });
}
