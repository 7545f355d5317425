// The shop search (docs/product.md "Search", docs/decisions/094-search.md) through GET /api/shop and
// GET /api/shop/suggest: words in any form across title, brand, model, category and description;
// joined words and units; relevance as the default order with a search; a close spelling when
// nothing is found as typed; facet counts; suggestions as the shopper types.
import type { ShopResponse, SuggestResponse } from '@rebound/contract/catalog';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAuction, makeCategory, makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { categories, products, searchTitles } from '../../db/schema';

const NOW = new Date('2026-11-29T10:00:00.000Z');
const t = useTestApp({ now: NOW });
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

async function shop(query: string): Promise<ShopResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/shop?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ShopResponse>();
}

const q = (text: string, more = '') => `q=${encodeURIComponent(text)}${more}`;
const titles = async (text: string, more = '') => (await shop(q(text, more))).items.map((c) => c.title);
const sorted = async (text: string, more = '') => (await titles(text, more)).sort();

beforeAll(async () => {
  const locationId = (await makeLocation(t.db, { slug: 'search-depot' })).id;
  const tools = await makeCategory(t.db, { name: 'Garden & Tools', slug: 'garden-tools' });
  const kitchen = await makeCategory(t.db, { name: 'Kitchen', slug: 'kitchen' });
  const tv = await makeCategory(t.db, { name: 'Electronics', slug: 'electronics' });
  const lot = (
    title: string,
    product: {
      brand?: string;
      model?: string;
      description?: string;
      categoryId?: string;
      condition?: 'like_new' | 'open_box' | 'gently_used';
      sku?: string;
    } = {},
    endMin = 120,
  ) =>
    makeAuction(t.db, {
      now: NOW,
      locationId,
      product: { title, ...product },
      auction: { startTime: at(-60), endTime: at(endMin) },
    });
  await lot(
    '20V MAX Cordless Drill/Driver Kit',
    {
      brand: 'DeWalt',
      model: 'DCD771C2',
      categoryId: tools.id,
      condition: 'open_box',
    },
    45,
  );
  await lot('Hammer Drill, 18-Volt', { brand: 'Makita', categoryId: tools.id, condition: 'like_new' });
  await lot('Airfryer XL', { brand: 'Philips', categoryId: kitchen.id, condition: 'like_new' });
  await lot('Air-Fryer Max 5.5 Quart', { brand: 'Cosori', categoryId: kitchen.id, condition: 'gently_used' });
  await lot('Digital Air Fryer', { brand: 'Ninja', categoryId: kitchen.id, condition: 'open_box' }, 30);
  await lot('Crystal UHD 4K Smart TV, 55"', { brand: 'Samsung', categoryId: tv.id });
  await lot('Stick Vacuum', {
    brand: 'Dyson',
    categoryId: tools.id,
    description: 'Cordless stick vacuum with a HEPA filter and wall dock.',
  });
  // 'drill' only in the description: found, ranked below the drills named so in the title.
  await lot('Bit Set, 100 Pieces', {
    brand: 'Bosch',
    categoryId: tools.id,
    description: 'Titanium bits for any drill.',
    sku: 'BOSCH-BITS-01',
  });
  // Not on sale: never found.
  await makeAuction(t.db, {
    now: NOW,
    locationId,
    product: { title: 'Cordless Drill (next week)', brand: 'Ryobi', categoryId: tools.id },
    auction: { status: 'scheduled', startTime: at(60), endTime: at(600) },
  });
});

describe('matching', () => {
  it('finds a word in any form: drills finds drill, fryers finds fryer', async () => {
    expect(await sorted('drills', '&exact=1')).toEqual([
      '20V MAX Cordless Drill/Driver Kit',
      'Bit Set, 100 Pieces',
      'Hammer Drill, 18-Volt',
    ]);
    expect(await sorted('fryers')).toEqual(['Air-Fryer Max 5.5 Quart', 'Digital Air Fryer']);
  });

  it('finds joined words and hyphens from each other', async () => {
    const fryers = ['Air-Fryer Max 5.5 Quart', 'Airfryer XL', 'Digital Air Fryer'];
    expect(await sorted('air fryer')).toEqual(fryers);
    expect(await sorted('airfryer')).toEqual(fryers);
    expect(await sorted('air-fryer')).toEqual(fryers);
  });

  it('reads numbers with units one way', async () => {
    for (const text of ['dewalt 20v', 'dewalt 20 volt', 'dewalt 20-volt', 'DeWalt 20 Volts'])
      expect(await titles(text), text).toEqual(['20V MAX Cordless Drill/Driver Kit']);
    expect(await titles('18 volt drill')).toEqual(['Hammer Drill, 18-Volt']);
    for (const text of ['55 inch tv', '55" tv', '55-inch'])
      expect(await titles(text), text).toEqual(['Crystal UHD 4K Smart TV, 55"']);
    expect(await titles('5.5 qt fryer')).toEqual(['Air-Fryer Max 5.5 Quart']);
  });

  it('reads the category and the description too', async () => {
    expect(await sorted('kitchen')).toEqual(['Air-Fryer Max 5.5 Quart', 'Airfryer XL', 'Digital Air Fryer']);
    expect(await titles('hepa')).toEqual(['Stick Vacuum']);
    expect(await titles('titanium')).toEqual(['Bit Set, 100 Pieces']);
  });

  it('needs every word, finds nothing for words of no lot, and never a lot not on sale', async () => {
    expect(await titles('ninja drill', '&exact=1')).toEqual([]);
    expect(await titles('ryobi', '&exact=1')).toEqual([]);
    expect(await titles('zzzzqqq')).toEqual([]);
  });
});

