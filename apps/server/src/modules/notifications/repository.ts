import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications, outbox, pushSubscriptions, siteSettings, users } from '../../db/schema';
import { currentRequestId } from '../../lib/request-context';
import { assertOutboxPayloads } from './payloads';

// SQL of the notification screens: every query is scoped to one user.

const listColumns = {
  id: notifications.id,
  message: notifications.message,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
  targetUrl: notifications.targetUrl,
};

/** The cursor row's position, only when it is the user's own. */
export async function positionOf(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select({ createdAt: notifications.createdAt, id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Newest first, `limit` rows after `after` (keyset on created_at, id). The comparison runs on the
 * stored timestamps (microseconds), through the cursor row itself, so no row falls between pages.
 */
export function page(db: DbOrTx, userId: string, afterId: string | null, limit: number) {
  const after = afterId
    ? sql`(${notifications.createdAt}, ${notifications.id}) < (select c.created_at, c.id from ${notifications} c where c.id = ${afterId})`
    : undefined;
  return db
    .select(listColumns)
    .from(notifications)
    .where(and(eq(notifications.userId, userId), after))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

/** Whether the user has a notification with this id (read or not). */
export async function exists(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  return (await positionOf(db, userId, id)) !== null;
}

/** Marks one of the user's notifications read; the number changed (0 when it was read already). */
export async function markRead(db: DbOrTx, userId: string, id: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function markAllRead(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function emailOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
}

export async function insertOutbox(db: DbOrTx, row: typeof outbox.$inferInsert): Promise<string> {
  assertOutboxPayloads([row]);
  const [made] = await db
    .insert(outbox)
    .values({ ...row, requestId: row.requestId ?? currentRequestId() })
    .returning({ id: outbox.id });
  if (!made) throw new Error('outbox insert returned no row');
  return made.id;
}

/**
 * A message nobody should send any more (a test email that failed while the shopper watched): a
 * dead letter with its error, unless a sender holds it right now.
 */
export async function giveUpOutbox(db: DbOrTx, id: string, now: Date, error: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'dead', deadAt: now, lastError: error.slice(0, 1_000), lockedUntil: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

/**
 * Stores a device's push subscription for the user. An endpoint belongs to one browser profile: if
 * another account subscribed it before (a shared computer), it moves to this user with new keys.
 */
export async function upsertPushSubscription(
  db: DbOrTx,
  row: { userId: string; endpoint: string; p256dh: string; auth: string; now: Date },
) {
  await db
    .insert(pushSubscriptions)
    .values({
      userId: row.userId,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      createdAt: row.now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, createdAt: row.now },
    });
}

/** Deletes the user's subscriptions beyond the newest `keep`. */
export async function trimPushSubscriptions(db: DbOrTx, userId: string, keep: number): Promise<number> {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), asc(pushSubscriptions.id))
    .limit(keep);
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)))
    .returning({ id: pushSubscriptions.id });
  return gone.length;
}

/** Deletes the user's subscription with this endpoint (another user's is left alone). */
export async function deletePushSubscription(db: DbOrTx, userId: string, endpoint: string): Promise<number> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length;
}

export function pushSubscriptionsOf(db: DbOrTx, userId: string) {
  return db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

// ---- the generated VAPID pair (vapid.ts), kept in site_settings ----

/** The stored pair under `key`, or null when none (or a malformed one) is stored. */
export async function readVapidPair(
  db: DbOrTx,
  key: string,
): Promise<{ publicKey: string; privateKey: string } | null> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, key));
  const v = row?.value as { publicKey?: unknown; privateKey?: unknown } | undefined;
  return typeof v?.publicKey === 'string' && typeof v.privateKey === 'string'
    ? { publicKey: v.publicKey, privateKey: v.privateKey }
    : null;
}

/** Stores a pair under `key` unless one is there already (the first of two servers wins). */
export async function keepVapidPair(
  db: DbOrTx,
  key: string,
  pair: { publicKey: string; privateKey: string },
): Promise<void> {
  await db.insert(siteSettings).values({ key, value: pair }).onConflictDoNothing();
}

// ── Enqueueing (enqueue.ts) ──────────────────────────────────────────────────────────────────────

/** What sending needs to know about a recipient. */
export interface Contact {
  id: string;
  email: string;
  phone: string | null;
  settings: unknown;
  marketingConsent: boolean;
  /** Whether the user has a push subscription: push is queued only for those who do. */
  hasPush: boolean;
}

export type NotificationRow = typeof notifications.$inferInsert;
export type OutboxRow = typeof outbox.$inferInsert;

