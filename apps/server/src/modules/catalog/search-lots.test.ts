// The shop searches the lots on sale through their own copy of the product's search document
// (migration 0026, docs/decisions/094-search.md): the copy follows every change of the product and
// its category; and one statement counts the facets and the total (bench/search.bench.ts shows the
// plans on a large store).
import type { ShopResponse } from '@rebound/contract/catalog';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAuction, makeCategory, makeLocation, makeProduct } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { auctions, categories, products } from '../../db/schema';

const NOW = new Date('2026-06-15T18:00:00.000Z');
let warehouseId: string;
const t = useTestApp({ now: NOW }, async (t) => {
  warehouseId = (await makeLocation(t.db)).id;
});

async function shop(query: string): Promise<ShopResponse> {
  t.clock.set(NOW);
  const res = await t.app.inject({ method: 'GET', url: `/api/shop?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ShopResponse>();
}
const titles = async (query: string) => (await shop(query)).items.map((c) => c.title).sort();

describe("a lot's copy of its product's document", () => {
  it('follows the title, the brand and model, the description and the category', async () => {
    const tools = await makeCategory(t.db, { name: 'Hand Tools' });
    const { product } = await makeAuction(t.db, {
      now: NOW,
      locationId: warehouseId,
      product: { title: 'Claw Hammer', brand: 'Estwing', categoryId: tools.id },
    });
    expect(await titles('q=hammer')).toEqual(['Claw Hammer']);

    await t.db.update(products).set({ title: 'Framing Mallet' }).where(eq(products.id, product.id));
    expect(await titles('q=hammer')).toEqual([]);
    expect(await titles('q=mallets')).toEqual(['Framing Mallet']);

    await t.db
      .update(products)
      .set({ brand: 'Vaughan', model: 'FS-999', description: 'Hickory handle' })
      .where(eq(products.id, product.id));
    expect(await titles('q=vaughan%20hickory')).toEqual(['Framing Mallet']);
    expect(await titles('q=fs999')).toEqual(['Framing Mallet']);

    await t.db.update(categories).set({ name: 'Carpentry' }).where(eq(categories.id, tools.id));
    expect(await titles('q=carpentry')).toEqual(['Framing Mallet']);
    const other = await makeCategory(t.db, { name: 'Demolition' });
    await t.db.update(products).set({ categoryId: other.id }).where(eq(products.id, product.id));
    expect(await titles('q=demolition')).toEqual(['Framing Mallet']);
    expect(await titles('q=carpentry')).toEqual([]);
  });

  it('is made when an auction of an existing product is added', async () => {
    const product = await makeProduct(t.db, { title: 'Relisted Anvil' });
    expect(await titles('q=anvil')).toEqual([]);
    await t.db.insert(auctions).values({
      productId: product.id,
      locationId: warehouseId,
      status: 'live',
      startTime: new Date(NOW.getTime() - 60_000),
      endTime: new Date(NOW.getTime() + 3_600_000),
      originalEndTime: new Date(NOW.getTime() + 3_600_000),
      startingBidCents: 1_000,
      currentPriceCents: 1_000,
    });
    expect(await titles('q=anvil')).toEqual(['Relisted Anvil']);
  });
});

describe('the facets of a search', () => {
  beforeAll(async () => {
    const lamps = await makeCategory(t.db, { name: 'Lamps', slug: 'lamps' });
    const desks = await makeCategory(t.db, { name: 'Desks', slug: 'desks' });
    const lot = (title: string, categoryId: string, condition: 'like_new' | 'open_box' | 'gently_used') =>
      makeAuction(t.db, { now: NOW, locationId: warehouseId, product: { title, categoryId, condition } });
    await lot('Oak Study Lamp', lamps.id, 'like_new');
    await lot('Brass Study Lamp', lamps.id, 'open_box');
    await lot('Glass Study Lamp', lamps.id, 'open_box');
    await lot('Oak Study Desk', desks.id, 'open_box');
    await lot('Pine Study Desk', desks.id, 'gently_used');
  });

  it('count each category and condition, each leaving its own filter out, and the total of all', async () => {
    const all = await shop('q=study');
    expect(all.total).toBe(5);
    expect(all.facets?.categories.map((c) => [c.name, c.count])).toEqual([
      ['Lamps', 3],
      ['Desks', 2],
    ]);
    expect(all.facets?.conditions.map((c) => [c.condition, c.count])).toEqual([
      ['open_box', 3],
      ['gently_used', 1],
      ['like_new', 1],
    ]);

    const openBox = await shop('q=study&condition=open_box');
    expect(openBox.total).toBe(3);
    // Categories of open-box lots; conditions of every category.
    expect(openBox.facets?.categories.map((c) => [c.name, c.count])).toEqual([
      ['Lamps', 2],
      ['Desks', 1],
    ]);
    expect(openBox.facets?.conditions.map((c) => c.count)).toEqual([3, 1, 1]);

    const desks = await shop('q=study&condition=open_box&category=desks');
    expect(desks.total).toBe(1);
    expect(desks.facets?.categories.map((c) => [c.name, c.count])).toEqual([
      ['Lamps', 2],
      ['Desks', 1],
    ]);
    expect(desks.facets?.conditions.map((c) => [c.condition, c.count])).toEqual([
      ['gently_used', 1],
      ['open_box', 1],
    ]);
    // Without a search there are no facets.
    expect((await shop('category=desks')).facets).toBeNull();
  });
});
