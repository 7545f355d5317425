// Pickup SQL that booking, the desk and the jobs share: a location and its schedule, the slot rows that
// carry the capacity lock, orders as pickup reads them, and appointments (decision 016): an
// appointment is a visit with one or more orders, linked through pickup_appointment_orders (decision
// 058); a slot's booked_count counts places. Each concern's own reads are in booking-repository.ts,
// schedule-repository.ts, desk-repository.ts and jobs-repository.ts.
import type { PickupSchedule } from '@rebound/core/pickup';
import { and, asc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { orderItemColumns, orderQuery } from '../../db/orders';
import {
  locations,
  orders,
  pickupAppointmentOrders,
  pickupAppointments,
  pickupClosures,
  pickupSchedules,
  pickupSlots,
} from '../../db/schema';

export async function locationOf(db: DbOrTx, locationId: string) {
  const [row] = await db.select().from(locations).where(eq(locations.id, locationId)).limit(1);
  return row ?? null;
}

/** The location's schedule as core reads it (times 'HH:MM'). */
export async function scheduleOf(db: DbOrTx, locationId: string, minNoticeMinutes: number) {
  const [hours, closures] = await Promise.all([
    db
      .select()
      .from(pickupSchedules)
      .where(eq(pickupSchedules.locationId, locationId))
      .orderBy(asc(pickupSchedules.weekday), asc(pickupSchedules.opensAt)),
    db
      .select({ date: pickupClosures.date })
      .from(pickupClosures)
      .where(eq(pickupClosures.locationId, locationId))
      .orderBy(asc(pickupClosures.date)),
  ]);
  const schedule: PickupSchedule = {
    hours: hours.map((h) => ({
      weekday: h.weekday,
      opensAt: h.opensAt.slice(0, 5),
      closesAt: h.closesAt.slice(0, 5),
      slotMinutes: h.slotMinutes,
      capacity: h.capacity,
    })),
    closedDates: closures.map((c) => c.date),
    minNoticeMinutes,
  };
  return schedule;
}

/** Booked slot rows of a location starting in [from, to). */
export function bookedSlots(db: DbOrTx, locationId: string, from: Date, to: Date) {
  return db
    .select({ startsAt: pickupSlots.startsAt, bookedCount: pickupSlots.bookedCount })
    .from(pickupSlots)
    .where(
      and(
        eq(pickupSlots.locationId, locationId),
        gte(pickupSlots.startsAt, from),
        lt(pickupSlots.startsAt, to),
      ),
    );
}

/** An order with what pickup needs (auction end, title), locked FOR UPDATE when asked. */
export async function orderForPickup(db: DbOrTx, orderId: string, lock = false) {
  const q = orderQuery(db, {
    ...orderItemColumns,
  })
    .where(eq(orders.id, orderId))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: orders }) : await q;
  return row ?? null;
}

/** Orders with what pickup needs, in id order, locked FOR UPDATE in that order when asked. */
export async function ordersForPickup(db: DbOrTx, orderIds: string[], lock = false) {
  if (orderIds.length === 0) return [];
  const q = orderQuery(db, { ...orderItemColumns })
    .where(inArray(orders.id, orderIds))
    .orderBy(asc(orders.id));
  return lock ? await q.for('update', { of: orders }) : await q;
}

/** An active link of an order to its visit (not released). */
export const activeLink = and(
  eq(pickupAppointmentOrders.orderId, orders.id),
  isNull(pickupAppointmentOrders.releasedAt),
);

/** The order's visit (its active link; scheduled or completed) with its slot, or null. */
export async function appointmentOfOrder(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ appointment: pickupAppointments, slot: pickupSlots })
    .from(pickupAppointmentOrders)
    .innerJoin(pickupAppointments, eq(pickupAppointments.id, pickupAppointmentOrders.appointmentId))
    .innerJoin(pickupSlots, eq(pickupSlots.id, pickupAppointments.slotId))
    .where(and(eq(pickupAppointmentOrders.orderId, orderId), isNull(pickupAppointmentOrders.releasedAt)))
    .limit(1);
  return row ?? null;
}

/** The visits (active links) of several orders: order id, appointment and slot. */
export function visitsOfOrders(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({ orderId: pickupAppointmentOrders.orderId, appointment: pickupAppointments, slot: pickupSlots })
    .from(pickupAppointmentOrders)
    .innerJoin(pickupAppointments, eq(pickupAppointments.id, pickupAppointmentOrders.appointmentId))
    .innerJoin(pickupSlots, eq(pickupSlots.id, pickupAppointments.slotId))
    .where(
      and(inArray(pickupAppointmentOrders.orderId, orderIds), isNull(pickupAppointmentOrders.releasedAt)),
    );
}

