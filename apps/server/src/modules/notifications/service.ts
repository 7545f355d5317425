import {
  type MarkReadResponse,
  type NotificationsQuery,
  type NotificationsResponse,
  PUSH_SUBSCRIPTIONS_PER_USER,
  type PushSubscriptionRequest,
  type PushSubscriptionResponse,
  TEST_EMAIL_TEXT,
  type TestEmailResponse,
} from '@rebound/contract/notifications';
import type { Db, DbOrTx } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Publisher } from '../../lib/publish';
import type { Published } from '../../realtime/hub';
import { notificationsChanged } from './changed';
import { deliverNow } from './outbox';
import * as repo from './repository';
import type { OutboxSender } from './sender';

// The notification screens: the shopper's own notifications, newest first, and marking
// them read. Every change tells the shopper's other tabs to refetch (NotificationsChangedV1).

interface Changed<T> {
  body: T;
  /** Published after commit; empty when nothing changed. */
  events: Published[];
}

/** The transaction's answer, then (after its commit) its events. */
async function publishAfter<T>(publish: Publisher, run: Promise<Changed<T>>): Promise<T> {
  const { body, events } = await run;
  await publish(events);
  return body;
}

/** A page of the shopper's notifications; `cursor` is the id of the last row of the previous page. */
export async function list(
  db: DbOrTx,
  clock: Clock,
  user: SessionUser,
  query: Partial<NotificationsQuery> & { limit: number },
): Promise<NotificationsResponse> {
  const cursor = query.cursor ?? null;
  // Only one of the shopper's own rows can be a cursor: anything else is a bad link, not a page.
  if (cursor !== null && (!isUuid(cursor) || !(await repo.exists(db, user.id, cursor)))) {
    throw new AppError('invalid_cursor');
  }
  const [rows, unreadCount] = await Promise.all([
    repo.page(db, user.id, cursor, query.limit + 1),
    repo.unreadCount(db, user.id),
  ]);
  const shown = rows.slice(0, query.limit);
  const last = shown[shown.length - 1];
  return {
    serverTime: clock.now().toISOString(),
    unreadCount,
    nextCursor: rows.length > query.limit && last ? last.id : null,
    items: shown.map((r) => ({
      id: r.id,
      message: r.message,
      isRead: r.isRead,
      createdAt: r.createdAt.toISOString(),
      targetUrl: r.targetUrl,
    })),
  };
}

function answer(
  user: SessionUser,
  now: Date,
  marked: number,
  unreadCount: number,
): Changed<MarkReadResponse> {
  return {
    body: { serverTime: now.toISOString(), marked, unreadCount },
    events: marked > 0 ? notificationsChanged([user.id], now) : [],
  };
}

/** Marks one of the shopper's notifications read. Another user's id is 404 and changes nothing. */
export async function markRead(
  db: Db,
  clock: Clock,
  user: SessionUser,
  id: string,
  publish: Publisher,
): Promise<MarkReadResponse> {
  if (!isUuid(id)) throw new AppError('notification_not_found');
  return publishAfter(
    publish,
    db.transaction(async (tx) => {
      const marked = await repo.markRead(tx, user.id, id);
      if (marked === 0 && !(await repo.exists(tx, user.id, id))) throw new AppError('notification_not_found');
      return answer(user, clock.now(), marked, await repo.unreadCount(tx, user.id));
    }),
  );
}

export async function markAllRead(
  db: Db,
  clock: Clock,
  user: SessionUser,
  publish: Publisher,
): Promise<MarkReadResponse> {
  return publishAfter(
    publish,
    db.transaction(async (tx) => {
      const marked = await repo.markAllRead(tx, user.id);
      // A notice written meanwhile stays unread: the count says so.
      return answer(user, clock.now(), marked, await repo.unreadCount(tx, user.id));
    }),
  );
}

/** Stores this device's push subscription for the shopper (the oldest go beyond the cap). */
export async function subscribePush(
  db: Db,
  clock: Clock,
  user: SessionUser,
  sub: PushSubscriptionRequest,
): Promise<PushSubscriptionResponse> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    await repo.upsertPushSubscription(tx, {
      userId: user.id,
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
      now,
    });
    await repo.trimPushSubscriptions(tx, user.id, PUSH_SUBSCRIPTIONS_PER_USER);
  });
  return { serverTime: now.toISOString(), subscribed: true };
}

/** The opt-out of one device: its subscription is gone (idempotent; another user's stays). */
export async function unsubscribePush(
  db: Db,
  clock: Clock,
  user: SessionUser,
  endpoint: string,
): Promise<PushSubscriptionResponse> {
  await repo.deletePushSubscription(db, user.id, endpoint);
  return { serverTime: clock.now().toISOString(), subscribed: false };
}

/** The test email's sample: a bid confirmation that was never placed. */
export const TEST_EMAIL_SAMPLE = {
  productTitle: 'Sample lot: KitchenAid Artisan stand mixer',
  bidAmount: 45,
  isHighest: true,
} as const;

export interface TestEmailDeps {
  db: Db;
  clock: Clock;
  sender: OutboxSender;
  log?: { warn(obj: unknown, msg?: string): void };
}

/**
 * 'Send test email': writes an outbox row for the signed-in shopper's own address (never another
 * user's: the id comes from the session) and sends it at once. 200 only when it went out; a
 * failure is not retried later behind the shopper's back (the row becomes a dead letter).
 */
export async function sendTestEmail(deps: TestEmailDeps, user: SessionUser): Promise<TestEmailResponse> {
  const email = (await repo.emailOf(deps.db, user.id))?.trim() ?? '';
  if (email === '') throw new AppError('test_email_no_address');
  const now = deps.clock.now();
  const id = await repo.insertOutbox(deps.db, {
    channel: 'email',
    template: 'test_email',
    userId: user.id,
    recipient: email,
    payload: { ...TEST_EMAIL_SAMPLE },
    nextAttemptAt: now,
    createdAt: now,
  });
  const outcome = await deliverNow(deps, id);
  if (outcome.status === 'sent')
    return { serverTime: deps.clock.now().toISOString(), message: TEST_EMAIL_TEXT.sent };
  deps.log?.warn({ outboxId: id, error: outcome.error }, 'test email failed');
  await repo.giveUpOutbox(deps.db, id, deps.clock.now(), outcome.error);
  throw new AppError('test_email_failed');
}
