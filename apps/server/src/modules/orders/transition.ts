// The one writer of orders.status (docs/product.md "Auctions and orders"). Orders are created
// pending here and every later status change is one guarded UPDATE here, inside the caller's
// transaction: the WHERE admits only the statuses core's ORDER_TRANSITIONS lets reach the target,
// so a move core does not list changes nothing, whatever the caller read before.
import { canTransition, ORDER_STATUSES, type OrderStatus, orderSourcesOf } from '@rebound/core/orders';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';

export type OrderRecord = typeof orders.$inferSelect;

/** Columns a transition may set beside the status (its timestamps, payment shares, ...). */
export type OrderTransitionSet = Omit<
  Partial<typeof orders.$inferInsert>,
  'id' | 'status' | 'auctionId' | 'userId' | 'createdAt' | 'updatedAt'
>;

/** A move core does not allow was asked for: a bug in the caller, never the shopper's doing. */
export class OrderTransitionRefused extends Error {
  constructor(from: readonly OrderStatus[], to: OrderStatus) {
    super(`order status ${from.join('|')} -> ${to} is not an allowed transition`);
    this.name = 'OrderTransitionRefused';
  }
}

export interface OrderTransition {
  /** The statuses the caller expects the order in ('any': whatever core allows). */
  from: OrderStatus | readonly OrderStatus[] | 'any';
  to: OrderStatus;
  at: Date;
  set?: OrderTransitionSet;
}

/** The sources the guard admits: the expected ones core allows; refuses an expected one it does not. */
function sourcesOf(t: OrderTransition): OrderStatus[] {
  const expected: readonly OrderStatus[] =
    t.from === 'any' ? ORDER_STATUSES : typeof t.from === 'string' ? [t.from] : t.from;
  if (t.from !== 'any') {
    const refused = expected.filter((from) => !canTransition(from, t.to));
    if (refused.length > 0) throw new OrderTransitionRefused(refused, t.to);
  }
  const allowed = orderSourcesOf(t.to);
  return expected.filter((from) => allowed.includes(from));
}

/**
 * Moves the orders that are in an admitted source status to `to`; returns those it moved (an
 * order in any other status is left as it is and not returned).
 */
export async function transitionOrders(tx: DbOrTx, orderIds: string[], t: OrderTransition) {
  const sources = sourcesOf(t);
  if (orderIds.length === 0 || sources.length === 0) return [];
  return tx
    .update(orders)
    .set({ ...t.set, status: t.to, updatedAt: t.at })
    .where(and(inArray(orders.id, orderIds), inArray(orders.status, sources)))
    .returning();
}

/** transitionOrders for one order: the moved row, or null when it was not in an admitted status. */
export async function transitionOrder(
  tx: DbOrTx,
  orderId: string,
  t: OrderTransition,
): Promise<OrderRecord | null> {
  const [row] = await transitionOrders(tx, [orderId], t);
  return row ?? null;
}

/**
 * Changes an order's columns other than its status (a ready time, reminders sent); the status is
 * only ever changed by transitionOrder.
 */
export async function updateOrderFields(
  tx: DbOrTx,
  orderIds: string[],
  set: OrderTransitionSet,
  at: Date,
): Promise<OrderRecord[]> {
  if (orderIds.length === 0) return [];
  return tx
    .update(orders)
    .set({ ...set, updatedAt: at })
    .where(inArray(orders.id, orderIds))
    .returning();
}

export interface NewOrder {
  auctionId: string;
  userId: string;
  locationId: string;
  finalAmountCents: number;
  paymentDueAt: Date;
}

/**
 * Creates pending orders (a won auction, an accepted second-chance offer). An auction holds at most
 * one order that is not cancelled (the partial unique index): a second is skipped and not returned.
 */
export function createPendingOrders(tx: DbOrTx, rows: NewOrder[], now: Date) {
  if (rows.length === 0) return Promise.resolve([]);
  return tx
    .insert(orders)
    .values(rows.map((r) => ({ ...r, status: 'pending' as const, createdAt: now, updatedAt: now })))
    .onConflictDoNothing({ target: orders.auctionId, where: sql`${orders.status} <> 'cancelled'` })
    .returning({ id: orders.id, auctionId: orders.auctionId });
}

/** The order's status, for a caller that must tell "not found" from "not in an admitted status". */
export async function orderStatusOf(db: DbOrTx, orderId: string): Promise<OrderStatus | null> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row?.status ?? null;
}
