// A closing hour: shoppers browse the shop and product pages and bid on many live auctions, most of
// the bids on a few popular lots (Zipf-like), with a good share of the auctions ending during the
// run (soft close on, as in production). Measured for ONE server process and for TWO (two child
// servers on different ports and the same database, the shoppers split between them), then pgbench
// runs ONE bid per transaction (the server's own statements for a batch of one, bench/lib.ts
// oneBidTransactionSql; the server batches the bids waiting on one auction, decision 038) on the
// same skewed mix of auctions, in the same run.
// Run: npx tsx bench/closing-hour.bench.ts [--quick] [--seconds 60] [--shoppers 2000] [--auctions 5000] [--think 10000]
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CATEGORIES } from '../apps/server/src/seed/catalog';
import { seedLarge } from '../apps/server/src/seed/large';
import { createTestDatabase } from '../apps/server/test/database';
import {
  buildWeb,
  fmt,
  freePort,
  machine,
  oneBidTransactionSql,
  PG_URL,
  runPgbench,
  sleep,
  startServer,
  summary,
  writeSection,
} from './lib';

const quick = process.argv.includes('--quick');
const argN = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const SECONDS = argN('seconds', quick ? 20 : 60);
const SHOPPERS = argN('shoppers', quick ? 200 : 2_000);
const AUCTIONS = argN('auctions', quick ? 500 : 5_000);
/** Mean pause between one shopper's requests (exponential): a person reading a page (2,000 × 1 per 10 s ≈ 200 req/s offered). */
const THINK_MS = argN('think', quick ? 4_000 : 10_000);
/** Share of the live auctions made to end during each phase (soft close may push them on). */
const CLOSING_SHARE = 0.4;
const ZIPF_S = 1.1;
const PGBENCH_CLIENTS = 32;
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
process.env.TEST_DATABASE_URL = PG_URL;

type Endpoint = 'shop list' | 'product API' | 'product page (HTML)' | 'auction state' | 'bid';

