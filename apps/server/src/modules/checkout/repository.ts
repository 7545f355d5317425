// The cart's, checkout's and payment sync's SQL. No rules here: cart.ts, service.ts and sync.ts decide.
import { CART_MAX_ITEMS } from '@rebound/contract/orders';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { firstImage } from '../../db/cards';
import type { DbOrTx } from '../../db/client';
import { orderItemColumns, orderQuery } from '../../db/orders';
import {
  checkoutSessionOrders,
  checkoutSessions,
  locations,
  orders,
  payments,
  products,
  users,
  webhookEvents,
} from '../../db/schema';
import { transitionOrder } from '../orders';

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** The user's chosen pickup location (its rates price the cart), or null. */
export async function userLocation(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: locations.id,
      name: locations.name,
      buyersPremiumBp: locations.buyersPremiumBp,
      pstBp: locations.pstBp,
      gstBp: locations.gstBp,
      applyTaxesOnPremium: locations.applyTaxesOnPremium,
    })
    .from(users)
    .innerJoin(locations, eq(locations.id, users.locationId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Orders by id with what a cart line shows. The caller checks who owns them. */
export function ordersForCart(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return orderQuery(db, {
    ...orderItemColumns,
    slug: products.slug,
    imageUrl: firstImage.url,
    imageAlt: firstImage.alt,
    imageWidth: firstImage.width,
    imageHeight: firstImage.height,
  })
    .leftJoin(firstImage, and(eq(firstImage.productId, products.id), eq(firstImage.position, 0)))
    .where(inArray(orders.id, orderIds));
}

/**
 * 'Pay all' (pay-all.ts): the shopper's pending orders whose payment deadline is still ahead, the
 * soonest due first, at most a cart's worth. The user id is in the WHERE: only their own.
 */
export async function payableOrderIdsOf(db: DbOrTx, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending'), gt(orders.paymentDueAt, now)))
    .orderBy(asc(orders.paymentDueAt), asc(orders.id))
    .limit(CART_MAX_ITEMS);
  return rows.map((r) => r.id);
}

export async function insertSession(db: DbOrTx, values: typeof checkoutSessions.$inferInsert) {
  const [row] = await db.insert(checkoutSessions).values(values).returning();
  return row!;
}

export async function insertSessionOrders(
  db: DbOrTx,
  checkoutSessionId: string,
  lines: { orderId: string; amountCents: number }[],
) {
  await db.insert(checkoutSessionOrders).values(lines.map((l) => ({ checkoutSessionId, ...l })));
}

export async function updateSession(
  db: DbOrTx,
  id: string,
  set: Partial<typeof checkoutSessions.$inferInsert>,
) {
  await db.update(checkoutSessions).set(set).where(eq(checkoutSessions.id, id));
}

export async function sessionByProviderId(db: DbOrTx, providerSessionId: string) {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSessionId, providerSessionId))
    .limit(1);
  return row ?? null;
}

/** The session row, locked until the transaction ends: one sync at a time per session. */
export async function lockSession(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).for('update');
  return row ?? null;
}

/** The session's orders with the amount each was checked out at, by order id. */
export function sessionOrders(db: DbOrTx, checkoutSessionId: string) {
  return db
    .select({ orderId: checkoutSessionOrders.orderId, amountCents: checkoutSessionOrders.amountCents })
    .from(checkoutSessionOrders)
    .where(eq(checkoutSessionOrders.checkoutSessionId, checkoutSessionId))
    .orderBy(asc(checkoutSessionOrders.orderId));
}

/**
 * The orders, locked in id order (every sync locks in the same order, so two syncs sharing orders
 * wait for each other instead of deadlocking). Reads their state as committed by whoever held them.
 */
export function lockOrders(tx: DbOrTx, orderIds: string[]) {
  return tx.select().from(orders).where(inArray(orders.id, orderIds)).orderBy(asc(orders.id)).for('update');
}

export async function markOrderPaid(
  tx: DbOrTx,
  orderId: string,
  set: {
    checkoutSessionId: string;
    paidAt: Date;
    premiumCents: number;
    pstCents: number;
    gstCents: number;
    totalCents: number;
  },
) {
  const updated = await transitionOrder(tx, orderId, { from: 'pending', to: 'paid', at: set.paidAt, set });
  return updated !== null;
}

/** One payments row per checkout session (unique): returns false when one is there already. */
export async function insertPayment(tx: DbOrTx, values: typeof payments.$inferInsert) {
  const inserted = await tx
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: payments.checkoutSessionId })
    .returning({ id: payments.id });
  return inserted.length === 1;
}

/** The payment of a checkout session (one at most), or null. */
export async function paymentOfSession(db: DbOrTx, checkoutSessionId: string) {
  const [row] = await db
    .select({ id: payments.id, totalCents: payments.totalCents, refundReason: payments.refundReason })
    .from(payments)
    .where(eq(payments.checkoutSessionId, checkoutSessionId))
    .limit(1);
  return row ?? null;
}

/** The refund of a session went through at the provider: the payment and session say when. */
export async function markRefundDone(db: DbOrTx, checkoutSessionId: string, now: Date) {
  await db
    .update(payments)
    .set({ refundedAt: now })
    .where(and(eq(payments.checkoutSessionId, checkoutSessionId), isNull(payments.refundedAt)));
  await db
    .update(checkoutSessions)
    .set({ refundedAt: now, updatedAt: now })
    .where(and(eq(checkoutSessions.id, checkoutSessionId), isNull(checkoutSessions.refundedAt)));
}

/** Titles of a session's orders, for the test checkout page and the receipt. */
export function sessionLines(db: DbOrTx, checkoutSessionId: string) {
  return orderQuery(db, {
    amountCents: checkoutSessionOrders.amountCents,
    title: products.title,
  })
    .innerJoin(checkoutSessionOrders, eq(checkoutSessionOrders.orderId, orders.id))
    .where(eq(checkoutSessionOrders.checkoutSessionId, checkoutSessionId))
    .orderBy(asc(products.title), asc(checkoutSessionOrders.orderId));
}

/** Whether a Stripe event was handled before (webhook_events). */
export async function eventRecorded(db: DbOrTx, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, eventId))
    .limit(1);
  return row !== undefined;
}

export async function recordEvent(db: DbOrTx, eventId: string, type: string, now: Date): Promise<void> {
  // Two deliveries of one event may both get here (both synced, the sync applied once): one row.
  await db
    .insert(webhookEvents)
    .values({ id: eventId, provider: 'stripe', type, receivedAt: now })
    .onConflictDoNothing({ target: webhookEvents.id });
}
