import {
  mergeNotificationSettings,
  NOTIFICATION_CHANNELS,
  type NotificationKind,
  shouldSendNotification,
} from '@rebound/core/notifications';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications, outbox, users } from '../../db/schema';

export interface Notice {
  userId: string;
  kind: NotificationKind;
  /** Outbox template name, e.g. 'outbid'. */
  template: string;
  message: string;
  targetUrl: string | null;
  data: Record<string, unknown>;
}

/**
 * Every event writes an in-app notification; email, SMS and push go to the outbox by each user's
 * settings (decisions.md §8). Call inside the event's transaction: sending happens later, durably.
 */
export async function enqueueNotices(tx: DbOrTx, now: Date, notices: Notice[]): Promise<void> {
  if (notices.length === 0) return;
  const ids = [...new Set(notices.map((n) => n.userId))];
  const people = await tx
    .select({
      id: users.id,
      email: users.email,
      phone: users.phoneNumber,
      settings: users.notificationSettings,
      marketingConsent: users.marketingConsent,
    })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(people.map((p) => [p.id, p]));

  const inApp: (typeof notifications.$inferInsert)[] = [];
  const outgoing: (typeof outbox.$inferInsert)[] = [];
  for (const n of notices) {
    const person = byId.get(n.userId);
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
        payload: { message: n.message, targetUrl: n.targetUrl, ...n.data },
        nextAttemptAt: now,
        createdAt: now,
      });
    }
  }
  if (inApp.length > 0) await tx.insert(notifications).values(inApp);
  if (outgoing.length > 0) await tx.insert(outbox).values(outgoing);
}