describe('relevance', () => {
  it('is the order of a search without a sort: the title before the description', async () => {
    const body = await shop(q('drill'));
    expect(body.items.at(-1)?.title).toBe('Bit Set, 100 Pieces');
    expect(body.nextCursor).toBeNull(); // numbered pages
    // Another sort still applies when asked for.
    expect((await titles('drill', '&sort=ending')).at(0)).toBe('20V MAX Cordless Drill/Driver Kit');
  });

  it('puts a lot named exactly by its model number or SKU first', async () => {
    expect((await titles('DCD771C2'))[0]).toBe('20V MAX Cordless Drill/Driver Kit');
    expect((await titles('bosch-bits-01'))[0]).toBe('Bit Set, 100 Pieces');
  });
});

describe('close spellings', () => {
  it('shows the close spelling’s lots when the query as typed finds nothing, and says so', async () => {
    const body = await shop(q('dyson vacum'));
    expect(body.items.map((c) => c.title)).toEqual(['Stick Vacuum']);
    expect(body.correction).toEqual({ query: 'dyson vacuum', asTyped: 'dyson vacum' });
    // Asked exactly as typed: nothing, and no correction.
    const exact = await shop(q('dyson vacum', '&exact=1'));
    expect(exact.items).toEqual([]);
    expect(exact.correction).toBeNull();
  });

  it('offers none when the query finds lots as typed, or nothing is close', async () => {
    expect((await shop(q('drill'))).correction).toBeNull();
    const far = await shop(q('qwertyuiop'));
    expect(far.items).toEqual([]);
    expect(far.correction).toBeNull();
  });
});

describe('facet counts', () => {
  it('count each category and condition for the search, each with the other filters', async () => {
    const body = await shop(q('drill'));
    expect(body.facets?.categories).toEqual([{ slug: 'garden-tools', name: 'Garden & Tools', count: 3 }]);
    const fryers = await shop(q('air fryer', '&condition=like_new'));
    expect(fryers.total).toBe(1);
    // The condition facet leaves the condition filter out; the category facet keeps it.
    expect(fryers.facets?.conditions).toEqual([
      { condition: 'gently_used', count: 1 },
      { condition: 'like_new', count: 1 },
      { condition: 'open_box', count: 1 },
    ]);
    expect(fryers.facets?.categories).toEqual([{ slug: 'kitchen', name: 'Kitchen', count: 1 }]);
    expect((await shop('')).facets).toBeNull();
  });

  it('follow a renamed category', async () => {
    await t.db.update(categories).set({ name: 'Kitchen & Dining' }).where(eq(categories.slug, 'kitchen'));
    expect(await sorted('dining')).toEqual(['Air-Fryer Max 5.5 Quart', 'Airfryer XL', 'Digital Air Fryer']);
    await t.db.update(categories).set({ name: 'Kitchen' }).where(eq(categories.slug, 'kitchen'));
  });
});

describe('suggestions', () => {
  async function suggest(text: string): Promise<SuggestResponse> {
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/suggest?q=${encodeURIComponent(text)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SuggestResponse>();
  }

  it('suggests item titles and categories from the second character, the last word a prefix', async () => {
    expect(await suggest('d')).toMatchObject({ items: [], categories: [] });
    const dy = await suggest('dy');
    expect(dy.items).toEqual([{ title: 'Stick Vacuum', brand: 'Dyson', lots: 1 }]);
    expect(dy.categories).toEqual([{ slug: 'garden-tools', name: 'Garden & Tools', count: 1 }]);
    const airFr = await suggest('air fr');
    expect(airFr.items.map((i) => i.title).sort()).toEqual([
      'Air-Fryer Max 5.5 Quart',
      'Airfryer XL',
      'Digital Air Fryer',
    ]);
    expect(airFr.categories).toEqual([{ slug: 'kitchen', name: 'Kitchen', count: 3 }]);
  });

  it('follows a product renamed or re-branded: the list of titles keeps each title with how many products carry it', async () => {
    const location = await makeLocation(t.db, { slug: 'rename-depot' });
    const lotOf = await makeAuction(t.db, {
      now: NOW,
      locationId: location.id,
      product: { title: 'Quokka Lamp', brand: 'Brightly' },
      auction: { startTime: at(-60), endTime: at(120) },
    });
    expect((await suggest('quok')).items).toEqual([{ title: 'Quokka Lamp', brand: 'Brightly', lots: 1 }]);
    await t.db.update(products).set({ title: 'Wombat Lamp' }).where(eq(products.id, lotOf.product.id));
    expect((await suggest('quok')).items).toEqual([]);
    expect((await suggest('womb')).items).toEqual([{ title: 'Wombat Lamp', brand: 'Brightly', lots: 1 }]);
    await t.db.update(products).set({ brand: 'Lumo' }).where(eq(products.id, lotOf.product.id));
    expect((await suggest('bright')).items).toEqual([]);
    expect((await suggest('lum')).items).toEqual([{ title: 'Wombat Lamp', brand: 'Lumo', lots: 1 }]);
    const rows = await t.db.select().from(searchTitles).where(eq(searchTitles.title, 'Wombat Lamp'));
    expect(rows.map((r) => [r.brand, r.products]).sort()).toEqual([
      ['Brightly', 0],
      ['Lumo', 1],
    ]);
  });

  it('matches items on their title, brand and model only, and refuses a text over 100 characters', async () => {
    expect((await suggest('hepa')).items).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/suggest?q=${'a'.repeat(101)}` });
    expect(res.statusCode).toBe(400);
  });
});
