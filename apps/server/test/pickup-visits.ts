// Test helpers for pickup visits (docs/decisions/058): an order's appointment is found through
// pickup_appointment_orders.
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client';
import { pickupAppointmentOrders, pickupAppointments } from '../src/db/schema';

/** The appointment (visit) row an order is actively linked to, or undefined. */
export async function appointmentRowOf(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ appointment: pickupAppointments })
    .from(pickupAppointmentOrders)
    .innerJoin(pickupAppointments, eq(pickupAppointments.id, pickupAppointmentOrders.appointmentId))
    .where(and(eq(pickupAppointmentOrders.orderId, orderId), isNull(pickupAppointmentOrders.releasedAt)));
  return row?.appointment;
}
