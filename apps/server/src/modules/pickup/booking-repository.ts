// Pickup SQL of the shopper's booking: short codes and the Appointments tab's reads (the shopper's
// visits and missed visits share one base query, shopperVisitsQuery).
import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItemColumns, orderQuery } from '../../db/orders';
import { locations, orders, pickupAppointmentOrders, pickupAppointments, pickupSlots } from '../../db/schema';
import { activeLink } from './repository';

export async function shortCodeTaken(tx: DbOrTx, code: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: pickupAppointments.id })
    .from(pickupAppointments)
    .where(eq(pickupAppointments.shortCode, code))
    .limit(1);
  return row !== undefined;
}

/** The visit ids of several appointments' orders, for the shopper's view (appointment id -> order ids). */
export async function visitOrderIdsOf(db: DbOrTx, appointmentIds: string[]) {
  const map = new Map<string, string[]>();
  if (appointmentIds.length === 0) return map;
  const rows = await db
    .select({
      appointmentId: pickupAppointmentOrders.appointmentId,
      orderId: pickupAppointmentOrders.orderId,
    })
    .from(pickupAppointmentOrders)
    .where(
      and(
        inArray(pickupAppointmentOrders.appointmentId, appointmentIds),
        isNull(pickupAppointmentOrders.releasedAt),
      ),
    )
    .orderBy(asc(pickupAppointmentOrders.orderId));
  for (const r of rows) map.set(r.appointmentId, [...(map.get(r.appointmentId) ?? []), r.orderId]);
  return map;
}

/**
 * A shopper's orders with their location's name and the visit columns both views read (the shape
 * booking-service.ts toAppointmentView takes): the base of appointmentsOf and missedVisitsOf, which
 * add how the order is joined to its visit.
 */
function shopperVisitsQuery(db: DbOrTx) {
  return orderQuery(db, {
    ...orderItemColumns,
    locationName: locations.name,
    appointment: pickupAppointments,
    slot: pickupSlots,
  }).innerJoin(locations, eq(locations.id, orders.locationId));
}

/** A shopper's scheduled and completed appointments, plus scheduled orders without one. */
export function appointmentsOf(db: DbOrTx, userId: string) {
  return shopperVisitsQuery(db)
    .leftJoin(pickupAppointmentOrders, activeLink)
    .leftJoin(
      pickupAppointments,
      and(
        eq(pickupAppointments.id, pickupAppointmentOrders.appointmentId),
        inArray(pickupAppointments.status, ['scheduled', 'completed']),
      ),
    )
    .leftJoin(pickupSlots, eq(pickupSlots.id, pickupAppointments.slotId))
    .where(
      and(
        eq(orders.userId, userId),
        or(
          inArray(orders.status, ['pickup_scheduled', 'completed']),
          sql`${pickupAppointments.id} is not null`,
        ),
      ),
    );
}

/**
 * A shopper's missed visits, one row per order the miss let go of (links released at or after the
 * slot's end; an order taken out earlier, e.g. refunded, is not one of them), in the shape of
 * appointmentsOf.
 */
export function missedVisitsOf(db: DbOrTx, userId: string) {
  return shopperVisitsQuery(db)
    .innerJoin(pickupAppointmentOrders, eq(pickupAppointmentOrders.orderId, orders.id))
    .innerJoin(pickupAppointments, eq(pickupAppointments.id, pickupAppointmentOrders.appointmentId))
    .innerJoin(pickupSlots, eq(pickupSlots.id, pickupAppointments.slotId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(pickupAppointments.status, 'missed'),
        gte(pickupAppointmentOrders.releasedAt, pickupSlots.endsAt),
      ),
    );
}
