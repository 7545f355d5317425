// Decision 039: the public catalogue's answers (shop, home, drops, product) are kept about a second
// by each server and read once at a time per answer. These tests run the app with the cache on
// (CATALOG_CACHE_MS=1000; the other tests run with it off) beside an app on the same database with
// it off, and check that the kept answers are the ones the uncached app gives.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ProductDetail, ShopResponse } from '@rebound/contract/catalog';
import { API } from '@rebound/contract/routes';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { makeAuction, makeCategory, makeLocation } from '../../../test/factories';
import { createTestApp, type TestApp, useTestApp } from '../../../test/harness';
import { catalogCaches } from './routes';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const TTL = 1_000;
const t = useTestApp({ now: NOW, env: { CATALOG_CACHE_MS: String(TTL) } });
let uncached: TestApp;
let locationId: string;
let categorySlug: string;

beforeAll(async () => {
  uncached = await createTestApp({ now: NOW, database: t.database });
  expect(uncached.config.catalogCacheMs).toBe(0);
  locationId = (await makeLocation(t.db, { slug: 'cache-depot' })).id;
  const category = await makeCategory(t.db, { name: 'Cache cameras', slug: 'cache-cameras' });
  categorySlug = category.slug;
  for (let i = 0; i < 45; i++) {
    await makeAuction(t.db, {
      now: NOW,
      locationId,
      product: { title: `Cache lot ${i}`, categoryId: i % 2 === 0 ? category.id : null },
      auction: { startingBidCents: 1_000 + i * 100, currentPriceCents: 1_000 + i * 100 },
    });
  }
});

afterAll(async () => {
  // The database is t's: only the second app closes here.
  await uncached?.app.close();
});

const caches = () => catalogCaches(t.app.deps);
const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

/** The answer without its serverTime (which is the sending time, kept apart). */
function withoutTime(body: string) {
  const { serverTime, ...rest } = JSON.parse(body) as { serverTime: string };
  expect(Number.isNaN(Date.parse(serverTime))).toBe(false);
  return rest;
}

/** Each test starts with an empty cache and a clock moved past any kept answer. */
function fresh() {
  t.clock.advance(TTL);
  uncached.clock.set(t.clock.now());
  for (const cache of Object.values(caches())) cache.clear();
}

