// Auction-ending reminders: for live lots a shopper watches or has bid on, one reminder
// 1 hour and one 5 minutes before the CURRENT end, once each. The due rule is core's
// (dueEndingReminder); each reminder is taken once with a notice_once key inside the transaction
// that writes it, so the job is safe on several servers and after a crash (docs/decisions/020).
import { auctionsEndingNotice, ENDING_LOTS_LISTED } from '@rebound/core/notices';
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
 * Shoppers' reminders written per transaction. A lot set that ends together makes thousands fall due in
 * the same pass (a closing hour's 2,000 lots: ~8,500); written in one transaction, that was one long
 * stretch of the server's thread building rows and one statement of tens of thousands of rows, while
 * shoppers waited. In slices, requests run between them and each slice's shoppers hear of theirs as it
 * commits (docs/decisions/071-push-only-to-subscribed-shoppers.md).
 */
export const REMINDERS_PER_TRANSACTION = 500;

/**
 * One pass over every lot ending within the hour: what is due is read once and grouped by shopper
 * and mark, so a shopper whose lots reach the same mark together gets ONE reminder naming them, not a
 * message per lot in the same second (docs/decisions/072-one-ending-reminder-per-shopper.md). The
 * groups are then taken and written `perTransaction` at a time, each slice in its own transaction
 * followed by its events. Each lot's reminder is taken with its own notice_once key in the
 * transaction that writes it, so a crash between slices leaves the rest for the next pass, and two
 * servers' passes never send one twice (a lot another pass took is left out of this one's message).
 */
export async function runEndingReminders(
  db: Db,
  now: Date,
  publish: Publisher,
  perTransaction = REMINDERS_PER_TRANSACTION,
): Promise<EndingRun> {
  const rows = await repo.endingCandidates(db, now);
  const groups = new Map<string, DueReminder[]>();
  for (const r of rows) {
    const mark = dueEndingReminder({ endMs: r.endTime.getTime(), sent: { '1h': r.sent1h } }, now.getTime());
    if (!mark) continue;
    const key = `${r.userId}:${mark}`;
    const group = groups.get(key);
    const reminder = { ...r, mark, key: endingReminderKey(r.auctionId, r.userId, mark) };
    if (group) group.push(reminder);
    else groups.set(key, [reminder]);
  }
  // Each shopper's lots soonest ending first, and the shoppers whose first lot ends soonest first:
  // they have the least time to act.
  const due = [...groups.values()].map((g) => g.sort(byEnd));
  due.sort((a, b) => byEnd(a[0]!, b[0]!));
  const sent: EndingRun['sent'] = [];
  const reminded = new Set<string>();
  for (let i = 0; i < due.length; i += perTransaction) {
    const slice = due.slice(i, i + perTransaction);
    const mine = await db.transaction(async (tx) => {
      const taken = await claimOnce(
        tx,
        slice.flat().map((d) => d.key),
        now,
      );
      const mine = slice.map((g) => g.filter((d) => taken.has(d.key))).filter((g) => g.length > 0);
      await enqueueNotices(
        tx,
        now,
        mine.map((g) => endingNotice(g, now)),
      );
      return mine.flat();
    });
    for (const d of mine) {
      sent.push({ auctionId: d.auctionId, userId: d.userId, mark: d.mark });
      reminded.add(d.userId);
    }
    await publish(notificationsChanged(new Set(mine.map((d) => d.userId)), now));
  }
  return { sent, userIds: [...reminded] };
}

/** Soonest ending first; lots ending together in a fixed order (by id). */
const byEnd = (a: { endTime: Date; auctionId: string }, b: { endTime: Date; auctionId: string }) =>
  a.endTime.getTime() - b.endTime.getTime() ||
  (a.auctionId < b.auctionId ? -1 : a.auctionId > b.auctionId ? 1 : 0);

type DueReminder = Awaited<ReturnType<typeof repo.endingCandidates>>[number] & {
  mark: EndingMark;
  /** Its notice_once key (core endingReminderKey). */
  key: string;
};

/** One shopper's reminder for their lots at one mark (soonest ending first): the first lot's facts, the rest listed. */
function endingNotice(lots: DueReminder[], now: Date): Notice {
  const d = lots[0]!;
  const lotUrl = `/product/${d.slug}`;
  const others = lots.slice(1);
  return {
    userId: d.userId,
    kind: 'auction_ending',
    template: 'auction_ending',
    message: auctionsEndingNotice(
      lots.map((l) => ({
        title: l.title,
        endMs: l.endTime.getTime(),
        currentPriceCents: l.currentPriceCents,
      })),
      now.getTime(),
    ),
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
      ...(others.length > 0
        ? {
            moreCount: others.length,
            moreLots: others.slice(0, ENDING_LOTS_LISTED).map((l) => ({
              auctionId: l.auctionId,
              title: l.title,
              priceCents: l.currentPriceCents,
              url: `/product/${l.slug}`,
              endsAt: l.endTime.toISOString(),
            })),
          }
        : {}),
    },
  };
}
