// The payment deadline (core PAYMENT_WINDOW_HOURS after the auction's end): reminders 24 h and 2 h
// before it, then cancellation with a non-payment strike, the item back to staff ('to relist'), and
// bidding suspended at three active strikes. A declared job runs it; every step is idempotent and safe
// on several servers (rows are claimed with SKIP LOCKED and every write re-checks the status it expects).
import { userRoom } from '@rebound/contract/rooms';
import {
  biddingSuspendedNotice,
  nonPaymentStrikeReason,
  orderCancelledNotice,
  paymentReminderNotice,
  timeLeftLabel,
} from '@rebound/core/notices';
import { isSuspendedByStrikes, paymentDeadlineAction } from '@rebound/core/orders';
import type { Db } from '../../db/client';
import type { Publisher } from '../../lib/publish';
import type { Published } from '../../realtime/hub';
import { enqueueNotices, type Notice, notificationsChanged } from '../notifications';
import * as repo from './deadline-repository';

export const DEADLINE_BATCH = 500;
const ORDERS_URL = '/account?tab=orders';

export interface DeadlineRun {
  claimed: number;
  reminded24h: number;
  reminded2h: number;
  cancelled: number;
  suspendedUserIds: string[];
}

type DueOrder = Awaited<ReturnType<typeof repo.claimDueOrders>>[number];

function reminder(o: DueOrder, now: Date): Notice {
  return {
    userId: o.userId,
    // Transactional, like the win itself: it follows the 'auction won' channel settings.
    kind: 'auction_won',
    template: 'payment_reminder',
    message: paymentReminderNotice(o.title, o.paymentDueAt, now),
    targetUrl: ORDERS_URL,
    data: {
      productTitle: o.title,
      orderId: o.id,
      // The real time left now (a 24-hour reminder sent late says so), not the reminder's nominal mark.
      timeLeft: timeLeftLabel(o.paymentDueAt.getTime(), now.getTime()),
      paymentDueAt: o.paymentDueAt.toISOString(),
    },
  };
}

/** One batch of due orders, in one transaction. */
export async function runPaymentDeadlineBatch(
  db: Db,
  now: Date,
  publish: Publisher,
  batchSize = DEADLINE_BATCH,
): Promise<DeadlineRun> {
  const { published, ...run } = await db.transaction(
    async (tx): Promise<DeadlineRun & { published: Published[] }> => {
      const due = await repo.claimDueOrders(tx, now, batchSize);
      const by: Record<'remind_24h' | 'remind_2h' | 'cancel', DueOrder[]> = {
        remind_24h: [],
        remind_2h: [],
        cancel: [],
      };
      for (const o of due) {
        const action = paymentDeadlineAction(
          {
            paymentDueAt: o.paymentDueAt.getTime(),
            reminder24hSent: o.reminder24hSentAt !== null,
            reminder2hSent: o.reminder2hSentAt !== null,
          },
          now.getTime(),
        );
        if (action !== 'none') by[action].push(o);
      }

      const ids = (list: DueOrder[]) => list.map((o) => o.id);
      await repo.markReminded(tx, ids(by.remind_24h), '24h', now);
      await repo.markReminded(tx, ids(by.remind_2h), '2h', now);
      const notices: Notice[] = [
        ...by.remind_24h.map((o) => reminder(o, now)),
        ...by.remind_2h.map((o) => reminder(o, now)),
      ];

      const cancelledIds = new Set((await repo.cancelOrders(tx, ids(by.cancel), now)).map((c) => c.id));
      const gone = by.cancel.filter((o) => cancelledIds.has(o.id));
      await repo.addStrikes(
        tx,
        gone.map((o) => ({ userId: o.userId, orderId: o.id, reason: nonPaymentStrikeReason(o.title) })),
        now,
      );
      await repo.markToRelist(
        tx,
        gone.map((o) => o.productId),
        now,
      );
      for (const o of gone) {
        notices.push({
          userId: o.userId,
          kind: 'auction_won',
          template: 'order_cancelled',
          message: orderCancelledNotice(o.title),
          targetUrl: ORDERS_URL,
          data: { productTitle: o.title, orderId: o.id },
        });
      }

      const struck = [...new Set(gone.map((o) => o.userId))];
      const counts = await repo.activeStrikes(tx, struck);
      const suspendedUserIds: string[] = [];
      for (const userId of struck) {
        const n = counts.get(userId) ?? 0;
        const suspend = isSuspendedByStrikes(n);
        await repo.setStrikeCount(tx, userId, n, suspend, now);
        if (suspend) {
          suspendedUserIds.push(userId);
          notices.push({
            userId,
            kind: 'auction_won',
            template: 'bidding_suspended',
            message: biddingSuspendedNotice(n),
            targetUrl: ORDERS_URL,
            data: { activeStrikes: n },
          });
        }
      }
      await enqueueNotices(tx, now, notices);

      const serverTime = now.toISOString();
      return {
        claimed: due.length,
        reminded24h: by.remind_24h.length,
        reminded2h: by.remind_2h.length,
        cancelled: gone.length,
        suspendedUserIds,
        published: [
          ...[...new Set(notices.map((n) => n.userId))].map((userId) => ({
            room: userRoom(userId),
            event: { type: 'OrdersChangedV1', serverTime } as const,
          })),
          ...notificationsChanged(
            notices.map((n) => n.userId),
            now,
          ),
          // A page they have open shows the suspension (its session query is asked again).
          ...suspendedUserIds.map((userId) => ({
            room: userRoom(userId),
            event: { type: 'AccountChangedV1', serverTime } as const,
          })),
        ],
      };
    },
  );
  // After the commit: the shoppers' order and notification lists.
  await publish(published);
  return run;
}

/** Every due order, batch after batch (each claimed order gets an action, so this ends). */
export async function runPaymentDeadlines(db: Db, now: Date, publish: Publisher) {
  const total = { reminded24h: 0, reminded2h: 0, cancelled: 0, suspendedUserIds: [] as string[] };
  for (;;) {
    const run = await runPaymentDeadlineBatch(db, now, publish);
    total.reminded24h += run.reminded24h;
    total.reminded2h += run.reminded2h;
    total.cancelled += run.cancelled;
    total.suspendedUserIds.push(...run.suspendedUserIds);
    if (run.claimed < DEADLINE_BATCH) return total;
  }
}
