// Pickup, the shopper's side (decision 016): the slots a shopper may book, booking and moving in one
// transaction (a slot never holds more places than its capacity), cancelling, the Appointments tab.
import { randomBytes } from 'node:crypto';
import {
  type AppointmentsResponse,
  type AppointmentView,
  type AvailableSlotsQuery,
  type AvailableSlotsResponse,
  type CancelPickupResponse,
  PICKUP_TEXT,
  type SchedulePickupBody,
  type SchedulePickupResponse,
  SLOT_REFUSAL_ERROR,
} from '@rebound/contract/pickup';
import { locationRoom, userRoom } from '@rebound/contract/rooms';
import { isPickupOpen, wasPaid } from '@rebound/core/orders';
import {
  availableSlotDays,
  canBookSlot,
  canChangeAppointment,
  orderStorageFeeCents,
  pickupQrPayload,
  pickupShortCode,
  SHORT_CODE_BYTES,
  slotIdOf,
  storageFeeStartDateKey,
} from '@rebound/core/pickup';
import {
  statusAfterVisit,
  visitItemsLabel,
  visitPlaces,
  visitRefusal,
  visitWindow,
} from '@rebound/core/pickup-visit';
import { slotTimeLabel } from '@rebound/core/slot-label';
import { addDaysToDateKey, relativeDayLabel, vancouverDateKey } from '@rebound/core/time';
import type { DbOrTx } from '../../db/client';
import { isConcurrentAbort, isUniqueViolation } from '../../db/errors';
import type { SessionUser } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';
import type { Published } from '../../realtime/hub';
import { enqueueNotices, notificationsChanged } from '../notifications';
import { transitionOrder } from '../orders';
import * as bookingRepo from './booking-repository';
import { markMissedVisits } from './missed';
import { pickupCancelledNoticeOf, pickupConfirmedNoticeOf } from './notices';
import { slotDaysJson } from './places';
import * as repo from './repository';
import {
  lockedMove,
  type OrderRecord,
  type OrderRow,
  ownOrder,
  type PickupDeps,
  releaseAppointment,
  scheduleForLocation,
  startOfDay,
} from './service';

/** Booked counts (places) by core slot id for a window. */
async function bookedCountsFor(
  db: DbOrTx,
  locationId: string,
  { firstDateKey, lastDateKey }: { firstDateKey: string; lastDateKey: string },
) {
  const rows = await repo.bookedSlots(
    db,
    locationId,
    startOfDay(firstDateKey),
    startOfDay(addDaysToDateKey(lastDateKey, 1)),
  );
  return new Map(rows.map((r) => [slotIdOf(locationId, r.startsAt), r.bookedCount]));
}

/**
 * Marks the shopper's visits whose slot ended without a check-in as missed before reading or changing
 * them (./missed.ts), so their orders are bookable again and the views say missed.
 */
async function missedFirst(deps: PickupDeps, user: SessionUser): Promise<void> {
  await markMissedVisits(deps.db, deps.clock.now(), deps.publish, { userId: user.id });
}

/** The order ids a request names: `orderIds`, else the one `orderId` (deduplicated, in id order). */
function requestedOrderIds(b: { orderId?: string | undefined; orderIds?: string[] | undefined }): string[] {
  const ids = [...new Set([...(b.orderIds ?? []), ...(b.orderId ? [b.orderId] : [])])].sort();
  if (ids.length === 0) throw new AppError('validation_failed', { message: PICKUP_TEXT.visitNoneChosen });
  return ids;
}

/** Refuses orders that cannot share one visit (core visitRefusal) with the shopper's words. */
function refuseMixedVisit(rows: OrderRow[]): { firstDateKey: string; lastDateKey: string } {
  const refusal = visitRefusal(
    rows.map((r) => ({ locationId: r.order.locationId, auctionEnd: r.auctionEndedAt })),
  );
  if (refusal === 'mixed_locations') {
    throw new AppError('pickup_not_allowed', { message: PICKUP_TEXT.visitMixedLocations });
  }
  const window = visitWindow(rows.map((r) => r.auctionEndedAt));
  if (refusal !== null || window === null) {
    throw new AppError('slot_unavailable', { message: PICKUP_TEXT.visitNoCommonDay });
  }
  return window;
}

