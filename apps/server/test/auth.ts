import { randomInt } from 'node:crypto';
import { API } from '@rebound/contract/routes';
import { and, desc, eq } from 'drizzle-orm';
import { devMessages, users } from '../src/db/schema';
import type { SessionUser } from '../src/lib/auth-context';
import type { TestApp } from './harness';
import { drainOutbox } from './outbox';

// Signed-in users for medium tests, made through the real paths: POST /api/auth/sign-up, then the
// confirmation link from the local mailbox, which signs the user in and sets the session cookie.

export interface SignedInUser {
  user: SessionUser & { firstName: string; lastName: string; phone: string };
  /** A Cookie header value: t.app.inject({ headers: { cookie } }). */
  cookie: string;
}

let n = 0;
let addresses = 0;

/** A new made-up client address per call (IPv6 documentation range), so per-address limits never bite. */
export function testAddress(): string {
  addresses += 1;
  return `2001:db8:${(addresses % 0xffff).toString(16)}::1`;
}

/** A fresh, valid BC-looking number in E.164. */
export function testPhone(): string {
  return `+1604${String(randomInt(1_000_000, 9_999_999))}`;
}

/** `name=value` of the session cookie among Set-Cookie headers ('' when there is none). */
export function sessionCookieFrom(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => /^(__Secure-)?rebound\.session_token=[^;]+/.test(c));
  return found ? found.split(';')[0]! : '';
}

/** The newest local-mailbox message to `recipient` on `channel`, once the outbox has been sent. */
export async function lastMessageTo(t: TestApp, recipient: string, channel: 'email' | 'sms' = 'email') {
  await drainOutbox(t);
  const [row] = await t.db
    .select()
    .from(devMessages)
    .where(and(eq(devMessages.recipient, recipient), eq(devMessages.channel, channel)))
    .orderBy(desc(devMessages.createdAt))
    .limit(1);
  return row ?? null;
}

/** The first link in a message body, as a path to inject. */
export function linkPath(body: string): string {
  const match = body.match(/https?:\/\/[^\s"'<>]+/);
  if (!match) throw new Error(`no link in message: ${body}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

/** When test accounts count as approved for bids above the new-account cap (see signedInUser). */
export const TEST_APPROVED_AT = new Date('2020-01-01T00:00:00.000Z');

/**
 * Creates a confirmed, signed-in user through the real sign-up path and returns it with a cookie
 * header. `role: 'staff'` promotes it afterwards (there is no API for that, on purpose).
 */
export async function signedInUser(
  t: TestApp,
  over: {
    role?: 'shopper' | 'staff';
    handle?: string;
    email?: string;
    /**
     * Leave the new-account bidding rule in force (core bidding-limits.ts). Test accounts are made
     * approved for bids above its cap otherwise: they are minutes old, and a test's clock is often
     * set before the database's created_at, so the rule would refuse their ordinary bids.
     */
    newAccountRule?: boolean;
  } = {},
): Promise<SignedInUser> {
  n += 1;
  const tag = `${n}${randomInt(10_000, 99_999)}`;
  const email = (over.email ?? `shopper${tag}@example.test`).toLowerCase();
  const handle = over.handle ?? `bidder${tag}`;
  const firstName = 'Test';
  const lastName = `Shopper${n}`;
  const remoteAddress = testAddress();

  let phone = '';
  for (let attempt = 0; ; attempt++) {
    phone = testPhone();
    const res = await t.app.inject({
      method: 'POST',
      url: API.authSignUp,
      remoteAddress,
      payload: {
        email,
        firstName,
        lastName,
        handle,
        phone,
        password: 'correct-horse-battery',
        confirmPassword: 'correct-horse-battery',
        termsAccepted: true,
        marketingConsent: false,
      },
    });
    if (res.statusCode === 201) break;
    if (res.json<{ error?: { code?: string } }>().error?.code === 'phone_taken' && attempt < 5) continue;
    throw new Error(`signedInUser: sign-up answered ${res.statusCode} ${res.body}`);
  }

  const message = await lastMessageTo(t, email);
  if (!message) throw new Error(`signedInUser: no confirmation email for ${email}`);
  const confirmed = await t.app.inject({ method: 'GET', url: linkPath(message.body), remoteAddress });
  const cookie = sessionCookieFrom(confirmed.headers['set-cookie']);
  if (!cookie)
    throw new Error(`signedInUser: the confirmation link answered ${confirmed.statusCode} without a session`);

  const role = over.role ?? 'shopper';
  const [row] = await t.db
    .update(users)
    .set({ role, largeBidsApprovedAt: over.newAccountRule ? null : TEST_APPROVED_AT })
    .where(eq(users.email, email))
    .returning();
  if (!row) throw new Error(`signedInUser: user ${email} not found after sign-up`);
  return {
    user: {
      id: row.id,
      email: row.email,
      handle: row.handle,
      role: row.role,
      status: row.status,
      firstName,
      lastName,
      phone,
    },
    cookie,
  };
}
