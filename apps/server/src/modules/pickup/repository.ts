// Pickup SQL: a location's schedule, booked counts, the slot rows that carry the capacity lock, and
// appointments (decision 016).
import {
  PICKUP_REMINDER_DAY_BEFORE_HOUR,
  PICKUP_REMINDER_HOUR_BEFORE_MINUTES,
  type PickupSchedule,
} from '@rebound/core/pickup';
import { and, asc, eq, gt, gte, ilike, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { orderItemColumns, orderQuery } from '../../db/orders';
import {
  locations,
  orders,
  pickupAppointments,
  pickupClosures,
  pickupSchedules,
  pickupSlots,
  products,
  users,
} from '../../db/schema';
import { shopInstantSql, shopLocalTimestamp } from '../../db/shop-clock';

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

/** Replaces the location's schedule (hours, closed dates, notice) at once. */
export async function replaceSchedule(tx: Tx, locationId: string, schedule: PickupSchedule, now: Date) {
  await tx.delete(pickupSchedules).where(eq(pickupSchedules.locationId, locationId));
  await tx.delete(pickupClosures).where(eq(pickupClosures.locationId, locationId));
  if (schedule.hours.length > 0) {
    await tx.insert(pickupSchedules).values(schedule.hours.map((h) => ({ locationId, ...h })));
  }
  const dates = [...new Set(schedule.closedDates)];
  if (dates.length > 0) {
    await tx.insert(pickupClosures).values(dates.map((date) => ({ locationId, date })));
  }
  await tx
    .update(locations)
    .set({ pickupMinNoticeMinutes: schedule.minNoticeMinutes, pickupScheduleUpdatedAt: now, updatedAt: now })
    .where(eq(locations.id, locationId));
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

/** The order's appointment row (any status) with its slot. */
export async function appointmentOfOrder(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ appointment: pickupAppointments, slot: pickupSlots })
    .from(pickupAppointments)
    .innerJoin(pickupSlots, eq(pickupSlots.id, pickupAppointments.slotId))
    .where(eq(pickupAppointments.orderId, orderId))
    .limit(1);
  return row ?? null;
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
 * Takes one place in a slot if one is left under the schedule's current capacity: one conditional
 * UPDATE, so whatever arrives at once, the count never passes the capacity. Null when full.
 */
export async function takePlace(tx: Tx, slotId: string, capacity: number) {
  const [row] = await tx
    .update(pickupSlots)
    .set({ bookedCount: sql`${pickupSlots.bookedCount} + 1`, capacity })
    .where(and(eq(pickupSlots.id, slotId), lt(pickupSlots.bookedCount, capacity)))
    .returning({ id: pickupSlots.id, bookedCount: pickupSlots.bookedCount });
  return row ?? null;
}

/** Gives a place back. */
export async function freePlace(tx: Tx, slotId: string) {
  await tx
    .update(pickupSlots)
    .set({ bookedCount: sql`${pickupSlots.bookedCount} - 1` })
    .where(and(eq(pickupSlots.id, slotId), gte(pickupSlots.bookedCount, 1)));
}

export async function shortCodeTaken(tx: DbOrTx, code: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: pickupAppointments.id })
    .from(pickupAppointments)
    .where(eq(pickupAppointments.shortCode, code))
    .limit(1);
  return row !== undefined;
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