describe('the catalogue response cache', () => {
  it('answers what the uncached app answers, for every cached route', async () => {
    fresh();
    const shop = withoutTime((await get(t, '/api/shop')).body) as ShopResponse;
    const product = shop.items[0]!.slug;
    for (const url of [
      '/api/shop',
      `/api/shop?category=${categorySlug}&sort=price_desc`,
      '/api/shop?page=2',
      '/api/shop?q=lot%2017',
      API.home,
      API.drops,
      API.product(product),
    ]) {
      const kept = await get(t, url);
      const again = await get(t, url);
      const plain = await get(uncached, url);
      expect(kept.statusCode, url).toBe(200);
      expect(plain.statusCode, url).toBe(200);
      expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(withoutTime(kept.body), url).toEqual(withoutTime(plain.body));
      expect(withoutTime(again.body), url).toEqual(withoutTime(kept.body));
    }
  });

  it('sends the time of sending as serverTime, not the time the answer was read', async () => {
    fresh();
    const reads = caches().shop.reads;
    const first = JSON.parse((await get(t, '/api/shop')).body) as ShopResponse;
    t.clock.advance(400);
    const before = t.clock.now().getTime();
    const second = JSON.parse((await get(t, '/api/shop')).body) as ShopResponse;
    expect(caches().shop.reads - reads).toBe(1);
    expect(Date.parse(second.serverTime)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(second.serverTime) - Date.parse(first.serverTime)).toBeGreaterThanOrEqual(400);
  });

  it('reads the database once for many requests that miss at the same time', async () => {
    fresh();
    const url = `/api/shop?category=${categorySlug}&sort=ending`;
    const before = caches().shop.reads;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(t, url)));
    expect(caches().shop.reads - before).toBe(1);
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(withoutTime(a.body)).toEqual(withoutTime(answers[0]!.body));
    }
  });

  it('shares one answer between spellings of the same query, and keeps different queries apart', async () => {
    fresh();
    const reads = () => caches().shop.reads;
    const base = reads();
    const a = await get(t, '/api/shop?page=1&sort=newest');
    await get(t, '/api/shop?sort=newest&page=1');
    await get(t, '/api/shop');
    await get(t, '/api/shop?condition=any');
    expect(reads() - base).toBe(1);
    const page2 = await get(t, '/api/shop?page=2');
    const cheap = await get(t, '/api/shop?sort=price_asc');
    const category = await get(t, `/api/shop?category=${categorySlug}`);
    expect(reads() - base).toBe(4);
    const first = (r: { body: string }) => (JSON.parse(r.body) as ShopResponse).items.map((c) => c.auctionId);
    expect(first(page2)).not.toEqual(first(a));
    expect(first(cheap)).not.toEqual(first(a));
    expect((JSON.parse(category.body) as ShopResponse).total).toBe(23);
    expect((JSON.parse(a.body) as ShopResponse).total).toBe(45);
  });

  it('refuses an invalid query with a 400 and keeps nothing', async () => {
    fresh();
    const before = caches().shop.reads;
    for (const url of ['/api/shop?page=0', '/api/shop?sort=cheapest', '/api/shop?minPrice=50&maxPrice=10']) {
      const res = await get(t, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBeTruthy();
    }
    expect(caches().shop.reads).toBe(before);
    expect(caches().shop.size).toBe(0);
  });

  it('shows a bid within the TTL at the latest, and keeps the older answer until then', async () => {
    fresh();
    const { auction } = await makeAuction(t.db, {
      now: t.clock.now(),
      locationId,
      product: { title: 'Cache bid target', brand: 'Cachebrand' },
    });
    const url = '/api/shop?q=Cachebrand';
    const bidsOf = async () => (JSON.parse((await get(t, url)).body) as ShopResponse).items[0]!.bidCount;
    const bidder = await signedInUser(t);
    // Time stands still from the first read to the bid's answer: an entry ends when a second has
    // passed, and a loaded machine can take that long between two requests. The app's clock is moved
    // below to end it.
    const wall = Date.now();
    const real = performance.now();
    const frozen = [
      vi.spyOn(Date, 'now').mockReturnValue(wall),
      vi.spyOn(performance, 'now').mockReturnValue(real),
    ];
    onTestFinished(() => {
      for (const spy of frozen) spy.mockRestore();
    });
    expect(await bidsOf()).toBe(0);
    const bid = await t.app.inject({
      method: 'POST',
      url: API.auctionBids(auction.id),
      headers: { cookie: bidder.cookie },
      payload: { amount: '25.00' },
    });
    expect(bid.statusCode, bid.body).toBe(200);
    // Within the second: the answer read before the bid (the card's live events show the bid).
    expect(await bidsOf()).toBe(0);
    t.clock.advance(TTL);
    expect(await bidsOf()).toBe(1);
  });

  it('keeps no refusal: an unknown product is a 404 each time, and found as soon as it exists', async () => {
    fresh();
    const slug = 'cache-later-product';
    expect((await get(t, API.product(slug))).statusCode).toBe(404);
    expect((await get(t, API.product(slug))).statusCode).toBe(404);
    expect(caches().product.size).toBe(0);
    await makeAuction(t.db, { now: t.clock.now(), locationId, product: { slug } });
    const found = await get(t, API.product(slug));
    expect(found.statusCode).toBe(200);
    expect(found.json<ProductDetail>().product.slug).toBe(slug);
  });

  it('gives signed-in shoppers the same answer, marked no-store', async () => {
    fresh();
    const shopper = await signedInUser(t);
    const reads = caches().shop.reads;
    const anonymous = await get(t, '/api/shop?page=2');
    const signedIn = await get(t, '/api/shop?page=2', { cookie: shopper.cookie });
    expect(caches().shop.reads - reads).toBe(1);
    expect(withoutTime(signedIn.body)).toEqual(withoutTime(anonymous.body));
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(anonymous.headers['cache-control']).toBeUndefined();
  });

  it('sends its compressed copies to clients that take them, with the current time inside', async () => {
    fresh();
    const reads = caches().shop.reads;
    const plain = await get(t, '/api/shop');
    t.clock.advance(100);
    const br = await get(t, '/api/shop', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gz = await get(t, '/api/shop', { 'accept-encoding': 'gzip' });
    const none = await get(t, '/api/shop', { 'accept-encoding': 'identity' });
    expect(caches().shop.reads - reads).toBe(1);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(none.headers['content-encoding']).toBeUndefined();
    for (const r of [plain, br, gz, none]) expect(r.headers.vary).toContain('accept-encoding');
    const brJson = brotliDecompressSync(br.rawPayload).toString();
    const gzJson = gunzipSync(gz.rawPayload).toString();
    expect(withoutTime(brJson)).toEqual(withoutTime(plain.body));
    expect(withoutTime(gzJson)).toEqual(withoutTime(plain.body));
    const time = (json: string) => Date.parse((JSON.parse(json) as ShopResponse).serverTime);
    expect(time(brJson)).toBeGreaterThan(time(plain.body));
    expect(time(gzJson)).toBeGreaterThanOrEqual(time(brJson));
  });

  it('keeps the security headers on kept answers', async () => {
    fresh();
    await get(t, API.home);
    const hit = await get(t, API.home);
    expect(hit.headers['content-security-policy']).toContain("default-src 'self'");
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
  });
});
