// The order read model, shared by every module that reads orders (the Orders tab, the cart and
// checkout, pickup and the desk, the deadline job, the back-office): one FROM joining an order to
// the auction it was won in and that auction's product, and the columns an order row carries.
// Modules add their own columns, joins, WHERE and ORDER BY; the way an order reaches its item is
// written only here (as cards.ts does for auction cards).
import { and, eq, isNull } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import {
  auctions,
  orders,
  pickupAppointmentOrders,
  pickupAppointments,
  pickupSlots,
  products,
} from './schema';

/** The order row with what every view of it shows: when its auction ended and the item's title. */
export const orderItemColumns = {
  order: orders,
  auctionEndedAt: auctions.endTime,
  title: products.title,
};

/**
 * SELECT the order's id and `fields` FROM orders joined to its auction and product. Inner joins: an
 * order always has both, so callers may join further tables (appointments, users, ...) after this.
 */
export function orderQuery<F extends SelectedFields>(db: DbOrTx, fields: F) {
  return db
    .select({ orderId: orders.id, ...fields })
    .from(orders)
    .innerJoin(auctions, eq(auctions.id, orders.auctionId))
    .innerJoin(products, eq(products.id, auctions.productId));
}

/**
 * `orderQuery` plus the order's booked visit (docs/decisions/058-one-visit-for-all-wins.md): its
 * active row in pickup_appointment_orders (not released), that row's appointment while scheduled,
 * and the appointment's slot. Left joins: an order without a visit keeps its row, with nulls.
 */
export function orderWithVisitQuery<F extends SelectedFields>(db: DbOrTx, fields: F) {
  return orderQuery(db, fields)
    .leftJoin(
      pickupAppointmentOrders,
      and(eq(pickupAppointmentOrders.orderId, orders.id), isNull(pickupAppointmentOrders.releasedAt)),
    )
    .leftJoin(
      pickupAppointments,
      and(
        eq(pickupAppointments.id, pickupAppointmentOrders.appointmentId),
        eq(pickupAppointments.status, 'scheduled'),
      ),
    )
    .leftJoin(pickupSlots, eq(pickupSlots.id, pickupAppointments.slotId));
}