/**
 * The shopper's orders named by a request, each open for pickup, and the one scheduled visit some of
 * them are already in (null: none). Orders of two different visits are refused.
 */
async function visitRequest(db: DbOrTx, user: SessionUser, ids: string[], lock: boolean) {
  const rows = await repo.ordersForPickup(db, ids, lock);
  for (const id of ids) ownOrder(rows.find((r) => r.order.id === id) ?? null, user);
  if (rows.some((r) => !isPickupOpen(r.order.status))) throw new AppError('pickup_not_allowed');
  const visits = (await repo.visitsOfOrders(db, ids)).filter((v) => v.appointment.status === 'scheduled');
  const visitIds = new Set(visits.map((v) => v.appointment.id));
  if (visitIds.size > 1)
    throw new AppError('pickup_not_allowed', { message: PICKUP_TEXT.visitOrderElsewhere });
  return { rows, scheduled: visits[0] ?? null };
}

/** GET /api/pickup/slots: the slots the shopper may book for a visit of their paid orders. */
export async function availableSlots(
  deps: PickupDeps,
  user: SessionUser,
  query: AvailableSlotsQuery,
): Promise<AvailableSlotsResponse> {
  const { db, clock } = deps;
  const ids = requestedOrderIds(query);
  await missedFirst(deps, user);
  const { rows: asked, scheduled } = await visitRequest(db, user, ids, false);
  // Moving a visit: its other orders come along, and their windows count too.
  const others = scheduled
    ? (await repo.visitOrderIds(db, scheduled.appointment.id)).filter((id) => !ids.includes(id))
    : [];
  const rows = [...asked, ...(await repo.ordersForPickup(db, others))].filter((r) =>
    isPickupOpen(r.order.status),
  );
  const window = refuseMixedVisit(rows);
  const locationId = rows[0]!.order.locationId;
  const [{ location, schedule }, bookedCounts] = await Promise.all([
    scheduleForLocation(db, locationId),
    bookedCountsFor(db, locationId, window),
  ]);
  const places = visitPlaces(rows.length, location.maxItemsPerVisit);
  const now = clock.now();
  const days = availableSlotDays(schedule, {
    auctionEnd: rows[0]!.auctionEndedAt,
    window,
    now,
    bookedCounts,
    locationId,
    places,
    ...(query.startDate !== undefined ? { startDate: query.startDate } : {}),
    ...(query.days !== undefined ? { days: query.days } : {}),
  });
  const slots: AvailableSlotsResponse['slots'] = slotDaysJson(days.slots);
  return {
    serverTime: now.toISOString(),
    orderId: ids[0]!,
    orderIds: rows.map((r) => r.order.id).sort(),
    places,
    locationId,
    window: days.window,
    slots,
    currentSlotId: scheduled ? slotIdOf(locationId, scheduled.slot.startsAt) : null,
  };
}

type AppointmentRow = {
  order: OrderRecord;
  auctionEndedAt: Date;
  title: string;
  locationName: string;
  appointment: Awaited<ReturnType<typeof repo.insertAppointment>> | null;
  slot: { startsAt: Date; endsAt: Date } | null;
};

