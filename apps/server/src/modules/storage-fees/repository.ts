// The storage fee charges' SQL (docs/decisions/059-storage-fees-and-ledger.md). No rules here:
// service.ts decides with core's storage-fee-charges.ts.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItemColumns, orderQuery, orderWithVisitQuery } from '../../db/orders';
import { orders, pickupSlots, storageFeeCharges } from '../../db/schema';

export type ChargeRow = typeof storageFeeCharges.$inferSelect;

/** Statuses in which an order is in the warehouse or was collected: the ones a fee is counted on. */
const FEE_STATUSES = ['paid', 'ready_for_pickup', 'pickup_scheduled', 'completed'] as const;

/**
 * Orders with the booked visit (a scheduled appointment's slot start, or null): the user's orders
 * that may carry a fee, or the given orders. `lock` locks the order rows (FOR UPDATE, in id order):
 * every write of a charge holds its orders first, so what is owed is counted once.
 */
export async function feeOrders(db: DbOrTx, where: { userId?: string; orderIds?: string[] }, lock = false) {
  if (where.orderIds && where.orderIds.length === 0) return [];
  const q = orderWithVisitQuery(db, { ...orderItemColumns, visitStartsAt: pickupSlots.startsAt })
    .where(
      and(
        where.userId ? eq(orders.userId, where.userId) : undefined,
        where.orderIds ? inArray(orders.id, where.orderIds) : undefined,
        where.orderIds ? undefined : inArray(orders.status, [...FEE_STATUSES]),
      ),
    )
    .orderBy(asc(orders.id));
  return lock ? q.for('update', { of: orders }) : q;
}

/** The paid storage fee charges of each order (amount and method), by order id: the ledger's payments. */
export async function paidByOrder(
  db: DbOrTx,
  orderIds: string[],
): Promise<Map<string, { amountCents: number; method: ChargeRow['method'] }[]>> {
  const paid = new Map<string, { amountCents: number; method: ChargeRow['method'] }[]>();
  if (orderIds.length === 0) return paid;
  const rows = await db
    .select({
      orderId: storageFeeCharges.orderId,
      amountCents: storageFeeCharges.amountCents,
      method: storageFeeCharges.method,
    })
    .from(storageFeeCharges)
    .where(and(inArray(storageFeeCharges.orderId, orderIds), eq(storageFeeCharges.status, 'paid')));
  for (const r of rows) {
    const list = paid.get(r.orderId) ?? [];
    list.push({ amountCents: r.amountCents, method: r.method });
    paid.set(r.orderId, list);
  }
  return paid;
}

/** Pending charges of these orders become void (a newer checkout, or the desk, replaces them). */
export async function voidPendingOfOrders(tx: DbOrTx, orderIds: string[], now: Date) {
  if (orderIds.length === 0) return;
  await tx
    .update(storageFeeCharges)
    .set({ status: 'void', voidedAt: now })
    .where(and(inArray(storageFeeCharges.orderId, orderIds), eq(storageFeeCharges.status, 'pending')));
}

export async function insertCharges(tx: DbOrTx, rows: (typeof storageFeeCharges.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return tx.insert(storageFeeCharges).values(rows).returning();
}

/** A checkout session's charges, locked (FOR UPDATE, in id order) when `lock`. */
export async function chargesOfSession(tx: DbOrTx, checkoutSessionId: string, lock = false) {
  const q = tx
    .select()
    .from(storageFeeCharges)
    .where(eq(storageFeeCharges.checkoutSessionId, checkoutSessionId))
    .orderBy(asc(storageFeeCharges.id));
  return lock ? q.for('update') : q;
}

/** The session's pending charges become paid online at `now`; returns how many changed. */
export async function markSessionPaid(tx: DbOrTx, checkoutSessionId: string, now: Date) {
  const rows = await tx
    .update(storageFeeCharges)
    .set({ status: 'paid', method: 'online', paidAt: now })
    .where(
      and(
        eq(storageFeeCharges.checkoutSessionId, checkoutSessionId),
        eq(storageFeeCharges.status, 'pending'),
      ),
    )
    .returning({ id: storageFeeCharges.id });
  return rows.length;
}

export async function voidSession(tx: DbOrTx, checkoutSessionId: string, now: Date) {
  await tx
    .update(storageFeeCharges)
    .set({ status: 'void', voidedAt: now })
    .where(
      and(
        eq(storageFeeCharges.checkoutSessionId, checkoutSessionId),
        eq(storageFeeCharges.status, 'pending'),
      ),
    );
}

/** The user's charges that count (pending or paid), with the order's item title, oldest first. */
export function chargesOfUser(db: DbOrTx, userId: string) {
  return orderQuery(db, { charge: storageFeeCharges, title: orderItemColumns.title })
    .innerJoin(storageFeeCharges, eq(storageFeeCharges.orderId, orders.id))
    .where(and(eq(storageFeeCharges.userId, userId), inArray(storageFeeCharges.status, ['pending', 'paid'])))
    .orderBy(asc(storageFeeCharges.createdAt), asc(storageFeeCharges.id));
}
