// Pickup, the staff schedule editor (decisions 016 and 024): reading, replacing and previewing a
// location's weekly schedule.
import type {
  PickupScheduleBody,
  PickupScheduleResponse,
  SchedulePreviewResponse,
} from '@rebound/contract/pickup';
import { locationRoom } from '@rebound/contract/rooms';
import { type PickupSchedule, slotsForDay } from '@rebound/core/pickup';
import { slotTimeLabel } from '@rebound/core/slot-label';
import { vancouverDateKey } from '@rebound/core/time';
import { AppError } from '../../lib/errors';
import * as repo from './repository';
import * as scheduleRepo from './schedule-repository';
import { type PickupDeps, scheduleForLocation } from './service';

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
    await scheduleRepo.replaceSchedule(tx, locationId, body, now);
  });
  await deps.publish([
    {
      room: locationRoom(locationId),
      event: { type: 'PickupSlotsChangedV1', locationId, serverTime: now.toISOString() },
    },
  ]);
  return getSchedule(deps, locationId);
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
  const rows = await scheduleRepo.upcomingScheduled(deps.db, locationId, now);
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