export function toAppointmentView(
  r: AppointmentRow,
  now: Date,
  visitOrderIds: string[] = r.appointment ? [r.order.id] : [],
): AppointmentView {
  const o = r.order;
  const a = r.appointment;
  const slot = a ? r.slot : null;
  const status = a?.status ?? (o.status === 'completed' ? 'completed' : 'scheduled');
  const date = slot ? vancouverDateKey(slot.startsAt) : null;
  const paid = wasPaid(o.status) && o.paidAt !== null;
  const completedAt = a?.completedAt ?? (o.status === 'completed' ? o.completedAt : null);
  return {
    id: a?.id ?? null,
    orderId: o.id,
    orderNumber: o.id.slice(0, 8),
    productTitle: r.title,
    amountCents: paid ? (o.totalCents ?? o.finalAmountCents) : o.finalAmountCents,
    orderStatus: o.status,
    status,
    locationName: r.locationName,
    date,
    timeLabel: slot ? slotTimeLabel(slot.startsAt, slot.endsAt) : null,
    startsAt: slot?.startsAt.toISOString() ?? null,
    endsAt: slot?.endsAt.toISOString() ?? null,
    notes: a?.notes ?? null,
    relativeDay: date && status === 'scheduled' ? relativeDayLabel(date, vancouverDateKey(now)) : null,
    detailsPending: status === 'scheduled' && slot === null,
    shortCode: a?.shortCode ?? null,
    qrPayload: a?.shortCode ? pickupQrPayload(a.shortCode) : null,
    canChange: status === 'scheduled' && slot !== null && canChangeAppointment(slot.startsAt, now),
    completedAt: completedAt?.toISOString() ?? null,
    storageFeeCents: orderStorageFeeCents(
      { status: o.status, auctionEnd: r.auctionEndedAt, completedAt },
      now,
    ),
    storageFeeFrom: storageFeeStartDateKey(r.auctionEndedAt),
    visitOrderIds,
    places: a?.places ?? 1,
  };
}

/** A new short code not in use (drawn again on a clash; the unique index is the last word). */
async function freshShortCode(db: DbOrTx): Promise<string> {
  for (let i = 0; i < 10; i += 1) {
    const code = pickupShortCode(randomBytes(SHORT_CODE_BYTES));
    if (!(await bookingRepo.shortCodeTaken(db, code))) return code;
  }
  throw new Error('no free pickup short code after 10 draws');
}

/** Deadlocks and a short-code clash with a concurrent booking are retried (the whole transaction). */
function isRetryable(err: unknown): boolean {
  return isUniqueViolation(err, 'pickup_appointments_short_code_unique') || isConcurrentAbort(err);
}

async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= 4 || !isRetryable(err)) throw err;
    }
  }
}

function slotsChanged(locationId: string, userId: string, now: Date): Published[] {
  const serverTime = now.toISOString();
  return [
    { room: locationRoom(locationId), event: { type: 'PickupSlotsChangedV1', locationId, serverTime } },
    { room: userRoom(userId), event: { type: 'OrdersChangedV1', serverTime } },
  ];
}

/**
 * POST /api/pickup/appointments: books one visit for the shopper's paid orders, or moves the visit
 * they are in (until its slot starts; orders not yet in it join it). One transaction: the orders are
 * locked in id order, core checks the slot against the schedule and the visit's window (the dates
 * all its orders' windows share), and the visit's places are taken with one conditional UPDATE of
 * the slot row (no row back: full).
 */
