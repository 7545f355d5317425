import {
  mergeNotificationSettings,
  NOTIFICATION_CHANNELS,
  type NotificationKind,
  shouldSendNotification,
} from '@rebound/core/notifications';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type notifications, type outbox, users } from '../../db/schema';
import { assertOutboxPayloads } from './payloads';
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

/** What sending needs to know about a recipient. */
export interface Contact {
  id: string;
  email: string;
  phone: string | null;
  settings: unknown;
  marketingConsent: boolean;
}

/** Ids per read: an IN list is one bind parameter per id, and a statement may carry at most 65,535. */
const CONTACTS_PER_READ = 5_000;

export async function loadContacts(tx: DbOrTx, userIds: string[]): Promise<Contact[]> {
  const found: Contact[] = [];
  for (let i = 0; i < userIds.length; i += CONTACTS_PER_READ) {
    found.push(
      ...(await tx
        .select({
          id: users.id,
          email: users.email,
          phone: users.phoneNumber,
          settings: users.notificationSettings,
          marketingConsent: users.marketingConsent,
        })
        .from(users)
        .where(inArray(users.id, userIds.slice(i, i + CONTACTS_PER_READ)))),
    );
  }
  return found;
}

export type NotificationRow = typeof notifications.$inferInsert;
export type OutboxRow = typeof outbox.$inferInsert;

/**
 * The rows a set of notices becomes: one in-app notification each, and email, SMS and push
 * messages for the outbox by each recipient's settings (docs/product.md "Notifications"). Recipients without
 * a contact row are skipped.
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
  await tx.execute(enqueueStatement(inApp, outgoing));
}

/**
 * One statement for both tables, its rows as ONE jsonb parameter (parsed once): a closing hour's
 * reminders or results for thousands of shoppers would otherwise bind more than the 65,535
 * parameters a statement may carry (seen: "bind message has 11012 parameter formats but 0
 * parameters" for 76,548), and building that many placeholders cost more than the insert.
 */
function enqueueStatement(inApp: NotificationRow[], outgoing: OutboxRow[]) {
  const iso = (d: Date | undefined) => (d ?? new Date()).toISOString();
  const rows = JSON.stringify({
    inApp: inApp.map((n) => ({
      user_id: n.userId,
      kind: n.kind,
      message: n.message,
      target_url: n.targetUrl ?? null,
      at: iso(n.createdAt),
    })),
    outgoing: outgoing.map((o) => ({
      channel: o.channel,
      template: o.template,
      user_id: o.userId ?? null,
      recipient: o.recipient,
      payload: o.payload ?? {},
      due: iso(o.nextAttemptAt),
      at: iso(o.createdAt),
    })),
  });
  return sql`with p as (select ${rows}::jsonb as j),
    n as (
      insert into notifications (user_id, kind, message, target_url, created_at)
      select r.user_id, r.kind, r.message, r.target_url, r.at
      from p, jsonb_to_recordset(p.j->'inApp') as r(user_id uuid, kind text, message text, target_url text, at timestamptz)
      returning 1)
    insert into outbox (channel, template, user_id, recipient, payload, next_attempt_at, created_at)
    select r.channel, r.template, r.user_id, r.recipient, r.payload, r.due, r.at
    from p, jsonb_to_recordset(p.j->'outgoing') as r(channel text, template text, user_id uuid, recipient text, payload jsonb, due timestamptz, at timestamptz)`;
}
