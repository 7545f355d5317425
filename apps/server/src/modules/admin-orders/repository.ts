// SQL of the back-office's orders: search, an order's detail and strike removal. Refunds are the
// refunds module's, desk marks desk-marks', returns returns' (docs/decisions/084-refunds-module.md).
import type { AdminOrdersQuery } from '@rebound/contract/admin-orders';
import type { OrderStatus } from '@rebound/core/orders';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { orderQuery } from '../../db/orders';
import {
  auditLog,
  checkoutSessionOrders,
  locations,
  orders,
  payments,
  pickupAppointmentOrders,
  pickupAppointments,
  pickupSlots,
  products,
  userStrikes,
  users,
} from '../../db/schema';

type ListQuery = z.output<typeof import('@rebound/contract/admin-orders').AdminOrdersQuery>;

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

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
    })
    .from(payments)
    .where(inArray(payments.checkoutSessionId, sessions))
    .orderBy(asc(payments.paidAt));
  return rows.map((r) => ({ ...r, orderCount: Number(r.orderCount) }));
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
