// Pickup (decision 016): the slots a shopper may book, booking and moving in one transaction (a slot
// never holds more places than its capacity), cancelling, the Appointments tab, the staff schedule
// and the pickup desk. An appointment is a visit for one or more paid orders at one location
// (decision 058): it is booked, moved and cancelled as one and takes 1 place, or 2 above the
// location's items limit. The rules are core's; this file loads, locks and stores.
import { randomBytes } from 'node:crypto';
import type { DeskMarkKind } from '@rebound/contract/desk-marks';
import {
  type AppointmentsResponse,
  type AppointmentView,
  type AvailableSlotsQuery,
  type AvailableSlotsResponse,
  type CancelPickupResponse,
  type DeskAppointment,
  type DeskLookupResponse,
  type DeskOrderResponse,
  type DeskTodayResponse,
  PICKUP_TEXT,
  type PickupScheduleBody,
  type PickupScheduleResponse,
  type SchedulePickupBody,
  type SchedulePickupResponse,
  type SchedulePreviewResponse,
  SLOT_REFUSAL_ERROR,
} from '@rebound/contract/pickup';
import { locationRoom, userRoom } from '@rebound/contract/rooms';
import { productSku } from '@rebound/core/catalog';
import { deskMarkedRefusal, deskMarkStatusLabel } from '@rebound/core/desk-notices';
import { isPickupOpen, wasPaid } from '@rebound/core/orders';
import {
  availableSlotDays,
  canBookSlot,
  canChangeAppointment,
  normalizeShortCode,
  orderStorageFeeCents,
  type PickupSchedule,
  pickupQrPayload,
  pickupShortCode,
  SHORT_CODE_BYTES,
  slotIdOf,
  slotsForDay,
  storageFeeStartDateKey,
} from '@rebound/core/pickup';
import { daysEarly } from '@rebound/core/pickup-desk';
import { pickupDateLabel } from '@rebound/core/pickup-notices';
import {
  statusAfterVisit,
  visitItemsLabel,
  visitPlaces,
  visitRefusal,
  visitWindow,
} from '@rebound/core/pickup-visit';
import { slotTimeLabel } from '@rebound/core/slot-label';
import { addDaysToDateKey, relativeDayLabel, vancouverDateKey, vancouverDateTime } from '@rebound/core/time';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isConcurrentAbort, isUniqueViolation } from '../../db/errors';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Publisher } from '../../lib/publish';
import type { Published } from '../../realtime/hub';
import { enqueueNotices, notificationsChanged } from '../notifications';
import { transitionOrder, updateOrderFields } from '../orders';
import { assertNoStorageOwed } from '../storage-fees';
import { markMissedVisits } from './missed';
import { pickupCancelledNoticeOf, pickupConfirmedNoticeOf } from './notices';
import * as repo from './repository';
import { findWalkIns } from './walk-in';

export interface PickupDeps {
  db: Db;
  clock: Clock;
  /** Realtime events, called after each commit (lib/publish.ts). */
  publish: Publisher;
}

/**
 * The desk's steps that must refuse a marked item: the order's desk mark, read under the order's
 * lock (desk-marks' `deskMarkKindOf`, passed in by app.ts: desk-marks refunds through the refunds
 * module, which frees pickup places, so pickup cannot import it).
 */
export interface DeskStepDeps extends PickupDeps {
  deskMarkOf: (tx: Tx, orderId: string) => Promise<{ kind: DeskMarkKind } | null>;
}

type OrderRow = NonNullable<Awaited<ReturnType<typeof repo.orderForPickup>>>;
type OrderRecord = OrderRow['order'];

/** The order row moved by transitionOrder; the caller holds its lock, so it cannot have moved away. */
function lockedMove(row: OrderRecord | null, orderId: string): OrderRecord {
  if (!row) throw new Error(`order ${orderId} left its status under lock`);
  return row;
}

/** The Vancouver midnight starting `dateKey`. */
const startOfDay = (dateKey: string) => vancouverDateTime(dateKey, 0, 0);

/** The shopper's own order, or 404 (another shopper's order reads as missing). */
function ownOrder(row: OrderRow | null, user: SessionUser): OrderRow {
  if (!row || row.order.userId !== user.id) throw new AppError('order_not_found');
  return row;
}