export async function schedulePickup(
  deps: PickupDeps,
  user: SessionUser,
  body: SchedulePickupBody,
): Promise<SchedulePickupResponse> {
  const { db, clock } = deps;
  const ids = requestedOrderIds(body);
  await missedFirst(deps, user);
  const { answer, events } = await withRetry(() =>
    db.transaction(async (tx) => {
      const now = clock.now();
      const { rows: asked, scheduled } = await visitRequest(tx, user, ids, true);
      if (scheduled && !canChangeAppointment(scheduled.slot.startsAt, now)) {
        throw new AppError('appointment_started');
      }
      const inVisit = scheduled ? await repo.visitOrderIds(tx, scheduled.appointment.id) : [];
      const joining = ids.filter((id) => !inVisit.includes(id));
      const others = inVisit.filter((id) => !ids.includes(id));
      const rows = [...asked, ...(await repo.ordersForPickup(tx, others, true))];
      const open = rows.filter((r) => isPickupOpen(r.order.status));
      const window = refuseMixedVisit(open);
      const locationId = open[0]!.order.locationId;
      const { location, schedule } = await scheduleForLocation(tx, locationId);
      const places = Math.max(visitPlaces(rows.length, location.maxItemsPerVisit), 1);
      const currentSlotId = scheduled ? slotIdOf(locationId, scheduled.slot.startsAt) : null;
      const sameSlot = currentSlotId === body.slotId;
      // Every check but capacity; capacity is the conditional UPDATE below, under the row's lock.
      const check = canBookSlot(schedule, {
        slotId: body.slotId,
        locationId,
        auctionEnd: open[0]!.auctionEndedAt,
        window,
        now,
        bookedCount: 0,
        places,
        // Adding orders to a visit in its own slot is not booking it twice.
        currentSlotId: sameSlot && joining.length > 0 ? null : currentSlotId,
      });
      if (!check.ok) throw new AppError(SLOT_REFUSAL_ERROR[check.reason]);
      const slot = check.slot;
      const slotRowId = await repo.ensureSlot(tx, {
        locationId,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        capacity: slot.capacity,
      });
      if (scheduled && sameSlot) {
        // Orders join the visit where it is: only the extra place (1 -> 2) is taken.
        await repo.lockSlots(tx, [slotRowId]);
        const extra = places - scheduled.appointment.places;
        if (extra > 0 && !(await repo.takePlaces(tx, slotRowId, extra, slot.capacity))) {
          throw new AppError('slot_full');
        }
      } else {
        // A move locks both rows in one order first, so two opposite moves never deadlock.
        if (scheduled) await repo.lockSlots(tx, [slotRowId, scheduled.slot.id]);
        if (!(await repo.takePlaces(tx, slotRowId, places, slot.capacity))) throw new AppError('slot_full');
        if (scheduled) await repo.freePlaces(tx, scheduled.slot.id, scheduled.appointment.places);
      }

      const values = {
        slotId: slotRowId,
        places,
        notes: body.notes ?? null,
        status: 'scheduled' as const,
        bookedAt: now,
        reminderDayBeforeSentAt: null,
        reminderHourBeforeSentAt: null,
        cancelledAt: null,
        updatedAt: now,
      };
      const appointment = scheduled
        ? await repo.updateAppointment(tx, scheduled.appointment.id, {
            ...values,
            shortCode: scheduled.appointment.shortCode ?? (await freshShortCode(tx)),
          })
        : await repo.insertAppointment(tx, {
            ...values,
            userId: user.id,
            shortCode: await freshShortCode(tx),
            createdAt: now,
          });
      await repo.linkOrders(tx, appointment.id, joining);
      const updated = new Map<string, OrderRecord>();
      for (const r of rows) {
        const o = r.order;
        updated.set(
          o.id,
          o.status === 'pickup_scheduled' || !isPickupOpen(o.status)
            ? o
            : lockedMove(
                await transitionOrder(tx, o.id, { from: o.status, to: 'pickup_scheduled', at: now }),
                o.id,
              ),
        );
      }
      const moved = scheduled !== null;
      const visitIds = [...inVisit, ...joining].sort();
      const titles = visitIds.map((id) => rows.find((r) => r.order.id === id)!.title);
      // One confirmation per visit (in-app, and email/SMS/push by the shopper's settings), with the booking.
      await enqueueNotices(tx, now, [
        pickupConfirmedNoticeOf(
          {
            userId: user.id,
            orderId: visitIds[0]!,
            productTitle: visitItemsLabel(titles),
            shortCode: appointment.shortCode,
            startsAt: slot.startsAt,
            endsAt: slot.endsAt,
            location,
          },
          moved,
        ),
      ]);
      const views = visitIds.map((id) => {
        const r = rows.find((x) => x.order.id === id)!;
        return toAppointmentView(
          {
            order: updated.get(id)!,
            auctionEndedAt: r.auctionEndedAt,
            title: r.title,
            locationName: location.name,
            appointment,
            slot,
          },
          now,
          visitIds,
        );
      });
      return {
        answer: {
          message: PICKUP_TEXT.scheduled,
          appointment: views.find((v) => v.orderId === ids[0]) ?? views[0]!,
          appointments: views,
          moved,
        },
        events: [...slotsChanged(locationId, user.id, now), ...notificationsChanged([user.id], now)],
      };
    }),
  );
  await deps.publish(events);
  return answer;
}

