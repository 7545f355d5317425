import type { Agent } from 'node:https';
import { eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { DbOrTx } from '../../db/client';
import { devMessages, pushSubscriptions } from '../../db/schema';
import { KeyedBatcher } from '../../lib/batcher';
import { PermanentDeliveryError } from '../delivery-error';
import type { PushMessage, PushPayload, PushResult, PushSender } from './types';

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface WebPushOptions {
  db: DbOrTx;
  /** The keys in force (configured, or generated and kept outside production); null: push is off. */
  vapid: () => Promise<VapidDetails | null>;
  timeoutMs?: number;
  /** Seconds a push service keeps an undelivered message (an alert is stale after a day). */
  ttlSeconds?: number;
  /** The HTTPS agent for push services (tests trust their local stand-in's certificate with it). */
  agent?: Agent;
}

type Subscription = { endpoint: string; p256dh: string; auth: string };

/** Subscriptions looked up in one statement at most. */
const SUBSCRIPTION_LOOKUPS_MAX = 256;

/**
 * Each user's subscriptions, the lookups of messages sent at the same moment taken together in one
 * statement: a closing hour's burst of reminders is thousands of pushes at once, and each cost a
 * statement of its own (docs/benchmarks.md "Closing hour: where the sender's lag comes from"). A
 * quiet sender's lookup is a batch of one, at once.
 */
function subscriptionLookup(db: DbOrTx) {
  const batcher = new KeyedBatcher<string, Subscription[]>(async (_key, userIds) => {
    const rows = await db
      .select({
        userId: pushSubscriptions.userId,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, [...new Set(userIds)]));
    const byUser = new Map<string, Subscription[]>();
    for (const { userId, ...sub } of rows) {
      const mine = byUser.get(userId);
      if (mine) mine.push(sub);
      else byUser.set(userId, [sub]);
    }
    return userIds.map((id) => ({ ok: true as const, value: byUser.get(id) ?? [] }));
  }, SUBSCRIPTION_LOOKUPS_MAX);
  return (userId: string) => batcher.submit('subscriptions', userId);
}

/** How long a signed VAPID header is valid (RFC 8292 allows at most 24 hours). */
const VAPID_HEADER_SECONDS = 12 * 60 * 60;
/** A signed header is reused until this long before it expires. */
const VAPID_HEADER_MARGIN_MS = 60 * 60 * 1_000;
const vapidHeaders = new Map<string, { headers: Record<string, string>; reuseUntilMs: number }>();

/**
 * The VAPID Authorization header for a push service's origin, signed once and reused for about 11
 * hours. Signing (ES256) is most of a push's CPU on the server's thread (0.6 of 0.8 ms measured, see
 * docs/benchmarks.md "Closing hour after decision 071"), and the header depends only on the push
 * service's origin, the subject and the keys, not on the message or the subscription.
 */
export function vapidHeaderFor(
  endpoint: string,
  vapid: VapidDetails,
  nowMs = Date.now(),
): Record<string, string> {
  const audience = new URL(endpoint).origin;
  const key = `${audience}\n${vapid.subject}\n${vapid.publicKey}\n${vapid.privateKey}`;
  const kept = vapidHeaders.get(key);
  if (kept && kept.reuseUntilMs > nowMs) return kept.headers;
  const expiresAt = Math.floor(nowMs / 1_000) + VAPID_HEADER_SECONDS;
  const headers = webpush.getVapidHeaders(
    audience,
    vapid.subject,
    vapid.publicKey,
    vapid.privateKey,
    'aes128gcm',
    expiresAt,
  ) as Record<string, string>;
  // Few entries (one per push service and key pair); a key pair that changed leaves old ones behind.
  if (vapidHeaders.size > 100) vapidHeaders.clear();
  vapidHeaders.set(key, { headers, reuseUntilMs: expiresAt * 1_000 - VAPID_HEADER_MARGIN_MS });
  return headers;
}

/** Sends to every subscription of the user; 404/410 from the push service deletes that subscription. */
async function sendToSubscriptions(
  opts: WebPushOptions,
  subscriptionsOf: (userId: string) => Promise<Subscription[]>,
  vapid: VapidDetails,
  message: PushMessage,
): Promise<PushResult & { errors: string[]; permanent: boolean }> {
  const subs = await subscriptionsOf(message.userId);
  const payload: PushPayload = {
    title: message.title,
    body: message.body,
    url: message.url,
    tag: message.tag,
  };
  const body = JSON.stringify(payload);
  let delivered = 0;
  let removed = 0;
  let permanent = true;
  const errors: string[] = [];
  await Promise.all(
    subs.map(async (s) => {
      try {
        await webpush.sendNotification(
          { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
          body,
          {
            // Signed once per push service and reused (vapidHeaderFor), instead of `vapidDetails`,
            // which web-push signs anew for every message.
            headers: vapidHeaderFor(s.endpoint, vapid),
            TTL: opts.ttlSeconds ?? 24 * 60 * 60,
            topic: message.topic,
            urgency: 'high',
            timeout: opts.timeoutMs ?? 10_000,
            ...(opts.agent ? { agent: opts.agent } : {}),
          },
        );
        delivered += 1;
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          // The browser unsubscribed or the subscription expired: forget it for good.
          await opts.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, s.endpoint));
          removed += 1;
          return;
        }
        // 400/413: the push service refuses this message as it is; anything else may pass later.
        if (status !== 400 && status !== 413) permanent = false;
        errors.push(
          `${new URL(s.endpoint).host}: ${status ?? 'no answer'} ${(err as Error).message}`.slice(0, 300),
        );
      }
    }),
  );
  return { delivered, removed, errors, permanent };
}

