// Missed visits (docs/decisions/080-pickup-missed-walk-ins.md): a scheduled visit whose slot ended
// with nobody checked in at the desk becomes 'missed'. Its orders leave it (their links are released,
// so each may be booked again within its own pickup window, or collected at the desk as a walk-in)
// and go back to where they were before the booking (core statusAfterVisit) through the orders
// module's transitionOrder. A job runs this every minute for everyone; the shopper's own reads
// (Appointments tab, slots, booking, cancelling) run it for that shopper first, so nobody reads a
// stale 'Pickup Scheduled' between two runs. Safe twice and on several servers: each visit is
// checked again under its orders' locks.

import { userRoom } from '@rebound/contract/rooms';
import { isVisitMissed, statusAfterVisit } from '@rebound/core/pickup-visit';
import type { Db } from '../../db/client';
import type { Publisher } from '../../lib/publish';
import type { Published } from '../../realtime/hub';
import { transitionOrder } from '../orders';
import * as jobsRepo from './jobs-repository';
import * as repo from './repository';

export const MISSED_BATCH = 200;

/** Marks one visit missed if it still is (under its orders' locks); true when it did. */
async function markOne(db: Db, appointmentId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The booking's lock order: the orders (in id order), then the visit.
    const ids = await repo.visitOrderIds(tx, appointmentId);
    const rows = await repo.ordersForPickup(tx, ids, true);
    const visit = await jobsRepo.lockedVisit(tx, appointmentId);
    if (
      !visit ||
      !isVisitMissed(
        {
          status: visit.appointment.status,
          checkedInAt: visit.appointment.checkedInAt,
          slotEndsAt: visit.slot.endsAt,
        },
        now,
      )
    ) {
      return false;
    }
    await repo.releaseLinks(tx, appointmentId, now);
    await repo.updateAppointment(tx, appointmentId, { status: 'missed', updatedAt: now });
    for (const r of rows) {
      if (r.order.status !== 'pickup_scheduled') continue;
      await transitionOrder(tx, r.order.id, {
        from: 'pickup_scheduled',
        to: statusAfterVisit(r.order),
        at: now,
      });
    }
    return true;
  });
}

/**
 * Marks every missed visit (only `userId`'s when given), batch after batch, and tells each shopper's
 * open pages that their orders changed. Returns how many visits it marked.
 */
export async function markMissedVisits(
  db: Db,
  now: Date,
  publish: Publisher,
  opts: { userId?: string } = {},
): Promise<number> {
  let marked = 0;
  const users = new Set<string>();
  for (;;) {
    const due = await jobsRepo.missedCandidates(db, now, MISSED_BATCH, opts.userId);
    let batch = 0;
    for (const a of due) {
      if (await markOne(db, a.id, now)) {
        batch += 1;
        users.add(a.userId);
      }
    }
    marked += batch;
    // A batch that marked nothing would be read again as it is: stop rather than spin.
    if (due.length < MISSED_BATCH || batch === 0) break;
  }
  if (users.size > 0) {
    const serverTime = now.toISOString();
    await publish(
      [...users].map(
        (userId): Published => ({ room: userRoom(userId), event: { type: 'OrdersChangedV1', serverTime } }),
      ),
    );
  }
  return marked;
}