/**
 * SQL that is true when the user whose id is `userId` (an SQL expression, qualified with its table)
 * has a push subscription: push is queued only for them
 * (docs/decisions/071-push-only-to-subscribed-shoppers.md). Indexed by push_subscriptions_user_idx.
 */
export const hasPushSql = (userId: string) =>
  `exists (select 1 from push_subscriptions s where s.user_id = ${userId})`;

/** The contact rows of `userIds` (at most a few thousand: one bind parameter each). */
export function contactsOf(tx: DbOrTx, userIds: string[]): Promise<Contact[]> {
  return tx
    .select({
      id: users.id,
      email: users.email,
      phone: users.phoneNumber,
      settings: users.notificationSettings,
      marketingConsent: users.marketingConsent,
      // Spelled out: drizzle writes a column of the selected table unqualified here, and a bare "id"
      // inside the subquery would be the subscription's own.
      hasPush: sql<boolean>`${sql.raw(hasPushSql('"users"."id"'))}`,
    })
    .from(users)
    .where(inArray(users.id, userIds));
}

/** Notice rows to write, each with its time (the in-app row's, and the outbox row's queueing). */
export interface NoticeWrites {
  inApp: { row: NotificationRow; at: Date }[];
  outgoing: { row: OutboxRow; at: Date }[];
}

/**
 * Notice rows as the JSON that noticeWritesSql reads: put it where the statement's JSON value has it
 * (its own, or under a key of the caller's). An outbox row is due at its `nextAttemptAt`, else at once.
 */
export function noticeWritesJson(w: NoticeWrites) {
  return {
    inApp: w.inApp.map(({ row: n, at }) => ({
      user_id: n.userId,
      kind: n.kind,
      message: n.message,
      target_url: n.targetUrl ?? null,
      at: at.toISOString(),
    })),
    outgoing: w.outgoing.map(({ row: o, at }) => ({
      channel: o.channel,
      template: o.template,
      user_id: o.userId ?? null,
      recipient: o.recipient,
      payload: o.payload ?? {},
      due: (o.nextAttemptAt ?? at).toISOString(),
      at: at.toISOString(),
      request_id: o.requestId ?? null,
    })),
  };
}

/**
 * The two common table expressions (`n`, `o`) that write notice rows into notifications and outbox,
 * reading noticeWritesJson's value at the jsonb expression `json` of the FROM item `from`. The one
 * SQL for these tables' notice rows: enqueueNotices runs it as its own statement (insertNoticeRows),
 * and a module whose hot path is one statement (bidding's batch write, docs/decisions/043 and 086)
 * puts it in that statement, so the notice commits with it at no extra statement.
 */
export const noticeWritesSql = (from: string, json: string) => `n as (
      insert into notifications (user_id, kind, message, target_url, created_at)
      select r.user_id, r.kind, r.message, r.target_url, r.at
      from ${from}, jsonb_to_recordset(${json}->'inApp') as r(user_id uuid, kind text, message text, target_url text, at timestamptz)
      returning 1),
    o as (
      insert into outbox (channel, template, user_id, recipient, payload, next_attempt_at, created_at, request_id)
      select r.channel, r.template, r.user_id, r.recipient, r.payload, r.due, r.at, r.request_id
      from ${from}, jsonb_to_recordset(${json}->'outgoing') as r(channel text, template text, user_id uuid, recipient text, payload jsonb, due timestamptz, at timestamptz, request_id text)
      returning 1)`;

/**
 * One statement for both tables, its rows as ONE jsonb parameter (parsed once): a closing hour's
 * reminders or results for thousands of shoppers would otherwise bind more than the 65,535
 * parameters a statement may carry (seen: "bind message has 11012 parameter formats but 0
 * parameters" for 76,548), and building that many placeholders cost more than the insert.
 */
export async function insertNoticeRows(
  tx: DbOrTx,
  inApp: NotificationRow[],
  outgoing: OutboxRow[],
): Promise<void> {
  const now = new Date();
  const rows = JSON.stringify(
    noticeWritesJson({
      inApp: inApp.map((row) => ({ row, at: row.createdAt ?? now })),
      outgoing: outgoing.map((row) => ({
        row: { ...row, requestId: row.requestId ?? currentRequestId() },
        at: row.createdAt ?? now,
      })),
    }),
  );
  await tx.execute(sql`with p as (select ${rows}::jsonb as j),
    ${sql.raw(noticeWritesSql('p', 'p.j'))}
    select 1`);
}
