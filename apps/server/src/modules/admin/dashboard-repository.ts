import { and, asc, count, eq, gt, gte, inArray, isNull, lt, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderQuery } from '../../db/orders';
import {
  auctions,
  bids,
  orders,
  payments,
  pickupAppointmentOrders,
  pickupAppointments,
  pickupSlots,
  products,
  users,
} from '../../db/schema';

export async function liveAuctionCount(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auctions)
    .where(and(eq(auctions.status, 'live'), gt(auctions.endTime, now)));
  return Number(row?.n ?? 0);
}

export async function bidsSince(db: DbOrTx, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bids).where(gte(bids.createdAt, since));
  return Number(row?.n ?? 0);
}

/** Live or scheduled auctions that end after `now` and before `until`. */
export async function endingBetween(db: DbOrTx, now: Date, until: Date) {
  const rows = await db
    .select({ endTime: auctions.endTime })
    .from(auctions)
    .where(
      and(
        inArray(auctions.status, ['live', 'scheduled']),
        gt(auctions.endTime, now),
        lt(auctions.endTime, until),
      ),
    )
    .orderBy(asc(auctions.endTime));
  return rows.map((r) => r.endTime);
}

/** Payments received (not refunded) in [from, to). */
export async function paymentsBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({ paidAt: payments.paidAt, totalCents: payments.totalCents })
    .from(payments)
    .where(and(eq(payments.status, 'paid'), gte(payments.paidAt, from), lt(payments.paidAt, to)));
}

/** Orders still waiting for payment whose deadline is before `until` (soonest first). */
export async function unpaidDueBefore(db: DbOrTx, now: Date, until: Date, limit: number) {
  const cond = and(
    eq(orders.status, 'pending'),
    gt(orders.paymentDueAt, now),
    lte(orders.paymentDueAt, until),
  );
  const rows = await orderQuery(db, {
    id: orders.id,
    title: products.title,
    handle: users.handle,
    email: users.email,
    totalCents: orders.totalCents,
    finalAmountCents: orders.finalAmountCents,
    paymentDueAt: orders.paymentDueAt,
  })
    .innerJoin(users, eq(users.id, orders.userId))
    .where(cond)
    .orderBy(asc(orders.paymentDueAt))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(orders).where(cond);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Appointments (not cancelled) whose slot starts in [from, to). */
export async function pickupsBetween(db: DbOrTx, from: Date, to: Date) {
  return orderQuery(db, {
    status: pickupAppointments.status,
    startsAt: pickupSlots.startsAt,
    handle: users.handle,
    title: products.title,
  })
    .innerJoin(
      pickupAppointmentOrders,
      and(eq(pickupAppointmentOrders.orderId, orders.id), isNull(pickupAppointmentOrders.releasedAt)),
    )
    .innerJoin(pickupAppointments, eq(pickupAppointments.id, pickupAppointmentOrders.appointmentId))
    .innerJoin(pickupSlots, eq(pickupSlots.id, pickupAppointments.slotId))
    .innerJoin(users, eq(users.id, pickupAppointments.userId))
    .where(
      and(
        ne(pickupAppointments.status, 'cancelled'),
        gte(pickupSlots.startsAt, from),
        lt(pickupSlots.startsAt, to),
      ),
    )
    .orderBy(asc(pickupSlots.startsAt));
}
