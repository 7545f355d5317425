import {
  mergeNotificationSettings,
  NOTIFICATION_CHANNELS,
  type NotificationKind,
  shouldSendNotification,
} from '@rebound/core/notifications';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications, outbox, users } from '../../db/schema';
import { assertOutboxPayloads } from '../../jobs/payloads';

export interface Notice {
  userId: string;
  kind: NotificationKind;
  /** Outbox template name, e.g. 'outbid'. */
  template: string;
  message: string;
  targetUrl: string | null;
  data: Record<string, unknown>;
}

/** What sending needs to know about a recipient. */
export interface Contact {
  id: string;
  email: string;
  phone: string | null;
  settings: unknown;
  marketingConsent: boolean;
}

export function loadContacts(tx: DbOrTx, userIds: string[]): Promise<Contact[]> {
  return tx
    .select({
      id: users.id,
      email: users.email,
      phone: users.phoneNumber,
      settings: users.notificationSettings,
      marketingConsent: users.marketingConsent,
    })
    .from(users)
    .where(inArray(users.id, userIds));
}

export type NotificationRow = typeof notifications.$inferInsert;
export type OutboxRow = typeof outbox.$inferInsert;

/**
 * The rows a set of notices becomes: one in-app notification each, and email, SMS and push
 * messages for the outbox by each recipient's settings (decisions.md §8). Recipients without a
 * contact row are skipped.
 */
export function noticeRows(
  now: Date,
  notices: Notice[],
  contacts: Contact[],
): { inApp: NotificationRow[]; outgoing: OutboxRow[] } {
  const have = new Map(contacts.map((c) => [c.id, c]));
  const inApp: NotificationRow[] = [];
  const outgoing: OutboxRow[] = [];
  for (const n of notices) {
    const person = have.get(n.userId);
    if (!person) continue;
    inApp.push({
      userId: n.userId,
      kind: n.kind,
      message: n.message,
      targetUrl: n.targetUrl,
      createdAt: now,
    });
    const settings = mergeNotificationSettings(person.settings);
    for (const channel of NOTIFICATION_CHANNELS) {
      if (!shouldSendNotification(settings, n.kind, channel, person.marketingConsent)) continue;
      const recipient = channel === 'email' ? person.email : channel === 'sms' ? person.phone : person.id;
      if (!recipient) continue;
      outgoing.push({
        channel,
        template: n.template,
        userId: n.userId,
        recipient,
        // `kind` tells rendering which emails need the one-click unsubscribe (new_drops, marketing).
        payload: { ...n.data, message: n.message, targetUrl: n.targetUrl, kind: n.kind },
        nextAttemptAt: now,
        createdAt: now,
      });
    }
  }
  return { inApp, outgoing };
}

/**
 * Every event writes an in-app notification; email, SMS and push go to the outbox by each user's
 * settings (decisions.md §8). Call inside the event's transaction: sending happens later, durably.
 * Callers that already hold the recipients' contact rows pass them and save a query.
 */
export async function enqueueNotices(
  tx: DbOrTx,
  now: Date,
  notices: Notice[],
  known?: Contact[],
): Promise<void> {
  if (notices.length === 0) return;
  const ids = [...new Set(notices.map((n) => n.userId))];
  const contacts = [...(known ?? [])];
  const missing = ids.filter((id) => !contacts.some((c) => c.id === id));
  if (missing.length > 0) contacts.push(...(await loadContacts(tx, missing)));

  const { inApp, outgoing } = noticeRows(now, notices, contacts);
  if (inApp.length === 0) return;
  if (outgoing.length === 0) {
    await tx.insert(notifications).values(inApp);
    return;
  }
  assertOutboxPayloads(outgoing);
  // One round trip for both tables.
  const inAppSql = tx.insert(notifications).values(inApp).returning({ id: notifications.id }).getSQL();
  await tx.execute(sql`with n as (${inAppSql}) ${tx.insert(outbox).values(outgoing).getSQL()}`);
}
