// (c) Closing 10,000 auctions that end in the same minute: time until all are closed, as a ratio to
// a bare UPDATE of the same rows to 'ended' (the least work any closer must do), in one script.
// Run: npx tsx bench/close.bench.ts [--auctions 10000]
import { sql } from 'drizzle-orm';
import { closeDueAuctions } from '../apps/server/src/modules/auctions';
import { createTestDatabase } from '../apps/server/test/database';
import { cli, fmt, machine, PG_URL, writeSection } from './lib';

const arg = cli.number;
const N = arg('auctions', 10_000);
process.env.TEST_DATABASE_URL = PG_URL;

const END = new Date('2026-12-01T20:00:00.000Z');

async function fill(db: Awaited<ReturnType<typeof createTestDatabase>>['db']) {
  // N auctions ending within one minute; two bidders each (leader and runner-up), reserve met.
  const end = sql.raw(`'${END.toISOString()}'::timestamptz`);
  await db.execute(sql`
    insert into locations (id, name, slug, address_line1, city, province, postal_code)
    values ('00000000-0000-4000-8000-000000000001', 'Bench', 'bench', '1 Bench St', 'Burnaby', 'BC', 'V5C 0A1')
  `);
  await db.execute(sql`
    insert into users (id, email, handle)
    select ('00000000-0000-4000-9000-' || lpad(g::text, 12, '0'))::uuid, 'b' || g || '@bench.test', 'bench_' || g
    from generate_series(1, 200) g
  `);
  await db.execute(sql`
    insert into products (id, title, slug, condition, retail_price_cents, resale_price_cents, status)
    select md5('p' || g)::uuid, 'Bench product ' || g, 'bench-' || g, 'like_new', 10000, 5000, 'auctioned'
    from generate_series(1, ${N}) g
  `);
  await db.execute(sql`
    insert into auctions (id, product_id, location_id, status, start_time, end_time, original_end_time,
      starting_bid_cents, current_price_cents, leader_user_id, reserve_met, bid_count, seq)
    select md5('a' || g)::uuid, md5('p' || g)::uuid, '00000000-0000-4000-8000-000000000001', 'live',
      ${end} - interval '1 day',
      ${end} - (g % 60) * interval '1 second',
      ${end}, 1000, 2500,
      ('00000000-0000-4000-9000-' || lpad((1 + g % 200)::text, 12, '0'))::uuid, true, 2, 2
    from generate_series(1, ${N}) g
  `);
  await db.execute(sql`
    insert into max_bids (auction_id, user_id, max_amount_cents, set_at, seq)
    select md5('a' || g)::uuid, ('00000000-0000-4000-9000-' || lpad((1 + (g + k) % 200)::text, 12, '0'))::uuid,
      3000 - k * 600, ${end} - interval '2 hours', k + 1
    from generate_series(1, ${N}) g, generate_series(0, 1) k
  `);
}

async function main() {
  const baselineDb = await createTestDatabase();
  await fill(baselineDb.db);
  let t0 = performance.now();
  await baselineDb.db.execute(
    sql`update auctions set status = 'ended', closed_at = now() where status = 'live' and end_time <= ${END.toISOString()}::timestamptz`,
  );
  const baselineMs = performance.now() - t0;
  await baselineDb.close();

  const database = await createTestDatabase();
  await fill(database.db);
  let events = 0;
  t0 = performance.now();
  const closed = await closeDueAuctions(database.db, END, async (p) => {
    events += p.length;
  });
  const closeMs = performance.now() - t0;
  const counts = (await database.db.execute(
    sql`select (select count(*)::int from orders) as orders, (select count(*)::int from notifications) as notices`,
  )) as unknown as { rows: { orders: number; notices: number }[] };
  const { orders, notices } = counts.rows[0]!;
  await database.close();

  const line = `closed ${closed} auctions in ${fmt(closeMs / 1000)} s (${fmt((closed / closeMs) * 1000, 0)} auctions/s); baseline bare UPDATE ${fmt(baselineMs / 1000)} s; ratio ${fmt(closeMs / baselineMs, 1)}×; ${orders} orders, ${notices} in-app notices, ${events} realtime events`;
  console.log(line);
  if (closed !== N || orders !== N) throw new Error(`expected ${N} closed and ${N} orders`);
  writeSection(
    'close',
    `## (c) Closing ${N.toLocaleString('en-CA')} auctions that end in the same minute

\`npx tsx bench/close.bench.ts\` on PostgreSQL 15 (local, default settings), ${machine()}, ${new Date().toISOString().slice(0, 10)}.

| measure | value |
|---|---|
| time until all are closed | **${fmt(closeMs / 1000)} s** (${fmt((closed / closeMs) * 1000, 0)} auctions/s) |
| baseline: one bare \`UPDATE … SET status='ended'\` of the same rows | ${fmt(baselineMs / 1000)} s |
| ratio to baseline | ${fmt(closeMs / baselineMs, 1)}× |
| work done | ${closed} auctions ended, ${orders} orders, ${notices} in-app notices + outbox rows, ${events} realtime events |

The closer claims batches of 500 with \`FOR UPDATE SKIP LOCKED\`, so several servers share the work
and an auction held by an in-flight bid waits for the next one-second tick.`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
