import type { DropsResponse, ShopResponse } from '@rebound/contract/catalog';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAuction, makeCategory, makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { products } from '../../db/schema';
import { searchMatch } from './search-sql';

// Shop keyword search (`q`) and the drops page (`GET /api/drops`).

const NOW = new Date('2026-06-15T18:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

let warehouseId: string;

const t = useTestApp({ now: NOW }, async (t) => {
  warehouseId = (await makeLocation(t.db, { name: 'Burnaby Warehouse', slug: 'burnaby' })).id;
});

/** The server's clock runs on from where the test set it: allow the seconds the test takes. */
function closeTo(iso: string, expected: Date): boolean {
  const diff = Date.parse(iso) - expected.getTime();
  return diff >= 0 && diff < 30_000;
}

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

describe('drops on a store with nothing live', () => {
  it('answers with no featured lots, no live auctions and nothing to count down to', async () => {
    const body = await get<DropsResponse>('/api/drops');
    expect(body).toEqual({
      serverTime: expect.any(String),
      featured: [],
      liveCount: 0,
      earliestEndTime: null,
    });
    expect(closeTo(body.serverTime, NOW)).toBe(true);
  });
});

describe('shop keyword search', () => {
  beforeAll(async () => {
    const audio = await makeCategory(t.db, { name: 'Electronics', slug: 'electronics' });
    const live = (title: string, brand: string, extra: { categoryId?: string; endMin?: number } = {}) =>
      makeAuction(t.db, {
        now: NOW,
        locationId: warehouseId,
        product: { title, brand, categoryId: extra.categoryId ?? null },
        auction: { startTime: at(-60), endTime: at(extra.endMin ?? 120) },
      });
    await live('WH-1000XM5 Wireless Headphones', 'Sony', { categoryId: audio.id, endMin: 200 });
    await live('QuietComfort Earbuds II', 'Bose', { categoryId: audio.id, endMin: 50 });
    await live('Garden Hose 50 ft', 'Flexzilla');
    await live('100% Cotton T_shirt', 'Hanes');
    await live('Graphic T-shirt', 'Gildan');
    await live('Bravia 55" 4K TV', 'SONY', { categoryId: audio.id, endMin: 30 });
    // Not live: never found, whatever the words.
    await makeAuction(t.db, {
      now: NOW,
      locationId: warehouseId,
      product: { title: 'Sony Walkman (coming soon)', brand: 'Sony' },
      auction: { status: 'scheduled', startTime: at(60), endTime: at(600) },
    });
  });

  const titles = async (qs: string) =>
    (await get<ShopResponse>(`/api/shop${qs}`)).items.map((c) => c.title).sort();

  it('matches the brand or the title, in any case, live auctions only', async () => {
    expect(await titles('?q=sony')).toEqual(['Bravia 55" 4K TV', 'WH-1000XM5 Wireless Headphones']);
    expect(await titles('?q=SONY')).toEqual(await titles('?q=sony'));
    expect(await titles('?q=headphone')).toEqual(['WH-1000XM5 Wireless Headphones']);
    expect(await titles('?q=quietcomfort')).toEqual(['QuietComfort Earbuds II']);
    // A part of a word is not the word (docs/decisions/094-search.md: 'tv' would find 'activity').
    expect(await titles('?q=comfort&exact=1')).toEqual([]);
  });

  it('needs every word, each in the title or the brand', async () => {
    expect(await titles('?q=sony%20wireless')).toEqual(['WH-1000XM5 Wireless Headphones']);
    expect(await titles('?q=%20%20wireless%20%20%20SONY%20')).toEqual(['WH-1000XM5 Wireless Headphones']);
    expect(await titles('?q=sony%20bose')).toEqual([]);
  });

  it('reads marks as spaces, so a word is found however it is joined', async () => {
    // 't' alone is a stop word; 'shirt' (or the joined 'tshirt') finds both shirts.
    const shirts = ['100% Cotton T_shirt', 'Graphic T-shirt'];
    expect(await titles('?q=t_shirt')).toEqual(shirts);
    expect(await titles('?q=t-shirt')).toEqual(shirts);
    expect(await titles('?q=tshirt')).toEqual(shirts);
    expect(await titles('?q=100%25')).toEqual(['100% Cotton T_shirt']);
    // A text with no word to search (marks, stop words) finds nothing rather than everything.
    expect(await titles('?q=%25')).toEqual([]);
    expect(await titles('?q=%5C')).toEqual([]);
    expect(await titles('?q=the%20of')).toEqual([]);
  });

  it('combines with the filters, the sort and the total', async () => {
    const body = await get<ShopResponse>('/api/shop?q=sony&category=electronics&sort=ending');
    expect(body.total).toBe(2);
    expect(body.items.map((c) => c.title)).toEqual(['Bravia 55" 4K TV', 'WH-1000XM5 Wireless Headphones']);
    expect((await get<ShopResponse>('/api/shop?q=sony&condition=open_box')).total).toBe(0);
    expect((await get<ShopResponse>('/api/shop?q=hose&category=electronics')).total).toBe(0);
  });

  it('treats an empty or blank query as no search', async () => {
    const all = (await get<ShopResponse>('/api/shop')).total;
    expect(all).toBe(6);
    expect((await get<ShopResponse>('/api/shop?q=')).total).toBe(all);
    expect((await get<ShopResponse>('/api/shop?q=%20%20%20')).total).toBe(all);
  });

  it('rejects a query over 100 characters with a 400 that names q', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shop?q=${'a'.repeat(101)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(JSON.stringify(res.json().error.details)).toContain('q');
    // Trimmed first: 100 letters with spaces around them are fine.
    const ok = await t.app.inject({ method: 'GET', url: `/api/shop?q=%20${'a'.repeat(100)}%20` });
    expect(ok.statusCode).toBe(200);
  });

  it('is served by the search document index when the planner may not scan the table', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = tx.select({ id: products.id }).from(products).where(searchMatch('sony headphones'));
      // Both drivers answer with { rows }; drizzle's shared type does not say so.
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
        rows: Record<string, string>[];
      };
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('products_search_doc_idx');
  });
});