/**
 * Browser push through `web-push` with VAPID. A user without subscriptions gets nothing (not an
 * error). Should the keys be missing after all, every push fails for good: a dead letter that says
 * why (production without VAPID_* gets `offPushSender` instead).
 */
export function webPushSender(opts: WebPushOptions): PushSender {
  const subscriptionsOf = subscriptionLookup(opts.db);
  return {
    kind: 'web-push',
    async send(message) {
      const vapid = await opts.vapid();
      if (!vapid) throw new PermanentDeliveryError(PUSH_NOT_CONFIGURED);
      const r = await sendToSubscriptions(opts, subscriptionsOf, vapid, message);
      if (r.errors.length > 0) {
        // Retried to every device: the Topic and the tag make a repeat replace, not stack.
        const what = `push failed for ${r.errors.length} of ${r.errors.length + r.delivered} devices: ${r.errors.join('; ')}`;
        throw r.permanent ? new PermanentDeliveryError(what) : new Error(what);
      }
      return { delivered: r.delivered, removed: r.removed };
    },
  };
}

export const PUSH_NOT_CONFIGURED =
  'Push is not configured: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT';

/** What a push message skipped because push is off says (the outbox row's last_error). */
export const PUSH_OFF_SKIPPED = 'skipped: web push is off (no VAPID keys)';

/**
 * Production without VAPID keys: push is off. No browser can subscribe (GET /api/push/key answers
 * 503), so there is no one to send to; the outbox sender sees `kind: 'off'` and records each push
 * message as skipped instead of calling `send` (docs/decisions/041-test-servers-and-quiet-logs.md).
 */
export function offPushSender(): PushSender {
  return {
    kind: 'off',
    async send() {
      return { delivered: 0, removed: 0 };
    },
  };
}

/**
 * The default without VAPID settings (outside production): every push lands in the development
 * mailbox (channel 'push'), and browsers that subscribed with the generated keys get it too, best
 * effort (a push service out of reach on a laptop is logged, not retried).
 */
export function localPushSender(opts: WebPushOptions & { onError?: (err: string) => void }): PushSender {
  const subscriptionsOf = subscriptionLookup(opts.db);
  return {
    kind: 'local',
    async send(message) {
      let result: PushResult = { delivered: 0, removed: 0 };
      const vapid = await opts.vapid().catch(() => null);
      if (vapid) {
        const r = await sendToSubscriptions(opts, subscriptionsOf, vapid, message);
        if (r.errors.length > 0) opts.onError?.(r.errors.join('; '));
        result = { delivered: r.delivered, removed: r.removed };
      }
      await opts.db.insert(devMessages).values({
        channel: 'push',
        recipient: message.userId,
        subject: message.title,
        body: `${message.body}\n\n${message.url}`,
        html: null,
        headers: { Topic: message.topic, Urgency: 'high', tag: message.tag, url: message.url },
      });
      return result;
    },
  };
}
