// Decision 036: the shop reads the auction's copies of its product's category, condition, status
// and creation time; the triggers of migration 0010 keep them right whatever writes the rows. And
// the shop's count may be a few seconds old, but never contradicts the page it comes with.
import type { ShopResponse } from '@rebound/contract/catalog';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAuction, makeCategory, makeLocation, makeProduct } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { auctions, products } from '../../db/schema';
import { ShopCountCache } from './service';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const t = useTestApp({ now: NOW });

async function copiesOf(auctionId: string) {
  const [row] = await t.db
    .select({
      categoryId: auctions.productCategoryId,
      condition: auctions.productCondition,
      status: auctions.productStatus,
      createdAt: auctions.productCreatedAt,
    })
    .from(auctions)
    .where(eq(auctions.id, auctionId));
  return row!;
}

async function shop(query: string): Promise<ShopResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/shop${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<ShopResponse>();
}

describe('the auction copies of its product (shop filters)', () => {
  let locationId: string;
  let cameras: Awaited<ReturnType<typeof makeCategory>>;
  let garden: Awaited<ReturnType<typeof makeCategory>>;

  beforeAll(async () => {
    locationId = (await makeLocation(t.db, { slug: 'copies-depot' })).id;
    cameras = await makeCategory(t.db, { name: 'Cameras', slug: 'cameras' });
    garden = await makeCategory(t.db, { name: 'Garden', slug: 'garden' });
  });

  it('are filled when an auction is created, from its product', async () => {
    const { product, auction } = await makeAuction(t.db, {
      now: t.clock.now(),
      locationId,
      product: { categoryId: cameras.id, condition: 'open_box' },
    });
    expect(await copiesOf(auction.id)).toEqual({
      categoryId: cameras.id,
      condition: 'open_box',
      status: 'auctioned',
      createdAt: product.createdAt,
    });
  });

  it('follow every change of the product, on each of its auctions (a relist too)', async () => {
    const { product, auction } = await makeAuction(t.db, {
      now: t.clock.now(),
      locationId,
      product: { categoryId: cameras.id, condition: 'like_new' },
    });
    const [relist] = await t.db
      .insert(auctions)
      .values({
        productId: product.id,
        locationId,
        status: 'scheduled',
        startTime: new Date(NOW.getTime() + 3_600_000),
        endTime: new Date(NOW.getTime() + 7_200_000),
        originalEndTime: new Date(NOW.getTime() + 7_200_000),
        startingBidCents: 1_000,
        currentPriceCents: 1_000,
        relistedFromId: auction.id,
      })
      .returning();
    const created = new Date('2026-01-02T03:04:05.000Z');
    await t.db
      .update(products)
      .set({ categoryId: garden.id, condition: 'gently_used', status: 'sold', createdAt: created })
      .where(eq(products.id, product.id));
    for (const id of [auction.id, relist!.id]) {
      expect(await copiesOf(id)).toEqual({
        categoryId: garden.id,
        condition: 'gently_used',
        status: 'sold',
        createdAt: created,
      });
    }
    await t.db.update(products).set({ categoryId: null }).where(eq(products.id, product.id));
    expect((await copiesOf(auction.id)).categoryId).toBeNull();
  });

  it('cannot be written apart from the product, and follow a change of product', async () => {
    const { auction } = await makeAuction(t.db, {
      now: t.clock.now(),
      locationId,
      product: { categoryId: cameras.id, condition: 'open_box' },
    });
    await t.db
      .update(auctions)
      .set({ productCategoryId: garden.id, productStatus: 'draft', productCondition: 'like_new' })
      .where(eq(auctions.id, auction.id));
    expect(await copiesOf(auction.id)).toMatchObject({
      categoryId: cameras.id,
      condition: 'open_box',
      status: 'auctioned',
    });
    const other = await makeProduct(t.db, {
      categoryId: garden.id,
      condition: 'gently_used',
      status: 'draft',
    });
    await t.db.update(auctions).set({ productId: other.id }).where(eq(auctions.id, auction.id));
    expect(await copiesOf(auction.id)).toEqual({
      categoryId: garden.id,
      condition: 'gently_used',
      status: 'draft',
      createdAt: other.createdAt,
    });
  });

  it('agree with the products for every auction (as the shop filters them)', async () => {
    const [row] = await t.db
      .select({ n: count() })
      .from(auctions)
      .innerJoin(products, eq(products.id, auctions.productId))
      .where(
        sql`${auctions.productCategoryId} is distinct from ${products.categoryId}
          or ${auctions.productCondition} is distinct from ${products.condition}
          or ${auctions.productStatus} is distinct from ${products.status}
          or ${auctions.productCreatedAt} is distinct from ${products.createdAt}`,
      );
    const [all] = await t.db.select({ n: count() }).from(auctions);
    expect(all!.n).toBeGreaterThan(3);
    const n = row!.n;
    expect(n).toBe(0);
  });

  it('drive the shop: a product taken off sale leaves it, a change of category moves it', async () => {
    const { product } = await makeAuction(t.db, {
      now: t.clock.now(),
      locationId,
      product: { title: 'Copies Tripod', categoryId: cameras.id },
    });
    const titles = async (q: string) => (await shop(q)).items.map((i) => i.title);
    expect(await titles('?category=cameras&q=copies+tripod')).toEqual(['Copies Tripod']);
    await t.db.update(products).set({ categoryId: garden.id }).where(eq(products.id, product.id));
    expect(await titles('?category=cameras&q=copies+tripod')).toEqual([]);
    expect(await titles('?category=garden&q=copies+tripod')).toEqual(['Copies Tripod']);
    await t.db.update(products).set({ status: 'draft' }).where(eq(products.id, product.id));
    expect(await titles('?q=copies+tripod')).toEqual([]);
  });
});

