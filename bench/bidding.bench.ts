// (a) Bids per second and p50/p99 latency with 32 concurrent bidders on one hot auction over HTTP
//     against PostgreSQL, as a ratio to pgbench running ONE bid per transaction (the server's own
//     statements for a batch of one, bench/lib.ts oneBidTransactionSql) with 32 clients on the
//     same database, in this script. The
//     server batches the bids waiting on one auction into one transaction (decision 038); the
//     script reports how many bids each transaction carried.
// (b) Correctness under contention: 64 bidders with random and equal amounts on one auction whose
//     end races their last bids; then the accepted bids are replayed through the pure rule.
// The server runs as a child process (the real main.ts), the load comes from this process.
// A baseline for the outbid alerts: `--baseline <commit>` runs the same storm first against that
// commit's server, checked out beside this one (bench/lib.ts olderCheckout), e.g. a commit before
// decision 066 for the sender it replaced. Without it, (a)'s measure against the machine is pgbench.
// Run: npx tsx bench/bidding.bench.ts [--seconds 10] [--quick] [--baseline <commit>]
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { initialBidState, placeMaxBid } from '@rebound/core/bidding';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import {
  accounts,
  auctions,
  bids,
  maxBids,
  orders,
  pushSubscriptions,
  users,
} from '../apps/server/src/db/schema';
import { createTestDatabase } from '../apps/server/test/database';
import { makeAuction, makeLocation, makeUser } from '../apps/server/test/factories';
import { hashPassword } from '../apps/server/test/passwords';
import {
  type AlertFigures,
  adapterLatencies,
  alertRows,
  alertText,
  lagSampler,
  outbidSockets,
} from './alerts';
import {
  cli,
  fmt,
  freePort,
  machine,
  olderCheckout,
  oneBidTransactionSql,
  PG_URL,
  runPgbench,
  sleep,
  sqlLiteral,
  startPushService,
  startServer,
  summary,
  writeSection,
} from './lib';

const quick = cli.flag('quick');
const argN = cli.number;
const SECONDS = argN('seconds', quick ? 3 : 10);
const baselineRef = cli.textOrNull('baseline');
const HOT_BIDDERS = 32;
const RACE_BIDDERS = 64;
const PASSWORD = 'bench-password-2026';
process.env.TEST_DATABASE_URL = PG_URL;

/**
 * Accepted bids per transaction (group commit, decision 038): the history rows one transaction
 * wrote share its xmin, and each accepted bid has its own seq.
 */
async function batchSizes(db: Awaited<ReturnType<typeof createTestDatabase>>['db'], auctionId: string) {
  const rows = (
    (await db.execute(
      sql`select count(distinct seq)::int as n from bids where auction_id = ${auctionId}::uuid group by xmin::text`,
    )) as unknown as { rows: { n: number }[] }
  ).rows.map((r) => Number(r.n));
  rows.sort((a, b) => a - b);
  const total = rows.reduce((a, b) => a + b, 0);
  return {
    transactions: rows.length,
    mean: rows.length ? total / rows.length : 0,
    p50: rows[Math.floor(rows.length / 2)] ?? 0,
    max: rows[rows.length - 1] ?? 0,
    ones: rows.filter((n) => n === 1).length,
  };
}
const batchText = (b: Awaited<ReturnType<typeof batchSizes>>) =>
  `${b.transactions} transactions, bids per transaction mean ${fmt(b.mean, 1)}, median ${b.p50}, max ${b.max}, ${b.ones} of one bid`;

