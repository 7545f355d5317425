import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, runMigrations } from '../db/client';
import { ITEM_GTINS, ITEM_ZERO_UNITS, type LargeSeedSummary, seedLarge } from './large';

const NOW = new Date('2026-03-14T19:00:00Z');

let database: Database;
let mediaDir: string;
let summary: LargeSeedSummary;

function rows<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

beforeAll(async () => {
  database = await openDatabase({});
  await runMigrations(database);
  mediaDir = await mkdtemp(join(tmpdir(), 'rebound-large-'));
  summary = await seedLarge(database.db, {
    products: 500,
    bids: 5000,
    users: 40,
    chunkSize: 150,
    now: NOW,
    mediaDir,
    tag: 't1',
  });
});

afterAll(async () => {
  await database?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

describe('seedLarge', () => {
  it("writes only version-4 shaped ids, which the API's answers check (a bench user's session answered 500 before)", async () => {
    const [bad] = rows<{ n: number }>(
      await database.db.execute(sql`select
        (select count(*)::int from users where id::text !~ '^.{14}4.{4}[89ab]') +
        (select count(*)::int from products where id::text !~ '^.{14}4.{4}[89ab]') +
        (select count(*)::int from auctions where id::text !~ '^.{14}4.{4}[89ab]') +
        (select count(*)::int from bids where id::text !~ '^.{14}4.{4}[89ab]') as n`),
    );
    expect(bad?.n).toBe(0);
    const [users] = rows<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from users where email like '%@bench.rebound.test'`,
      ),
    );
    expect(users?.n).toBe(40);
  });

  it('creates the requested number of products, auctions and bids', async () => {
    expect(summary.products).toBe(500);
    expect(summary.bids).toBe(5000);
    const [counts] = rows<{ products: number; auctions: number; bids: number; images: number }>(
      await database.db.execute(sql`select
        (select count(*)::int from products where slug like 'bench-t1-%') as products,
        (select count(*)::int from auctions) as auctions,
        (select count(*)::int from bids) as bids,
        (select count(*)::int from product_images) as images`),
    );
    expect(counts).toEqual({ products: 500, auctions: 500, bids: 5000, images: 500 });
    const { live, scheduled, ended } = summary.auctions;
    expect(live + scheduled + ended).toBe(500);
    expect(live).toBeGreaterThan(300);
    expect(scheduled).toBeGreaterThan(0);
    expect(ended).toBeGreaterThan(0);
    const [categories] = rows<{ n: number }>(
      await database.db.execute(sql`select count(distinct category_id)::int as n from products`),
    );
    expect(categories?.n).toBe(7);
  });

  it('keeps price, leader and bid count consistent with the bids', async () => {
    const bad = rows<{ id: string }>(
      await database.db.execute(sql`
        select a.id from auctions a
        left join lateral (
          select count(*)::int as n, max(amount_cents) as top from bids b where b.auction_id = a.id
        ) s on true
        left join lateral (
          select user_id from bids b where b.auction_id = a.id order by amount_cents desc, seq desc limit 1
        ) t on true
        where a.bid_count <> s.n
          or (s.n > 0 and (a.current_price_cents <> s.top or a.leader_user_id is distinct from t.user_id))
          or (s.n = 0 and (a.current_price_cents <> a.starting_bid_cents or a.leader_user_id is not null))
          or (a.status = 'scheduled' and s.n > 0)`),
    );
    expect(bad).toEqual([]);
    const maxBelowPrice = rows<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from auctions a
        join max_bids m on m.auction_id = a.id and m.user_id = a.leader_user_id
        where m.max_amount_cents < a.current_price_cents`),
    );
    expect(maxBelowPrice[0]?.n).toBe(0);
  });

  it('closes ended auctions with one order per winner', async () => {
    const [check] = rows<{ winners: number; orders: number; mismatched: number; sold: number }>(
      await database.db.execute(sql`select
        (select count(*)::int from auctions where status = 'ended' and winner_user_id is not null) as winners,
        (select count(*)::int from orders) as orders,
        (select count(*)::int from orders o join auctions a on a.id = o.auction_id
          where o.user_id <> a.winner_user_id or o.final_amount_cents <> a.current_price_cents) as mismatched,
        (select count(*)::int from products where status = 'sold') as sold`),
    );
    expect(check?.winners).toBeGreaterThan(0);
    expect(check?.orders).toBe(check?.winners);
    expect(check?.sold).toBe(check?.winners);
    expect(check?.mismatched).toBe(0);
  });

  it('writes the shared images it points at', async () => {
    const urls = rows<{ url: string }>(
      await database.db.execute(sql`select distinct url from product_images`),
    );
    expect(urls.length).toBeGreaterThan(5);
    for (const { url } of urls) await access(join(mediaDir, url.replace(/^\/media\//, '')));
  });

  it('makes items of many units, the first with at least 100 lots live or upcoming', async () => {
    const perItem = rows<{ key: string; units: number; upcoming: number }>(
      await database.db.execute(sql`select a.product_item_key as key, count(*)::int as units,
          (count(*) filter (where a.status in ('live', 'scheduled')))::int as upcoming
        from auctions a where a.product_item_key is not null group by 1 order by 2 desc`),
    );
    expect(perItem[0]).toMatchObject({ key: `gtin:${ITEM_GTINS[0]}`, units: ITEM_ZERO_UNITS });
    expect(perItem[0]!.upcoming).toBeGreaterThanOrEqual(100);
    expect(perItem).toHaveLength(15);
    for (const item of perItem.slice(1)) expect(item.units).toBe(20);
  });

  it('can run again on the same database with another tag', async () => {
    const again = await seedLarge(database.db, { products: 50, bids: 300, users: 40, now: NOW, tag: 't2' });
    expect(again.bids).toBe(300);
    const [n] = rows<{ users: number; bids: number }>(
      await database.db.execute(
        sql`select (select count(*)::int from users) as users, (select count(*)::int from bids) as bids`,
      ),
    );
    expect(n).toEqual({ users: 40, bids: 5300 });
  });
});