describe('drops', () => {
  const featuredTitles: string[] = [];

  beforeAll(async () => {
    const lot = (
      title: string,
      opts: {
        featured?: boolean;
        productStatus?: 'auctioned' | 'draft' | 'sold';
        status?: 'live' | 'scheduled' | 'ended';
        start?: number;
        end?: number;
        createdMin?: number;
      },
    ) =>
      makeAuction(t.db, {
        now: NOW,
        locationId: warehouseId,
        product: {
          title,
          isFeatured: opts.featured ?? true,
          status: opts.productStatus ?? 'auctioned',
          createdAt: at(opts.createdMin ?? -1_000),
        },
        auction: {
          status: opts.status ?? 'live',
          startTime: at(opts.start ?? -60),
          endTime: at(opts.end ?? 300),
        },
      });
    await lot('Featured older', { createdMin: -500, end: 90 });
    await lot('Featured newest', { createdMin: -100, end: 400 });
    await lot('Featured middle', { createdMin: -300, end: 25 });
    featuredTitles.push('Featured newest', 'Featured middle', 'Featured older');
    // Not in the featured grid:
    await lot('Plain live, ends first', { featured: false, end: 12 });
    await lot('Featured scheduled', { status: 'scheduled', start: 60, end: 600 });
    await lot('Featured ended', { status: 'ended', start: -600, end: -5, productStatus: 'sold' });
    await lot('Featured overdue', { start: -600, end: -1 });
    await lot('Featured draft', { productStatus: 'draft', end: 200 });
  });

  it('lists featured products with a live auction, newest first', async () => {
    const body = await get<DropsResponse>('/api/drops');
    expect(body.featured.map((c) => c.title)).toEqual(featuredTitles);
    for (const card of body.featured) {
      expect(card.status).toBe('live');
      expect(card.image?.url).toMatch(/^\/media\/products\//);
      expect(card.locationName).toBe('Burnaby Warehouse');
    }
  });

  it('counts every live auction, featured or not, and gives the earliest end among them', async () => {
    const body = await get<DropsResponse>('/api/drops');
    // 6 live from the search tests, 3 featured, 1 plain, and the draft product's auction: the banner
    // counts live auctions (docs/product.md "Browsing and search"). Scheduled, ended and overdue ones do not
    // count.
    expect(body.liveCount).toBe(11);
    expect(body.earliestEndTime).toBe(at(12).toISOString());
    expect(closeTo(body.serverTime, NOW)).toBe(true);
  });

  it('moves on as auctions end on the server clock', async () => {
    t.clock.set(at(26));
    const body = await get<DropsResponse>('/api/drops');
    expect(body.featured.map((c) => c.title)).toEqual(['Featured newest', 'Featured older']);
    // 'Plain live' (12), 'Featured middle' (25) are over; the TV from the search tests ends at 30.
    expect(body.liveCount).toBe(9);
    expect(body.earliestEndTime).toBe(at(30).toISOString());

    t.clock.set(at(100_000));
    const later = await get<DropsResponse>('/api/drops');
    expect(later).toEqual({
      serverTime: expect.any(String),
      featured: [],
      liveCount: 0,
      earliestEndTime: null,
    });
    expect(closeTo(later.serverTime, at(100_000))).toBe(true);
  });
});
