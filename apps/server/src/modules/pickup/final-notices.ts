// The final notice for an item paid and still not collected (the Terms of Service, "Storage fees and
// abandoned items"; core pickup.ts finalNoticeDueAt): once per order, 14 days after its pickup
// window's last day, naming the last day to collect it or contact the shop. A declared job runs it
// every minute (jobs/runner.ts pickup.final-notices); once per order on any number of servers and
// runs (db/notice-once.ts: the key is taken in the transaction that queues the notice).

import { pickupFinalNotice } from '@rebound/core/notices';
import { abandonLastDayKey, isFinalNoticeDue } from '@rebound/core/pickup';
import type { Db } from '../../db/client';
import { claimOnce } from '../../db/notice-once';
import type { Publisher } from '../../lib/publish';
import { enqueueNotices, type NoticeOf, notificationsChanged } from '../notifications';
import * as jobsRepo from './jobs-repository';

export const FINAL_NOTICE_BATCH = 500;

/** The notice_once key of an order's final notice. */
export const finalNoticeKey = (orderId: string) => `pickup-final-notice:${orderId}`;

/** One batch of due final notices, in one transaction; how many were queued and whether more may wait. */
async function runFinalNoticeBatch(
  db: Db,
  now: Date,
  publish: Publisher,
): Promise<{ sent: number; more: boolean }> {
  const { sent, more, published } = await db.transaction(async (tx) => {
    const candidates = await jobsRepo.finalNoticeCandidates(tx, now, FINAL_NOTICE_BATCH);
    // The SQL narrows; core's rule decides.
    const due = candidates.filter((c) =>
      isFinalNoticeDue({ status: c.order.status, auctionEnd: c.auctionEndedAt }, now),
    );
    const taken = await claimOnce(
      tx,
      due.map((c) => finalNoticeKey(c.order.id)),
      now,
    );
    const notices: NoticeOf<'pickup_final_notice'>[] = due
      .filter((c) => taken.has(finalNoticeKey(c.order.id)))
      .map((c) => {
        const lastDay = abandonLastDayKey(c.auctionEndedAt);
        return {
          userId: c.order.userId,
          // Transactional, like the win and the payment reminders: the 'auction won' channel settings.
          kind: 'auction_won',
          template: 'pickup_final_notice',
          message: pickupFinalNotice(c.title, lastDay),
          targetUrl: `/pickup-schedule/${c.order.id}`,
          data: { orderId: c.order.id, productTitle: c.title, lastDay },
        };
      });
    await enqueueNotices(tx, now, notices);
    return {
      sent: notices.length,
      more: candidates.length === FINAL_NOTICE_BATCH && notices.length > 0,
      published: notificationsChanged(
        notices.map((n) => n.userId),
        now,
      ),
    };
  });
  await publish(published);
  return { sent, more };
}

/** Every due final notice, batch after batch; the shoppers' lists hear of them after each commit. */
export async function runFinalNotices(db: Db, now: Date, publish: Publisher): Promise<{ sent: number }> {
  let total = 0;
  for (;;) {
    const run = await runFinalNoticeBatch(db, now, publish);
    total += run.sent;
    if (!run.more) return { sent: total };
  }
}
