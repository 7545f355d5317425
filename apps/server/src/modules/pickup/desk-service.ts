// Pickup, the pickup desk (decision 016): the day's visits, lookups, staging and handing over, and
// completing a visit when its last item leaves.
import type {
  DeskAppointment,
  DeskLookupResponse,
  DeskOrderResponse,
  DeskTodayResponse,
} from '@rebound/contract/pickup';
import { userRoom } from '@rebound/contract/rooms';
import { productSku } from '@rebound/core/catalog';
import { deskMarkedRefusal, deskMarkStatusLabel } from '@rebound/core/desk-notices';
import { isPickupOpen } from '@rebound/core/orders';
import { normalizeShortCode, orderStorageFeeCents, slotIdOf } from '@rebound/core/pickup';
import { daysEarly } from '@rebound/core/pickup-desk';
import { pickupDateLabel } from '@rebound/core/pickup-notices';
import { slotTimeLabel } from '@rebound/core/slot-label';
import { addDaysToDateKey, vancouverDateKey } from '@rebound/core/time';
import type { Tx } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';
import type { Published } from '../../realtime/hub';
import { transitionOrder, updateOrderFields } from '../orders';
import { assertNoStorageOwed } from '../storage-fees';
import * as deskRepo from './desk-repository';
import * as repo from './repository';
import { type DeskStepDeps, lockedMove, type OrderRecord, type PickupDeps, startOfDay } from './service';
import { findWalkIns } from './walk-in';

type DeskRow = Awaited<ReturnType<typeof deskRepo.deskByCode>>[number];

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
    deskRepo.slotRows(deps.db, locationId, from, to),
    deskRepo.deskDay(deps.db, locationId, from, to),
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
    code ? deskRepo.deskByCode(deps.db, code) : [],
    query.q ? deskRepo.deskByName(deps.db, query.q) : [],
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
