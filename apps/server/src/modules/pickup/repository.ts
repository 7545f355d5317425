// Pickup SQL: a location's schedule, booked counts, the slot rows that carry the capacity lock, and
// appointments (decision 016): an appointment is a visit with one or more orders, linked through
// pickup_appointment_orders (decision 058); a slot's booked_count counts places.
import {
  PICKUP_REMINDER_DAY_BEFORE_HOUR,
  PICKUP_REMINDER_HOUR_BEFORE_MINUTES,
  type PickupSchedule,
} from '@rebound/core/pickup';
import { and, asc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { orderItemColumns, orderQuery } from '../../db/orders';
import {
  auctions,
  deskMarks,
  locations,
  noticeOnce,
  orders,
  pickupAppointmentOrders,
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
export async function replaceSchedule(
  tx: Tx,
  locationId: string,
  schedule: PickupSchedule & { maxItemsPerVisit?: number | null | undefined },
  now: Date,
) {
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
    .set({
      pickupMinNoticeMinutes: schedule.minNoticeMinutes,
      ...(schedule.maxItemsPerVisit !== undefined ? { maxItemsPerVisit: schedule.maxItemsPerVisit } : {}),
      pickupScheduleUpdatedAt: now,
      updatedAt: now,
    })
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

/** Orders with what pickup needs, in id order, locked FOR UPDATE in that order when asked. */
export async function ordersForPickup(db: DbOrTx, orderIds: string[], lock = false) {
  if (orderIds.length === 0) return [];
  const q = orderQuery(db, { ...orderItemColumns })
    .where(inArray(orders.id, orderIds))
    .orderBy(asc(orders.id));
  return lock ? await q.for('update', { of: orders }) : await q;
}

/** An active link of an order to its visit (not released). */
const activeLink = and(
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
    .innerJoin(pickupAppointmentOrders, activeLink)
    .innerJoin(pickupAppointments, eq(pickupAppointments.id, pickupAppointmentOrders.appointmentId))
    .innerJoin(pickupSlots, eq(pickupSlots.id, pickupAppointments.slotId))
    .innerJoin(users, eq(users.id, orders.userId));
}

/**
 * Scheduled and completed appointments of a location starting in [from, to), by start, with every
 * item of each visit, including one staff marked missing or damaged (docs/decisions/057): the mark's
 * refund released its link (and cancelled the visit when it was the last item), but the desk still
 * shows what happened to it. A link released before the mark (the visit moved, cancelled) is not shown.
 */
export function deskDay(db: DbOrTx, locationId: string, from: Date, to: Date) {
  return orderQuery(db, { ...deskColumns, markKind: deskMarks.kind })
    .innerJoin(pickupAppointmentOrders, eq(pickupAppointmentOrders.orderId, orders.id))
    .innerJoin(pickupAppointments, eq(pickupAppointments.id, pickupAppointmentOrders.appointmentId))
    .innerJoin(pickupSlots, eq(pickupSlots.id, pickupAppointments.slotId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(deskMarks, eq(deskMarks.orderId, orders.id))
    .where(
      and(
        eq(pickupSlots.locationId, locationId),
        gte(pickupSlots.startsAt, from),
        lt(pickupSlots.startsAt, to),
        or(
          and(
            isNull(pickupAppointmentOrders.releasedAt),
            inArray(pickupAppointments.status, ['scheduled', 'completed']),
          ),
          and(isNotNull(deskMarks.id), gte(pickupAppointmentOrders.releasedAt, deskMarks.createdAt)),
        ),
      ),
    )
    .orderBy(
      asc(pickupSlots.startsAt),
      asc(users.lastName),
      asc(users.firstName),
      asc(pickupAppointments.id),
      asc(orders.id),
    );
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

/** Every order of the visit with this code. */
export function deskByCode(db: DbOrTx, code: string) {
  return deskQuery(db).where(eq(pickupAppointments.shortCode, code)).orderBy(asc(orders.id)).limit(200);
}

/** Every order of one visit (the desk's hand-over checks whether the visit is done). */
export function deskByAppointment(db: DbOrTx, appointmentId: string) {
  return deskQuery(db).where(eq(pickupAppointments.id, appointmentId)).orderBy(asc(orders.id));
}

/** `q` for LIKE, its wildcards escaped. */
const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An order number (the start of the order id the shopper sees, 4 characters or more), or null. */
function orderNumberPrefix(q: string): string | null {
  const t = q.trim().replace(/^#/, '').toLowerCase();
  return /^[0-9a-f-]{4,36}$/.test(t) ? `${escapeLike(t)}%` : null;
}

/** The shopper's name or email contains `q`, or `q` starts the order's number. */
function nameEmailOrNumber(q: string) {
  const like = `%${escapeLike(q)}%`;
  const prefix = orderNumberPrefix(q);
  return or(
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
    ilike(users.email, like),
    ...(prefix ? [sql`${orders.id}::text like ${prefix}`] : []),
  );
}

/**
 * Scheduled appointments whose shopper's name or email contains `q`, or one of whose orders' numbers
 * starts with it (at most 100 rows, soonest first).
 */
export function deskByName(db: DbOrTx, q: string) {
  return deskQuery(db)
    .where(and(eq(pickupAppointments.status, 'scheduled'), nameEmailOrNumber(q)))
    .orderBy(asc(pickupSlots.startsAt), asc(pickupAppointments.id), asc(orders.id))
    .limit(100);
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
  return tx
    .select({
      id: pickupAppointments.id,
      userId: pickupAppointments.userId,
      shortCode: pickupAppointments.shortCode,
      bookedAt: pickupAppointments.bookedAt,
      dayBeforeSentAt: pickupAppointments.reminderDayBeforeSentAt,
      hourBeforeSentAt: pickupAppointments.reminderHourBeforeSentAt,
      startsAt: pickupSlots.startsAt,
      endsAt: pickupSlots.endsAt,
      location: {
        name: locations.name,
        addressLine1: locations.addressLine1,
        city: locations.city,
        province: locations.province,
        postalCode: locations.postalCode,
      },
    })
    .from(pickupAppointments)
    .innerJoin(pickupSlots, eq(pickupSlots.id, pickupAppointments.slotId))
    .innerJoin(locations, eq(locations.id, pickupSlots.locationId))
    .where(
      and(
        eq(pickupAppointments.status, 'scheduled'),
        // One reminder per visit, while one of its orders still waits for it.
        sql`exists (select 1 from ${pickupAppointmentOrders} inner join ${orders} on ${orders.id} = ${pickupAppointmentOrders.orderId} where ${pickupAppointmentOrders.appointmentId} = ${pickupAppointments.id} and ${pickupAppointmentOrders.releasedAt} is null and ${orders.status} = 'pickup_scheduled')`,
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

/**
 * Orders paid and still in the warehouse whose final notice may be due (pickup/final-notices.ts):
 * their auction ended over 20 days ago (the notice's day is 21 days after the end date, so none
 * due is missed), and no final notice was sent yet (its notice_once key is not taken).
 */
export function finalNoticeCandidates(db: DbOrTx, now: Date, limit: number) {
  const since = new Date(now.getTime() - 20 * 86_400_000);
  return orderQuery(db, orderItemColumns)
    .where(
      and(
        inArray(orders.status, ['paid', 'ready_for_pickup', 'pickup_scheduled']),
        lte(auctions.endTime, since),
        sql`not exists (select 1 from ${noticeOnce} where ${noticeOnce.key} = 'pickup-final-notice:' || ${orders.id}::text)`,
      ),
    )
    .orderBy(asc(auctions.endTime), asc(orders.id))
    .limit(limit);
}

/** The orders still waiting in these visits (pickup_scheduled), with their titles, by order id. */
export function waitingOrdersOf(db: DbOrTx, appointmentIds: string[]) {
  if (appointmentIds.length === 0) return Promise.resolve([]);
  return orderQuery(db, { appointmentId: pickupAppointmentOrders.appointmentId, ...orderItemColumns })
    .innerJoin(pickupAppointmentOrders, activeLink)
    .where(
      and(
        inArray(pickupAppointmentOrders.appointmentId, appointmentIds),
        eq(orders.status, 'pickup_scheduled'),
      ),
    )
    .orderBy(asc(orders.id));
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

// ---------------------------------------------------------------------------------------------------
// Missed visits (docs/decisions/080-pickup-missed-walk-ins.md)

/**
 * Up to `limit` scheduled visits whose slot ended by `now` with nobody checked in (core
 * isVisitMissed in SQL), oldest slot first; only `userId`'s when given. Not locked: the caller locks
 * each visit's orders first (the booking's lock order) and checks again under that lock.
 */
export function missedCandidates(db: DbOrTx, now: Date, limit: number, userId?: string) {
  return db
    .select({ id: pickupAppointments.id, userId: pickupAppointments.userId })
    .from(pickupAppointments)
    .innerJoin(pickupSlots, eq(pickupSlots.id, pickupAppointments.slotId))
    .where(
      and(
        eq(pickupAppointments.status, 'scheduled'),
        isNull(pickupAppointments.checkedInAt),
        lte(pickupSlots.endsAt, now),
        ...(userId ? [eq(pickupAppointments.userId, userId)] : []),
      ),
    )
    .orderBy(asc(pickupSlots.endsAt), asc(pickupAppointments.id))
    .limit(limit);
}

/** One visit with its slot, its row locked FOR UPDATE. */
export async function lockedVisit(tx: Tx, appointmentId: string) {
  const [row] = await tx
    .select({ appointment: pickupAppointments, slot: pickupSlots })
    .from(pickupAppointments)
    .innerJoin(pickupSlots, eq(pickupSlots.id, pickupAppointments.slotId))
    .where(eq(pickupAppointments.id, appointmentId))
    .for('update', { of: pickupAppointments });
  return row ?? null;
}

/**
 * A shopper's missed visits, one row per order the miss let go of (links released at or after the
 * slot's end; an order taken out earlier, e.g. refunded, is not one of them), in the shape of
 * appointmentsOf.
 */
export function missedVisitsOf(db: DbOrTx, userId: string) {
  return orderQuery(db, {
    ...orderItemColumns,
    locationName: locations.name,
    appointment: pickupAppointments,
    slot: pickupSlots,
  })
    .innerJoin(locations, eq(locations.id, orders.locationId))
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

// ---------------------------------------------------------------------------------------------------
// Walk-ins (docs/decisions/080-pickup-missed-walk-ins.md)

/** The pickup code of the latest visit this order missed (null: none). */
const missedCodeOf = sql<
  string | null
>`(select ${pickupAppointments.shortCode} from ${pickupAppointmentOrders} inner join ${pickupAppointments} on ${pickupAppointments.id} = ${pickupAppointmentOrders.appointmentId} where ${pickupAppointmentOrders.orderId} = ${orders.id} and ${pickupAppointments.status} = 'missed' order by ${pickupAppointments.updatedAt} desc limit 1)`;

/**
 * Paid orders (paid or ready_for_pickup) in no booked visit whose shopper's name or email contains
 * `q`, whose number starts with `q`, or whose missed visit had the pickup code `code`: the desk hands
 * them over without an appointment. At most 50, the oldest auction first.
 */
export function deskWalkIns(
  db: DbOrTx,
  search: { q?: string | undefined; code?: string | null | undefined },
) {
  const matches = [
    ...(search.q ? [nameEmailOrNumber(search.q)] : []),
    ...(search.code ? [sql`${missedCodeOf} = ${search.code}`] : []),
  ];
  if (matches.length === 0) return Promise.resolve([]);
  return orderQuery(db, {
    ...orderItemColumns,
    slug: products.slug,
    sku: products.sku,
    deskNotes: products.deskNotes,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    locationName: locations.name,
    missedCode: missedCodeOf,
  })
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .where(
      and(
        inArray(orders.status, ['paid', 'ready_for_pickup']),
        sql`not exists (select 1 from ${pickupAppointmentOrders} where ${pickupAppointmentOrders.orderId} = ${orders.id} and ${pickupAppointmentOrders.releasedAt} is null)`,
        or(...matches),
      ),
    )
    .orderBy(asc(auctions.endTime), asc(orders.id))
    .limit(50);
}
