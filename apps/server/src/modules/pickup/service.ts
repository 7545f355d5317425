// Pickup (decision 016): what the shopper's booking (booking-service.ts), the staff schedule
// (schedule-service.ts) and the pickup desk (desk-service.ts) share, and a slot's places and a visit's
// links as other modules change them through the door (a return's drop-off, a refund). An appointment
// is a visit for one or more paid orders at one location (decision 058): it is booked, moved and
// cancelled as one and takes 1 place, or 2 above the location's items limit. The rules are core's;
// these files load, lock and store.
import type { DeskMarkKind } from '@rebound/contract/desk-marks';
import { visitPlaces } from '@rebound/core/pickup-visit';
import { vancouverDateTime } from '@rebound/core/time';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Publisher } from '../../lib/publish';
import * as repo from './repository';

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

export type OrderRow = NonNullable<Awaited<ReturnType<typeof repo.orderForPickup>>>;

export type OrderRecord = OrderRow['order'];

/** The order row moved by transitionOrder; the caller holds its lock, so it cannot have moved away. */
export function lockedMove(row: OrderRecord | null, orderId: string): OrderRecord {
  if (!row) throw new Error(`order ${orderId} left its status under lock`);
  return row;
}

/** The Vancouver midnight starting `dateKey`. */
export const startOfDay = (dateKey: string) => vancouverDateTime(dateKey, 0, 0);

/** The shopper's own order, or 404 (another shopper's order reads as missing). */
export function ownOrder(row: OrderRow | null, user: SessionUser): OrderRow {
  if (!row || row.order.userId !== user.id) throw new AppError('order_not_found');
  return row;
}

export async function scheduleForLocation(db: DbOrTx, locationId: string) {
  const location = await repo.locationOf(db, locationId);
  if (!location) throw new AppError('location_not_found');
  const schedule = await repo.scheduleOf(db, locationId, location.pickupMinNoticeMinutes);
  return { location, schedule };
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
