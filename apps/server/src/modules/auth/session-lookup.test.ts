import { createHmac, createSecretKey } from 'node:crypto';
import { API } from '@rebound/contract/routes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { useTestApp } from '../../../test/harness';
import { sessions } from '../../db/schema';
import { SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S } from './auth';
import { cookieValue, createSessionLookup, verifiedToken } from './session-lookup';
import { sessionsWithUsers } from './sessions-repository';

// The session lookup (session-lookup.ts): what it answers itself must be what better-auth would
// answer, and everything that makes better-auth write (renewal, expiry, stale cookies) is left to it.

const t = useTestApp();
const NAMES = {
  token: 'rebound.session_token',
  data: 'rebound.session_data',
  dontRemember: 'rebound.dont_remember',
};
const DAY_MS = 24 * 60 * 60 * 1000;

const lookup = () => createSessionLookup(t.db, t.config.authSecret, NAMES);

/** The raw token inside a `rebound.session_token=token.signature` cookie header. */
const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=').slice(1).join('=')).split('.')[0]!;

/** What better-auth itself says of the cookie. */
async function betterAuthSays(cookie: string) {
  const { headers, response } = await t.app.accounts.auth.api.getSession({
    headers: new Headers({ cookie }),
    returnHeaders: true,
  });
  return { userId: response?.user.id ?? null, setCookies: headers.getSetCookie() };
}

describe('cookieValue and verifiedToken', () => {
  const key = createSecretKey(Buffer.from('a-secret-of-the-test', 'utf8'));
  const sign = (token: string) => `${token}.${createHmac('sha256', key).update(token).digest('base64')}`;

  it('reads the first cookie of the exact name, unquoted and decoded', () => {
    expect(cookieValue('a=1; rebound.session_token=x%2Fy; rebound.session_token=z', NAMES.token)).toBe('x/y');
    expect(cookieValue('rebound.session_token="q"', NAMES.token)).toBe('q');
    expect(cookieValue('xrebound.session_token=1', NAMES.token)).toBeUndefined();
    expect(cookieValue('rebound.session_token=%E0%A4%A', NAMES.token)).toBe('%E0%A4%A');
    expect(cookieValue('', NAMES.token)).toBeUndefined();
  });

  it('takes a token only with its own signature under the secret', () => {
    expect(verifiedToken(sign('abc'), key)).toBe('abc');
    expect(verifiedToken(sign('abc').replace('abc', 'abd'), key)).toBeNull();
    const other = createSecretKey(Buffer.from('another-secret', 'utf8'));
    expect(verifiedToken(sign('abc'), other)).toBeNull();
    expect(verifiedToken('abc', key)).toBeNull();
    expect(verifiedToken('.AAAA', key)).toBeNull();
    expect(verifiedToken(`abc.${'A'.repeat(43)}`, key)).toBeNull();
  });
});

