// A closing hour: shoppers browse the shop and product pages and bid on many live auctions, most of
// the bids on a few popular lots (Zipf-like), with a good share of the auctions ending during the
// run (soft close on, as in production). Measured for ONE server process and for TWO (two child
// servers on different ports and the same database, the shoppers split between them), then pgbench
// runs ONE bid per transaction (the server's own statements for a batch of one, bench/lib.ts
// oneBidTransactionSql; the server batches the bids waiting on one auction, decision 038) on the
// same skewed mix of auctions, in the same run.
// The shoppers run in child processes (bench/closing-hour-shoppers.mjs), so their CPU is measured
// apart from the servers'; `--shoppers 2000,4000,8000` steps the load (one phase per count and per
// server count).
// `--groups 0.25` (the default) has that share of the shoppers bid through one bid group each instead
// of lot by lot (bench/closing-hour-groups.mjs); `--groups 0` runs without groups, to compare.
// Run: npx tsx bench/closing-hour.bench.ts [--quick] [--seconds 60] [--shoppers 2000[,4000,...]]
//   [--servers 1[,2]] [--generators 2] [--no-pgbench] [--auctions 5000] [--think 10000]
//   [--groups 0.25] [--no-write] [--json figures.json]
import { fork } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { pushSubscriptions } from '../apps/server/src/db/schema';
import { CATEGORIES } from '../apps/server/src/seed/catalog';
import { seedLarge } from '../apps/server/src/seed/large';
import { createTestDatabase } from '../apps/server/test/database';
import {
  type AlertFigures,
  adapterLatencies,
  alertText,
  handOverByTemplate,
  lagSampler,
  outbidSockets,
} from './alerts';
import { type GroupWins, groupWins, groupWinsText, groupWinsWhenEnded } from './closing-hour-group-wins';
import {
  buildWeb,
  cli,
  fmt,
  freePort,
  machine,
  oneBidTransactionSql,
  PG_URL,
  runPgbench,
  sleep,
  startPushService,
  startServer,
  summary,
  writeSection,
} from './lib';

const quick = cli.flag('quick');
const argN = cli.number;
const SECONDS = argN('seconds', quick ? 20 : 60);
/**
 * Seconds of the same shoppers before the first phase of each server count, not measured (0: none):
 * they arrive then, and the phase finds them browsing.
 */
const WARMUP = argN('warmup', quick ? 0 : 20);
/** Shoppers arrive over this many milliseconds (the warm-up's, or the phase's without one). */
const RAMP_MS = Math.min(20_000, (SECONDS * 1000) / 4);
const argList = cli.numbers;
/** Shopper counts, one phase each (per server count). */
const STEPS = argList('shoppers', [quick ? 200 : 2_000]);
const SHOPPERS = Math.max(...STEPS);
const SERVER_COUNTS = argList('servers', [1, 2]);
/** Child processes that run the shoppers (each takes an equal slice). */
const GENERATORS = argN('generators', 2);
const PGBENCH = !cli.flag('no-pgbench');
const AUCTIONS = argN('auctions', quick ? 500 : 5_000);
/** Mean pause between one shopper's requests (exponential): a person reading a page (2,000 × 1 per 10 s ≈ 200 req/s offered). */
const THINK_MS = argN('think', quick ? 4_000 : 10_000);
/** Share of the live auctions made to end during each phase (soft close may push them on). */
const CLOSING_SHARE = 0.4;
const ZIPF_S = 1.1;
const PGBENCH_CLIENTS = 32;
/** Shoppers (the first ones) who keep a socket open in the bench's own process, for the in-app outbid's delay. */
const SOCKET_SHOPPERS = argN('sockets', 500);
/** Percent of the shoppers with a push subscription (`--push-share 0`: none, as before decision 071). */
const PUSH_SHARE = argN('push-share', 25);
/** After a phase, how long the sender may take to hand over what the phase queued before the alerts are read. */
const DRAIN_LIMIT_MS = 60_000;
/** Share of the shoppers who bid through one bid group each (bench/closing-hour-groups.mjs). */
const GROUP_SHARE = argN('groups', 0.25);
/** After the last phase of a server count, how long the groups' lots may take to end (soft close) before their wins are counted. */
const GROUPS_END_LIMIT_MS = 120_000;
/** `--no-write`: leave docs/benchmarks.md alone (runs to compare); `--json FILE`: the figures as JSON. */
const WRITE = !cli.flag('no-write');
const JSON_OUT = cli.textOrNull('json');
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
process.env.TEST_DATABASE_URL = PG_URL;

