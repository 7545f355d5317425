// Places in pickup slots for other bookings than a pickup appointment: a return's drop-off takes one
// place in a slot exactly as a pickup does (docs/decisions/055-returns.md), so a slot's capacity
// counts pickups and drop-offs together under the same conditional UPDATE. Only this module writes
// pickup_slots; the returns module books through these three functions.
import { SLOT_REFUSAL_ERROR } from '@rebound/contract/pickup';
import { availableSlotDays, canBookSlot, slotIdOf } from '@rebound/core/pickup';
import { addDaysToDateKey, vancouverDateKey, vancouverDateTime } from '@rebound/core/time';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import * as repo from './repository';

export interface PlaceSlot {
  slotId: string;
  timeLabel: string;
  startsAt: Date;
  endsAt: Date;
  availableSpots: number;
  isFull: boolean;
}

/** Slots by Vancouver date as the API answers them: the same fields, times as ISO strings. */
export function slotDaysJson(days: Record<string, readonly PlaceSlot[]>) {
  const out: Record<
    string,
    (Omit<PlaceSlot, 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string })[]
  > = {};
  for (const [dateKey, list] of Object.entries(days)) {
    out[dateKey] = list.map((s) => ({
      slotId: s.slotId,
      timeLabel: s.timeLabel,
      availableSpots: s.availableSpots,
      isFull: s.isFull,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
    }));
  }
  return out;
}

async function scheduleFor(db: DbOrTx, locationId: string) {
  const location = await repo.locationOf(db, locationId);
  if (!location) throw new AppError('location_not_found');
  const schedule = await repo.scheduleOf(db, locationId, location.pickupMinNoticeMinutes);
  return { location, schedule };
}

/**
 * The location's bookable slots from today (PT) that start before `before`, by Vancouver date, with
 * the places left after pickups and drop-offs. Core's pickup listing is asked for a window that
 * starts today (its eight dates always reach past a return's deadline, which is at most seven
 * days after a hand-over that has already happened); the deadline then cuts it.
 */
export async function slotsBefore(
  db: DbOrTx,
  locationId: string,
  now: Date,
  before: Date,
  opts: { startDate?: string; days?: number } = {},
): Promise<Record<string, PlaceSlot[]>> {
  const { schedule } = await scheduleFor(db, locationId);
  const today = vancouverDateKey(now);
  const rows = await repo.bookedSlots(
    db,
    locationId,
    vancouverDateTime(today, 0, 0),
    vancouverDateTime(addDaysToDateKey(today, 9), 0, 0),
  );
  const bookedCounts = new Map(rows.map((r) => [slotIdOf(locationId, r.startsAt), r.bookedCount]));
  const days = availableSlotDays(schedule, {
    auctionEnd: now,
    now,
    bookedCounts,
    locationId,
    ...(opts.startDate !== undefined ? { startDate: opts.startDate } : {}),
    ...(opts.days !== undefined ? { days: opts.days } : {}),
  });
  const out: Record<string, PlaceSlot[]> = {};
  for (const [dateKey, list] of Object.entries(days.slots)) {
    const kept = list.filter((s) => s.startsAt.getTime() < before.getTime());
    if (kept.length > 0) out[dateKey] = kept;
  }
  return out;
}

/**
 * Takes one place in `slotId` (core's slot id) of the location, in the caller's transaction: the
 * slot must be one the schedule makes, not started, with the notice, starting before `before`, and
 * have a place left (one conditional UPDATE: never past capacity, whatever arrives at once). When
 * `current` (a slot row the booking holds) is given, its place is given back (a move). Throws
 * slot_unavailable / slot_full.
 */
export async function takeSlotPlace(
  tx: Tx,
  input: { locationId: string; slotId: string; now: Date; before: Date; current: string | null },
): Promise<{ slotRowId: string; startsAt: Date; endsAt: Date }> {
  const { schedule } = await scheduleFor(tx, input.locationId);
  const check = canBookSlot(schedule, {
    slotId: input.slotId,
    locationId: input.locationId,
    auctionEnd: input.now,
    now: input.now,
    bookedCount: 0,
  });
  if (!check.ok) throw new AppError(SLOT_REFUSAL_ERROR[check.reason]);
  const slot = check.slot;
  if (slot.startsAt.getTime() >= input.before.getTime()) throw new AppError('slot_unavailable');
  const slotRowId = await repo.ensureSlot(tx, {
    locationId: input.locationId,
    startsAt: slot.startsAt,
    endsAt: slot.endsAt,
    capacity: slot.capacity,
  });
  if (input.current === slotRowId) throw new AppError('slot_unavailable');
  if (input.current) await repo.lockSlots(tx, [slotRowId, input.current]);
  const taken = await repo.takePlaces(tx, slotRowId, 1, slot.capacity);
  if (!taken) throw new AppError('slot_full');
  if (input.current) await repo.freePlaces(tx, input.current, 1);
  return { slotRowId, startsAt: slot.startsAt, endsAt: slot.endsAt };
}

/** Gives back the place a drop-off held in the slot row (in the caller's transaction). */
export async function releaseSlotPlace(tx: Tx, slotRowId: string): Promise<void> {
  await repo.lockSlots(tx, [slotRowId]);
  await repo.freePlaces(tx, slotRowId, 1);
}
