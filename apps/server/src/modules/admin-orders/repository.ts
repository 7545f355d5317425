// SQL of the back-office's orders: search, an order's detail, refunds under the payment's row lock,
// and strike removal. The rules are in service.ts and packages/core.
import type { AdminOrdersQuery } from '@rebound/contract/admin-orders';
import type { OrderStatus } from '@rebound/core/orders';
import { isReturnActive, RETURN_STATES } from '@rebound/core/returns';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { orderQuery } from '../../db/orders';
import {
  auditLog,
  checkoutSessionOrders,
  deskMarks,
  locations,
  orders,
  payments,
  pickupAppointmentOrders,
  pickupAppointments,
  pickupSlots,
  products,
  refunds,
  returns,
  userStrikes,
  users,
} from '../../db/schema';

type ListQuery = z.output<typeof import('@rebound/contract/admin-orders').AdminOrdersQuery>;

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const refundedOfOrder = sql<string>`coalesce((select sum(r.amount_cents) from refunds r where r.order_id = "orders"."id"), 0)`;

/** Orders matching the search, one page, with the total count. */
export async function listOrders(db: DbOrTx, q: ListQuery) {
  const where: SQL[] = [];
  if (q.status) where.push(eq(orders.status, q.status));
  const text = q.q?.trim();
  if (text) {
    const like = `%${escapeLike(text)}%`;
    const prefix = `${escapeLike(text.replace(/^#/, '').toLowerCase())}%`;
    const match = or(
      ilike(users.email, like),
      ilike(users.handle, like),
      sql`${orders.id}::text like ${prefix}`,
      ilike(products.sku, like),
      ilike(products.slug, like),
      ilike(products.title, like),
    );
    if (match) where.push(match);
  }
  const cond = where.length ? and(...where) : undefined;
  const dir = q.dir === 'asc' ? asc : desc;
  const sortCol =
    q.sort === 'paidAt'
      ? orders.paidAt
      : q.sort === 'total'
        ? sql`coalesce(${orders.totalCents}, ${orders.finalAmountCents})`
        : q.sort === 'status'
          ? orders.status
          : orders.createdAt;
  const base = () =>
    orderQuery(db, {
      id: orders.id,
      status: orders.status,
      title: products.title,
      slug: products.slug,
      sku: products.sku,
      userId: users.id,
      email: users.email,
      handle: users.handle,
      firstName: users.firstName,
      lastName: users.lastName,
      finalAmountCents: orders.finalAmountCents,
      totalCents: orders.totalCents,
      refundedCents: refundedOfOrder,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      paymentDueAt: orders.paymentDueAt,
    }).innerJoin(users, eq(users.id, orders.userId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(cond)
      .orderBy(sql`${dir(sortCol as never)} nulls last`, desc(orders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(orderQuery(db, {}).innerJoin(users, eq(users.id, orders.userId)).where(cond).as('matching')),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The order with its product, shopper and location; the order row locked when asked. */
export async function orderRow(db: DbOrTx, orderId: string, lock = false) {
  const q = orderQuery(db, {
    order: orders,
    product: { id: products.id, title: products.title, slug: products.slug, sku: products.sku },
    user: {
      id: users.id,
      email: users.email,
      handle: users.handle,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
    },
    locationName: locations.name,
  })
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .where(eq(orders.id, orderId))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: orders }) : await q;
  return row ?? null;
}

/** Every payment of a checkout that included this order (the applied one and any refunded ones). */
export async function paymentsOfOrder(db: DbOrTx, orderId: string) {
  const sessions = db
    .select({ id: checkoutSessionOrders.checkoutSessionId })
    .from(checkoutSessionOrders)
    .where(eq(checkoutSessionOrders.orderId, orderId));
  const rows = await db
    .select({
      payment: payments,
      orderCount: sql<number>`(select count(*)::int from checkout_session_orders c where c.checkout_session_id = "payments"."checkout_session_id")`,
      refundedCents: sql<string>`coalesce((select sum(r.amount_cents) from refunds r where r.payment_id = "payments"."id"), 0)`,
    })
    .from(payments)
    .where(inArray(payments.checkoutSessionId, sessions))
    .orderBy(asc(payments.paidAt));
  return rows.map((r) => ({
    ...r,
    orderCount: Number(r.orderCount),
    refundedCents: Number(r.refundedCents),
  }));
}

const creator = alias(users, 'creator');

/** Refunds of these payments, oldest first, with who made them. */
export async function refundsOf(db: DbOrTx, paymentIds: string[]) {
  if (paymentIds.length === 0) return [];
  return db
    .select({ refund: refunds, createdBy: creator.email })
    .from(refunds)
    .leftJoin(creator, eq(creator.id, refunds.createdBy))
    .where(inArray(refunds.paymentId, paymentIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

const remover = alias(users, 'remover');

/** The shopper's strikes, newest first, with who removed them. */
export function strikesOf(db: DbOrTx, userId: string) {
  return db
    .select({ strike: userStrikes, removedBy: remover.email })
    .from(userStrikes)
    .leftJoin(remover, eq(remover.id, userStrikes.removedBy))
    .where(eq(userStrikes.userId, userId))
    .orderBy(desc(userStrikes.createdAt), desc(userStrikes.id));
}

/** The order's latest appointment (its visit, docs/decisions/058) with its slot. */
export async function appointmentOf(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ appointment: pickupAppointments, slot: pickupSlots })
    .from(pickupAppointmentOrders)
    .innerJoin(pickupAppointments, eq(pickupAppointments.id, pickupAppointmentOrders.appointmentId))
    .innerJoin(pickupSlots, eq(pickupSlots.id, pickupAppointments.slotId))
    .where(eq(pickupAppointmentOrders.orderId, orderId))
    .orderBy(desc(pickupAppointments.createdAt))
    .limit(1);
  return row ?? null;
}

// ── Refunds ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Locks the payment row: every refund of one payment queues here, so the sums read after it are
 * final until commit and two refunds can never together exceed what was paid.
 */
export async function lockPayment(tx: Tx, paymentId: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row ?? null;
}

/** The payment that paid for the order (its checkout), if any. */
export async function appliedPaymentId(db: DbOrTx, checkoutSessionId: string | null) {
  if (!checkoutSessionId) return null;
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.checkoutSessionId, checkoutSessionId))
    .limit(1);
  return row?.id ?? null;
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

export async function setPaymentRefunded(tx: DbOrTx, paymentId: string, now: Date, reason: string) {
  await tx
    .update(payments)
    .set({ status: 'refunded', refundedAt: now, refundReason: reason })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'paid')));
}

