import type { DashboardResponse } from '@rebound/contract/admin-dashboard';
import { addDaysToDateKey, vancouverDateKey, vancouverDateTime, weekdayOfDateKey } from '@rebound/core/time';
import type { DbOrTx } from '../../db/client';
import { deskMarkWeeks } from '../desk-marks';
import * as repo from './dashboard-repository';

const HOUR_MS = 3_600_000;
/** "Near the deadline": due within this long. */
export const UNPAID_WINDOW_MS = 24 * HOUR_MS;
const LIST_LIMIT = 8;

const startOf = (dateKey: string) => vancouverDateTime(dateKey, 0, 0);

/** Every dashboard number, from the database, for `now` (days are Vancouver days). */
export async function dashboard(db: DbOrTx, now: Date): Promise<DashboardResponse> {
  const today = vancouverDateKey(now);
  const tomorrow = addDaysToDateKey(today, 1);
  // The week runs Monday to Sunday.
  const monday = addDaysToDateKey(today, -((weekdayOfDateKey(today) + 6) % 7));
  const weekKeys = Array.from({ length: 7 }, (_, i) => addDaysToDateKey(monday, i));

  const liveAuctions = await repo.liveAuctionCount(db, now);
  const bidsLastHour = await repo.bidsSince(db, new Date(now.getTime() - HOUR_MS));
  const ending = await repo.endingBetween(db, now, startOf(tomorrow));
  const weekPayments = await repo.paymentsBetween(db, startOf(monday), startOf(addDaysToDateKey(monday, 7)));
  const unpaid = await repo.unpaidDueBefore(db, now, new Date(now.getTime() + UNPAID_WINDOW_MS), LIST_LIMIT);
  const pickups = await repo.pickupsBetween(db, startOf(today), startOf(tomorrow));
  const deskMarksByWeek = await deskMarkWeeks(db, now);

  const byDay = new Map(weekKeys.map((k) => [k, { cents: 0, payments: 0 }]));
  for (const p of weekPayments) {
    const day = byDay.get(vancouverDateKey(p.paidAt));
    if (!day) continue;
    day.cents += p.totalCents;
    day.payments += 1;
  }
  const days = weekKeys.map((date) => ({ date, ...byDay.get(date)! }));

  return {
    generatedAt: now.toISOString(),
    today,
    liveAuctions,
    bidsLastHour,
    endingToday: { count: ending.length, nextEndsAt: ending[0]?.toISOString() ?? null },
    revenueWeek: { totalCents: days.reduce((sum, d) => sum + d.cents, 0), days },
    unpaidNearDeadline: {
      count: unpaid.total,
      items: unpaid.rows.map((o) => ({
        orderId: o.id,
        orderNumber: o.id.slice(0, 8),
        productTitle: o.title,
        handle: o.handle,
        email: o.email,
        totalCents: o.totalCents ?? o.finalAmountCents,
        paymentDueAt: o.paymentDueAt.toISOString(),
      })),
    },
    pickupsToday: {
      count: pickups.length,
      completed: pickups.filter((p) => p.status === 'completed').length,
      items: pickups.slice(0, LIST_LIMIT).map((p) => ({
        orderNumber: p.orderId.slice(0, 8),
        productTitle: p.title,
        handle: p.handle,
        startsAt: p.startsAt.toISOString(),
        status: p.status,
      })),
    },
    deskMarksByWeek,
  };
}