describe('createSessionLookup', () => {
  it('answers a fresh session with its user, as better-auth does, and without a cookie to set', async () => {
    const { user, cookie } = await signedInUser(t);
    const found = await lookup()(cookie, Date.now());
    expect(found).toMatchObject({
      kind: 'found',
      user: { id: user.id, email: user.email, handle: user.handle, role: 'shopper', status: 'active' },
    });
    if (found.kind !== 'found') throw new Error('not found');
    expect(found.user.sessionToken).toBe(tokenOf(cookie));
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, tokenOf(cookie)));
    expect(found.expiresAt).toBe(row!.expiresAt.getTime());
    expect(await betterAuthSays(cookie)).toEqual({ userId: user.id, setCookies: [] });
  });

  it('looks up the sessions of requests that miss together in one statement, each its own answer', async () => {
    const people = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const gone = await signedInUser(t);
    await t.db.delete(sessions).where(eq(sessions.token, tokenOf(gone.cookie)));
    // Counts the reads: each is one statement.
    const reads: string[][] = [];
    const find = createSessionLookup(t.db, t.config.authSecret, NAMES, (db, tokens) => {
      reads.push([...tokens]);
      return sessionsWithUsers(db, tokens);
    });
    const now = Date.now();
    // The first starts a lookup of one at once; the four that arrive while it runs share the next.
    const found = await Promise.all(
      [people[0]!, people[1]!, gone, people[2]!, people[1]!].map((p) => find(p.cookie, now)),
    );
    expect(found.map((f) => (f.kind === 'found' ? f.user.id : f.kind))).toEqual([
      people[0]!.user.id,
      people[1]!.user.id,
      'ask',
      people[2]!.user.id,
      people[1]!.user.id,
    ]);
    expect(reads.map((r) => r.length)).toEqual([1, 4]);
  });

  it('says none for no cookie or a forged signature, as better-auth does', async () => {
    const { cookie } = await signedInUser(t);
    expect(await lookup()('theme=dark', Date.now())).toEqual({ kind: 'none' });
    const forged = cookie.replace(/\.[^.]*$/, `.${'A'.repeat(43)}%3D`);
    expect(await lookup()(forged, Date.now())).toEqual({ kind: 'none' });
    expect(await betterAuthSays(forged)).toEqual({ userId: null, setCookies: [] });
  });

  it('leaves to better-auth a session it must renew, end or clean up', async () => {
    const { cookie } = await signedInUser(t);
    const token = tokenOf(cookie);
    const now = Date.now();
    expect(await lookup()(`${cookie}; ${NAMES.data}=stale`, now)).toEqual({ kind: 'ask' });
    expect(await lookup()(`${cookie}; ${NAMES.dontRemember}=x`, now)).toEqual({ kind: 'ask' });
    // Last renewed more than a day ago: better-auth pushes it out again.
    const renewDue = new Date(now + SESSION_EXPIRES_IN_S * 1000 - SESSION_UPDATE_AGE_S * 1000 - 60_000);
    await t.db.update(sessions).set({ expiresAt: renewDue }).where(eq(sessions.token, token));
    expect(await lookup()(cookie, now)).toEqual({ kind: 'ask' });
    // Just short of that: still answered here.
    const notYet = new Date(now + SESSION_EXPIRES_IN_S * 1000 - SESSION_UPDATE_AGE_S * 1000 + 60_000);
    await t.db.update(sessions).set({ expiresAt: notYet }).where(eq(sessions.token, token));
    expect((await lookup()(cookie, now)).kind).toBe('found');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(now - 1_000) })
      .where(eq(sessions.token, token));
    expect(await lookup()(cookie, now)).toEqual({ kind: 'ask' });
    await t.db.delete(sessions).where(eq(sessions.token, token));
    expect(await lookup()(cookie, now)).toEqual({ kind: 'ask' });
  });

  it('through the server: a session due for renewal is renewed by better-auth, a fresh one is not', async () => {
    const { user, cookie } = await signedInUser(t);
    const expiry = async (token: string) =>
      (await t.db.select().from(sessions).where(eq(sessions.token, token)))[0]!.expiresAt.getTime();
    const before = await expiry(tokenOf(cookie));
    const fresh = await t.app.inject({ method: 'GET', url: API.profile, headers: { cookie } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['set-cookie']).toBeUndefined();
    expect(await expiry(tokenOf(cookie))).toBe(before);

    const { cookie: other } = await signedInUser(t);
    const otherToken = tokenOf(other);
    const old = new Date(Date.now() + SESSION_EXPIRES_IN_S * 1000 - 2 * DAY_MS);
    await t.db.update(sessions).set({ expiresAt: old }).where(eq(sessions.token, otherToken));
    const renewed = await t.app.inject({ method: 'GET', url: API.profile, headers: { cookie: other } });
    expect(renewed.statusCode).toBe(200);
    expect(String(renewed.headers['set-cookie'])).toMatch(/rebound\.session_token=/);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.token, otherToken));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(old.getTime() + DAY_MS);
    expect(user.id).not.toBe(row!.userId);
  });

  it('through the server: a cookie planted beside the real one cannot borrow its session', async () => {
    const { user, cookie } = await signedInUser(t);
    const planted = '__Secure-rebound.session_token=planted-by-someone-else';
    const both = await t.app.inject({
      method: 'GET',
      url: API.profile,
      headers: { cookie: `${planted}; ${cookie}` },
    });
    expect(both.statusCode).toBe(200);
    expect(both.json<{ profile: { id: string } }>().profile.id).toBe(user.id);
    // The server cached the real cookie's session, not the planted value's.
    const alone = await t.app.inject({ method: 'GET', url: API.profile, headers: { cookie: planted } });
    expect(alone.statusCode).toBe(401);
  });

  it('through the server: a signed-out session is nobody at once', async () => {
    const { cookie } = await signedInUser(t);
    expect((await t.app.inject({ method: 'GET', url: API.profile, headers: { cookie } })).statusCode).toBe(
      200,
    );
    const out = await t.app.inject({ method: 'POST', url: API.authSignOut, headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: API.profile, headers: { cookie } })).statusCode).toBe(
      401,
    );
  });
});
