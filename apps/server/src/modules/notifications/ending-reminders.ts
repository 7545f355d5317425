// Auction-ending reminders: for live lots a shopper watches or has bid on, one reminder
// 1 hour and one 5 minutes before the CURRENT end, once each. The due rule is core's
// (dueEndingReminder); each reminder is taken once with a notice_once key inside the transaction
// that writes it, so the job is safe on several servers and after a crash (docs/decisions/020).
import { auctionEndingNotice } from '@rebound/core/notices';
import { dueEndingReminder, type EndingMark, endingReminderKey, minutesLeft } from '@rebound/core/reminders';
import type { Db } from '../../db/client';
import { claimOnce } from '../../db/notice-once';
import type { Publisher } from '../../lib/publish';
import { notificationsChanged } from './changed';
import * as repo from './ending-reminders-repository';
import { enqueueNotices, type Notice } from './enqueue';

export interface EndingRun {
  /** Reminders written (in-app, plus the outbox by each shopper's settings). */
  sent: { auctionId: string; userId: string; mark: EndingMark }[];
  /** Shoppers with a new notice: they hear NotificationsChangedV1 once the pass has committed. */
  userIds: string[];
}

/** One pass over every lot ending within the hour, in one transaction, then its events. */
export async function runEndingReminders(db: Db, now: Date, publish: Publisher): Promise<EndingRun> {
  const run = await db.transaction(async (tx) => {
    const rows = await repo.endingCandidates(tx, now);
    const due = rows.flatMap((r) => {
      const mark = dueEndingReminder({ endMs: r.endTime.getTime(), sent: { '1h': r.sent1h } }, now.getTime());
      return mark ? [{ ...r, mark, key: endingReminderKey(r.auctionId, r.userId, mark) }] : [];
    });
    const taken = await claimOnce(
      tx,
      due.map((d) => d.key),
      now,
    );
    const mine = due.filter((d) => taken.has(d.key));
    const notices: Notice[] = mine.map((d) => {
      const lotUrl = `/product/${d.slug}`;
      return {
        userId: d.userId,
        kind: 'auction_ending',
        template: 'auction_ending',
        message: auctionEndingNotice(d.title, d.endTime.getTime(), now.getTime(), d.currentPriceCents),
        targetUrl: lotUrl,
        data: {
          auctionId: d.auctionId,
          productTitle: d.title,
          endsAt: d.endTime.toISOString(),
          mark: d.mark,
          // A late 1-hour reminder (first seen with 20 minutes left) says so: the real time left.
          minutesLeft: minutesLeft(d.endTime.getTime(), now.getTime()),
          currentPriceCents: d.currentPriceCents,
          lotUrl,
        },
      };
    });
    await enqueueNotices(tx, now, notices);
    return {
      sent: mine.map((d) => ({ auctionId: d.auctionId, userId: d.userId, mark: d.mark })),
      userIds: [...new Set(mine.map((d) => d.userId))],
    };
  });
  await publish(notificationsChanged(run.userIds, now));
  return run;
}