interface PhaseResult {
  servers: number;
  seconds: number;
  requests: number;
  bidsAccepted: number;
  bidsRefused: number;
  serverErrors: number;
  /** Requests that got no answer (connection refused or timed out: the server overwhelmed). */
  noAnswer: number;
  closed: number;
  orders: number;
  perEndpoint: Map<Endpoint, number[]>;
  /** Answers other than 2xx per endpoint (a bid refused as too low or late is a 4xx). */
  notOk: Map<Endpoint, number>;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function main() {
  const started = performance.now();
  const database = await createTestDatabase();
  const db = database.db;
  const dbUrl = database.url!;
  // The product page (HTML) is served from the built web app, as in production.
  const web = buildWeb();
  try {
    // ── data: AUCTIONS live auctions (the seed makes 80 % of its products live ones), SHOPPERS bidders ──
    const seeded = await seedLarge(db, {
      products: Math.ceil(AUCTIONS / 0.8),
      bids: AUCTIONS * 5,
      users: SHOPPERS,
      concurrency: 2,
    });
    console.log(
      `seeded ${seeded.products} products (${seeded.auctions.live} live), ${seeded.bids} bids, ${seeded.users} users in ${fmt(seeded.totalMs / 1000, 1)} s`,
    );
    // Signed in: one session per shopper, written as better-auth writes them, the cookie signed with
    // the server's secret (signing 2,000 people in through scrypt would take minutes here).
    const users = rowsOf<{ id: string }>(
      await db.execute(sql`select id from users where email like 'bench%@bench.rebound.test' order by email`),
    ).slice(0, SHOPPERS);
    const tokens = users.map(() => randomBytes(24).toString('base64url'));
    const pairs = JSON.stringify(users.map((u, n) => ({ n: n + 1, u: u.id, t: tokens[n] })));
    await db.execute(sql`insert into sessions (token, user_id, expires_at)
      select t, u, now() + interval '7 days' from json_to_recordset(${pairs}::json) as x(n int, u uuid, t text)`);
    const cookies = tokens.map((t) => {
      const sig = createHmac('sha256', AUTH_SECRET).update(t).digest('base64');
      return `__Secure-rebound.session_token=${encodeURIComponent(`${t}.${sig}`)}`;
    });

    // Popularity: a random order of the live auctions, bid on with probability ∝ 1 / rank^s.
    const live = rowsOf<{ id: string; slug: string }>(
      await db.execute(sql`select a.id, p.slug from auctions a join products p on p.id = a.product_id
        where a.status = 'live' order by md5(a.id::text)`),
    );
    const weights = live.map((_, i) => 1 / (i + 1) ** ZIPF_S);
    const cumulative: number[] = [];
    weights.reduce((sum, w, i) => {
      cumulative[i] = sum + w;
      return cumulative[i]!;
    }, 0);
    const total = cumulative[cumulative.length - 1]!;
    const pickPopular = () => {
      const x = Math.random() * total;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid]! < x) lo = mid + 1;
        else hi = mid;
      }
      return live[lo]!;
    };
    const top10Share = cumulative[Math.min(9, cumulative.length - 1)]! / total;

    const phases: PhaseResult[] = [];
    for (const servers of [1, 2]) {
      let phaseStart = Date.now();
      // BENCH_PORT picks the first server's port (a shared machine); otherwise any free ones.
      const ports = process.env.BENCH_PORT
        ? Array.from({ length: servers }, (_, i) => Number(process.env.BENCH_PORT) + i)
        : await Promise.all(Array.from({ length: servers }, () => freePort()));
      const children: Awaited<ReturnType<typeof startServer>>[] = [];
      try {
        // One at a time: two servers compiling at once on a busy machine take long to start.
        for (const port of ports) {
          children.push(
            await startServer(
              port,
              {
                DATABASE_URL: dbUrl,
                TRUST_PROXY: 'true',
                SEED_ON_START: 'false',
                AUTH_SECRET,
                WEB_DIST: web.dir,
              },
              // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the servers.
              {
                nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
                waitMs: 90_000,
              },
            ),
          );
        }
        // (Not /api/auth/session: the seed's bench users have ids that are not version-4 shaped, which
        // that answer's schema refuses; My Bids needs a signed-in shopper and shows no user id.)
        const check = await fetch(`http://127.0.0.1:${ports[0]}/api/me/bids`, {
          headers: { cookie: cookies[0]! },
        });
        if (check.status !== 200)
          throw new Error(`the shoppers are not signed in: ${check.status} ${await check.text()}`);
        // A closing hour: CLOSING_SHARE of the auctions still live end within this phase, the popular
        // ones among them (every other rank), spread over its second half and a little before.
        phaseStart = Date.now();
        await db.execute(sql`with c as (
            select id, to_timestamp(${phaseStart / 1000} + ${SECONDS} * (0.3 + 0.65 * random())) as e
            from (select a.id, row_number() over (order by md5(a.id::text)) as rank from auctions a
              where a.status = 'live') r
            where r.rank % 2 = 1 and random() < ${CLOSING_SHARE * 2})
          update auctions a set end_time = c.e, original_end_time = c.e from c where c.id = a.id`);
        phases.push(await runPhase(servers, ports, cookies, pickPopular, live));
      } finally {
        for (const c of children) c.kill('SIGTERM');
        await sleep(1_500);
      }
      const [closed] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from auctions
          where status = 'ended' and end_time >= to_timestamp(${phaseStart / 1000})`),
      );
      const [orders] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from orders where created_at >= to_timestamp(${phaseStart / 1000})`,
        ),
      );
      const p = phases[phases.length - 1]!;
      p.closed = closed!.n;
      p.orders = orders!.n;
      printPhase(p);
    }

    // ── pgbench: the server's bid transaction on the same skewed mix of auctions ──
    await db.execute(sql`create table bench_hot (rank int primary key, auction_id uuid not null)`);
    await db.execute(sql`insert into bench_hot select r, a::uuid
      from json_array_elements_text(${JSON.stringify(live.map((l) => l.id))}::json) with ordinality as x(a, r)`);
    await db.execute(
      sql`create table bench_bidders (n int primary key, user_id uuid not null, token text not null)`,
    );
    await db.execute(sql`insert into bench_bidders select n, u, t
      from json_to_recordset(${pairs}::json) as x(n int, u uuid, t text)`);
    const [sampleRow] = rowsOf<{ n: number; o: number; b: number }>(
      await db.execute(sql`select (select count(*) from notifications)::int as n, (select count(*) from outbox)::int as o,
        (select count(*) from bids where created_at > now() - interval '1 hour')::int as b`),
    );
    const bidsMade = Math.max(
      1,
      phases.reduce((s, p) => s + p.bidsAccepted, 0),
    );
    const sample = async (table: 'notifications' | 'outbox', n: number) =>
      rowsOf<Record<string, unknown>>(
        await db.execute(sql.raw(`select * from ${table} order by created_at desc limit ${Math.round(n)}`)),
      );
    const script = oneBidTransactionSql({
      preamble: `\\set r random_zipfian(1, ${live.length}, ${ZIPF_S})\n\\set u random(1, ${users.length})\n`,
      auction: '(select auction_id::text from bench_hot where rank = :r)',
      user: '(select user_id::text from bench_bidders where n = :u)',
      token: '(select token from bench_bidders where n = :u)',
      leader: users[0]!.id,
      runnerUp: users[1]!.id,
      auctionRow: { bidCount: 10, endTime: new Date(Date.now() + 86_400_000), seq: 10 },
      inApp: await sample('notifications', sampleRow!.n / bidsMade),
      outbox: await sample('outbox', sampleRow!.o / bidsMade),
    });
    const pgSeconds = quick ? 10 : 30;
    const { tps, latency: pgLatency } = runPgbench({
      dbUrl,
      script,
      clients: PGBENCH_CLIENTS,
      seconds: pgSeconds,
    });
    console.log(
      `pgbench, the bid transaction on the same skew, ${PGBENCH_CLIENTS} clients: ${fmt(tps, 0)} tps (avg ${fmt(pgLatency)} ms)`,
    );
    const totalSeconds = (performance.now() - started) / 1000;
    console.log(`whole run ${fmt(totalSeconds, 0)} s`);

    const errors = phases.reduce((s, p) => s + p.serverErrors + p.noAnswer, 0);
    if (!quick) {
      const endpoints: Endpoint[] = [
        'shop list',
        'product API',
        'product page (HTML)',
        'auction state',
        'bid',
      ];
      const row = (label: string, f: (p: PhaseResult) => string) =>
        `| ${label} | ${phases.map(f).join(' | ')} |`;
      writeSection(
        'closing-hour',
        `## A closing hour: ${SHOPPERS.toLocaleString('en')} shoppers, ${live.length.toLocaleString('en')} live auctions, one and two server processes

\`npx tsx bench/closing-hour.bench.ts\` on PostgreSQL 15 (local, default settings), ${machine()}, ${new Date().toISOString().slice(0, 10)}.
A fresh database (\`seedLarge\`: ${seeded.products.toLocaleString('en')} products, ${seeded.bids.toLocaleString('en')} earlier bids), one signed-in
session per shopper. Each shopper pauses about ${fmt(THINK_MS / 1000, 0)} s (exponential) between requests and then lists the shop
(30 %), opens a product through the API (30 %) or as an HTML page (5 %), reads an auction's state (10 %) or
bids (25 %: reads the state, then bids one to four increments over the minimum, or below it one time in
seven). Lots are picked with probability ∝ 1/rank^${ZIPF_S} (the 10 most popular of ${live.length.toLocaleString('en')} get
${fmt(top10Share * 100, 0)} % of the picks). Before each phase about ${fmt(CLOSING_SHARE * 100, 0)} % of the auctions still live (every other rank,
so popular ones too) are set to end in that phase's last 70 %; soft close (60 s) stays on and the servers' own
job closes them and makes the orders. Shoppers arrive over the first ${fmt(Math.min(20, SECONDS / 4), 0)} s. Each phase runs ${SECONDS} s; with two servers the shoppers are split
between two child processes on the same database.

| | ${phases.map((p) => `${p.servers} server${p.servers > 1 ? 's' : ''}`).join(' | ')} |
|---|${phases.map(() => '---').join('|')}|
${row('requests per second', (p) => fmt(p.requests / p.seconds, 0))}
${row('accepted bids per second', (p) => `**${fmt(p.bidsAccepted / p.seconds, 1)}**`)}
${row('bids refused (too low, ended)', (p) => String(p.bidsRefused))}
${endpoints
  .map((e) =>
    row(`${e}: p50 / p99 (n)`, (p) => {
      const s = summary(p.perEndpoint.get(e) ?? []);
      return `${fmt(s.p50, 0)} / ${fmt(s.p99, 0)} ms (${s.n}; ${p.notOk.get(e) ?? 0} not 2xx)`;
    }),
  )
  .join('\n')}
${row('server errors (5xx) / requests with no answer', (p) => `**${p.serverErrors}** / **${p.noAnswer}**`)}
${row('auctions closed during the phase', (p) => String(p.closed))}
${row('orders made', (p) => String(p.orders))}

pgbench, one bid per transaction (the server's own statements for a batch of one, decision 038; with the history, notice,
outbox and idempotency rows a bid wrote here) on auctions picked with \`random_zipfian(1, ${live.length}, ${ZIPF_S})\`,
${PGBENCH_CLIENTS} clients, ${pgSeconds} s: **${fmt(tps, 0)} tps** (avg ${fmt(pgLatency)} ms). Accepted bids/s ÷ pgbench tps:
${phases.map((p) => `${p.servers} server${p.servers > 1 ? 's' : ''} ${fmt(p.bidsAccepted / p.seconds / tps, 2)}`).join(', ')} (the shoppers' think time, not
the database, sets the bid rate here: this is the load a closing hour brings, not the most it could take).
Whole run: ${fmt(totalSeconds, 0)} s.`,
      );
    }
    if (errors > 0) throw new Error(`${errors} server errors`);
  } finally {
    await database.close();
    web.done();
  }
}

