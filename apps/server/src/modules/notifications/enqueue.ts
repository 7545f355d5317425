import {
  mergeNotificationSettings,
  NOTIFICATION_CHANNELS,
  type NotificationKind,
  shouldSendNotification,
} from '@rebound/core/notifications';
import type { DbOrTx } from '../../db/client';
import { assertOutboxPayloads } from './payloads';
import {
  type Contact,
  contactsOf,
  insertNoticeRows,
  type NotificationRow,
  type OutboxRow,
} from './repository';
import type { TemplateData, TemplateName } from './templates/registry';

/** A notice for one template: its `data` is typed from the template's schema (templates/define.ts). */
export interface NoticeOf<N extends TemplateName> {
  userId: string;
  kind: NotificationKind;
  /** Outbox template name, e.g. 'outbid'. */
  template: N;
  message: string;
  targetUrl: string | null;
  data: TemplateData<N>;
}

/** A notice for any template (a union by template name: a wrong `data` does not compile). */
export type Notice = { [N in TemplateName]: NoticeOf<N> }[TemplateName];

export type { Contact, NotificationRow, OutboxRow } from './repository';

/** Ids per read: an IN list is one bind parameter per id, and a statement may carry at most 65,535. */
const CONTACTS_PER_READ = 5_000;

export async function loadContacts(tx: DbOrTx, userIds: string[]): Promise<Contact[]> {
  const found: Contact[] = [];
  for (let i = 0; i < userIds.length; i += CONTACTS_PER_READ) {
    found.push(...(await contactsOf(tx, userIds.slice(i, i + CONTACTS_PER_READ))));
  }
  return found;
}

/**
 * The rows a set of notices becomes: one in-app notification each, and email, SMS and push
 * messages for the outbox by each recipient's settings (docs/product.md "Notifications"); push only for
 * recipients with a push subscription. Recipients without a contact row are skipped.
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
      // Push goes only to someone with a subscription: a row for nobody's device would be claimed
      // only to be skipped (docs/decisions/071-push-only-to-subscribed-shoppers.md).
      const recipient = { email: person.email, sms: person.phone, push: person.hasPush ? person.id : null }[
        channel
      ];
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
 * settings (docs/product.md "Notifications"). Call inside the event's transaction: sending happens later,
 * durably. Callers that already hold the recipients' contact rows pass them and save a query.
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
  const have = new Set(contacts.map((c) => c.id));
  const missing = ids.filter((id) => !have.has(id));
  if (missing.length > 0) contacts.push(...(await loadContacts(tx, missing)));

  const { inApp, outgoing } = noticeRows(now, notices, contacts);
  if (inApp.length === 0) return;
  assertOutboxPayloads(outgoing);
  await insertNoticeRows(tx, inApp, outgoing);
}
