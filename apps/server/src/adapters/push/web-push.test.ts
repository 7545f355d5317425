import { createPublicKey, verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { makeUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { startPushService } from '../../../test/push-service';
import { devMessages, pushSubscriptions } from '../../db/schema';
import { isPermanent } from '../delivery-error';
import type { PushMessage } from './types';
import { localPushSender, PUSH_NOT_CONFIGURED, vapidHeaderFor, webPushSender } from './web-push';

// web-push against a fake push service on this machine (test/push-service.ts): each subscription's
// endpoint is a path on it, and the path decides the answer (201, 410 gone, 500).
let service: Awaited<ReturnType<typeof startPushService>>;
let hits: typeof service.hits;
let base = '';
let agent: typeof service.agent;
const t = useTestApp();
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@rebound.test' };

beforeAll(async () => {
  service = await startPushService({
    record: true,
    answer: (at) => (at.startsWith('/gone') ? 410 : at.startsWith('/broken') ? 500 : 201),
  });
  ({ hits, base, agent } = service);
});
afterAll(async () => {
  await service.close();
});
beforeEach(() => {
  hits.length = 0;
});

async function subscribe(userId: string, path: string) {
  await t.db.insert(pushSubscriptions).values({ userId, ...service.subscription(path) });
}

const message = (userId: string): PushMessage => ({
  userId,
  title: 'You have been outbid',
  body: 'Bid again on the lamp.',
  url: 'http://localhost:3000/product/1',
  tag: 'outbid-1',
  topic: '0b8a5a6e3c1f4e579a552f3f0c1d9e77',
});

describe('the web push adapter', () => {
  it('sends to every subscription of the user, encrypted, with VAPID, Topic and urgency', async () => {
    const user = await makeUser(t.db);
    await subscribe(user.id, '/ok/a');
    await subscribe(user.id, '/ok/b');
    const result = await webPushSender({ db: t.db, vapid: async () => vapid, agent }).send(message(user.id));
    expect(result).toEqual({ delivered: 2, removed: 0 });
    expect(hits.map((h) => h.path).sort()).toEqual(['/ok/a', '/ok/b']);
    for (const h of hits) {
      expect(h.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
      expect(h.headers.topic).toBe('0b8a5a6e3c1f4e579a552f3f0c1d9e77');
      expect(h.headers.urgency).toBe('high');
      expect(h.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(h.headers.ttl)).toBeGreaterThan(0);
      expect(h.bytes).toBeGreaterThan(0);
    }
  });

  it('sends at the same moment to several users, each to their own devices, in one lookup', async () => {
    const [ann, bo, cy] = [await makeUser(t.db), await makeUser(t.db), await makeUser(t.db)];
    await subscribe(ann.id, '/ok/ann-phone');
    await subscribe(ann.id, '/ok/ann-laptop');
    await subscribe(bo.id, '/ok/bo');
    // Counts the lookups: the adapter's only select.
    let selects = 0;
    const db = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === 'select') selects++;
        return Reflect.get(target, prop, receiver);
      },
    });
    const sender = webPushSender({ db, vapid: async () => vapid, agent });
    // The first is a batch of one at once; the four sent while it runs share the next lookup.
    const results = await Promise.all([ann, bo, cy, ann, bo].map((u) => sender.send(message(u.id))));
    expect(results.map((r) => r.delivered)).toEqual([2, 1, 0, 2, 1]);
    expect(hits.map((h) => h.path).sort()).toEqual([
      '/ok/ann-laptop',
      '/ok/ann-laptop',
      '/ok/ann-phone',
      '/ok/ann-phone',
      '/ok/bo',
      '/ok/bo',
    ]);
    expect(selects).toBe(2);
  });

  it('signs the VAPID header once per push service and reuses it until shortly before it expires', async () => {
    const user = await makeUser(t.db);
    await subscribe(user.id, '/ok/reuse-1');
    await subscribe(user.id, '/ok/reuse-2');
    const sender = webPushSender({ db: t.db, vapid: async () => vapid, agent });
    await sender.send(message(user.id));
    await sender.send(message(user.id));
    expect(hits).toHaveLength(4);
    const headers = [...new Set(hits.map((h) => h.headers.authorization))];
    expect(headers).toHaveLength(1);
    // A valid VAPID header (RFC 8292): an ES256 JWT for this push service, signed by our key.
    const [, token, k] = /^vapid t=([^,]+), k=(.+)$/.exec(headers[0]!)!;
    expect(k).toBe(vapid.publicKey);
    const [head, body, signature] = token!.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims.aud).toBe(base);
    expect(claims.sub).toBe(vapid.subject);
    expect(Number(claims.exp) * 1_000).toBeGreaterThan(Date.now() + 11 * 60 * 60 * 1_000);
    const point = Buffer.from(vapid.publicKey, 'base64url');
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    const signed = Buffer.from(`${head}.${body}`);
    expect(
      verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url')),
    ).toBe(true);
    // Signed anew within the last hour of its validity, and per key pair.
    const later = Date.now() + 11.5 * 60 * 60 * 1_000;
    expect(vapidHeaderFor(`${base}/ok/reuse-1`, vapid, later).Authorization).not.toBe(headers[0]);
    const other = { ...webpush.generateVAPIDKeys(), subject: vapid.subject };
    expect(vapidHeaderFor(`${base}/ok/reuse-1`, other).Authorization).toMatch(
      new RegExp(`k=${other.publicKey}$`),
    );
  });

  it('a user without subscriptions gets nothing, and that is not an error', async () => {
    const user = await makeUser(t.db);
    expect(await webPushSender({ db: t.db, vapid: async () => vapid, agent }).send(message(user.id))).toEqual(
      {
        delivered: 0,
        removed: 0,
      },
    );
    expect(hits).toHaveLength(0);
  });

  it('404/410 from the push service deletes that subscription; a 500 elsewhere is retried', async () => {
    const user = await makeUser(t.db);
    await subscribe(user.id, '/gone/1');
    await subscribe(user.id, '/ok/c');
    expect(await webPushSender({ db: t.db, vapid: async () => vapid, agent }).send(message(user.id))).toEqual(
      {
        delivered: 1,
        removed: 1,
      },
    );
    const left = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(left.map((s) => s.endpoint)).toEqual([`${base}/ok/c`]);

    await subscribe(user.id, '/broken/1');
    const err = await webPushSender({ db: t.db, vapid: async () => vapid, agent })
      .send(message(user.id))
      .catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(isPermanent(err)).toBe(false);
    expect(err.message).toMatch(/push failed for 1 of 2 devices: 127\.0\.0\.1:\d+: 500/);
  });

  it('without keys (production without VAPID_*) every push fails for good, saying why', async () => {
    const user = await makeUser(t.db);
    const err = await webPushSender({ db: t.db, vapid: async () => null, agent })
      .send(message(user.id))
      .catch((e) => e);
    expect(isPermanent(err)).toBe(true);
    expect(err.message).toBe(PUSH_NOT_CONFIGURED);
  });

  it('the development stand-in puts the push in the mailbox (channel push) and still reaches subscribed browsers', async () => {
    const user = await makeUser(t.db);
    await subscribe(user.id, '/ok/dev');
    await subscribe(user.id, '/broken/dev');
    const errors: string[] = [];
    const result = await localPushSender({
      db: t.db,
      vapid: async () => vapid,
      agent,
      onError: (e) => errors.push(e),
    }).send(message(user.id));
    expect(result).toEqual({ delivered: 1, removed: 0 });
    expect(errors).toHaveLength(1);
    const [row] = await t.db.select().from(devMessages).where(eq(devMessages.recipient, user.id));
    expect(row).toMatchObject({ channel: 'push', subject: 'You have been outbid' });
    expect(row!.body).toContain('http://localhost:3000/product/1');
    expect(row!.headers).toMatchObject({ Topic: '0b8a5a6e3c1f4e579a552f3f0c1d9e77', tag: 'outbid-1' });
  });
});