type Endpoint =
  | 'shop list'
  | 'product API'
  | 'product page (HTML)'
  | 'auction state'
  | 'bid'
  // The group shoppers' (GROUP_ENDPOINTS of bench/closing-hour-groups.mjs).
  | 'bid group: make'
  | 'my bid groups'
  | 'bid group: raise';
const GROUP_ENDPOINTS: Endpoint[] = ['bid group: make', 'my bid groups', 'bid group: raise'];

/** What the group shoppers did in a phase (bench/closing-hour-shoppers.mjs `groups`). */
interface GroupTally {
  made: number;
  lots: number;
  winTwo: number;
  refused: number;
  raised: number;
  raiseRefused: number;
  refusals: string[];
}

interface PhaseResult {
  servers: number;
  shoppers: number;
  /** CPU seconds of the server processes and of the shoppers' processes during the phase. */
  serverCpuSeconds: number;
  generatorCpuSeconds: number;
  /** The machine's load average (1 min) at the phase's end: other work shares the cores. */
  load: number;
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
  /** Latencies of every endpoint by the phase's 10 s window the request started in. */
  byWindow: number[][];
  /** Answers other than 2xx per endpoint (a bid refused as too low or late is a 4xx). */
  notOk: Map<Endpoint, number>;
  /** Outbid alerts of the phase (bench/alerts.ts); seconds after the phase until the sender had handed over all. */
  alerts?: AlertFigures;
  /** Every message the phase queued, by template and channel: created → handed (where the lag comes from). */
  handOver?: Awaited<ReturnType<typeof handOverByTemplate>>;
  drainSeconds?: number;
  groups: GroupTally;
  /** The phase's groups 2 s after it (some lots still in soft close), and after every lot ended (the last phase of a server count). */
  groupWins?: GroupWins;
  groupWinsEnded?: GroupWins;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function main() {
  const started = performance.now();
  const database = await createTestDatabase();
  const db = database.db;
  const dbUrl = database.url!;
  // The product page (HTML) is served from the built web app, as in production.
  const web = buildWeb();
  const pushService = await startPushService();
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
      select t, u, now() + interval '30 days' from json_to_recordset(${pairs}::json) as x(n int, u uuid, t text)`);
    // PUSH_SHARE % of the shoppers allowed push in a browser: subscribed to a stand-in push service on
    // loopback, so the outbid push is measured (push is queued only for shoppers with a subscription).
    const vapid = webpush.generateVAPIDKeys();
    const subscribed = users.filter((_, n) => (n * PUSH_SHARE) % 100 < PUSH_SHARE);
    if (subscribed.length > 0)
      await db
        .insert(pushSubscriptions)
        .values(subscribed.map((u, i) => ({ userId: u.id, ...pushService.subscription(i) })));
    const cookies = tokens.map((t) => {
      const sig = createHmac('sha256', AUTH_SECRET).update(t).digest('base64');
      return `__Secure-rebound.session_token=${encodeURIComponent(`${t}.${sig}`)}`;
    });

    // Popularity: a random order of the auctions live now, bid on with probability ∝ 1 / rank^s.
    const popularity = async () => {
      const live = rowsOf<{ id: string; slug: string }>(
        await db.execute(sql`select a.id, p.slug from auctions a join products p on p.id = a.product_id
          where a.status = 'live' order by md5(a.id::text)`),
      );
      const cumulative: number[] = [];
      live.reduce((sum, _, i) => {
        cumulative[i] = sum + 1 / (i + 1) ** ZIPF_S;
        return cumulative[i]!;
      }, 0);
      return { live, cumulative };
    };
    const first = await popularity();
    const top10Share =
      first.cumulative[Math.min(9, first.cumulative.length - 1)]! /
      first.cumulative[first.cumulative.length - 1]!;

    const phases: PhaseResult[] = [];
    for (const servers of SERVER_COUNTS) {
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
                VAPID_PUBLIC_KEY: vapid.publicKey,
                VAPID_PRIVATE_KEY: vapid.privateKey,
                VAPID_SUBJECT: 'mailto:bench@bench.test',
                ...pushService.serverEnv,
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
        // The hour before the close: the servers have been serving shoppers (their code compiled and
        // optimised, their caches and pools in use) before the lots are set to end. Not measured.
        let opened: Sockets | undefined;
        if (WARMUP > 0) {
          const warmCookies = cookies.slice(0, Math.min(...STEPS));
          const ramp = Math.min(RAMP_MS, (WARMUP * 1000) / 2);
          // The shoppers with a socket open it as they arrive, and keep it into the phase.
          const [warm, sockets] = await Promise.all([
            runShoppers(ports, warmCookies, await popularity(), WARMUP, ramp),
            openSockets(ports, warmCookies, ramp),
          ]);
          opened = sockets;
          const errors = warm.reduce((n, r) => n + r.serverErrors + r.noAnswer, 0);
          console.log(
            `warm-up: ${WARMUP} s, ${warm.reduce((n, r) => n + r.requests, 0)} requests, ${errors} errors`,
          );
        }
        for (const shoppers of STEPS) {
          // A closing hour: CLOSING_SHARE of the auctions still live end within this phase, the popular
          // ones among them (every other rank), spread over its second half and a little before.
          phaseStart = Date.now();
          const pop = await popularity();
          await db.execute(sql`with c as (
              select id, to_timestamp(${phaseStart / 1000} + ${SECONDS} * (0.3 + 0.65 * random())) as e
              from (select a.id, row_number() over (order by md5(a.id::text)) as rank from auctions a
                where a.status = 'live') r
              where r.rank % 2 = 1 and random() < ${CLOSING_SHARE * 2})
            update auctions a set end_time = c.e, original_end_time = c.e from c where c.id = a.id`);
          // The lots that end within the phase, which the group shoppers group (by their index in `pop.live`).
          const index = new Map(pop.live.map((l, i) => [l.id, i]));
          const closing = rowsOf<{ id: string; ends: number }>(
            await db.execute(sql`select id, (extract(epoch from end_time) * 1000)::float8 as ends from auctions
              where status = 'live' and end_time <= to_timestamp(${phaseStart / 1000 + SECONDS})`),
          ).flatMap((r) => (index.has(r.id) ? [{ index: index.get(r.id)!, endsAt: r.ends }] : []));
          const p = await runPhase(
            db,
            servers,
            ports,
            cookies.slice(0, shoppers),
            { ...pop, closing },
            children,
            opened,
          );
          opened = undefined;
          phases.push(p);
          // The servers' job closes what ended in the phase's last seconds.
          await sleep(2_000);
          const [closed] = rowsOf<{ n: number }>(
            await db.execute(sql`select count(*)::int as n from auctions
              where status = 'ended' and end_time >= to_timestamp(${phaseStart / 1000})`),
          );
          const [orders] = rowsOf<{ n: number }>(
            await db.execute(
              sql`select count(*)::int as n from orders where created_at >= to_timestamp(${phaseStart / 1000})`,
            ),
          );
          p.closed = closed!.n;
          p.orders = orders!.n;
          if (GROUP_SHARE > 0) {
            const since = new Date(phaseStart);
            p.groupWins = await groupWins(db, since);
            // The last phase of this server count: its groups' lots all ended (the servers still up).
            if (shoppers === STEPS[STEPS.length - 1])
              p.groupWinsEnded = await groupWinsWhenEnded(db, since, GROUPS_END_LIMIT_MS);
          }
          printPhase(p);
        }
      } finally {
        for (const c of children) c.kill('SIGTERM');
        await sleep(1_500);
      }
    }

    // ── pgbench: the server's bid transaction on the same skewed mix of auctions ──
    const pg = PGBENCH
      ? await (async () => {
          await db.execute(sql`create table bench_hot (rank int primary key, auction_id uuid not null)`);
          await db.execute(sql`insert into bench_hot select r, a::uuid
        from json_array_elements_text(${JSON.stringify(first.live.map((l) => l.id))}::json) with ordinality as x(a, r)`);
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
              await db.execute(
                sql.raw(`select * from ${table} order by created_at desc limit ${Math.round(n)}`),
              ),
            );
          const script = await oneBidTransactionSql({
            preamble: `\\set r random_zipfian(1, ${first.live.length}, ${ZIPF_S})\n\\set u random(1, ${users.length})\n`,
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
          const { tps, latency } = runPgbench({
            dbUrl,
            script,
            clients: PGBENCH_CLIENTS,
            seconds: pgSeconds,
          });
          console.log(
            `pgbench, the bid transaction on the same skew, ${PGBENCH_CLIENTS} clients: ${fmt(tps, 0)} tps (avg ${fmt(latency)} ms)`,
          );
          return { tps, latency, seconds: pgSeconds };
        })()
      : null;
    const totalSeconds = (performance.now() - started) / 1000;
    console.log(`whole run ${fmt(totalSeconds, 0)} s`);

    const errors = phases.reduce((s, p) => s + p.serverErrors + p.noAnswer, 0);
    const label = (p: PhaseResult) =>
      `${p.servers} server${p.servers > 1 ? 's' : ''}, ${p.shoppers.toLocaleString('en')} shoppers`;
    // A group never wins more lots than it asked for: counted from the auctions' winners.
    const above = phases.reduce(
      (s, p) => s + Math.max(p.groupWins?.above ?? 0, p.groupWinsEnded?.above ?? 0),
      0,
    );
    if (GROUP_SHARE > 0)
      console.log(
        `bid groups: ${above === 0 ? 'none' : above} won more lots than asked for\n${phases.map((p) => `    ${label(p)}: ${groupWinsText(p.groupWinsEnded ?? p.groupWins!)}`).join('\n')}`,
      );
    if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(figures(phases), null, 2));
    if (!quick && WRITE) {
      // The command as documented: without where the JSON went.
      const command = process.argv
        .slice(2)
        .filter((a, i, all) => a !== '--json' && all[i - 1] !== '--json')
        .join(' ');
      const endpoints: Endpoint[] = [
        'shop list',
        'product API',
        'product page (HTML)',
        'auction state',
        'bid',
        ...(GROUP_SHARE > 0 ? GROUP_ENDPOINTS : []),
      ];
      const row = (name: string, f: (p: PhaseResult) => string) =>
        `| ${name} | ${phases.map(f).join(' | ')} |`;
      writeSection(
        'closing-hour',
        `## A closing hour: ${STEPS.map((n) => n.toLocaleString('en')).join(' / ')} shoppers, ${first.live.length.toLocaleString('en')} live auctions, ${SERVER_COUNTS.join(' and ')} server process${SERVER_COUNTS.length > 1 || SERVER_COUNTS[0]! > 1 ? 'es' : ''}

\`npx tsx bench/closing-hour.bench.ts ${command}\` on PostgreSQL 15 (local, default settings), ${machine()}, ${new Date().toISOString().slice(0, 10)}.
A fresh database (\`seedLarge\`: ${seeded.products.toLocaleString('en')} products, ${seeded.bids.toLocaleString('en')} earlier bids), one signed-in
session per shopper. Each shopper pauses about ${fmt(THINK_MS / 1000, 0)} s (exponential) between requests and then lists the shop
(30 %), opens a product through the API (30 %) or as an HTML page (5 %), reads an auction's state (10 %) or
bids (25 %: reads the state, then bids one to four increments over the minimum, or below it one time in
seven). Lots are picked with probability ∝ 1/rank^${ZIPF_S} (the 10 most popular of ${first.live.length.toLocaleString('en')} get
${fmt(top10Share * 100, 0)} % of the picks). Before each phase about ${fmt(CLOSING_SHARE * 100, 0)} % of the auctions still live (every other rank,
so popular ones too) are set to end in that phase's last 70 %; soft close (60 s) stays on and the servers' own
job closes them and makes the orders. ${WARMUP > 0 ? `The shoppers arrive before the first phase of each server count, over ${fmt(Math.min(RAMP_MS, (WARMUP * 1000) / 2) / 1000, 0)} s of a ${WARMUP} s warm-up that is not measured (the hour before the close: the servers' code compiled and optimised, pools and caches in use); then the lots are set to end and the phase finds them browsing (each one's first request after a pause drawn like the others).` : `Shoppers arrive over the first ${fmt(RAMP_MS / 1000, 0)} s.`} Each phase runs ${SECONDS} s; with two servers the shoppers are split
between two child processes on the same database. The shoppers run in ${GENERATORS} child processes of their own
(bench/closing-hour-shoppers.mjs); their CPU and the servers' are measured per phase (CPU seconds ÷ phase
seconds: 100 % is one core). Other work on the machine shares its cores: the load average is given per phase.
${
  GROUP_SHARE > 0
    ? `${fmt(GROUP_SHARE * 100, 0)} % of the shoppers (spread evenly) bid through a bid group instead (bench/closing-hour-groups.mjs): where
another would bid, such a shopper makes one group over 2-5 lots that end in the phase (picked as the others pick, none
ending within 10 s), win one (win two one time in four with 3 or more lots), each maximum 1-6 increments over the
lot's minimum read from its state; afterwards it reads its groups (\`GET /api/me/bid-groups\`, as My Bids does) and one
time in three raises a maximum (\`PATCH\`, outbid lots first, after reading the lot's state). In the warm-up it only
reads its groups. Each group's wins are counted from the auctions' winners once its lots have ended.`
    : 'Nobody bids through a bid group (`--groups 0`).'
}

| | ${phases.map(label).join(' | ')} |
|---|${phases.map(() => '---').join('|')}|
${row('requests per second', (p) => fmt(p.requests / p.seconds, 0))}
${row("server CPU / shoppers' CPU (% of one core)", (p) => `${fmt((100 * p.serverCpuSeconds) / p.seconds, 0)} % / ${fmt((100 * p.generatorCpuSeconds) / p.seconds, 0)} %`)}
${row('load average (1 min) at the end', (p) => fmt(p.load, 1))}
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
${row('p99 of every endpoint by 10 s window of the phase', windowText)}
${
  GROUP_SHARE > 0
    ? `${row('bid groups made (lots; to win two) / refused; raises / refused', (p) => `${p.groups.made} (${p.groups.lots}; ${p.groups.winTwo}) / ${p.groups.refused}; ${p.groups.raised} / ${p.groups.raiseRefused}`)}
${row("bid groups' wins once their lots ended", (p) => (p.groupWinsEnded ? groupWinsText(p.groupWinsEnded) : '—'))}
${row("bid groups' wins 2 s after the phase", (p) => (p.groupWins ? groupWinsText(p.groupWins) : '—'))}
`
    : ''
}${row('server errors (5xx) / requests with no answer', (p) => `**${p.serverErrors}** / **${p.noAnswer}**`)}
${row('auctions closed during the phase', (p) => String(p.closed))}
${row('orders made', (p) => String(p.orders))}
${(['email', 'sms', 'push'] as const)
  .map((c) =>
    row(`outbid ${c === 'sms' ? 'text' : c}: commit → adapter p50 / p99 (n, coalesced)`, (p) => {
      const s = p.alerts?.adapter[c];
      return !s || s.n === 0
        ? '—'
        : `${fmt(s.p50, 0)} / **${fmt(s.p99, 0)}** ms (${s.n}, ${s.coalesced}${s.unsent ? `, ${s.unsent} NOT SENT` : ''})`;
    }),
  )
  .join('\n')}
${row(`outbid in-app: commit → socket p50 / p99 (n; the first ${SOCKET_SHOPPERS} shoppers' sockets)`, (p) => (p.alerts ? `${fmt(p.alerts.socket.p50, 0)} / **${fmt(p.alerts.socket.p99, 0)}** ms (${p.alerts.socket.n})` : '—'))}
${row("sender's largest lag (oldest message not yet handed) / all handed after the phase", (p) => (p.alerts ? `**${fmt(p.alerts.lagMs / 1000, 1)} s** / ${fmt(p.drainSeconds ?? 0, 1)} s` : '—'))}

Every message the phase queued, by template and channel: queued → handed to its adapter (ms), per phase:

${phases
  .map(
    (p) => `${label(p)}:

| template | channel | messages | p50 | p99 | max |
|---|---|---|---|---|---|
${(p.handOver ?? []).map((h) => `| ${h.template} | ${h.channel} | ${h.n} | ${h.p50} | ${h.p99} | ${h.max} |`).join('\n')}`,
  )
  .join('\n\n')}

Push goes to a stand-in push service on loopback HTTPS (web-push with VAPID keys, the payload encrypted as for a
browser); ${PUSH_SHARE} % of the shoppers (${subscribed.length}) have a subscription, and push is queued only for those
(decision 071). The service answered ${pushService.received()} pushes in the whole run.

${
  pg
    ? `pgbench, one bid per transaction (the server's own statements for a batch of one, decision 038; with the history, notice,
outbox and idempotency rows a bid wrote here) on auctions picked with \`random_zipfian(1, ${first.live.length}, ${ZIPF_S})\`,
${PGBENCH_CLIENTS} clients, ${pg.seconds} s: **${fmt(pg.tps, 0)} tps** (avg ${fmt(pg.latency)} ms). Accepted bids/s ÷ pgbench tps:
${phases.map((p) => `${label(p)} ${fmt(p.bidsAccepted / p.seconds / pg.tps, 2)}`).join(', ')} (the shoppers' think time, not
the database, sets the bid rate here: this is the load a closing hour brings, not the most it could take).`
    : 'pgbench not run (`--no-pgbench`).'
}
Whole run: ${fmt(totalSeconds, 0)} s.`,
      );
    }
    if (errors > 0) throw new Error(`${errors} server errors`);
    if (above > 0) throw new Error(`${above} bid groups won more lots than they asked for`);
  } finally {
    await database.close();
    web.done();
    await pushService.close();
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSecondsOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line (12 and 13 after the name), in ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The live auctions by popularity; `closing`: those ending within the phase (indices into `live`), for the group shoppers. */
interface Popularity {
  live: { id: string; slug: string }[];
  cumulative: number[];
  closing?: { index: number; endsAt: number }[];
}

interface ShopperReport {
  requests: number;
  bidsAccepted: number;
  bidsRefused: number;
  serverErrors: number;
  noAnswer: number;
  perEndpoint: Partial<Record<Endpoint, number[]>>;
  byWindow: (number[] | null)[];
  notOk: Partial<Record<Endpoint, number>>;
  errors: string[];
  cpuSeconds: number;
  groups: GroupTally;
}

type Sockets = Awaited<ReturnType<typeof outbidSockets>>[];

/** The first SOCKET_SHOPPERS shoppers' sockets, each on the server that shopper uses, opened over `rampMs`. */
function openSockets(ports: number[], cookies: string[], rampMs: number): Promise<Sockets> {
  const socketShoppers = cookies.slice(0, SOCKET_SHOPPERS);
  return Promise.all(
    ports.map((port, k) =>
      outbidSockets(
        `http://127.0.0.1:${port}`,
        socketShoppers.filter((_, i) => i % ports.length === k),
        rampMs,
      ),
    ),
  );
}

