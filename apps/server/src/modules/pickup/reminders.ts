// Pickup reminders (docs/decisions/016, 017), once per visit (decision 058): the evening before at 18:00 Vancouver time and an hour
// before the slot, each once, in-app and by the shopper's settings. A declared job runs this every
// minute; it is safe to run twice and on several servers (rows claimed with SKIP LOCKED, stamps set
// only where still empty).
import type { PickupReminderWhich } from '@rebound/core/notices';
import { pickupReminderAction } from '@rebound/core/pickup';
import { visitItemsLabel } from '@rebound/core/pickup-visit';

import type { Db } from '../../db/client';
import type { Publisher } from '../../lib/publish';
import type { Published } from '../../realtime/hub';
import { enqueueNotices, type NoticeOf, notificationsChanged } from '../notifications';
import * as jobsRepo from './jobs-repository';
import { pickupReminderNoticeOf } from './notices';

export const REMINDER_BATCH = 500;

export interface ReminderRun {
  claimed: number;
  dayBefore: number;
  hourBefore: number;
}

/** One batch of due reminders, in one transaction. */
export async function runPickupReminderBatch(
  db: Db,
  now: Date,
  publish: Publisher,
  batchSize = REMINDER_BATCH,
): Promise<ReminderRun> {
  const { published, ...run } = await db.transaction(
    async (tx): Promise<ReminderRun & { published: Published[] }> => {
      const due = await jobsRepo.claimDueReminders(tx, now, batchSize);
      const by: Record<PickupReminderWhich, typeof due> = { day_before: [], hour_before: [] };
      for (const a of due) {
        // The claim's SQL picks the candidates; core's rule has the last word.
        const action = pickupReminderAction(a.startsAt, now, {
          dayBefore: a.dayBeforeSentAt !== null,
          hourBefore: a.hourBeforeSentAt !== null,
          bookedAt: a.bookedAt,
        });
        if (action === 'remind_day_before') by.day_before.push(a);
        else if (action === 'remind_hour_before') by.hour_before.push(a);
      }
      // One reminder per visit: its waiting orders' titles on one line (core visitItemsLabel).
      const waiting = await jobsRepo.waitingOrdersOf(
        tx,
        [...by.day_before, ...by.hour_before].map((a) => a.id),
      );
      const notices: NoticeOf<'pickup_reminder'>[] = [];
      for (const which of ['day_before', 'hour_before'] as const) {
        const stamped = await jobsRepo.markReminded(
          tx,
          by[which].map((a) => a.id),
          which,
          now,
        );
        for (const a of by[which]) {
          if (!stamped.has(a.id)) continue;
          const items = waiting.filter((w) => w.appointmentId === a.id);
          if (items.length === 0) continue;
          notices.push(
            pickupReminderNoticeOf(
              {
                userId: a.userId,
                orderId: items[0]!.order.id,
                productTitle: visitItemsLabel(items.map((w) => w.title)),
                shortCode: a.shortCode,
                startsAt: a.startsAt,
                endsAt: a.endsAt,
                location: a.location,
              },
              which,
            ),
          );
        }
      }
      await enqueueNotices(tx, now, notices);
      return {
        claimed: due.length,
        dayBefore: notices.filter((n) => n.data.which === 'day_before').length,
        hourBefore: notices.filter((n) => n.data.which === 'hour_before').length,
        published: notificationsChanged(
          notices.map((n) => n.userId),
          now,
        ),
      };
    },
  );
  // After the commit: the shoppers' notification lists.
  await publish(published);
  return run;
}

/** Every due reminder, batch after batch; events are published after each batch commits. */
export async function runPickupReminders(
  db: Db,
  now: Date,
  publish: Publisher,
): Promise<{ dayBefore: number; hourBefore: number }> {
  const total = { dayBefore: 0, hourBefore: 0 };
  for (;;) {
    const run = await runPickupReminderBatch(db, now, publish);
    total.dayBefore += run.dayBefore;
    total.hourBefore += run.hourBefore;
    // A full batch that sent nothing would be claimed again as it is: stop rather than spin.
    if (run.claimed < REMINDER_BATCH || run.dayBefore + run.hourBefore === 0) return total;
  }
}
