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
  /** Shoppers with a new notice: they hear NotificationsChangedV1 once their reminder has committed. */
  userIds: string[];
}

/**
 * Reminders written per transaction. A lot set that ends together makes thousands fall due in the
 * same pass (a closing hour's 2,000 lots: ~8,500); written in one transaction, that was one long
 * stretch of the server's thread building rows and one statement of tens of thousands of rows, while
 * shoppers waited. In slices, requests run between them and each slice's shoppers hear of theirs as it
 * commits (docs/decisions/071-push-only-to-subscribed-shoppers.md).
 */
export const REMINDERS_PER_TRANSACTION = 500;

/**
 * One pass over every lot ending within the hour: what is due is read once, then taken and written
 * `perTransaction` at a time, each slice in its own transaction followed by its events. A reminder is
 * taken with its notice_once key in the transaction that writes it, so a crash between slices leaves
 * the rest for the next pass, and two servers' passes never send one twice.
 */
export async function runEndingReminders(
  db: Db,
  now: Date,
  publish: Publisher,
  perTransaction = REMINDERS_PER_TRANSACTION,
): Promise<EndingRun> {
  const rows = await repo.endingCandidates(db, now);
  const due = rows.flatMap((r) => {
    const mark = dueEndingReminder({ endMs: r.endTime.getTime(), sent: { '1h': r.sent1h } }, now.getTime());
    return mark ? [{ ...r, mark, key: endingReminderKey(r.auctionId, r.userId, mark) }] : [];
  });
  // The lots that end soonest first: their shoppers have the least time to act.
  due.sort((a, b) => a.endTime.getTime() - b.endTime.getTime());
  const sent: EndingRun['sent'] = [];
  const reminded = new Set<string>();
  for (let i = 0; i < due.length; i += perTransaction) {
    const slice = due.slice(i, i + perTransaction);
    const mine = await db.transaction(async (tx) => {
      const taken = await claimOnce(
        tx,
        slice.map((d) => d.key),
        now,
      );
      const mine = slice.filter((d) => taken.has(d.key));
      await enqueueNotices(
        tx,
        now,
        mine.map((d) => endingNotice(d, now)),
      );
      return mine;
    });
    for (const d of mine) {
      sent.push({ auctionId: d.auctionId, userId: d.userId, mark: d.mark });
      reminded.add(d.userId);
    }
    await publish(notificationsChanged(new Set(mine.map((d) => d.userId)), now));
  }
  return { sent, userIds: [...reminded] };
}

type DueReminder = Awaited<ReturnType<typeof repo.endingCandidates>>[number] & { mark: EndingMark };

function endingNotice(d: DueReminder, now: Date): Notice {
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
}