/**
 * The shoppers in GENERATORS child processes for `seconds`, each process reporting its latencies and
 * CPU. They arrive over the first `rampMs`; with 0 they are already there (each shopper's first
 * request comes after a pause drawn like those between requests).
 */
function runShoppers(
  ports: number[],
  cookies: string[],
  pop: Popularity,
  seconds: number,
  rampMs: number,
): Promise<ShopperReport[]> {
  const stopAt = Date.now() + seconds * 1000;
  return Promise.all(
    Array.from({ length: GENERATORS }, (_, g) => {
      const child = fork(new URL('./closing-hour-shoppers.mjs', import.meta.url), [], {
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      return new Promise<ShopperReport>((resolve, reject) => {
        child.once('message', (m) => resolve(m as ShopperReport));
        child.once('error', reject);
        child.once('exit', (code) => {
          if (code !== 0) reject(new Error(`a shoppers' process ended with ${code}`));
        });
        child.send({
          ports,
          shoppers: cookies.map((cookie, i) => ({ i, cookie })).filter(({ i }) => i % GENERATORS === g),
          live: pop.live,
          cumulative: pop.cumulative,
          closing: pop.closing ?? [],
          groupShare: GROUP_SHARE,
          categories: CATEGORIES.map((c) => c.slug),
          seconds,
          thinkMs: THINK_MS,
          rampMs,
          stopAt,
        });
      });
    }),
  );
}

async function runPhase(
  db: Awaited<ReturnType<typeof createTestDatabase>>['db'],
  servers: number,
  ports: number[],
  cookies: string[],
  pop: Popularity,
  children: { pid?: number }[],
  /** The sockets, when the shoppers opened them before the phase (the warm-up); else opened here. */
  opened?: Sockets,
): Promise<PhaseResult> {
  const perEndpoint = new Map<Endpoint, number[]>();
  const result: PhaseResult = {
    servers,
    shoppers: cookies.length,
    serverCpuSeconds: 0,
    generatorCpuSeconds: 0,
    load: 0,
    seconds: SECONDS,
    requests: 0,
    bidsAccepted: 0,
    bidsRefused: 0,
    serverErrors: 0,
    noAnswer: 0,
    closed: 0,
    orders: 0,
    perEndpoint,
    byWindow: [],
    notOk: new Map(),
    groups: { made: 0, lots: 0, winTwo: 0, refused: 0, raised: 0, raiseRefused: 0, refusals: [] },
  };
  // The outbid alerts: email/SMS/push from the times the server records on the outbox row, in-app on
  // sockets held open here for the first shoppers (each on the server that shopper uses), the
  // sender's lag sampled through the phase and until it has handed over what the phase queued.
  const since = new Date();
  const lag = lagSampler(db);
  const sockets = opened ?? (await openSockets(ports, cookies, 0));
  for (const s of sockets) s.reset();
  const cpuBefore = children.reduce((sum, c) => sum + cpuSecondsOf(c.pid), 0);
  const reports = await runShoppers(ports, cookies, pop, SECONDS, WARMUP > 0 ? 0 : RAMP_MS);
  result.serverCpuSeconds = children.reduce((sum, c) => sum + cpuSecondsOf(c.pid), 0) - cpuBefore;
  result.load = os.loadavg()[0]!;
  const ended = Date.now();
  while (Date.now() - ended < DRAIN_LIMIT_MS) {
    const [left] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from outbox
        where status in ('pending', 'sending') and created_at >= ${since.toISOString()}::timestamptz`),
    );
    if (left!.n === 0) break;
    await sleep(250);
  }
  result.drainSeconds = (Date.now() - ended) / 1000;
  result.alerts = {
    adapter: await adapterLatencies(db, since),
    socket: summary(sockets.flatMap((s) => s.delays)),
    lagMs: await lag.stop(),
  };
  result.handOver = await handOverByTemplate(db, since);
  console.table(result.handOver);
  for (const s of sockets) s.close();
  for (const r of reports) {
    result.requests += r.requests;
    result.bidsAccepted += r.bidsAccepted;
    result.bidsRefused += r.bidsRefused;
    result.serverErrors += r.serverErrors;
    result.noAnswer += r.noAnswer;
    result.generatorCpuSeconds += r.cpuSeconds;
    for (const k of ['made', 'lots', 'winTwo', 'refused', 'raised', 'raiseRefused'] as const)
      result.groups[k] += r.groups[k];
    result.groups.refusals.push(...r.groups.refusals.slice(0, 5 - result.groups.refusals.length));
    for (const [e, list] of Object.entries(r.perEndpoint) as [Endpoint, number[]][])
      perEndpoint.set(e, [...(perEndpoint.get(e) ?? []), ...list]);
    r.byWindow.forEach((list, w) => {
      if (list) result.byWindow[w] = [...(result.byWindow[w] ?? []), ...list];
    });
    for (const [e, n] of Object.entries(r.notOk) as [Endpoint, number][])
      result.notOk.set(e, (result.notOk.get(e) ?? 0) + n);
    for (const e of r.errors) console.error(e);
  }
  return result;
}

/** Each 10 s window of the phase: its requests' p99 (and count), from arrival to the phase's end. */
function windowText(p: PhaseResult): string {
  return Array.from({ length: p.byWindow.length }, (_, w) => {
    const s = summary(p.byWindow[w] ?? []);
    return `${w * 10}-${w * 10 + 10} s ${s.n === 0 ? '—' : `${fmt(s.p99, 0)} ms`}`;
  }).join(', ');
}

function printPhase(p: PhaseResult) {
  console.log(
    `${p.servers} server(s), ${p.shoppers} shoppers: ${fmt(p.requests / p.seconds, 0)} req/s, ` +
      `server CPU ${fmt((100 * p.serverCpuSeconds) / p.seconds, 0)} %, shoppers' CPU ${fmt((100 * p.generatorCpuSeconds) / p.seconds, 0)} %, load ${fmt(p.load, 1)}; ` +
      `${fmt(p.requests / p.seconds, 0)} req/s, ${fmt(p.bidsAccepted / p.seconds, 1)} accepted bids/s, ` +
      `${p.bidsRefused} refused, ${p.serverErrors} server errors, ${p.noAnswer} without an answer, ${p.closed} auctions closed, ${p.orders} orders`,
  );
  if (p.alerts)
    console.log(
      `    outbid alerts: ${alertText(p.alerts)}; all handed ${fmt(p.drainSeconds ?? 0, 1)} s after the phase`,
    );
  console.log(`    p99 by 10 s window (every endpoint): ${windowText(p)}`);
  if (GROUP_SHARE > 0) {
    const g = p.groups;
    console.log(
      `    bid groups: ${g.made} made (${g.lots} lots, ${g.winTwo} to win two), ${g.refused} refused; ${g.raised} raises, ${g.raiseRefused} refused` +
        `${g.refusals.length > 0 ? `\n      refusals, e.g.: ${g.refusals.join('\n        ')}` : ''}`,
    );
    if (p.groupWins) console.log(`    2 s after the phase: ${groupWinsText(p.groupWins)}`);
    if (p.groupWinsEnded) console.log(`    once the lots ended: ${groupWinsText(p.groupWinsEnded)}`);
  }
  for (const [e, l] of p.perEndpoint) {
    const s = summary(l);
    console.log(
      `    ${e.padEnd(22)} n=${String(s.n).padStart(6)} p50 ${fmt(s.p50, 0)} ms, p99 ${fmt(s.p99, 0)} ms`,
    );
  }
}

/** The figures of each phase as JSON (`--json`), for comparing runs (bench/closing-hour-compare.mjs). */
function figures(phases: PhaseResult[]) {
  return {
    args: process.argv.slice(2).join(' '),
    groupShare: GROUP_SHARE,
    at: new Date().toISOString(),
    phases: phases.map((p) => ({
      servers: p.servers,
      shoppers: p.shoppers,
      load: p.load,
      requestsPerSecond: p.requests / p.seconds,
      acceptedBidsPerSecond: p.bidsAccepted / p.seconds,
      serverCpu: p.serverCpuSeconds / p.seconds,
      shoppersCpu: p.generatorCpuSeconds / p.seconds,
      serverErrors: p.serverErrors,
      noAnswer: p.noAnswer,
      endpoints: Object.fromEntries(
        [...p.perEndpoint].map(([e, l]) => {
          const s = summary(l);
          return [e, { n: s.n, p50: s.p50, p99: s.p99, notOk: p.notOk.get(e) ?? 0 }];
        }),
      ),
      p99ByWindow: p.byWindow.map((l) => summary(l ?? []).p99),
      outbid: p.alerts
        ? {
            email: p.alerts.adapter.email?.p99,
            push: p.alerts.adapter.push?.p99,
            socket: p.alerts.socket.p99,
          }
        : null,
      senderLagSeconds: p.alerts ? p.alerts.lagMs / 1000 : null,
      closed: p.closed,
      orders: p.orders,
      groups: p.groups,
      groupWins: p.groupWins ?? null,
      groupWinsEnded: p.groupWinsEnded ?? null,
    })),
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
