// The one-click unsubscribe token (RFC 8058; CASL): who, from which kind of message, until when,
// signed with AUTH_SECRET. It travels in the List-Unsubscribe header and the footer link of every
// new-drops and marketing email, so it needs no sign-in and no stored state.
//
// Format: <user id>.<scope>.<expiry, unix seconds in base 36>.<HMAC-SHA256, base64url>
// Long-lived rather than eternal: CASL wants the link to work for at least 60 days after sending;
// a year leaves a wide margin while an old leaked link does not work forever.
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `launch`: the pre-launch list; `drop_list`: the open store's new-drops email list. Their tokens name
 * the signup's id instead of a user's.
 */
export const UNSUBSCRIBE_SCOPES = ['new_drops', 'marketing', 'launch', 'drop_list'] as const;
export type UnsubscribeScope = (typeof UNSUBSCRIBE_SCOPES)[number];

export const UNSUBSCRIBE_TOKEN_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;
/** Longest token the routes look at (a uuid, a scope, a date and a signature are ~110 characters). */
export const UNSUBSCRIBE_TOKEN_MAX_LENGTH = 300;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EXPIRY = /^[0-9a-z]{1,11}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

export function isUnsubscribeScope(value: unknown): value is UnsubscribeScope {
  return typeof value === 'string' && (UNSUBSCRIBE_SCOPES as readonly string[]).includes(value);
}

function sign(secret: string, body: string): Buffer {
  // Domain-separated, so no other HMAC made with the same secret can pass for an unsubscribe token.
  return createHmac('sha256', secret).update(`rebound-unsubscribe-v1:${body}`).digest();
}

export function createUnsubscribeToken(
  secret: string,
  userId: string,
  scope: UnsubscribeScope,
  now: Date = new Date(),
): string {
  if (!UUID.test(userId)) throw new RangeError('An unsubscribe token needs a user id (uuid)');
  const expiry = Math.floor((now.getTime() + UNSUBSCRIBE_TOKEN_LIFETIME_MS) / 1000).toString(36);
  const body = `${userId}.${scope}.${expiry}`;
  return `${body}.${sign(secret, body).toString('base64url')}`;
}

export type UnsubscribeTokenCheck =
  | { ok: true; userId: string; scope: UnsubscribeScope; expiresAt: Date }
  | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

/** Checks any untrusted value; never throws. */
export function verifyUnsubscribeToken(secret: string, token: unknown, now: Date): UnsubscribeTokenCheck {
  if (typeof token !== 'string' || token.length > UNSUBSCRIBE_TOKEN_MAX_LENGTH) {
    return { ok: false, reason: 'malformed' };
  }
  const parts = token.split('.');
  if (parts.length !== 4) return { ok: false, reason: 'malformed' };
  const [userId, scope, expiry, signature] = parts as [string, string, string, string];
  if (
    !UUID.test(userId) ||
    !isUnsubscribeScope(scope) ||
    !EXPIRY.test(expiry) ||
    !SIGNATURE.test(signature)
  ) {
    return { ok: false, reason: 'malformed' };
  }
  const expected = sign(secret, `${userId}.${scope}.${expiry}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad_signature' };
  }
  const expiresAt = new Date(Number.parseInt(expiry, 36) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, userId, scope, expiresAt };
}
