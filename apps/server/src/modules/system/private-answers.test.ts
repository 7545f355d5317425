import { API } from '@rebound/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { makeAuction, makeLocation } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

const NOW = new Date('2026-06-15T18:00:00.000Z');

let t: TestApp;
let cookie: string;
let auctionId: string;
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  ({ cookie } = await signedInUser(t));
  const location = await makeLocation(t.db);
  ({
    auction: { id: auctionId },
  } = await makeAuction(t.db, { now: NOW, locationId: location.id }));
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: '127.0.0.1' });

describe('private API answers are never stored by a cache', () => {
  it.each([
    API.meSummary,
    API.meBids,
    API.meSpending,
    API.meWatchlist,
    API.profile,
    API.authSession,
    API.devMessages,
    API.adminPing,
  ])('%s, signed in or not', async (url) => {
    expect((await get(url, { cookie })).headers['cache-control'], 'signed in').toBe('no-store');
    expect((await get(url)).headers['cache-control'], 'signed out').toBe('no-store');
  });

  it('an auction answered to a signed-in shopper (it carries `me`)', async () => {
    const res = await get(API.auction(auctionId), { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('any API answer to a request with a session cookie, even an expired or forged one', async () => {
    expect((await get(API.home, { cookie })).headers['cache-control']).toBe('no-store');
    expect(
      (await get(API.categories, { cookie: 'rebound.session_token=forged' })).headers['cache-control'],
    ).toBe('no-store');
    const post = await t.app.inject({
      method: 'POST',
      url: API.auctionWatch(auctionId),
      headers: { cookie },
      remoteAddress: '127.0.0.1',
    });
    expect(post.headers['cache-control']).toBe('no-store');
  });

  it('leaves public catalogue answers to signed-out visitors alone', async () => {
    for (const url of [API.home, API.categories, API.auction(auctionId), API.time]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
    // /api/media-like neighbours of a private prefix are not caught by it.
    expect((await get('/api/mentions')).headers['cache-control']).toBeUndefined();
  });
});