async function main() {
  const loadAtStart = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  const busy = os.loadavg()[0]! > os.cpus().length;
  const database = await createTestDatabase();
  const db = database.db;
  const dbUrl = (() => {
    const u = new URL(PG_URL);
    u.pathname = `/${(database as unknown as { url?: string }).url?.split('/').pop() ?? ''}`;
    return database.url ?? u.toString();
  })();
  const loc = await makeLocation(db);
  const hash = await hashPassword(PASSWORD);
  const people: { id: string; email: string }[] = [];
  for (let i = 0; i < RACE_BIDDERS; i++) {
    const u = await makeUser(db, {
      email: `bench${i}@bench.test`,
      handle: `bench_${i}`,
      emailVerified: true,
    });
    await db
      .insert(accounts)
      .values({ userId: u.id, accountId: u.id, providerId: 'credential', password: hash });
    people.push({ id: u.id, email: u.email });
  }
  const now = new Date();
  const hot = await makeAuction(db, {
    now,
    locationId: loc.id,
    auction: {
      startingBidCents: 100,
      incrementMode: 'fixed',
      bidIncrementCents: 100,
      endTime: new Date(now.getTime() + 86_400_000),
    },
  });

  // Push through web-push with VAPID keys to a stand-in push service on loopback (push is queued only
  // for shoppers with a subscription: half the hot bidders have one); a quarter of the hot bidders have
  // a verified phone and outbid texts on, so every channel is measured.
  const vapid = webpush.generateVAPIDKeys();
  const pushService = await startPushService();
  await db
    .insert(pushSubscriptions)
    .values(
      people.slice(0, HOT_BIDDERS / 2).map((p, i) => ({ userId: p.id, ...pushService.subscription(i) })),
    );
  for (const [i, p] of people.slice(0, HOT_BIDDERS / 4).entries()) {
    await db
      .update(users)
      .set({
        phoneNumber: `+1604555${String(1000 + i)}`,
        phoneNumberVerified: true,
        notificationSettings: { outbid_alerts: { sms: true } },
      })
      .where(eq(users.id, p.id));
  }
  const serverEnv = {
    DATABASE_URL: dbUrl,
    TRUST_PROXY: 'true',
    SEED_ON_START: 'false',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:bench@bench.test',
    ...pushService.serverEnv,
  };
  const hotAuction = async () =>
    makeAuction(db, {
      now: new Date(),
      locationId: loc.id,
      auction: {
        startingBidCents: 100,
        incrementMode: 'fixed',
        bidIncrementCents: 100,
        endTime: new Date(Date.now() + 86_400_000),
      },
    });

  // BENCH_PORT picks the server's port (a shared machine); otherwise any free one.
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverOpts = {
    nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    waitMs: 90_000,
  };
  const stopServer = async (child: Awaited<ReturnType<typeof startServer>>) => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
  };
  const cookies: string[] = [];
  const signIn = async () => {
    // Sign everyone in through the real API (each from its own forwarded address).
    for (const [i, p] of people.entries()) {
      const res = await fetch(`${base}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` },
        body: JSON.stringify({ email: p.email, password: PASSWORD }),
      });
      if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      cookies.push(
        res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      );
    }
  };

  /**
   * One hot-auction storm: the load, the outbid shoppers' sockets and the sender's lag meanwhile,
   * then the wait until the sender has handed every queued message, and the alert figures.
   */
  const storm = async (auctionId: string) => {
    const since = new Date(Date.now() - 1_000);
    const sockets = await outbidSockets(base, cookies.slice(0, HOT_BIDDERS));
    const lag = lagSampler(db);

    // The load comes from autocannon (32 keep-alive connections, one request at a time on each: 32
    // closed-loop bidders), not fetch: fetch cost this process about 1.2 ms of CPU per request, taken
    // from the same two cores as the server and the database.
    const latencies: number[] = [];
    let accepted = 0;
    let refused = 0;
    let errors = 0;
    let counter = 0;
    let nextBidder = 0;
    const t0 = performance.now();
    let finished!: (r: autocannon.Result) => void;
    let failed!: (e: unknown) => void;
    const done = new Promise<autocannon.Result>((resolve, reject) => {
      finished = resolve;
      failed = reject;
    });
    const load = autocannon(
      {
        url: base,
        connections: HOT_BIDDERS,
        pipelining: 1,
        duration: SECONDS,
        setupClient: (client: autocannon.Client) => {
          const cookie = cookies[nextBidder++ % HOT_BIDDERS]!;
          client.setRequests([
            {
              method: 'POST',
              path: `/api/auctions/${auctionId}/bids`,
              // Rising by two increments per request across all bidders: a bid is refused only when the
              // lock serves it after a later, higher one.
              setupRequest: (req) => ({
                ...req,
                headers: {
                  'content-type': 'application/json',
                  cookie,
                  'idempotency-key': randomUUID(),
                },
                body: JSON.stringify({ amount: (10 + ++counter * 2).toFixed(2) }),
              }),
            },
          ]);
        },
      },
      (err, result) => (err ? failed(err) : finished(result)),
    );
    load.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
      if (status === 200) accepted++;
      else if (status < 500) refused++;
      else errors++;
    });
    const loaded = await done;
    errors += loaded.errors + loaded.timeouts;
    const elapsed = (performance.now() - t0) / 1000;
    const lat = summary(latencies);
    // The notices the bids queued are still being sent: wait until the server's sender is done
    // (pgbench would otherwise share the database with the tail of the load).
    const drainFrom = performance.now();
    for (let i = 0; i < 600; i++) {
      const [{ n }] = (
        (await db.execute(
          sql`select count(*)::int as n from outbox where status in ('pending', 'sending')`,
        )) as unknown as { rows: [{ n: number }] }
      ).rows;
      if (Number(n) === 0) break;
      await sleep(100);
    }
    const drainSeconds = (performance.now() - drainFrom) / 1000;
    await sleep(300);
    sockets.close();
    const alerts: AlertFigures = {
      adapter: await adapterLatencies(db, since),
      socket: summary(sockets.delays),
      lagMs: await lag.stop(),
    };
    return { latencies, accepted, refused, errors, elapsed, lat, drainSeconds, alerts };
  };

  // Baseline in the same run (--baseline <commit>): the same storm on a fresh lot, against the server
  // of an older commit checked out beside this one; production code keeps no old version of itself.
  let before: (Awaited<ReturnType<typeof storm>> & { commit: string }) | null = null;
  if (baselineRef) {
    const beside = olderCheckout(baselineRef);
    try {
      const old = await startServer(port, serverEnv, { ...serverOpts, cwd: beside.dir }).catch(
        async (err) => {
          await database.close();
          throw err;
        },
      );
      try {
        await signIn();
        before = { ...(await storm((await hotAuction()).auction.id)), commit: beside.commit.slice(0, 7) };
        console.log(
          `(a, baseline ${before.commit}) ${before.accepted} accepted in ${fmt(before.elapsed)} s, p99 ${fmt(before.lat.p99)} ms; sender done ${fmt(before.drainSeconds, 1)} s after the load\n    ${alertText(before.alerts)}`,
        );
      } finally {
        await stopServer(old);
      }
    } finally {
      beside.remove();
    }
  }

  const server = await startServer(port, serverEnv, serverOpts).catch(async (err) => {
    // A server that does not start still leaves no database behind.
    await database.close();
    throw err;
  });
  try {
    if (cookies.length === 0) await signIn();

    // ── (a) throughput and latency on one hot auction ──
    const {
      accepted,
      refused,
      errors: loadErrors,
      elapsed,
      lat,
      drainSeconds,
      alerts,
    } = await storm(hot.auction.id);
    const errors = loadErrors;
    const [hotRow] = await db.select().from(auctions).where(eq(auctions.id, hot.auction.id));
    const hotHistory = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(bids)
      .where(eq(bids.auctionId, hot.auction.id));
    const hotBatches = await batchSizes(db, hot.auction.id);

    // pgbench: one bid per transaction, the server's own statements for a batch of one (bench/lib.ts
    // oneBidTransactionSql), 32 clients, same database, same duration: begin + bid_lock_and_read + the
    // bidder's reads, then the one write statement with as many history, notice and outbox rows per bid
    // as (a) wrote on average (copied from what it wrote), a fresh idempotency key each time, commit.
    const rowsOf = async (q: ReturnType<typeof sql>) =>
      ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
    const perBid = async (table: 'notifications' | 'outbox') =>
      Number((await rowsOf(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n) /
      Math.max(1, accepted);
    const sample = async (table: 'notifications' | 'outbox', n: number) =>
      rowsOf(sql.raw(`select * from ${table} order by created_at desc limit ${Math.round(n)}`));
    const [token] = (await rowsOf(
      sql`select token from sessions where user_id = ${people[0]!.id}::uuid limit 1`,
    )) as { token: string }[];
    const script = await oneBidTransactionSql({
      auction: sqlLiteral(hot.auction.id),
      user: sqlLiteral(people[0]!.id),
      token: sqlLiteral(token!.token),
      leader: people[0]!.id,
      runnerUp: people[1]!.id,
      auctionRow: { bidCount: hotRow!.bidCount, endTime: hotRow!.endTime, seq: hotRow!.seq },
      inApp: await sample('notifications', await perBid('notifications')),
      outbox: await sample('outbox', await perBid('outbox')),
    });
    const pgbench = (script: string) =>
      runPgbench({ dbUrl, script, clients: HOT_BIDDERS, seconds: SECONDS, perStatement: true });
    const { tps, latency: pgLatency } = pgbench(script);
    // For comparison with earlier runs: the minimal shape this script used before decision 035 (lock
    // the row, read the maximums, update the auction, insert one history row; no notices, outbox
    // or idempotency rows).
    const minimal = pgbench(`\\set amt random(1, 1000000)
BEGIN;
SELECT id, status, end_time, current_price_cents, seq FROM auctions WHERE id = '${hot.auction.id}' FOR UPDATE;
SELECT user_id, max_amount_cents, set_at, seq FROM max_bids WHERE auction_id = '${hot.auction.id}';
UPDATE auctions SET current_price_cents = current_price_cents + 1, seq = seq + 1, updated_at = now() WHERE id = '${hot.auction.id}';
INSERT INTO bids (auction_id, user_id, amount_cents, seq) VALUES ('${hot.auction.id}', '${people[0]!.id}', :amt, 0);
END;
`);

    const bidsPerSec = accepted / elapsed;
    console.log(
      `(a) ${accepted} accepted + ${refused} refused (${errors} errors) in ${fmt(elapsed)} s: ${fmt(bidsPerSec, 0)} bids/s, ` +
        `${fmt((accepted + refused) / elapsed, 0)} req/s, p50 ${fmt(lat.p50)} ms, p99 ${fmt(lat.p99)} ms; ` +
        `pgbench ${fmt(tps, 0)} tps (avg ${fmt(pgLatency)} ms); ratio ${fmt(bidsPerSec / tps, 2)}; ` +
        `minimal-shape pgbench ${fmt(minimal.tps, 0)} tps, ratio ${fmt(bidsPerSec / minimal.tps, 2)}\n` +
        `    group commit: ${batchText(hotBatches)}; the sender finished the queued notices ${fmt(drainSeconds, 1)} s after the load\n` +
        `    outbid alerts: ${alertText(alerts)}`,
    );
    if (errors > 0) throw new Error(`${errors} server errors during the load`);
    if (hotRow!.bidCount !== hotHistory[0]!.n) throw new Error('bid count does not match the history');

    // ── (b) correctness: 64 bidders, random and equal amounts, the close racing the last bids ──
    const raceEnd = new Date(Date.now() + (quick ? 3_000 : 6_000));
    const race = await makeAuction(db, {
      now: new Date(),
      locationId: loc.id,
      auction: { startingBidCents: 500, bidIncrementCents: 100, endTime: raceEnd, softCloseSeconds: 0 },
    });
    const acceptedBids: { userId: string; amountCents: number; at: number; seq: number }[] = [];
    let lateRefusals = 0;
    let raceRequests = 0;
    await Promise.all(
      people.map(async (p, i) => {
        for (let k = 0; ; k++) {
          // Small pool of amounts so equal maximums are common.
          const dollars = 5 + Math.floor(Math.random() * 20) + k * 2;
          raceRequests++;
          const res = await fetch(`${base}/api/auctions/${race.auction.id}/bids`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: cookies[i]! },
            body: JSON.stringify({ amount: String(dollars) }),
          });
          const body = (await res.json()) as {
            serverTime: string;
            auction: { seq: number };
            error?: { code: string };
          };
          if (res.status === 200) {
            acceptedBids.push({
              userId: p.id,
              amountCents: dollars * 100,
              at: Date.parse(body.serverTime),
              seq: body.auction.seq,
            });
          } else if (body.error?.code === 'auction_not_live') {
            lateRefusals++;
            return;
          } else if (res.status >= 500) throw new Error(`server error ${res.status}`);
        }
      }),
    );
    // Let the closing job (1 s tick) finish.
    let final = (await db.select().from(auctions).where(eq(auctions.id, race.auction.id)))[0]!;
    for (let i = 0; i < 50 && final.status !== 'ended'; i++) {
      await sleep(200);
      final = (await db.select().from(auctions).where(eq(auctions.id, race.auction.id)))[0]!;
    }
    const raceOrders = await db.select().from(orders).where(eq(orders.auctionId, race.auction.id));
    const raceHistory = await db.select().from(bids).where(eq(bids.auctionId, race.auction.id));
    const raceMaxes = await db.select().from(maxBids).where(eq(maxBids.auctionId, race.auction.id));
    const raceBatches = await batchSizes(db, race.auction.id);

    let state = initialBidState({
      startingBidCents: 500,
      increment: { mode: 'fixed', cents: 100 },
      reserveCents: null,
      softCloseSeconds: 0,
      startTime: race.auction.startTime.getTime(),
      endTime: race.auction.endTime.getTime(),
    });
    let replayOk = true;
    for (const b of [...acceptedBids].sort((x, y) => x.seq - y.seq)) {
      const r = placeMaxBid(state, { userId: b.userId, amountCents: b.amountCents, at: b.at });
      if (!r.ok) replayOk = false;
      else state = r.outcome.state;
    }
    const checks = {
      'auction ended': final.status === 'ended',
      'exactly one order, for the leader at the final price':
        raceOrders.length === 1 &&
        raceOrders[0]!.userId === final.leaderUserId &&
        raceOrders[0]!.finalAmountCents === final.currentPriceCents,
      'no bid accepted at or after the end':
        acceptedBids.every((b) => b.at < final.endTime.getTime()) &&
        raceHistory.every((h) => h.createdAt.getTime() < final.endTime.getTime()),
      'accepted bids have unique sequence numbers (serialised)':
        new Set(acceptedBids.map((b) => b.seq)).size === acceptedBids.length,
      'no lost update: every bidder keeps their highest accepted maximum': people.every((p) => {
        const mine = acceptedBids.filter((b) => b.userId === p.id).map((b) => b.amountCents);
        const stored = raceMaxes.find((m) => m.userId === p.id)?.maxAmountCents ?? null;
        return stored === (mine.length ? Math.max(...mine) : null);
      }),
      'replay through the pure rule accepts every bid and gives the same price, leader and history count':
        replayOk &&
        state.priceCents === final.currentPriceCents &&
        state.leaderUserId === final.leaderUserId &&
        state.bidCount === final.bidCount &&
        raceHistory.length === final.bidCount,
    };
    console.log(
      `(b) ${raceRequests} requests, ${acceptedBids.length} accepted, ${lateRefusals} bidders refused as late; ` +
        `group commit: ${batchText(raceBatches)}`,
    );
    for (const [k, v] of Object.entries(checks)) console.log(`    ${v ? 'ok ' : 'FAIL'} ${k}`);
    const allOk = Object.values(checks).every(Boolean);

    if (!quick) {
      writeSection(
        'bidding',
        `## (a) Bids per second on one hot auction, and (b) correctness under contention

\`npx tsx bench/bidding.bench.ts\` on PostgreSQL 15 (local, default settings), ${machine()}, ${new Date().toISOString().slice(0, 10)}.
${busy ? `\n**Machine busy: load average ${loadAtStart} at the start on ${os.cpus().length} cores (other jobs ran meanwhile).** Every figure below is far from a quiet machine's (see this section's history for a quiet run); compare only the rows of one run.\n` : ''}The real server (\`apps/server/src/main.ts\`, \`NODE_ENV=production\`) runs as a child process; ${HOT_BIDDERS}
signed-in bidders (autocannon in this script: ${HOT_BIDDERS} keep-alive connections, one request at a time on each)
send \`POST /api/auctions/:id/bids\` with rising maximums for ${SECONDS} s. Every accepted bid also queues its
notices (a bid confirmation email, an outbid email and push): the server's outbox sender sends them
meanwhile, group-committing its outcomes (decision 043).
The server commits bids in groups (decision 038): the bids waiting on one auction go into ONE
transaction (one row lock, one read of every bidder, each bid decided in arrival order by the pure
rule, one write of all accepted ones, one commit), so the rate is no longer one bid per lock hold.
pgbench then runs what the database does with **one bid per transaction** (the server's own statements for
a batch of one, \`bench/lib.ts\` oneBidTransactionSql: \`begin\` + \`bid_lock_and_read\` + the bidder's reads, the one write
statement with the history, notice, outbox and idempotency rows a bid writes, \`commit\`) with ${HOT_BIDDERS} clients on the
same database for the same time: the ratio says how far group commit takes the server past it.

| (a) one hot auction, ${HOT_BIDDERS} concurrent bidders | value |
|---|---|
| accepted bids per second (HTTP, full rule, cookies, idempotency keys, outbox, realtime) | **${fmt(bidsPerSec, 0)}** |
| requests per second (accepted + refused as too low) | ${fmt((accepted + refused) / elapsed, 0)} |
| latency p50 / p99 | **${fmt(lat.p50)} ms / ${fmt(lat.p99)} ms** |
| accepted bids per transaction (group commit) | ${batchText(hotBatches)} |
| pgbench, one bid per transaction (the server's statements for a batch of one), ${HOT_BIDDERS} clients | ${fmt(tps, 0)} tps (avg latency ${fmt(pgLatency)} ms) |
| ratio: accepted bids/s ÷ pgbench tps | **${fmt(bidsPerSec / tps, 2)}** |
| for comparison with runs before decision 035: pgbench on the old minimal shape (lock, read maximums, update, one history row) | ${fmt(minimal.tps, 0)} tps; ratio ${fmt(bidsPerSec / minimal.tps, 2)} |
| the sender done with the notices the load queued | ${fmt(drainSeconds, 1)} s after the load; pgbench ran after that |
| server errors | ${errors} |

**Outbid alerts during (a)** (decisions 066 and 069), per message from the times the server records: the outbox
row's \`created_at\` (the bid's transaction time) to its \`handed_at\` (handed to the channel's adapter;
a coalesced alert counts until the later alert sent in its place was handed), and an \`OutbidV1\`'s
\`serverTime\` to its receipt on the outbid shopper's open socket (${HOT_BIDDERS} sockets in this script). Adapters:
the local mailbox for email and SMS (${HOT_BIDDERS / 4} of the bidders have outbid texts on), web-push with VAPID
keys for push to a stand-in push service on loopback HTTPS (${HOT_BIDDERS / 2} of the bidders subscribed; it answered
${pushService.received()} pushes). Sender's lag:
the oldest message not yet handed, sampled every 250 ms during the storm and until the sender was done.
${before ? `The baseline is the same storm on a fresh lot in this run, against the server of commit ${before.commit} checked out beside this one (\`--baseline\`, a git worktree sharing this checkout's packages and database). ` : 'No baseline in this run (`--baseline <commit>` adds one: the same storm against an older commit checked out beside this one). '}Machine load (uptime) at the start: ${loadAtStart}; at the end of (a): ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(', ')}.

| sender | email: p50 / **p99** / max ms (n) | SMS | push | in-app socket p50 / **p99** / max ms (n) | sender's max lag |
|---|---|---|---|---|---|
${before ? `${alertRows(`baseline ${before.commit} (${before.accepted} bids in ${fmt(before.elapsed, 1)} s; done ${fmt(before.drainSeconds, 1)} s after the load)`, before.alerts)}\n` : ''}${alertRows(`decisions 066 + 069 (${accepted} bids in ${fmt(elapsed, 1)} s; done ${fmt(drainSeconds, 1)} s after the load)`, alerts)}

(b) ${RACE_BIDDERS} bidders with random and often equal maximums on one auction (soft close off, so its
end races the last bids); the closing job runs in the server on its one-second tick.
${raceRequests} requests, ${acceptedBids.length} accepted, ${lateRefusals} bidders stopped by 'Auction not found or not live';
group commit: ${batchText(raceBatches)}.

${Object.entries(checks)
  .map(([k, v]) => `- ${v ? '✅' : '❌'} ${k}`)
  .join('\n')}

A smaller version of (b) runs in the test suite (\`modules/bidding/service.test.ts\`,
\`modules/bidding/batch.test.ts\`, \`modules/auctions/lifecycle.test.ts\`).`,
      );
    }
    if (!allOk) throw new Error('correctness run failed');
  } finally {
    server.kill('SIGTERM');
    await sleep(500);
    await database.close();
    await pushService.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
