import type { HomeResponse, ProductDetail, ShopResponse } from '@rebound/contract/catalog';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAuction, makeCategory, makeLocation, makeUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { auctions } from '../../db/schema';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const minutes = (m: number) => new Date(NOW.getTime() + m * 60_000);

let warehouse: Awaited<ReturnType<typeof makeLocation>>;
let other: Awaited<ReturnType<typeof makeLocation>>;

const t = useTestApp({ now: NOW });

describe('catalogue on an empty store', () => {
  it('answers the home page with empty lists and the server time', async () => {
    // The test clock runs on from NOW: the answer's time lies between the clock's before and after.
    const before = t.clock.now().getTime();
    const res = await t.app.inject({ method: 'GET', url: '/api/home' });
    const after = t.clock.now().getTime();
    expect(res.statusCode).toBe(200);
    const body = res.json<HomeResponse>();
    expect(body.latest).toEqual([]);
    expect(body.hottest).toEqual([]);
    const served = Date.parse(body.serverTime);
    expect(served).toBeGreaterThanOrEqual(before);
    expect(served).toBeLessThanOrEqual(after);
  });
});

describe('catalogue', () => {
  let electronics: Awaited<ReturnType<typeof makeCategory>>;
  let garden: Awaited<ReturnType<typeof makeCategory>>;
  const titles: Record<string, string> = {};

  beforeAll(async () => {
    warehouse = await makeLocation(t.db, { name: 'Burnaby Warehouse', slug: 'burnaby' });
    other = await makeLocation(t.db, { name: 'Surrey Depot', slug: 'surrey' });
    electronics = await makeCategory(t.db, { name: 'Electronics', slug: 'electronics' });
    garden = await makeCategory(t.db, { name: 'Garden & Tools', slug: 'garden-tools' });
    const now = t.clock.now();
    const at = (m: number) => new Date(now.getTime() + m * 60_000);
    // Ten live auctions with distinct start times and bid counts.
    for (let i = 0; i < 10; i++) {
      const { product } = await makeAuction(t.db, {
        now,
        locationId: i < 8 ? warehouse.id : other.id,
        product: {
          title: `Live ${i}`,
          categoryId: i % 2 === 0 ? electronics.id : garden.id,
          condition: i % 3 === 0 ? 'open_box' : 'like_new',
        },
        auction: {
          startTime: at(-100 + i),
          endTime: at(30 + i),
          currentPriceCents: 1_000 * (i + 1),
          startingBidCents: 500,
          bidCount: [3, 9, 1, 0, 7, 2, 12, 5, 4, 8][i]!,
        },
      });
      titles[`live${i}`] = product.slug;
    }
    const s = await makeAuction(t.db, {
      now,
      locationId: warehouse.id,
      product: { title: 'Scheduled one' },
      auction: { status: 'scheduled', startTime: at(60), endTime: at(600) },
    });
    titles.scheduled = s.product.slug;
    const e = await makeAuction(t.db, {
      now,
      locationId: warehouse.id,
      product: { title: 'Ended one', status: 'sold' },
      auction: { status: 'ended', startTime: at(-600), endTime: at(-10), bidCount: 99 },
    });
    titles.ended = e.product.slug;
    // Status still says live but its end time has passed: not biddable, so not listed.
    await makeAuction(t.db, {
      now,
      locationId: warehouse.id,
      product: { title: 'Overdue' },
      auction: { status: 'live', startTime: at(-600), endTime: at(-1), bidCount: 50 },
    });
    const d = await makeAuction(t.db, {
      now,
      locationId: warehouse.id,
      product: { title: 'Draft product', status: 'draft' },
      // A draft's auction never opened: scheduled, then cancelled before its start.
      auction: { status: 'cancelled', startTime: at(60), endTime: at(600), cancelledAt: at(-5) },
    });
    titles.draft = d.product.slug;
    // Ended without a winner: the product is back in stock, but its page still tells how it ended.
    const u = await makeAuction(t.db, {
      now,
      locationId: warehouse.id,
      product: { title: 'Unsold one', status: 'unsold' },
      auction: { status: 'ended', startTime: at(-600), endTime: at(-20) },
    });
    titles.unsold = u.product.slug;
    const w = await makeAuction(t.db, {
      now,
      locationId: warehouse.id,
      product: { title: 'Withdrawn one', status: 'withdrawn' },
      auction: { status: 'cancelled', startTime: at(-600), endTime: at(600) },
    });
    titles.withdrawn = w.product.slug;
  });

  it('lists the latest 8 live auctions by start time, newest first', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/home' })).json<HomeResponse>();
    expect(body.latest.map((c) => c.title)).toEqual([
      'Live 9',
      'Live 8',
      'Live 7',
      'Live 6',
      'Live 5',
      'Live 4',
      'Live 3',
      'Live 2',
    ]);
    for (const card of body.latest) {
      expect(card.status).toBe('live');
      expect(card.image?.url).toMatch(/^\/media\/products\//);
    }
  });

  it('lists the 4 hottest live auctions by bid count, ignoring ended and overdue ones', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/home' })).json<HomeResponse>();
    expect(body.hottest.map((c) => [c.title, c.bidCount])).toEqual([
      ['Live 6', 12],
      ['Live 1', 9],
      ['Live 9', 8],
      ['Live 4', 7],
    ]);
  });

  it('lists categories by name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.json().categories.map((c: { slug: string }) => c.slug)).toEqual([
      'electronics',
      'garden-tools',
    ]);
  });

  it('lists active locations with their tax configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/locations' });
    const burnaby = res.json().locations.find((l: { slug: string }) => l.slug === 'burnaby');
    expect(burnaby.taxConfig).toEqual({
      buyersPremiumBp: 1500,
      pstBp: 700,
      gstBp: 500,
      applyTaxesOnPremium: true,
    });
  });

  it('returns a live product by slug with its auction and location', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${titles.live3}` });
    expect(res.statusCode).toBe(200);
    const body = res.json<ProductDetail>();
    expect(body.product.title).toBe('Live 3');
    expect(body.product.sku).toBe(titles.live3!.toUpperCase());
    expect(body.auction?.status).toBe('live');
    expect(body.auction?.hasReserve).toBe(false);
    expect(body.location?.name).toBe('Burnaby Warehouse');
    expect(body.product.images).toHaveLength(1);
  });

  it('returns sold and unsold products with their ended auction, and 404 for drafts, withdrawn and unknown slugs', async () => {
    for (const slug of [titles.ended, titles.unsold]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products/${slug}` });
      expect(res.statusCode).toBe(200);
      expect(res.json<ProductDetail>().auction?.status).toBe('ended');
    }
    for (const slug of [titles.draft, titles.withdrawn, 'no-such-product', '%E2%98%83-snowman']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products/${slug}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'product_not_found', message: 'Product not found' } });
    }
  });

  it('rejects an over-long slug with a 4xx and a message', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${'a'.repeat(201)}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.message).toBeTruthy();
  });

  describe('shop listing', () => {
    const shop = async (qs: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/shop${qs}` });
      expect(res.statusCode).toBe(200);
      return res.json<ShopResponse>();
    };

    it('lists every live auction, newest product first, with a total', async () => {
      const body = await shop('');
      expect(body.total).toBe(10);
      expect(body.pageSize).toBe(40);
      expect(body.pageCount).toBe(1);
      expect(body.items.map((c) => c.title)).toEqual([
        'Live 9',
        'Live 8',
        'Live 7',
        'Live 6',
        'Live 5',
        'Live 4',
        'Live 3',
        'Live 2',
        'Live 1',
        'Live 0',
      ]);
    });

    it('filters by category, condition, price range and location', async () => {
      expect((await shop('?category=garden-tools')).items.map((c) => c.title).sort()).toEqual([
        'Live 1',
        'Live 3',
        'Live 5',
        'Live 7',
        'Live 9',
      ]);
      expect((await shop('?condition=open_box')).items.map((c) => c.title).sort()).toEqual([
        'Live 0',
        'Live 3',
        'Live 6',
        'Live 9',
      ]);
      expect((await shop('?condition=any')).total).toBe(10);
      // Prices in dollars: $20 to $40 inclusive => Live 1 ($20), Live 2 ($30), Live 3 ($40).
      expect((await shop('?minPrice=20&maxPrice=40')).items.map((c) => c.title).sort()).toEqual([
        'Live 1',
        'Live 2',
        'Live 3',
      ]);
      expect((await shop('?location=surrey')).items.map((c) => c.title).sort()).toEqual(['Live 8', 'Live 9']);
      expect((await shop(`?location=${other.id}`)).total).toBe(2);
      expect(
        (await shop('?category=electronics&condition=open_box&maxPrice=70')).items.map((c) => c.title).sort(),
      ).toEqual(['Live 0', 'Live 6']);
    });

    it('reads a price bound to the cent exactly: a $9.995 maximum is $10.00, not the $9.99 of float arithmetic', async () => {
      // Math.round(9.995 * 100) is 999, which left out Live 0 at $10.00.
      expect((await shop('?maxPrice=9.995')).items.map((c) => c.title)).toEqual(['Live 0']);
    });

    it('sorts by ending soonest, price and bids', async () => {
      expect((await shop('?sort=ending')).items[0]?.title).toBe('Live 0');
      expect((await shop('?sort=price_desc')).items[0]?.title).toBe('Live 9');
      expect((await shop('?sort=price_asc')).items[0]?.title).toBe('Live 0');
      expect((await shop('?sort=bids')).items.slice(0, 2).map((c) => c.title)).toEqual(['Live 6', 'Live 1']);
    });

    it('pages through results 40 at a time', async () => {
      // 45 more live auctions: 55 in all, two pages.
      const now = t.clock.now();
      for (let i = 0; i < 45; i++) {
        await makeAuction(t.db, { now, locationId: warehouse.id, product: { title: `Bulk ${i}` } });
      }
      const first = await shop('?page=1');
      const second = await shop('?page=2');
      expect(first.total).toBe(55);
      expect(first.pageCount).toBe(2);
      expect(first.items).toHaveLength(40);
      expect(second.items).toHaveLength(15);
      const ids = new Set([...first.items, ...second.items].map((c) => c.auctionId));
      expect(ids.size).toBe(55);
      expect((await shop('?page=3')).items).toEqual([]);
    });

    it.each([
      ['?minPrice=-1', 'minPrice'],
      ['?minPrice=50&maxPrice=10', 'maxPrice'],
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?sort=random', 'sort'],
      ['?condition=broken', 'condition'],
      ['?minPrice=1e400', 'minPrice'],
    ])('rejects %s with a 400 that names the field', async (qs, field) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/shop${qs}` });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.message).toBeTruthy();
      expect(JSON.stringify(body.error.details)).toContain(field);
    });

    it('refuses a minimum above the maximum with the sentence the shopper reads, not a swapped range', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/shop?minPrice=50&maxPrice=10' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('The maximum price cannot be below the minimum price.');
    });
  });

  it('moving the test clock past an end time takes the auction off the listings', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/shop?category=electronics' })
    ).json<ShopResponse>();
    expect(before.items.some((c) => c.title === 'Live 0')).toBe(true);
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/test/clock',
      payload: { advanceMs: 31 * 60_000 },
    });
    expect(moved.statusCode).toBe(200);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/shop?category=electronics' })
    ).json<ShopResponse>();
    expect(after.items.some((c) => c.title === 'Live 0')).toBe(false);
    expect(Date.parse(after.serverTime)).toBeGreaterThanOrEqual(minutes(31).getTime());
  });

  it('keeps the maximum bids of others out of every catalogue answer', async () => {
    const leader = await makeUser(t.db, { handle: 'leader_1' });
    const { product } = await makeAuction(t.db, { now: t.clock.now(), locationId: warehouse.id });
    const { eq } = await import('drizzle-orm');
    await t.db
      .update(auctions)
      .set({ leaderUserId: leader.id, bidCount: 1 })
      .where(eq(auctions.productId, product.id));
    const body = (
      await t.app.inject({ method: 'GET', url: `/api/products/${product.slug}` })
    ).json<ProductDetail>();
    expect(body.auction?.leaderHandle).toBe('leader_1');
    expect(JSON.stringify(body)).not.toMatch(/max/i);
    expect(JSON.stringify(body)).not.toContain(leader.email);
  });

  it('shows a relisted product with its latest auction, never a cancelled one', async () => {
    const now = t.clock.now();
    const at = (min: number) => new Date(now.getTime() + min * 60_000);
    const { product } = await makeAuction(t.db, {
      now,
      locationId: warehouse.id,
      auction: { status: 'ended', startTime: at(-3000), endTime: at(-1600), currentPriceCents: 4_200 },
    });
    const page = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/products/${product.slug}` })).json<ProductDetail>();
    const relist = (fields: {
      locationId: string;
      status: 'live' | 'cancelled';
      start: number;
      end: number;
      priceCents: number;
    }) =>
      t.db.insert(auctions).values({
        productId: product.id,
        locationId: fields.locationId,
        status: fields.status,
        startTime: at(fields.start),
        endTime: at(fields.end),
        originalEndTime: at(fields.end),
        startingBidCents: fields.priceCents,
        currentPriceCents: fields.priceCents,
      });
    expect((await page()).auction?.currentPriceCents).toBe(4_200);
    // Relisted at another location: the page moves to the new auction and its pickup place.
    await relist({ locationId: other.id, status: 'live', start: -60, end: 600, priceCents: 1_500 });
    const relisted = await page();
    expect(relisted.auction).toMatchObject({ status: 'live', currentPriceCents: 1_500, leaderHandle: null });
    expect(relisted.location?.id).toBe(other.id);
    // A later auction that was cancelled is not shown: the page keeps the latest one that stands.
    await relist({ locationId: warehouse.id, status: 'cancelled', start: -10, end: 700, priceCents: 9_900 });
    expect((await page()).auction).toMatchObject({ status: 'live', currentPriceCents: 1_500 });
  });
});

// The card (db/cards.ts) and the product page carry the lot's terms, which the web shows on the card,
// the page and the bid step (docs/decisions/078-sale-terms-receipts-abandoned.md).
describe('the sale terms a shopper reads before bidding', () => {
  it('the card and the lot page carry each lot’s own terms, never a standard default', async () => {
    const place = await makeLocation(t.db, { name: 'Terms Depot', slug: 'terms-depot' });
    const lots = [
      { title: 'Termscheck Coffee', saleTerms: 'final_sale', nonReturnableKind: 'perishable' },
      { title: 'Termscheck Lamp', saleTerms: 'as_is', nonReturnableKind: null },
      { title: 'Termscheck Chair', saleTerms: 'standard', nonReturnableKind: null },
    ] as const;
    for (const lot of lots)
      await makeAuction(t.db, { now: t.clock.now(), locationId: place.id, product: lot });

    const shop = await t.app.inject({ method: 'GET', url: '/api/shop?q=termscheck' });
    expect(shop.statusCode, shop.body).toBe(200);
    const cards = shop.json<ShopResponse>().items;
    expect(Object.fromEntries(cards.map((c) => [c.title, c.saleTerms]))).toEqual({
      'Termscheck Coffee': 'final_sale',
      'Termscheck Lamp': 'as_is',
      'Termscheck Chair': 'standard',
    });
    for (const card of cards) {
      const page = (
        await t.app.inject({ method: 'GET', url: `/api/products/${card.slug}` })
      ).json<ProductDetail>();
      const lot = lots.find((l) => l.title === card.title)!;
      expect(page.product).toMatchObject({
        saleTerms: lot.saleTerms,
        nonReturnableKind: lot.nonReturnableKind,
      });
    }
  });
});
