// Pickup (decision 016): the slots a shopper may book for an order, booking and moving in
// one transaction (a slot never holds more than its capacity), cancelling, the Appointments tab, the
// staff schedule and the pickup desk. The rules are core's; this file loads, locks and stores.
import { randomBytes } from 'node:crypto';
import {
  type AppointmentsResponse,
  type AppointmentView,
  type AvailableSlotsQuery,
  type AvailableSlotsResponse,
  type CancelPickupResponse,
  type DeskAppointment,
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
import { isPickupOpen, wasPaid } from '@rebound/core/orders';
import {
  availableSlotDays,
  canBookSlot,
  canChangeAppointment,
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
import { slotTimeLabel } from '@rebound/core/slot-label';
import {
  addDaysToDateKey,
  pickupWindow,
  relativeDayLabel,
  vancouverDateKey,
  vancouverDateTime,
} from '@rebound/core/time';
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
import { pickupConfirmedNoticeOf } from './notices';
import * as repo from './repository';

export interface PickupDeps {
  db: Db;
  clock: Clock;
  /** Realtime events, called after each commit (lib/publish.ts). */
  publish: Publisher;
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

/** Booked counts by core slot id for the order's window. */
async function bookedCountsFor(db: DbOrTx, locationId: string, auctionEnd: Date) {
  const { firstDateKey, lastDateKey } = pickupWindow(auctionEnd);
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

/** GET /api/pickup/slots: the slots the shopper may book for their paid order. */
export async function availableSlots(
  deps: PickupDeps,
  user: SessionUser,
  query: AvailableSlotsQuery,
): Promise<AvailableSlotsResponse> {
  const { db, clock } = deps;
  const row = ownOrder(await repo.orderForPickup(db, query.orderId), user);
  const current = await repo.appointmentOfOrder(db, row.order.id);
  const scheduled = current?.appointment.status === 'scheduled' ? current : null;
  if (!isPickupOpen(row.order.status)) {
    throw new AppError('pickup_not_allowed');
  }
  const locationId = row.order.locationId;
  const [{ schedule }, bookedCounts] = await Promise.all([
    scheduleForLocation(db, locationId),
    bookedCountsFor(db, locationId, row.auctionEndedAt),
  ]);
  const now = clock.now();
  const days = availableSlotDays(schedule, {
    auctionEnd: row.auctionEndedAt,
    now,
    bookedCounts,
    locationId,
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
    orderId: row.order.id,
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

export function toAppointmentView(r: AppointmentRow, now: Date): AppointmentView {
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
 * POST /api/pickup/appointments: books the order's pickup, or moves it (until the old slot starts).
 * One transaction: the order row is locked, core checks the slot against the schedule, and the place
 * is taken with one conditional UPDATE of the slot row (no row back: full).
 */
export async function schedulePickup(
  deps: PickupDeps,
  user: SessionUser,
  body: SchedulePickupBody,
): Promise<SchedulePickupResponse> {
  const { db, clock } = deps;
  const { answer, events } = await withRetry(() =>
    db.transaction(async (tx) => {
      const now = clock.now();
      const row = ownOrder(await repo.orderForPickup(tx, body.orderId, true), user);
      const order = row.order;
      if (!isPickupOpen(order.status)) throw new AppError('pickup_not_allowed');
      const existing = await repo.appointmentOfOrder(tx, order.id);
      const scheduled = existing?.appointment.status === 'scheduled' ? existing : null;
      if (scheduled && !canChangeAppointment(scheduled.slot.startsAt, now)) {
        throw new AppError('appointment_started');
      }
      const locationId = order.locationId;
      const { location, schedule } = await scheduleForLocation(tx, locationId);
      // Every check but capacity; capacity is the conditional UPDATE below, under the row's lock.
      const check = canBookSlot(schedule, {
        slotId: body.slotId,
        locationId,
        auctionEnd: row.auctionEndedAt,
        now,
        bookedCount: 0,
        currentSlotId: scheduled ? slotIdOf(locationId, scheduled.slot.startsAt) : null,
      });
      if (!check.ok) throw new AppError(SLOT_REFUSAL_ERROR[check.reason]);
      const slot = check.slot;
      const slotRowId = await repo.ensureSlot(tx, {
        locationId,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        capacity: slot.capacity,
      });
      // A move locks both rows in one order first, so two opposite moves never deadlock.
      if (scheduled) await repo.lockSlots(tx, [slotRowId, scheduled.slot.id]);
      const taken = await repo.takePlace(tx, slotRowId, slot.capacity);
      if (!taken) throw new AppError('slot_full');
      if (scheduled) await repo.freePlace(tx, scheduled.slot.id);

      const values = {
        slotId: slotRowId,
        notes: body.notes ?? null,
        status: 'scheduled' as const,
        bookedAt: now,
        reminderDayBeforeSentAt: null,
        reminderHourBeforeSentAt: null,
        cancelledAt: null,
        updatedAt: now,
      };
      const appointment = existing
        ? await repo.updateAppointment(tx, existing.appointment.id, {
            ...values,
            shortCode: existing.appointment.shortCode ?? (await freshShortCode(tx)),
          })
        : await repo.insertAppointment(tx, {
            ...values,
            orderId: order.id,
            userId: order.userId,
            shortCode: await freshShortCode(tx),
            createdAt: now,
          });
      const updated =
        order.status === 'pickup_scheduled'
          ? order
          : lockedMove(
              await transitionOrder(tx, order.id, { from: order.status, to: 'pickup_scheduled', at: now }),
              order.id,
            );
      const moved = scheduled !== null;
      // The confirmation (in-app, and email/SMS/push by the shopper's settings) commits with the booking.
      await enqueueNotices(tx, now, [
        pickupConfirmedNoticeOf(
          {
            userId: order.userId,
            orderId: order.id,
            productTitle: row.title,
            shortCode: appointment.shortCode,
            startsAt: slot.startsAt,
            endsAt: slot.endsAt,
            location,
          },
          moved,
        ),
      ]);
      const view = toAppointmentView(
        {
          order: updated,
          auctionEndedAt: row.auctionEndedAt,
          title: row.title,
          locationName: location.name,
          appointment,
          slot,
        },
        now,
      );
      return {
        answer: { message: PICKUP_TEXT.scheduled, appointment: view, moved },
        events: [...slotsChanged(locationId, user.id, now), ...notificationsChanged([order.userId], now)],
      };
    }),
  );
  await deps.publish(events);
  return answer;
}

/**
 * Releases the order's scheduled appointment: the place in its slot is given back and the
 * appointment is cancelled. The one way to do it, for the shopper's cancel and for anything else
 * that ends a booking (a refund); the order's status is the caller's. Null when none was scheduled;
 * else the slot's location (whose open pages hear the freed place).
 */
export async function releaseAppointment(
  tx: Tx,
  orderId: string,
  now: Date,
): Promise<{ locationId: string } | null> {
  const existing = await repo.appointmentOfOrder(tx, orderId);
  if (existing?.appointment.status !== 'scheduled') return null;
  await repo.lockSlots(tx, [existing.slot.id]);
  await repo.freePlace(tx, existing.slot.id);
  await repo.updateAppointment(tx, existing.appointment.id, {
    status: 'cancelled',
    cancelledAt: now,
    updatedAt: now,
  });
  return { locationId: existing.slot.locationId };
}

/** DELETE /api/pickup/appointments/:orderId: frees the place; the order can be scheduled again. */
export async function cancelPickup(
  deps: PickupDeps,
  user: SessionUser,
  orderId: string,
): Promise<CancelPickupResponse> {
  const { db, clock } = deps;
  const { answer, events } = await withRetry(() =>
    db.transaction(async (tx) => {
      const now = clock.now();
      const row = ownOrder(await repo.orderForPickup(tx, orderId, true), user);
      const existing = await repo.appointmentOfOrder(tx, orderId);
      if (existing?.appointment.status !== 'scheduled') throw new AppError('appointment_not_found');
      if (!canChangeAppointment(existing.slot.startsAt, now)) throw new AppError('appointment_started');
      await releaseAppointment(tx, orderId, now);
      if (row.order.status === 'pickup_scheduled') {
        // Back to where it was before the booking: staged (ready) or only paid.
        lockedMove(
          await transitionOrder(tx, orderId, {
            from: 'pickup_scheduled',
            to: row.order.readyAt ? 'ready_for_pickup' : 'paid',
            at: now,
          }),
          orderId,
        );
      }
      return {
        answer: { orderId, cancelled: true as const },
        events: slotsChanged(row.order.locationId, user.id, now),
      };
    }),
  );
  await deps.publish(events);
  return answer;
}

/** GET /api/me/appointments: scheduled and completed pickups, soonest first (no slot detail last). */
export async function myAppointments(deps: PickupDeps, user: SessionUser): Promise<AppointmentsResponse> {
  const now = deps.clock.now();
  const rows = await repo.appointmentsOf(deps.db, user.id);
  const views = rows
    .map((r) => toAppointmentView(r, now))
    .sort((a, b) => {
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
    schedule,
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

function toDeskAppointment(r: DeskRow, now: Date): DeskAppointment {
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
  };
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
  for (const r of rows) {
    const list = byId.get(r.slot.id) ?? [];
    list.push(toDeskAppointment(r, now));
    byId.set(r.slot.id, list);
  }
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

/** GET /api/admin/pickup/lookup: by short code (or QR text), else by shopper name or email. */
export async function deskLookup(
  deps: PickupDeps,
  query: { code?: string | undefined; q?: string | undefined },
): Promise<{ appointments: DeskAppointment[] }> {
  const now = deps.clock.now();
  const rows = query.code
    ? await repo.deskByCode(deps.db, query.code)
    : await repo.deskByName(deps.db, query.q ?? '');
  return { appointments: rows.map((r) => toDeskAppointment(r, now)) };
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
export async function deskReady(deps: PickupDeps, orderId: string): Promise<DeskOrderResponse> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await repo.orderForPickup(tx, orderId, true);
    if (!row) throw new AppError('order_not_found');
    const o = row.order;
    if (!isPickupOpen(o.status)) throw new AppError('pickup_handover_not_allowed');
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
  deps: PickupDeps,
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
      await repo.updateAppointment(tx, existing.appointment.id, {
        status: 'completed',
        checkedInAt: existing.appointment.checkedInAt ?? now,
        checkedInBy: existing.appointment.checkedInBy ?? staff.id,
        completedAt: now,
        completedBy: staff.id,
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