/** The ids of a visit's orders (active links), in id order. */
export async function visitOrderIds(db: DbOrTx, appointmentId: string): Promise<string[]> {
  const rows = await db
    .select({ orderId: pickupAppointmentOrders.orderId })
    .from(pickupAppointmentOrders)
    .where(
      and(
        eq(pickupAppointmentOrders.appointmentId, appointmentId),
        isNull(pickupAppointmentOrders.releasedAt),
      ),
    )
    .orderBy(asc(pickupAppointmentOrders.orderId));
  return rows.map((r) => r.orderId);
}

/** Puts orders in a visit (the active-order unique index is the last word against a double booking). */
export async function linkOrders(tx: Tx, appointmentId: string, orderIds: string[]) {
  if (orderIds.length === 0) return;
  await tx.insert(pickupAppointmentOrders).values(orderIds.map((orderId) => ({ appointmentId, orderId })));
}

/** Takes orders out of a visit (all of them when `orderIds` is omitted). */
export async function releaseLinks(tx: Tx, appointmentId: string, now: Date, orderIds?: string[]) {
  await tx
    .update(pickupAppointmentOrders)
    .set({ releasedAt: now })
    .where(
      and(
        eq(pickupAppointmentOrders.appointmentId, appointmentId),
        isNull(pickupAppointmentOrders.releasedAt),
        ...(orderIds ? [inArray(pickupAppointmentOrders.orderId, orderIds)] : []),
      ),
    );
}

/** The slot row of (location, start), created on first booking; its id. */
export async function ensureSlot(
  tx: Tx,
  slot: { locationId: string; startsAt: Date; endsAt: Date; capacity: number },
): Promise<string> {
  await tx
    .insert(pickupSlots)
    .values({ ...slot, bookedCount: 0 })
    .onConflictDoNothing({ target: [pickupSlots.locationId, pickupSlots.startsAt] });
  const [row] = await tx
    .select({ id: pickupSlots.id })
    .from(pickupSlots)
    .where(and(eq(pickupSlots.locationId, slot.locationId), eq(pickupSlots.startsAt, slot.startsAt)))
    .limit(1);
  if (!row) throw new Error('pickup slot row missing after insert');
  return row.id;
}

/** Locks slot rows in id order (one fixed order, so two moves never deadlock). */
export async function lockSlots(tx: Tx, ids: string[]) {
  const sorted = [...new Set(ids)].sort();
  return tx
    .select({ id: pickupSlots.id, bookedCount: pickupSlots.bookedCount, capacity: pickupSlots.capacity })
    .from(pickupSlots)
    .where(inArray(pickupSlots.id, sorted))
    .orderBy(asc(pickupSlots.id))
    .for('update');
}

/**
 * Takes `places` places in a slot if that many are left under the schedule's current capacity: one
 * conditional UPDATE, so whatever arrives at once, the count never passes the capacity. Null when
 * there is not room for all of them (nothing is taken).
 */
export async function takePlaces(tx: Tx, slotId: string, places: number, capacity: number) {
  const [row] = await tx
    .update(pickupSlots)
    .set({ bookedCount: sql`${pickupSlots.bookedCount} + ${places}`, capacity })
    .where(and(eq(pickupSlots.id, slotId), lte(sql`${pickupSlots.bookedCount} + ${places}`, capacity)))
    .returning({ id: pickupSlots.id, bookedCount: pickupSlots.bookedCount });
  return row ?? null;
}

/** Gives `places` places back (never below 0). */
export async function freePlaces(tx: Tx, slotId: string, places: number) {
  await tx
    .update(pickupSlots)
    .set({ bookedCount: sql`greatest(${pickupSlots.bookedCount} - ${places}, 0)` })
    .where(eq(pickupSlots.id, slotId));
}

export async function insertAppointment(tx: Tx, values: typeof pickupAppointments.$inferInsert) {
  const [row] = await tx.insert(pickupAppointments).values(values).returning();
  return row!;
}

export async function updateAppointment(
  tx: DbOrTx,
  id: string,
  values: Partial<typeof pickupAppointments.$inferInsert>,
) {
  const [row] = await tx
    .update(pickupAppointments)
    .set(values)
    .where(eq(pickupAppointments.id, id))
    .returning();
  return row!;
}