describe('the shop count', () => {
  it('is exact from a short page without counting, and recounted when the page shows it is old', async () => {
    const locationId = (await makeLocation(t.db, { slug: 'count-depot' })).id;
    const category = await makeCategory(t.db, { name: 'Counted', slug: 'counted' });
    const add = async (n: number) => {
      for (let i = 0; i < n; i++)
        await makeAuction(t.db, { now: t.clock.now(), locationId, product: { categoryId: category!.id } });
    };
    await add(3);
    expect((await shop('?category=counted')).total).toBe(3);
    await add(42);
    // Page 1 is full (40): the count of a moment ago (3) is less than the page shows, so it is recounted.
    const first = await shop('?category=counted');
    expect(first.items).toHaveLength(40);
    expect(first.total).toBe(45);
    expect(first.pageCount).toBe(2);
    expect((await shop('?category=counted&page=2')).items).toHaveLength(5);
  });

  it('is kept for a few seconds of the server clock, then recounted in the background, shared, bounded', async () => {
    const cache = new ShopCountCache(3_000, 2);
    let loads = 0;
    const load = (n: number) => () => {
      loads++;
      return Promise.resolve(n);
    };
    const at = (ms: number) => new Date(NOW.getTime() + ms);
    const [a, b] = await Promise.all([cache.get('k', at(0), load(7)), cache.get('k', at(0), load(8))]);
    expect([a, b, loads]).toEqual([7, 7, 1]);
    expect(await cache.get('k', at(2_999), load(9))).toBe(7);
    // Past its time, the kept count is answered once more while it is counted again...
    expect(await cache.get('k', at(3_000), load(9))).toBe(7);
    // ...and the new count answers from then on.
    expect(await cache.get('k', at(3_001), load(99))).toBe(9);
    expect(loads).toBe(2);
    // Twice its time old, a count is not answered: the request waits for a new one.
    expect(await cache.get('k', at(9_001), load(12))).toBe(12);
    // A clock set back does not keep an entry from the future.
    expect(await cache.get('k', at(-1), load(10))).toBe(10);
    await cache.get('x', at(0), load(1));
    await cache.get('y', at(0), load(2));
    // Two entries at most: 'k', the oldest, has gone.
    expect(await cache.get('k', at(0), load(11))).toBe(11);
    // A failed count is not kept.
    await expect(cache.get('z', at(0), () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('z', at(0), load(5))).toBe(5);
  });
});