async function scheduleForLocation(db: DbOrTx, locationId: string) {
  const location = await repo.locationOf(db, locationId);
  if (!location) throw new AppError('location_not_found');
  const schedule = await repo.scheduleOf(db, locationId, location.pickupMinNoticeMinutes);
  return { location, schedule };
}

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

// ---------------------------------------------------------------------------------------------------
// Shopper

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
  const slots: AvailableSlotsResponse['slots'] = {};
  for (const [dateKey, list] of Object.entries(days.slots)) {
    slots[dateKey] = list.map((s) => ({
      slotId: s.slotId,
      timeLabel: s.timeLabel,
      availableSpots: s.availableSpots,
      isFull: s.isFull,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
    }));
  }
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
    if (!(await repo.shortCodeTaken(db, code))) return code;
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
 * Takes `places` places in a pickup slot row under its row lock (one conditional UPDATE: never past
 * `capacity`). False when there is not room (nothing taken). For anything else that holds a place in
 * a slot (a returns drop-off); the caller's transaction. Give them back with releaseSlotPlaces.
 */
export async function takeSlotPlaces(
  tx: Tx,
  slotRowId: string,
  places: number,
  capacity: number,
): Promise<boolean> {
  await repo.lockSlots(tx, [slotRowId]);
  return (await repo.takePlaces(tx, slotRowId, places, capacity)) !== null;
}

/** Gives back `places` places taken with takeSlotPlaces, under the slot row's lock. */
export async function releaseSlotPlaces(tx: Tx, slotRowId: string, places: number): Promise<void> {
  await repo.lockSlots(tx, [slotRowId]);
  await repo.freePlaces(tx, slotRowId, places);
}

/** The slot row of a location's slot (created on first use): what takeSlotPlaces takes places in. */
export async function slotRowOf(
  tx: Tx,
  slot: { locationId: string; startsAt: Date; endsAt: Date; capacity: number },
): Promise<string> {
  return repo.ensureSlot(tx, slot);
}

/**
 * Takes the order out of its scheduled visit. The one way to free a place, for the shopper's cancel
 * and for anything else that ends a booking (a refund); the order's status is the caller's. The last
 * order out cancels the visit and gives its places back; a visit left within the location's items
 * limit gives its second place back. Null when the order was in no scheduled visit; else the slot's
 * location (whose open pages hear the freed place).
 */
export async function releaseAppointment(
  tx: Tx,
  orderId: string,
  now: Date,
): Promise<{ locationId: string } | null> {
  const existing = await repo.appointmentOfOrder(tx, orderId);
  if (existing?.appointment.status !== 'scheduled') return null;
  const a = existing.appointment;
  await repo.lockSlots(tx, [existing.slot.id]);
  await repo.releaseLinks(tx, a.id, now, [orderId]);
  const left = await repo.visitOrderIds(tx, a.id);
  if (left.length === 0) {
    await repo.freePlaces(tx, existing.slot.id, a.places);
    await repo.updateAppointment(tx, a.id, { status: 'cancelled', cancelledAt: now, updatedAt: now });
  } else {
    const location = await repo.locationOf(tx, existing.slot.locationId);
    const places = Math.min(a.places, visitPlaces(left.length, location?.maxItemsPerVisit ?? null));
    if (places < a.places) {
      await repo.freePlaces(tx, existing.slot.id, a.places - places);
      await repo.updateAppointment(tx, a.id, { places, updatedAt: now });
    }
  }
  return { locationId: existing.slot.locationId };
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
    repo.appointmentsOf(deps.db, user.id),
    repo.missedVisitsOf(deps.db, user.id),
  ]);
  const visits = await repo.visitOrderIdsOf(
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

// ---------------------------------------------------------------------------------------------------
// Staff: the schedule

function scheduleAnswer(
  location: NonNullable<Awaited<ReturnType<typeof repo.locationOf>>>,
  schedule: PickupSchedule,
): PickupScheduleResponse {
  return {
    locationId: location.id,
    locationName: location.name,
    schedule: { ...schedule, maxItemsPerVisit: location.maxItemsPerVisit },
    updatedAt: location.pickupScheduleUpdatedAt?.toISOString() ?? null,
  };
}

export async function getSchedule(deps: PickupDeps, locationId: string): Promise<PickupScheduleResponse> {
  const { location, schedule } = await scheduleForLocation(deps.db, locationId);
  return scheduleAnswer(location, schedule);
}

/** PUT: replaces the schedule (the contract's schema has already run core's checks). */
export async function putSchedule(
  deps: PickupDeps,
  locationId: string,
  body: PickupScheduleBody,
): Promise<PickupScheduleResponse> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const location = await repo.locationOf(tx, locationId);
    if (!location) throw new AppError('location_not_found');
    await repo.replaceSchedule(tx, locationId, body, now);
  });
  await deps.publish([
    {
      room: locationRoom(locationId),
      event: { type: 'PickupSlotsChangedV1', locationId, serverTime: now.toISOString() },
    },
  ]);
  return getSchedule(deps, locationId);
}