// ── Strikes ─────────────────────────────────────────────────────────────────────────────────────

export async function lockUser(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, status: users.status, strikes: users.strikes })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

export async function strikeOf(tx: DbOrTx, userId: string, strikeId: string) {
  const [row] = await tx
    .select()
    .from(userStrikes)
    .where(and(eq(userStrikes.id, strikeId), eq(userStrikes.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function removeStrike(tx: Tx, strikeId: string, by: string, reason: string, now: Date) {
  const [row] = await tx
    .update(userStrikes)
    .set({ removedAt: now, removedBy: by, removedReason: reason })
    .where(and(eq(userStrikes.id, strikeId), isNull(userStrikes.removedAt)))
    .returning();
  return row ?? null;
}

export async function activeStrikeCount(tx: DbOrTx, userId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(userStrikes)
    .where(and(eq(userStrikes.userId, userId), isNull(userStrikes.removedAt)));
  return Number(row?.n ?? 0);
}

export async function setUser(
  tx: Tx,
  userId: string,
  values: { strikes: number; status?: 'active' | 'suspended' },
  now: Date,
) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, userId));
}

/** The latest manual suspend or restore of the user in the audit log (People's actions). */
export async function lastManualSuspension(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, 'user'),
        eq(auditLog.entityId, userId),
        inArray(auditLog.action, ['user.suspend', 'user.restore']),
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row?.action ?? null;
}

export type { AdminOrdersQuery, OrderStatus };

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

/** dropUnconfirmedRefund, saying whether this call removed it (another may have confirmed it). */
export async function dropUnconfirmedRefundReturning(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(refunds)
    .where(and(eq(refunds.id, id), isNull(refunds.providerRefundId)))
    .returning({ id: refunds.id });
  return rows.length === 1;
}

/** The pickup desk's mark of the order (table desk_marks), with the staff member, or null. */
export async function deskMarkOf(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ mark: deskMarks, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(deskMarks)
    .innerJoin(users, eq(users.id, deskMarks.staffId))
    .where(eq(deskMarks.orderId, orderId));
  return row ?? null;
}

/**
 * The order's return that is not settled yet (requested, drop-off booked or received; table returns),
 * or null. Read under the order's lock by a refund: while a return is under way, only the return's own
 * refund pays the order back (docs/decisions/075-desk-and-return-races.md).
 */
export async function activeReturnOf(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ id: returns.id, state: returns.state })
    .from(returns)
    .where(and(eq(returns.orderId, orderId), inArray(returns.state, RETURN_STATES.filter(isReturnActive))))
    .limit(1);
  return row ?? null;
}
