// Pickup SQL of the pickup desk: the day's visits, lookups by code or name and walk-ins (docs/decisions/057-desk-missing-damaged.md, 080-pickup-missed-walk-ins.md).
import { and, asc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItemColumns, orderQuery } from '../../db/orders';
import {
  auctions,
  deskMarks,
  locations,
  orders,
  pickupAppointmentOrders,
  pickupAppointments,
  pickupSlots,
  products,
  users,
} from '../../db/schema';
import { activeLink } from './repository';

/** An order's item as the desk shows it: the item, where it sits, and whose it is. */
const itemAndShopperColumns = {
  ...orderItemColumns,
  slug: products.slug,
  sku: products.sku,
  deskNotes: products.deskNotes,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

const deskColumns = {
  appointment: pickupAppointments,
  slot: pickupSlots,
  ...itemAndShopperColumns,
};

export function deskQuery(db: DbOrTx) {
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
    ...itemAndShopperColumns,
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
