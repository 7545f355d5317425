import { z } from 'zod';
import { Instant, Uuid } from './common';
import { NOTIFICATIONS_PAGE, NOTIFICATIONS_PAGE_MAX, TEST_EMAIL_TEXT } from './notifications-text';

// The shopper's notifications (the header's Mail menu and /notifications), the account's
// 'Send test email' button and the web-push opt-in. Every call is for the signed-in
// shopper's own rows; the server never takes a user id from the browser.

// The texts and sizes live in a zod-free module so that the header's Mail menu does not load zod.
export {
  MAIL_MENU_LATEST,
  NOTIFICATION_TEXT,
  NOTIFICATIONS_PAGE,
  NOTIFICATIONS_PAGE_MAX,
  TEST_EMAIL_TEXT,
} from './notifications-text';

/** A notification: id, message, is_read, created_at, target_url (the user is the asker). */
export const NotificationItem = z.object({
  id: Uuid,
  message: z.string(),
  isRead: z.boolean(),
  createdAt: Instant,
  /** A path inside the site ('/product/…'); null sends a click to /shop. */
  targetUrl: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

/** GET /api/me/notifications?cursor=&limit=: newest first. */
export const NotificationsQuery = z.object({
  /** `nextCursor` of the previous page; absent for the first page. */
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce
    .number({ error: 'The limit must be a whole number.' })
    .int({ error: 'The limit must be a whole number.' })
    .min(1, { error: 'The limit must be at least 1.' })
    .max(NOTIFICATIONS_PAGE_MAX, { error: `The limit must be at most ${NOTIFICATIONS_PAGE_MAX}.` })
    .default(NOTIFICATIONS_PAGE),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

export const NotificationsResponse = z.object({
  serverTime: Instant,
  items: z.array(NotificationItem),
  /** Every unread notification of the shopper, not only this page's. */
  unreadCount: z.number().int(),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;

export const NotificationParams = z.object({ id: z.string().max(100) });

/** POST /api/me/notifications/:id/read (idempotent) and POST /api/me/notifications/read-all. */
export const MarkReadResponse = z.object({
  serverTime: Instant,
  /** How many notifications this call changed from unread to read. */
  marked: z.number().int(),
  unreadCount: z.number().int(),
});
export type MarkReadResponse = z.infer<typeof MarkReadResponse>;

/**
 * POST /api/me/notifications/test-email: the test email (a bid confirmation
 * with sample values) to the signed-in shopper's own address, sent at once. 200 only when the
 * email went out; otherwise an error with 'Failed to send test email' or 'No email address found'.
 */
export const TestEmailResponse = z.object({
  serverTime: Instant,
  message: z.literal(TEST_EMAIL_TEXT.sent),
});
export type TestEmailResponse = z.infer<typeof TestEmailResponse>;

// Web push (the opt-in in the account's notification settings).

/** GET /api/push/key: the VAPID public key the browser subscribes with. */
export const PushKeyResponse = z.object({ publicKey: z.string() });
export type PushKeyResponse = z.infer<typeof PushKeyResponse>;

/** One device may hold this many subscriptions per shopper; the oldest go first. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

const Base64Url = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'Expected a base64url key.' });

export const PushEndpoint = z
  .string()
  .max(2048)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    },
    { error: 'The push endpoint must be an https URL.' },
  );

/** POST /api/push/subscriptions: PushSubscription.toJSON() of the browser. */
export const PushSubscriptionRequest = z.object({
  endpoint: PushEndpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: Base64Url, auth: Base64Url }),
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequest>;

/** DELETE /api/push/subscriptions: the opt-out of one device. */
export const PushUnsubscribeRequest = z.object({ endpoint: PushEndpoint });
export type PushUnsubscribeRequest = z.infer<typeof PushUnsubscribeRequest>;

export const PushSubscriptionResponse = z.object({
  serverTime: Instant,
  subscribed: z.boolean(),
});
export type PushSubscriptionResponse = z.infer<typeof PushSubscriptionResponse>;