/**
 * DELETE /api/pickup/appointments/:orderId: cancels the order's whole visit as one; each of its
 * orders goes back to where it was before the booking and can be scheduled again. The shopper gets
 * one confirmation naming every item (docs/decisions/080-pickup-missed-walk-ins.md).
 */
export async function cancelPickup(
  deps: PickupDeps,
  user: SessionUser,
  orderId: string,
): Promise<CancelPickupResponse> {
  const { db, clock } = deps;
  await missedFirst(deps, user);
  const { answer, events } = await withRetry(() =>
    db.transaction(async (tx) => {
      const now = clock.now();
      const row = ownOrder(await repo.orderForPickup(tx, orderId), user);
      const existing = await repo.appointmentOfOrder(tx, orderId);
      if (existing?.appointment.status !== 'scheduled') throw new AppError('appointment_not_found');
      const ids = await repo.visitOrderIds(tx, existing.appointment.id);
      const rows = await repo.ordersForPickup(tx, ids, true);
      if (!canChangeAppointment(existing.slot.startsAt, now)) throw new AppError('appointment_started');
      for (const r of rows) {
        await releaseAppointment(tx, r.order.id, now);
        if (r.order.status === 'pickup_scheduled') {
          // Back to where it was before the booking: staged (ready) or only paid.
          lockedMove(
            await transitionOrder(tx, r.order.id, {
              from: 'pickup_scheduled',
              to: statusAfterVisit(r.order),
              at: now,
            }),
            r.order.id,
          );
        }
      }
      // The shopper is told by their settings what was cancelled: every item and the time it had.
      const location = await repo.locationOf(tx, existing.slot.locationId);
      if (location) {
        await enqueueNotices(tx, now, [
          pickupCancelledNoticeOf({
            userId: user.id,
            orderId: ids[0] ?? orderId,
            productTitle: visitItemsLabel(rows.map((r) => r.title)),
            shortCode: null,
            startsAt: existing.slot.startsAt,
            endsAt: existing.slot.endsAt,
            location,
          }),
        ]);
      }
      return {
        answer: { orderId, cancelled: true as const, orderIds: ids },
        events: [
          ...slotsChanged(row.order.locationId, user.id, now),
          ...notificationsChanged([user.id], now),
        ],
      };
    }),
  );
  await deps.publish(events);
  return answer;
}

/** GET /api/me/appointments: scheduled and completed pickups, soonest first (no slot detail last). */
export async function myAppointments(deps: PickupDeps, user: SessionUser): Promise<AppointmentsResponse> {
  const now = deps.clock.now();
  await missedFirst(deps, user);
  const [rows, missed] = await Promise.all([
    bookingRepo.appointmentsOf(deps.db, user.id),
    bookingRepo.missedVisitsOf(deps.db, user.id),
  ]);
  const visits = await bookingRepo.visitOrderIdsOf(
    deps.db,
    rows.flatMap((r) => (r.appointment ? [r.appointment.id] : [])),
  );
  // A missed visit's orders are the ones its miss let go of (their links are released).
  const missedIds = new Map<string, string[]>();
  for (const r of missed) {
    missedIds.set(r.appointment.id, [...(missedIds.get(r.appointment.id) ?? []), r.order.id].sort());
  }
  const views = [
    ...rows.map((r) =>
      toAppointmentView(r, now, r.appointment ? (visits.get(r.appointment.id) ?? [r.order.id]) : []),
    ),
    ...missed.map((r) => toAppointmentView(r, now, missedIds.get(r.appointment.id) ?? [r.order.id])),
  ].sort((a, b) => {
    if (a.startsAt === b.startsAt) return a.orderId.localeCompare(b.orderId);
    if (a.startsAt === null) return 1;
    if (b.startsAt === null) return -1;
    return a.startsAt.localeCompare(b.startsAt);
  });
  return { serverTime: now.toISOString(), appointments: views };
}
