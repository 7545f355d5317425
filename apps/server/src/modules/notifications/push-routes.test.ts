import { PUSH_SUBSCRIPTIONS_PER_USER } from '@rebound/contract/notifications';
import { API } from '@rebound/contract/routes';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { useTestApp } from '../../../test/harness';
import { pushSubscriptions } from '../../db/schema';

const t = useTestApp();

let n = 0;
/** A subscription as PushSubscription.toJSON() gives it, with a fresh endpoint. */
function subscription(over: Record<string, unknown> = {}) {
  n += 1;
  return {
    endpoint: `https://push.example.test/send/device-${n}-${Math.random().toString(36).slice(2)}`,
    expirationTime: null,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
    ...over,
  };
}

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const rowsOf = (userId: string) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

let ava: SignedInUser;
let ben: SignedInUser;
beforeAll(async () => {
  ava = await signedInUser(t);
  ben = await signedInUser(t);
});

describe('GET /api/push/key', () => {
  it('gives the VAPID public key (generated once and kept outside production)', async () => {
    const first = await call('GET', API.pushKey, ava.cookie);
    expect(first.statusCode).toBe(200);
    const key = first.json<{ publicKey: string }>().publicKey;
    // An uncompressed P-256 point, URL-safe base64: 65 bytes.
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const again = await call('GET', API.pushKey, ben.cookie);
    expect(again.json()).toEqual({ publicKey: key });
  });

  it('is 401 signed out', async () => {
    const res = await call('GET', API.pushKey);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Authentication required');
  });
});

describe('POST /api/push/subscriptions', () => {
  it("stores this device for the session's shopper, once", async () => {
    const u = await signedInUser(t);
    const sub = subscription();
    const res = await call('POST', API.pushSubscriptions, u.cookie, sub);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ subscribed: true });
    const again = await call('POST', API.pushSubscriptions, u.cookie, sub);
    expect(again.statusCode).toBe(201);
    const rows = await rowsOf(u.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth });
  });

  it('moves an endpoint to whoever subscribed it last (one browser, two accounts)', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const sub = subscription();
    await call('POST', API.pushSubscriptions, a.cookie, sub);
    await call('POST', API.pushSubscriptions, b.cookie, sub);
    expect(await rowsOf(a.user.id)).toHaveLength(0);
    expect(await rowsOf(b.user.id)).toHaveLength(1);
  });

  it(`keeps the newest ${PUSH_SUBSCRIPTIONS_PER_USER} per shopper`, async () => {
    const u = await signedInUser(t);
    const subs = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_USER + 3 }, () => subscription());
    for (const [i, sub] of subs.entries()) {
      t.clock.set(new Date(t.clock.now().getTime() + 1_000 * (i + 1)));
      expect((await call('POST', API.pushSubscriptions, u.cookie, sub)).statusCode).toBe(201);
    }
    const kept = (await rowsOf(u.user.id)).map((r) => r.endpoint).sort();
    expect(kept).toEqual(
      subs
        .slice(3)
        .map((s) => s.endpoint)
        .sort(),
    );
  });

  it.each([
    ['an http endpoint', subscription({ endpoint: 'http://push.example.test/x' })],
    ['a non-URL endpoint', subscription({ endpoint: 'not a url' })],
    ['a javascript: endpoint', subscription({ endpoint: 'javascript:alert(1)' })],
    ['credentials in the endpoint', subscription({ endpoint: 'https://u:p@push.example.test/x' })],
    ['a huge endpoint', subscription({ endpoint: `https://push.example.test/${'a'.repeat(3000)}` })],
    ['no keys', { endpoint: 'https://push.example.test/x' }],
    ['keys that are not base64url', subscription({ keys: { p256dh: '<script>', auth: 'x y' } })],
    ['empty keys', subscription({ keys: { p256dh: '', auth: '' } })],
    ['a list', [subscription()]],
  ])('refuses %s with 400 and stores nothing', async (_label, body) => {
    const u = await signedInUser(t);
    const res = await call('POST', API.pushSubscriptions, u.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(await rowsOf(u.user.id)).toHaveLength(0);
  });

  it('is 401 signed out and stores nothing', async () => {
    const sub = subscription();
    const res = await call('POST', API.pushSubscriptions, undefined, sub);
    expect(res.statusCode).toBe(401);
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint)),
    ).toEqual([]);
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it('removes this device (idempotent)', async () => {
    const u = await signedInUser(t);
    const keep = subscription();
    const drop = subscription();
    await call('POST', API.pushSubscriptions, u.cookie, keep);
    await call('POST', API.pushSubscriptions, u.cookie, drop);
    const res = await call('DELETE', API.pushSubscriptions, u.cookie, { endpoint: drop.endpoint });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subscribed: false });
    expect((await rowsOf(u.user.id)).map((r) => r.endpoint)).toEqual([keep.endpoint]);
    expect(
      (await call('DELETE', API.pushSubscriptions, u.cookie, { endpoint: drop.endpoint })).statusCode,
    ).toBe(200);
  });

  it("leaves another shopper's subscription alone", async () => {
    const sub = subscription();
    await call('POST', API.pushSubscriptions, ben.cookie, sub);
    const res = await call('DELETE', API.pushSubscriptions, ava.cookie, { endpoint: sub.endpoint });
    expect(res.statusCode).toBe(200);
    expect((await rowsOf(ben.user.id)).map((r) => r.endpoint)).toContain(sub.endpoint);
  });

  it('is 401 signed out, 400 without an endpoint', async () => {
    expect(
      (await call('DELETE', API.pushSubscriptions, undefined, { endpoint: 'https://x.test/1' })).statusCode,
    ).toBe(401);
    expect((await call('DELETE', API.pushSubscriptions, ava.cookie, {})).statusCode).toBe(400);
  });
});
