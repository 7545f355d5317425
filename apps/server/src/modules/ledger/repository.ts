// The account ledger's read model (docs/decisions/059-storage-fees-and-ledger.md): one user's payments,
// refunds, storage fee charges and strikes. Reads only; service.ts words and orders them.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItemColumns, orderQuery } from '../../db/orders';
import {
  checkoutSessionOrders,
  orders,
  payments,
  refunds,
  storageFeeCharges,
  userStrikes,
} from '../../db/schema';

/** Payments with how many orders they paid and the storage fees they carried (cents). */
export function paymentsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      id: payments.id,
      paidAt: payments.paidAt,
      totalCents: payments.totalCents,
      status: payments.status,
      // Correlated subqueries: the outer column is written with its table so it is not read as the inner one.
      orderCount: sql<number>`(select count(*)::int from ${checkoutSessionOrders} cso where cso.checkout_session_id = "payments"."checkout_session_id")`,
      feeCents: sql<string>`(select coalesce(sum(sfc.amount_cents), 0) from ${storageFeeCharges} sfc where sfc.checkout_session_id = "payments"."checkout_session_id" and sfc.status = 'paid')`,
      // Orders this payment paid (their checkout is its checkout): 0 for a payment never applied,
      // whatever happened to the orders later (a desk mark or a staff refund refunds them on their own).
      appliedCount: sql<number>`(select count(*)::int from ${orders} o where o.checkout_session_id = "payments"."checkout_session_id")`,
    })
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.paidAt));
}

export function refundsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      id: refunds.id,
      createdAt: refunds.createdAt,
      amountCents: refunds.amountCents,
      reason: refunds.reason,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(payments.userId, userId))
    .orderBy(asc(refunds.createdAt));
}

/** Storage fee charges that count (pending in an open checkout, or paid), with the item's title. */
export function chargesOf(db: DbOrTx, userId: string) {
  return orderQuery(db, { charge: storageFeeCharges, title: orderItemColumns.title })
    .innerJoin(storageFeeCharges, eq(storageFeeCharges.orderId, orders.id))
    .where(and(eq(storageFeeCharges.userId, userId), inArray(storageFeeCharges.status, ['pending', 'paid'])))
    .orderBy(asc(storageFeeCharges.createdAt));
}

export function strikesOf(db: DbOrTx, userId: string) {
  return db
    .select({
      id: userStrikes.id,
      createdAt: userStrikes.createdAt,
      reason: userStrikes.reason,
      removedAt: userStrikes.removedAt,
    })
    .from(userStrikes)
    .where(eq(userStrikes.userId, userId))
    .orderBy(asc(userStrikes.createdAt));
}