// ---------------------------------------------------------------------------------------------------
// Staff: the pickup desk

type DeskRow = Awaited<ReturnType<typeof repo.deskByCode>>[number];

function toDeskAppointment(r: DeskRow, now: Date, visitItemCount: number): DeskAppointment {
  const completedAt = r.appointment.completedAt ?? r.order.completedAt;
  const date = vancouverDateKey(r.slot.startsAt);
  return {
    appointmentId: r.appointment.id,
    orderId: r.order.id,
    orderNumber: r.order.id.slice(0, 8),
    shortCode: r.appointment.shortCode,
    productTitle: r.title,
    sku: productSku(r),
    deskNotes: r.deskNotes,
    shopperName: `${r.firstName} ${r.lastName}`.trim() || r.email,
    shopperEmail: r.email,
    orderStatus: r.order.status,
    status: r.appointment.status,
    notes: r.appointment.notes,
    date,
    timeLabel: slotTimeLabel(r.slot.startsAt, r.slot.endsAt),
    startsAt: r.slot.startsAt.toISOString(),
    endsAt: r.slot.endsAt.toISOString(),
    daysEarly: r.appointment.status === 'scheduled' ? daysEarly(date, vancouverDateKey(now)) : 0,
    readyAt: r.order.readyAt?.toISOString() ?? null,
    completedAt: completedAt?.toISOString() ?? null,
    storageFeeCents: orderStorageFeeCents(
      { status: r.order.status, auctionEnd: r.auctionEndedAt, completedAt },
      now,
    ),
    visitItemCount,
    places: r.appointment.places,
  };
}

/** Desk rows as the desk shows them, each with its visit's item count (the rows carry every order). */
function toDeskAppointments(rows: DeskRow[], now: Date): DeskAppointment[] {
  const count = new Map<string, number>();
  for (const r of rows) count.set(r.appointment.id, (count.get(r.appointment.id) ?? 0) + 1);
  return rows.map((r) => toDeskAppointment(r, now, count.get(r.appointment.id) ?? 1));
}

/** GET /api/admin/pickup/today: the day's booked slots at a location with who comes and what to stage. */
export async function deskToday(
  deps: PickupDeps,
  locationId: string,
  date: string | undefined,
): Promise<DeskTodayResponse> {
  const now = deps.clock.now();
  const location = await repo.locationOf(deps.db, locationId);
  if (!location) throw new AppError('location_not_found');
  const day = date ?? vancouverDateKey(now);
  const from = startOfDay(day);
  const to = startOfDay(addDaysToDateKey(day, 1));
  const [slotRows, rows] = await Promise.all([
    repo.slotRows(deps.db, locationId, from, to),
    repo.deskDay(deps.db, locationId, from, to),
  ]);
  const byId = new Map<string, DeskAppointment[]>();
  // An item marked missing or damaged stays in its visit, saying so (docs/decisions/057).
  const views = toDeskAppointments(rows, now).map((view, i) => {
    const kind = rows[i]!.markKind;
    return {
      ...view,
      deskMark: kind ? { kind, label: deskMarkStatusLabel(kind, view.orderStatus === 'refunded') } : null,
    };
  });
  rows.forEach((r, i) => {
    const list = byId.get(r.slot.id) ?? [];
    list.push(views[i]!);
    byId.set(r.slot.id, list);
  });
  return {
    serverTime: now.toISOString(),
    locationId,
    date: day,
    slots: slotRows
      .filter((s) => byId.has(s.id))
      .map((s) => {
        const appointments = byId.get(s.id) ?? [];
        return {
          slotId: slotIdOf(locationId, s.startsAt),
          timeLabel: slotTimeLabel(s.startsAt, s.endsAt),
          startsAt: s.startsAt.toISOString(),
          endsAt: s.endsAt.toISOString(),
          capacity: s.capacity,
          bookedCount: s.bookedCount,
          // Still on the shelves: booked for this slot and not staged yet.
          toStageCount: appointments.filter((a) => a.status === 'scheduled' && a.readyAt === null).length,
          appointments,
        };
      }),
  };
}

