// The session behind a request's cookie, read the way better-auth reads it (auth.ts configures it,
// without a cookie cache) but in one prepared query and one HMAC with a key made once, for the
// common case: a valid, signed, unexpired session that needs no renewal. Every other case is left
// to better-auth's own getSession, which renews sessions, clears stale cookies and deletes expired
// sessions. Decision docs/decisions/070-fewer-round-trips-in-the-closing-hour.md.

import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import { KeyedBatcher } from '../../lib/batcher';
import { SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S } from './auth';
import { type SessionWithUser, sessionsWithUsers } from './sessions-repository';

/** The cookies better-auth reads for a session (their names follow its prefix and Secure setting). */
export interface SessionCookieNames {
  token: string;
  /** Its cookie cache's cookie: we keep no cookie cache, so better-auth clears one if it comes. */
  data: string;
  /** Set when a shopper signs in without "remember me": better-auth then never renews the session. */
  dontRemember: string;
}

export type SessionLookup =
  /** No session: no token cookie, or one whose signature does not hold (better-auth says the same). */
  | { kind: 'none' }
  | { kind: 'found'; user: SessionUser; expiresAt: number }
  /** Anything better-auth answers with a write (renewal, cookie clean-up, expiry): ask it. */
  | { kind: 'ask' };

/**
 * A cookie header's value of `name` as better-call reads it: the first cookie of that name, trimmed,
 * unquoted and URL-decoded when it decodes. Undefined when there is none.
 */
export function cookieValue(header: string, name: string): string | undefined {
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf('=', index);
    if (eq === -1) return undefined;
    let end = header.indexOf(';', index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(';', eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      if (!value.includes('%')) return value;
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return undefined;
}

/**
 * The token of a signed cookie value (`token.signature`, the signature the base64 HMAC-SHA256 of the
 * token under the auth secret), or null when the signature is missing or does not hold.
 */
export function verifiedToken(signed: string, key: KeyObject): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', key).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The request's user from an account row and its session's token (any other role or status reads as the least). */
export function sessionUser(
  u: { id: string; email: string; handle: string; role: string; status: string },
  token: string,
): SessionUser {
  return {
    id: u.id,
    email: u.email,
    handle: u.handle,
    role: u.role === 'staff' ? 'staff' : 'shopper',
    status: u.status === 'suspended' ? 'suspended' : 'active',
    sessionToken: token,
  };
}

/** Sessions read by one statement at most. */
const SESSION_LOOKUPS_MAX = 256;

/**
 * Makes the lookup for one auth secret and cookie names. `nowMs` is the wall clock's milliseconds:
 * better-auth judges expiry and renewal by the real clock, never the store's test clock.
 */
export function createSessionLookup(
  db: DbOrTx,
  secret: string,
  names: SessionCookieNames,
  /** How sessions are read (a test counts the reads). */
  read: typeof sessionsWithUsers = sessionsWithUsers,
) {
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // Requests that miss the session cache while a lookup is on its way go together into the next
  // one (shoppers arriving together at a busy server): one statement for all their tokens.
  const sessions = new KeyedBatcher<string, SessionWithUser | null>(async (_key, tokens) => {
    const found = await read(db, tokens);
    return tokens.map((t) => ({ ok: true as const, value: found.get(t) ?? null }));
  }, SESSION_LOOKUPS_MAX);
  return async (cookieHeader: string | undefined, nowMs: number): Promise<SessionLookup> => {
    const header = cookieHeader ?? '';
    if (cookieValue(header, names.data) !== undefined) return { kind: 'ask' };
    const signed = cookieValue(header, names.token);
    if (!signed) return { kind: 'none' };
    const token = verifiedToken(signed, key);
    if (token === null) return { kind: 'none' };
    if (cookieValue(header, names.dontRemember) !== undefined) return { kind: 'ask' };
    const row = await sessions.submit('sessions', token);
    if (!row) return { kind: 'ask' };
    const expiresAt = row.expiresAt.getTime();
    // Expired (better-auth deletes it and the cookie), or due for renewal (a day after its last).
    if (expiresAt < nowMs) return { kind: 'ask' };
    if (expiresAt - SESSION_EXPIRES_IN_S * 1000 + SESSION_UPDATE_AGE_S * 1000 <= nowMs)
      return { kind: 'ask' };
    return { kind: 'found', expiresAt, user: sessionUser(row, token) };
  };
}
