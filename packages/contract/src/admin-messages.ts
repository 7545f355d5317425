import { z } from 'zod';
import { adminListQuery, adminPage } from './admin';
import { Instant, Uuid } from './common';

// Messages in the back-office (Messages section; docs/decisions/027): the contact form's
// inbox (reply, close, reopen) and the outbox's dead letters (retry, discard).

export const CONTACT_STATUSES = ['new', 'answered', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: 'New',
  answered: 'Answered',
  closed: 'Closed',
};

export const CONTACT_SORTS = ['received'] as const;
export const ContactListQuery = adminListQuery(CONTACT_SORTS, 'received').extend({
  status: z.enum(CONTACT_STATUSES).optional(),
});
export type ContactListQuery = z.infer<typeof ContactListQuery>;

export const ContactRow = z.object({
  id: Uuid,
  name: z.string(),
  email: z.string(),
  /** The first words of the message (the list's preview). */
  preview: z.string(),
  status: z.enum(CONTACT_STATUSES),
  receivedAt: Instant,
  /** The sender had an account when writing. */
  hasAccount: z.boolean(),
});
export type ContactRow = z.infer<typeof ContactRow>;

export const ContactListResponse = adminPage(ContactRow).extend({
  /** New messages in the whole inbox, whatever the filters (the tab's count). */
  newCount: z.number().int().nonnegative(),
});
export type ContactListResponse = z.infer<typeof ContactListResponse>;

/**
 * How the reply email is doing, as the outbox says: queued (waiting or on its way), retrying (a
 * send failed; it will be tried again), sent, failed (a dead letter). Never "sent" before it is.
 */
export const REPLY_DELIVERY = ['queued', 'retrying', 'sent', 'failed'] as const;
export type ReplyDelivery = (typeof REPLY_DELIVERY)[number];

export const ContactDetail = z.object({
  id: Uuid,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  receivedAt: Instant,
  /** The sender's account, when they were signed in. */
  account: z.object({ id: Uuid, handle: z.string() }).nullable(),
  /** The last reply sent, kept when the message is reopened. */
  reply: z.string().nullable(),
  /** Who answered or closed it last, and when. */
  handledBy: z.object({ id: Uuid, email: z.string(), handle: z.string() }).nullable(),
  handledAt: Instant.nullable(),
  /** The reply email's state while the message is answered; null otherwise. */
  delivery: z
    .object({
      status: z.enum(REPLY_DELIVERY),
      sentAt: Instant.nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
});
export type ContactDetail = z.infer<typeof ContactDetail>;

export const CONTACT_REPLY_MIN = 2;
export const CONTACT_REPLY_MAX = 5000;

export const ContactReplyBody = z.object({
  reply: z
    .string()
    .trim()
    .min(CONTACT_REPLY_MIN, 'Please write a reply.')
    .max(
      CONTACT_REPLY_MAX,
      `Please keep the reply under ${CONTACT_REPLY_MAX.toLocaleString('en-CA')} characters.`,
    ),
});
export type ContactReplyBody = z.infer<typeof ContactReplyBody>;

// ── Dead letters ─────────────────────────────────────────────────────────────────────────────

export const DeadLetterQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type DeadLetterQuery = z.infer<typeof DeadLetterQuery>;

export const DeadLetterRow = z.object({
  id: Uuid,
  channel: z.enum(['email', 'sms', 'push']),
  /** The outbox template, e.g. 'payment_reminder'. */
  template: z.string(),
  /** The notice kind when the message is a notice ('outbid', 'new_drops'), else null. */
  kind: z.string().nullable(),
  recipient: z.string(),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  createdAt: Instant,
  deadAt: Instant,
});
export type DeadLetterRow = z.infer<typeof DeadLetterRow>;

export const DeadLetterResponse = adminPage(DeadLetterRow);
export type DeadLetterResponse = z.infer<typeof DeadLetterResponse>;

export const DeadLetterActionResponse = z.object({
  id: Uuid,
  /** retried: queued again (the sender sends it soon); discarded: removed from the list. */
  result: z.enum(['retried', 'discarded']),
});
export type DeadLetterActionResponse = z.infer<typeof DeadLetterActionResponse>;

/** The Messages section's two counts (tabs and the navigation's badge). */
export const MessagesSummary = z.object({
  newContact: z.number().int().nonnegative(),
  deadLetters: z.number().int().nonnegative(),
});
export type MessagesSummary = z.infer<typeof MessagesSummary>;