/**
 * GET /api/admin/pickup/lookup: by short code (or QR text), else by shopper name, email, order number
 * or a code typed in the search box; with the paid orders in no booked visit that match, which the
 * desk hands over as walk-ins (./walk-in.ts).
 */
export async function deskLookup(
  deps: PickupDeps,
  query: { code?: string | undefined; q?: string | undefined },
): Promise<DeskLookupResponse> {
  const now = deps.clock.now();
  const code = query.code ?? (query.q ? normalizeShortCode(query.q) : null);
  const [byCode, byName, walkIns] = await Promise.all([
    code ? repo.deskByCode(deps.db, code) : [],
    query.q ? repo.deskByName(deps.db, query.q) : [],
    findWalkIns(deps.db, { q: query.q, code }, now),
  ]);
  const seen = new Set<string>();
  const rows = [...byCode, ...byName].filter((r) => {
    const key = `${r.appointment.id}:${r.order.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { appointments: toDeskAppointments(rows, now), walkIns };
}

/**
 * A desk mark (missing or damaged) and a hand-over of one order are exclusive: both take the order's
 * row lock first, the mark writes its row before it commits and only then refunds, so a hand-over that
 * gets the lock after a mark finds the mark here, and a mark after a hand-over finds the order
 * completed (core canMarkAtDesk).
 */
async function assertNotMarked(deps: DeskStepDeps, tx: Tx, orderId: string): Promise<void> {
  const mark = await deps.deskMarkOf(tx, orderId);
  if (mark) throw new AppError('pickup_handover_not_allowed', { message: deskMarkedRefusal(mark.kind) });
}

function deskOrderAnswer(o: OrderRecord): DeskOrderResponse {
  return {
    orderId: o.id,
    orderStatus: o.status,
    readyAt: o.readyAt?.toISOString() ?? null,
    completedAt: o.completedAt?.toISOString() ?? null,
  };
}

/**
 * POST /api/admin/pickup/orders/:orderId/ready: the item is staged. A paid order becomes
 * ready_for_pickup; a scheduled one keeps its booking (pickup_scheduled) and gets its ready time.
 */
export async function deskReady(deps: DeskStepDeps, orderId: string): Promise<DeskOrderResponse> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await repo.orderForPickup(tx, orderId, true);
    if (!row) throw new AppError('order_not_found');
    const o = row.order;
    if (!isPickupOpen(o.status)) throw new AppError('pickup_handover_not_allowed');
    await assertNotMarked(deps, tx, orderId);
    const readyAt = o.readyAt ?? now;
    const updated =
      o.status === 'paid'
        ? lockedMove(
            await transitionOrder(tx, orderId, {
              from: 'paid',
              to: 'ready_for_pickup',
              at: now,
              set: { readyAt },
            }),
            orderId,
          )
        : (await updateOrderFields(tx, [orderId], { readyAt }, now))[0]!;
    return deskOrderAnswer(updated);
  });
}

/**
 * POST /api/admin/pickup/orders/:orderId/complete: ID checked, handed over by `staff`. Before the
 * booked day it is refused with 'pickup_early' unless staff confirm the early hand-over (`early`).
 */
export async function deskComplete(
  deps: DeskStepDeps,
  staff: SessionUser,
  orderId: string,
  opts: { early?: boolean | undefined } = {},
): Promise<DeskOrderResponse> {
  const { answer, events } = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await repo.orderForPickup(tx, orderId, true);
    if (!row) throw new AppError('order_not_found');
    const o = row.order;
    if (!isPickupOpen(o.status)) throw new AppError('pickup_handover_not_allowed');
    await assertNotMarked(deps, tx, orderId);
    const existing = await repo.appointmentOfOrder(tx, orderId);
    // Storage fees owed are paid (online, or recorded at the desk) before the hand-over.
    await assertNoStorageOwed(tx, orderId, now);
    if (existing && existing.appointment.status === 'scheduled' && opts.early !== true) {
      const booked = vancouverDateKey(existing.slot.startsAt);
      if (daysEarly(booked, vancouverDateKey(now)) > 0) {
        throw new AppError('pickup_early', { params: { date: pickupDateLabel(booked) } });
      }
    }
    if (existing && existing.appointment.status === 'scheduled') {
      // The visit is checked in with its first item handed over.
      await repo.updateAppointment(tx, existing.appointment.id, {
        checkedInAt: existing.appointment.checkedInAt ?? now,
        checkedInBy: existing.appointment.checkedInBy ?? staff.id,
        updatedAt: now,
      });
    }
    const updated = lockedMove(
      await transitionOrder(tx, orderId, {
        from: o.status,
        to: 'completed',
        at: now,
        set: { completedAt: now, readyAt: o.readyAt ?? now },
      }),
      orderId,
    );
    await completeVisitIfDone(tx, orderId, staff.id, now);
    return {
      answer: deskOrderAnswer(updated),
      events: [
        { room: userRoom(o.userId), event: { type: 'OrdersChangedV1', serverTime: now.toISOString() } },
      ] satisfies Published[],
    };
  });
  await deps.publish(events);
  return answer;
}

/**
 * Completes the order's scheduled visit when none of its orders is still open for pickup (each handed
 * over, or marked otherwise at the desk). Call it after moving any order of a visit out of pickup;
 * true when the visit was completed now.
 */
export async function completeVisitIfDone(
  tx: Tx,
  orderId: string,
  staffId: string,
  now: Date,
): Promise<boolean> {
  const existing = await repo.appointmentOfOrder(tx, orderId);
  if (existing?.appointment.status !== 'scheduled') return false;
  const rows = await repo.ordersForPickup(tx, await repo.visitOrderIds(tx, existing.appointment.id));
  if (rows.some((r) => isPickupOpen(r.order.status))) return false;
  await repo.updateAppointment(tx, existing.appointment.id, {
    status: 'completed',
    checkedInAt: existing.appointment.checkedInAt ?? now,
    checkedInBy: existing.appointment.checkedInBy ?? staffId,
    completedAt: now,
    completedBy: staffId,
    updatedAt: now,
  });
  return true;
}

/**
 * POST …/pickup-schedule/preview: what saving `body` would do to booked appointments that have not
 * started. Nothing is saved and nothing is moved: appointments outside the new schedule stay booked
 * (the shopper holds a confirmation), so staff see them first and decide (decision 024).
 */
export async function previewSchedule(
  deps: PickupDeps,
  locationId: string,
  body: PickupScheduleBody,
): Promise<SchedulePreviewResponse> {
  const now = deps.clock.now();
  const location = await repo.locationOf(deps.db, locationId);
  if (!location) throw new AppError('location_not_found');
  const rows = await repo.upcomingScheduled(deps.db, locationId, now);
  const days = new Map<string, Map<number, { endsAt: number; capacity: number }>>();
  const slotsOf = (dateKey: string) => {
    let day = days.get(dateKey);
    if (!day) {
      day = new Map(
        slotsForDay(body, dateKey, locationId).map((s) => [
          s.startsAt.getTime(),
          { endsAt: s.endsAt.getTime(), capacity: s.capacity },
        ]),
      );
      days.set(dateKey, day);
    }
    return day;
  };
  const stranded: SchedulePreviewResponse['stranded'] = [];
  const over = new Map<string, SchedulePreviewResponse['overCapacity'][number]>();
  for (const r of rows) {
    const dateKey = vancouverDateKey(r.slot.startsAt);
    const slot = slotsOf(dateKey).get(r.slot.startsAt.getTime());
    const timeLabel = slotTimeLabel(r.slot.startsAt, r.slot.endsAt);
    if (!slot || slot.endsAt !== r.slot.endsAt.getTime()) {
      stranded.push({
        appointmentId: r.appointment.id,
        orderId: r.order.id,
        orderNumber: r.order.id.slice(0, 8),
        shopperName: `${r.firstName} ${r.lastName}`.trim() || r.email,
        shopperEmail: r.email,
        productTitle: r.title,
        date: dateKey,
        timeLabel,
        startsAt: r.slot.startsAt.toISOString(),
        reason: body.closedDates.includes(dateKey) ? 'closed_date' : 'outside_hours',
      });
    } else if (r.slot.bookedCount > slot.capacity) {
      over.set(r.slot.id, {
        date: dateKey,
        timeLabel,
        startsAt: r.slot.startsAt.toISOString(),
        bookedCount: r.slot.bookedCount,
        capacity: slot.capacity,
      });
    }
  }
  return { stranded, overCapacity: [...over.values()] };
}
