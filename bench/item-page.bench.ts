import pg from 'pg';
import {
  cli,
  fmt,
  freePort,
  machine,
  PG_URL,
  seedLargeDatabase,
  startServer,
  summary,
  writeSection,
} from './lib';

const flag = cli.flag;
const argN = cli.number;
const PRODUCTS = argN('products', 20_000);
const BIDS = argN('bids', 200_000);
const REQUESTS = argN('requests', 1_000);
const GOAL_P99_MS = 50;
const DB_NAME = 'rebound_bench_item_page';

async function admin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

function dbUrl(): string {
  const u = new URL(PG_URL);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
}

async function seeded(url: string): Promise<void> {
  if (flag('reuse')) {
    const n = await admin(async () => {
      const c = new pg.Client({ connectionString: url });
      try {
        await c.connect();
        return (await c.query<{ n: number }>('select count(*)::int as n from products')).rows[0]!.n;
      } catch {
        return 0;
      } finally {
        await c.end().catch(() => {});
      }
    });
    if (n > 0) return;
  }
  await seedLargeDatabase(DB_NAME, PRODUCTS, BIDS);
}

async function main() {
  const url = dbUrl();
  await seeded(url);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  // The item with the most lots live or upcoming, and one of its units on auction; a lone product.
  const item = (
    await c.query<{ key: string; lots: number }>(`select product_item_key as key,
        count(*) filter (where status in ('live', 'scheduled'))::int as lots
      from auctions where product_item_key is not null group by 1 order by 2 desc limit 1`)
  ).rows[0]!;
  const unit = (
    await c.query<{ slug: string }>(
      `select p.slug from auctions a join products p on p.id = a.product_id
        where a.product_item_key = $1 and a.status = 'live' order by a.end_time desc limit 1`,
      [item.key],
    )
  ).rows[0]!.slug;
  const lone = (
    await c.query<{ slug: string }>(`select p.slug from auctions a join products p on p.id = a.product_id
      where a.product_item_key is null and a.status = 'live' order by a.end_time desc limit 1`)
  ).rows[0]!.slug;
  const sold = (
    await c.query<{ n: number }>(
      `select count(*)::int as n from auctions a join orders o on o.auction_id = a.id
        where a.product_item_key = $1 and o.status = 'paid'`,
      [item.key],
    )
  ).rows[0]!.n;
  await c.end();
  console.log(
    `item ${item.key}: ${item.lots} lots live or upcoming, ${sold} paid; unit ${unit}, lone ${lone}`,
  );

  const port = await freePort();
  const server = await startServer(
    port,
    {
      DATABASE_URL: url,
      SEED_ON_START: 'false',
      WEB_CONCURRENCY: '1',
      CATALOG_CACHE_MS: '0',
      LOG_LEVEL: 'error',
    },
    { waitMs: 90_000 },
  );
  try {
    const get = async (slug: string) => {
      const t0 = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/products/${slug}`);
      const body = await res.text();
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${slug}: ${res.status} ${body.slice(0, 200)}`);
      return { ms, body };
    };
    const check = JSON.parse((await get(unit)).body) as {
      moreOfItem: { total: number; lots: unknown[] };
      soldBefore: { sales: unknown[] };
    };
    console.log(
      `the unit's page: ${check.moreOfItem.total} more (${check.moreOfItem.lots.length} listed), ${check.soldBefore.sales.length} sold before`,
    );
    // Warm up both (connections, prepared statements, caches of the database).
    for (let i = 0; i < 100; i++) {
      await get(unit);
      await get(lone);
    }
    const itemMs: number[] = [];
    const loneMs: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      itemMs.push((await get(unit)).ms);
      loneMs.push((await get(lone)).ms);
    }
    const a = summary(itemMs);
    const b = summary(loneMs);
    const row = (name: string, s: ReturnType<typeof summary>) =>
      `| ${name} | ${s.n} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${fmt(s.max)} |`;
    const verdict = a.p99 <= GOAL_P99_MS ? 'met' : 'NOT met';
    console.log(row('item', a));
    console.log(row('lone', b));
    console.log(
      `ratio p50 ${fmt(a.p50 / b.p50)}, p99 ${fmt(a.p99 / b.p99)}; goal p99 <= ${GOAL_P99_MS} ms ${verdict}`,
    );
    writeSection(
      'item-page',
      `## Product page of an item with 100 lots (2026-11-29)

\`npx tsx bench/item-page.bench.ts\` (decision 092). ${machine()}; PostgreSQL on the same machine. Large
store of ${PRODUCTS.toLocaleString('en-CA')} products and ${BIDS.toLocaleString('en-CA')} bids (seed:large), the real server (production, one
process, response cache off: every request reads the database), ${REQUESTS} requests of each page one at a
time, alternating. The item: ${item.lots} lots live or upcoming, ${sold} paid sales; its page lists ${check.moreOfItem.lots.length} of
${check.moreOfItem.total} other lots and ${check.soldBefore.sales.length} sales. Baseline: the page of a product that is an item of its own, same
server, same run.

| page | requests | p50 ms | p99 ms | max ms |
| --- | ---: | ---: | ---: | ---: |
${row('unit of the item (More of this item, Sold before)', a)}
${row('baseline: a product of its own', b)}

Ratio to the baseline: p50 ${fmt(a.p50 / b.p50)}×, p99 ${fmt(a.p99 / b.p99)}×. Goal p99 ≤ ${GOAL_P99_MS} ms: ${verdict}.`,
    );
  } finally {
    server.kill('SIGTERM');
    if (!flag('keep') && !flag('reuse'))
      await admin((c) => c.query(`drop database if exists ${DB_NAME} with (force)`)).catch(() => {});
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
