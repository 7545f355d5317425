// Pickup SQL of the staff schedule editor: replacing a location's schedule and the visits its preview
// checks.
import type { PickupSchedule } from '@rebound/core/pickup';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { locations, pickupAppointments, pickupClosures, pickupSchedules, pickupSlots } from '../../db/schema';
import { deskQuery } from './desk-repository';

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
