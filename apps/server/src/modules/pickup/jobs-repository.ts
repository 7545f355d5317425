// Pickup SQL of the background jobs: reminders (docs/decisions/017), final notices and missed visits
// (docs/decisions/080-pickup-missed-walk-ins.md).
import { PICKUP_REMINDER_DAY_BEFORE_HOUR, PICKUP_REMINDER_HOUR_BEFORE_MINUTES } from '@rebound/core/pickup';
import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { orderItemColumns, orderQuery } from '../../db/orders';
import {
  auctions,
  locations,
  noticeOnce,
  orders,
  pickupAppointmentOrders,
  pickupAppointments,
  pickupSlots,
} from '../../db/schema';
import { shopInstantSql, shopLocalTimestamp } from '../../db/shop-clock';
import { activeLink } from './repository';

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