/** A shopper's scheduled and completed appointments, plus scheduled orders without one. */
export function appointmentsOf(db: DbOrTx, userId: string) {
  return orderQuery(db, {
    ...orderItemColumns,
    locationName: locations.name,
    appointment: pickupAppointments,
    slot: pickupSlots,
  })
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .leftJoin(
      pickupAppointments,
      and(
        eq(pickupAppointments.orderId, orders.id),
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

const deskColumns = {
  appointment: pickupAppointments,
  slot: pickupSlots,
  ...orderItemColumns,
  slug: products.slug,
  sku: products.sku,
  deskNotes: products.deskNotes,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

function deskQuery(db: DbOrTx) {
  return orderQuery(db, deskColumns)
    .innerJoin(pickupAppointments, eq(pickupAppointments.orderId, orders.id))
    .innerJoin(pickupSlots, eq(pickupSlots.id, pickupAppointments.slotId))
    .innerJoin(users, eq(users.id, orders.userId));
}

/** Scheduled and completed appointments of a location starting in [from, to), by start. */
export function deskDay(db: DbOrTx, locationId: string, from: Date, to: Date) {
  return deskQuery(db)
    .where(
      and(
        eq(pickupSlots.locationId, locationId),
        gte(pickupSlots.startsAt, from),
        lt(pickupSlots.startsAt, to),
        inArray(pickupAppointments.status, ['scheduled', 'completed']),
      ),
    )
    .orderBy(asc(pickupSlots.startsAt), asc(users.lastName), asc(users.firstName));
}

/** Booked slot rows of a location starting in [from, to) (for the desk's per-slot counts). */
export function slotRows(db: DbOrTx, locationId: string, from: Date, to: Date) {
  return db
    .select()
    .from(pickupSlots)
    .where(
      and(
        eq(pickupSlots.locationId, locationId),
        gte(pickupSlots.startsAt, from),
        lt(pickupSlots.startsAt, to),
      ),
    )
    .orderBy(asc(pickupSlots.startsAt));
}

export function deskByCode(db: DbOrTx, code: string) {
  return deskQuery(db).where(eq(pickupAppointments.shortCode, code)).limit(1);
}

/** Scheduled appointments whose shopper's name or email contains `q` (at most 20, soonest first). */
export function deskByName(db: DbOrTx, q: string) {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return deskQuery(db)
    .where(
      and(
        eq(pickupAppointments.status, 'scheduled'),
        or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like), ilike(users.email, like)),
      ),
    )
    .orderBy(asc(pickupSlots.startsAt))
    .limit(20);
}

// ---------------------------------------------------------------------------------------------------
// Reminders (docs/decisions/017)

const HOUR_BEFORE = sql.raw(`interval '${PICKUP_REMINDER_HOUR_BEFORE_MINUTES} minutes'`);
/**
 * 18:00 on the shop's clock on the day before the slot's shop date (core pickupReminderTimes in SQL),
 * read with the product's own rule (db/shop-clock.ts), never PostgreSQL's time-zone data.
 */
const DAY_BEFORE_AT = shopInstantSql(
  sql`((${shopLocalTimestamp(sql`${pickupSlots.startsAt}`)})::date - 1) + make_time(${sql.raw(String(PICKUP_REMINDER_DAY_BEFORE_HOUR))}, 0, 0)`,
);
/** The latest a day-before reminder can come before the start (18:00 the day before a 23:59 slot, +1 h DST). */
const DAY_BEFORE_MAX_LEAD = sql.raw(`interval '32 hours'`);

/**
 * Claims up to `limit` scheduled appointments with a reminder due now and not sent: the hour-before
 * one from an hour before the start, else the day-before one from 18:00 the evening before (until the
 * hour-before one takes over), never one whose time had come when the appointment was booked or moved
 * (booked_at). The same rule as core's pickupReminderAction, so every claimed row gets a reminder and
 * batch after batch makes progress. FOR UPDATE SKIP LOCKED: several servers share the work, and an
 * appointment being moved right now is left for the next round.
 */
export function claimDueReminders(tx: DbOrTx, now: Date, limit: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const hourBeforeAt = sql`(${pickupSlots.startsAt} - ${HOUR_BEFORE})`;
  return orderQuery(tx, {
    id: pickupAppointments.id,
    userId: pickupAppointments.userId,
    orderId: pickupAppointments.orderId,
    shortCode: pickupAppointments.shortCode,
    bookedAt: pickupAppointments.bookedAt,
    dayBeforeSentAt: pickupAppointments.reminderDayBeforeSentAt,
    hourBeforeSentAt: pickupAppointments.reminderHourBeforeSentAt,
    startsAt: pickupSlots.startsAt,
    endsAt: pickupSlots.endsAt,
    title: products.title,
    location: {
      name: locations.name,
      addressLine1: locations.addressLine1,
      city: locations.city,
      province: locations.province,
      postalCode: locations.postalCode,
    },
  })
    .innerJoin(pickupAppointments, eq(pickupAppointments.orderId, orders.id))
    .innerJoin(pickupSlots, eq(pickupSlots.id, pickupAppointments.slotId))
    .innerJoin(locations, eq(locations.id, pickupSlots.locationId))
    .where(
      and(
        eq(pickupAppointments.status, 'scheduled'),
        eq(orders.status, 'pickup_scheduled'),
        gt(pickupSlots.startsAt, now),
        lte(pickupSlots.startsAt, sql`${at} + ${DAY_BEFORE_MAX_LEAD}`),
        or(
          and(
            isNull(pickupAppointments.reminderHourBeforeSentAt),
            lte(hourBeforeAt, at),
            lt(pickupAppointments.bookedAt, hourBeforeAt),
          ),
          and(
            isNull(pickupAppointments.reminderDayBeforeSentAt),
            lte(DAY_BEFORE_AT, at),
            gt(hourBeforeAt, at),
            lt(pickupAppointments.bookedAt, DAY_BEFORE_AT),
          ),
        ),
      ),
    )
    .orderBy(asc(pickupSlots.startsAt), asc(pickupAppointments.id))
    .limit(limit)
    .for('update', { of: pickupAppointments, skipLocked: true });
}

/** Stamps a reminder as sent on still-scheduled appointments that lack it; returns those it stamped. */
export async function markReminded(
  tx: DbOrTx,
  ids: string[],
  which: 'day_before' | 'hour_before',
  now: Date,
) {
  if (ids.length === 0) return new Set<string>();
  const column =
    which === 'day_before'
      ? pickupAppointments.reminderDayBeforeSentAt
      : pickupAppointments.reminderHourBeforeSentAt;
  const rows = await tx
    .update(pickupAppointments)
    .set(which === 'day_before' ? { reminderDayBeforeSentAt: now } : { reminderHourBeforeSentAt: now })
    .where(
      and(inArray(pickupAppointments.id, ids), eq(pickupAppointments.status, 'scheduled'), isNull(column)),
    )
    .returning({ id: pickupAppointments.id });
  return new Set(rows.map((r) => r.id));
}

/** Scheduled appointments of a location whose slot has not started (the schedule editor's preview). */
export function upcomingScheduled(db: DbOrTx, locationId: string, now: Date) {
  return deskQuery(db)
    .where(
      and(
        eq(pickupSlots.locationId, locationId),
        gt(pickupSlots.startsAt, now),
        eq(pickupAppointments.status, 'scheduled'),
      ),
    )
    .orderBy(asc(pickupSlots.startsAt));
}