async function runPhase(
  servers: number,
  ports: number[],
  cookies: string[],
  pickPopular: () => { id: string; slug: string },
  live: { id: string; slug: string }[],
): Promise<PhaseResult> {
  const perEndpoint = new Map<Endpoint, number[]>();
  const result: PhaseResult = {
    servers,
    seconds: SECONDS,
    requests: 0,
    bidsAccepted: 0,
    bidsRefused: 0,
    serverErrors: 0,
    noAnswer: 0,
    closed: 0,
    orders: 0,
    perEndpoint,
    notOk: new Map(),
  };
  const stopAt = performance.now() + SECONDS * 1000;
  const sorts = ['newest', 'ending', 'price_asc', 'price_desc', 'bids'];
  const call = async (
    endpoint: Endpoint,
    base: string,
    url: string,
    headers: Record<string, string>,
    init: RequestInit = {},
  ) => {
    const s = performance.now();
    try {
      const res = await fetch(`${base}${url}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
      const body = await res.text();
      const list = perEndpoint.get(endpoint) ?? [];
      list.push(performance.now() - s);
      perEndpoint.set(endpoint, list);
      result.requests++;
      if (res.status >= 300) result.notOk.set(endpoint, (result.notOk.get(endpoint) ?? 0) + 1);
      if (res.status >= 500) {
        result.serverErrors++;
        if (result.serverErrors <= 3)
          console.error(`${endpoint} ${url}: ${res.status} ${body.slice(0, 200)}`);
      }
      return { status: res.status, body };
    } catch (err) {
      result.noAnswer++;
      if (result.noAnswer <= 3) {
        const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
        console.error(
          `${endpoint} ${url}: ${(err as Error).message} (${cause?.code ?? cause?.message ?? ''})`,
        );
      }
      return { status: 0, body: '' };
    }
  };
  const think = () => sleep(-Math.log(1 - Math.random()) * THINK_MS);
  await Promise.all(
    cookies.map(async (cookie, i) => {
      const base = `http://127.0.0.1:${ports[i % ports.length]}`;
      const headers = { cookie, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
      // Shoppers arrive over the phase's first quarter (at most 20 s) rather than all at once: 2,000
      // connections opened within a few seconds overflow the listen backlog of a busy server.
      await sleep(Math.random() * Math.min(20_000, (SECONDS * 1000) / 4));
      while (performance.now() < stopAt) {
        const x = Math.random();
        if (x < 0.3) {
          const category = CATEGORIES[Math.floor(Math.random() * CATEGORIES.length)]!.slug;
          const sort = sorts[Math.floor(Math.random() * sorts.length)]!;
          const filter = Math.random() < 0.5 ? `&category=${category}` : '';
          await call(
            'shop list',
            base,
            `/api/shop?sort=${sort}&page=${1 + Math.floor(Math.random() * 3)}${filter}`,
            headers,
          );
        } else if (x < 0.6) {
          const lot = Math.random() < 0.7 ? pickPopular() : live[Math.floor(Math.random() * live.length)]!;
          await call('product API', base, `/api/products/${lot.slug}`, headers);
        } else if (x < 0.65) {
          await call('product page (HTML)', base, `/product/${pickPopular().slug}`, headers);
        } else if (x < 0.75) {
          await call('auction state', base, `/api/auctions/${pickPopular().id}`, headers);
        } else {
          const lot = pickPopular();
          const state = await call('auction state', base, `/api/auctions/${lot.id}`, headers);
          if (state.status === 200) {
            const a = (JSON.parse(state.body) as { auction: { minimumNextBidCents: number; status: string } })
              .auction;
            const step = 100;
            const cents =
              Math.random() < 1 / 7
                ? Math.max(100, a.minimumNextBidCents - step)
                : a.minimumNextBidCents + step * Math.floor(Math.random() * 4);
            const res = await call('bid', base, `/api/auctions/${lot.id}/bids`, headers, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
              body: JSON.stringify({ amount: (cents / 100).toFixed(2) }),
            });
            if (res.status === 200) result.bidsAccepted++;
            else if (res.status > 0 && res.status < 500) result.bidsRefused++;
          }
        }
        await think();
      }
    }),
  );
  return result;
}

function printPhase(p: PhaseResult) {
  console.log(
    `${p.servers} server(s): ${fmt(p.requests / p.seconds, 0)} req/s, ${fmt(p.bidsAccepted / p.seconds, 1)} accepted bids/s, ` +
      `${p.bidsRefused} refused, ${p.serverErrors} server errors, ${p.noAnswer} without an answer, ${p.closed} auctions closed, ${p.orders} orders`,
  );
  for (const [e, l] of p.perEndpoint) {
    const s = summary(l);
    console.log(
      `    ${e.padEnd(22)} n=${String(s.n).padStart(6)} p50 ${fmt(s.p50, 0)} ms, p99 ${fmt(s.p99, 0)} ms`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
