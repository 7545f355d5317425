#!/usr/bin/env node
// The rolling-upgrade drill (docs/operations.md, "Upgrades without stopping bids"; decision 063): bids
// keep being answered while the schema is expanded and the servers are replaced one at a time.
//
//   1. A throwaway PostgreSQL database with the demo store; version N (the built server of this
//      commit, apps/server/dist) starts on it, shoppers sign in and start bidding on three live
//      auctions, without pause, through a round-robin "balancer" over the servers in rotation.
//   2. While they bid, version N+1 applies its expand migration: a copy of the build whose migrations
//      folder has one more migration (new nullable and defaulted columns on auctions, bids and
//      max_bids, a new table, a new index), written to a temporary folder, never to apps/server/drizzle.
//      Version N keeps running on the N+1 schema.
//   3. N+1 starts (its own boot migration finds nothing to do), joins the rotation; N gets SIGTERM
//      and drains (decision 032) while a second N+1 starts; then the first N+1 gets SIGTERM. Bids
//      never stop.
//   4. Checks: every bid was answered 2xx or refused for a business reason (counted apart); every
//      accepted bid is in the database (its idempotency record, the bidder's maximum); every
//      auction's price, leader, count and seq agree with its bids; every server exited 0.
//
// The load is like a balancer: a request that finds a server's port closed (ECONNREFUSED, the
// server is draining or gone) is sent to the next server. An HTTP error is never retried: it counts
// as a failure. A connection reset before any answer (a connection the kernel accepted just as the
// listener closed) is retried with the same Idempotency-Key, which the server answers at most once;
// those are counted and printed too. Each request uses its own connection (no keep-alive), as from
// a balancer that does not pool upstream connections.
//
// Run: node scripts/rolling-upgrade-drill.mjs    (CI: a step of .ci/run)
//   ADMIN_DATABASE_URL   where to create the throwaway database (default: TEST_DATABASE_URL, else
//                        postgres://postgres@127.0.0.1:5432/postgres)
//   DRILL_PORT           first of three ports for the servers (default 4330)
//   DRILL_SECONDS        how long each phase lets the load run (default 3)
// Exit status 0 when every check holds.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_URL =
  process.env.ADMIN_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const FIRST_PORT = Number(process.env.DRILL_PORT ?? 4330);
const PHASE_MS = Number(process.env.DRILL_SECONDS ?? 3) * 1000;
const SHOPPER_PASSWORD = 'shopper-demo-2026'; // apps/server/src/seed/demo.ts DEFAULT_SHOPPER_PASSWORD
const AUCTIONS = 3;
const BIDDERS_PER_SHOPPER = 2; // two loops per shopper: a shopper bidding in two tabs
const THINK_MS = 30;
/** Refusals that are the bidding rule's answer, not a fault (apps/server/src/modules/bidding/decide.ts). */
const BUSINESS_REFUSALS = new Set(['bid_too_low', 'bid_not_higher_than_own', 'below_minimum']);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const log = (msg) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1).padStart(5)}s] ${msg}`);

const dbName = `upg_rolling_drill_${process.pid}`;
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const work = mkdtempSync(path.join(tmpdir(), 'rebound-upgrade-drill-'));
const children = new Set();

async function admin(sqlText) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

async function cleanup() {
  for (const child of children) child.kill('SIGKILL');
  await admin(`drop database if exists ${dbName} with (force)`).catch((err) =>
    console.error(`could not drop database ${dbName}: ${err.message}`),
  );
  rmSync(work, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------------
// Version N+1: the same build with one more (expand-only) migration, laid out as a repository of
// its own so its config finds that migrations folder (apps/server/src/config.ts REPO_ROOT).
function buildNextVersion() {
  const next = path.join(work, 'next');
  mkdirSync(path.join(next, 'apps/server'), { recursive: true });
  writeFileSync(
    path.join(next, 'package.json'),
    JSON.stringify({ private: true, type: 'module', workspaces: [] }),
  );
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(next, 'node_modules'));
  symlinkSync(path.join(ROOT, 'apps/server/node_modules'), path.join(next, 'apps/server/node_modules'));
  cpSync(path.join(ROOT, 'apps/server/dist'), path.join(next, 'apps/server/dist'), { recursive: true });
  const drizzle = path.join(next, 'apps/server/drizzle');
  cpSync(path.join(ROOT, 'apps/server/drizzle'), drizzle, { recursive: true });
  const journalFile = path.join(drizzle, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  const last = journal.entries[journal.entries.length - 1];
  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, '0')}_rolling_drill_expand`;
  // Expand only: what version N does not know about, it never reads nor writes. Columns nullable or
  // with a constant default (no table rewrite), a new table, a new index (built under the
  // migration's lock: small here; on a large hot table it is built CONCURRENTLY by hand first and
  // the migration's IF NOT EXISTS finds it, see docs/operations.md).
  writeFileSync(
    path.join(drizzle, `${tag}.sql`),
    [
      'ALTER TABLE "auctions" ADD COLUMN "drill_note" text;',
      'ALTER TABLE "bids" ADD COLUMN "drill_source" text DEFAULT \'web\' NOT NULL;',
      'ALTER TABLE "max_bids" ADD COLUMN "drill_set_from" text;',
      'CREATE TABLE "drill_bid_audit" ("id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL, "auction_id" uuid NOT NULL REFERENCES "auctions"("id"), "created_at" timestamp with time zone DEFAULT now() NOT NULL);',
      'CREATE INDEX IF NOT EXISTS "max_bids_drill_amount_idx" ON "max_bids" USING btree ("auction_id", "max_amount_cents" DESC);',
    ].join('--> statement-breakpoint\n'),
  );
  // Drizzle applies a migration only when its `when` is later than the last one applied.
  journal.entries.push({ idx, version: last.version, when: last.when + 1, tag, breakpoints: true });
  writeFileSync(journalFile, `${JSON.stringify(journal, null, 2)}\n`);
  return { root: next, tag };
}

// ---------------------------------------------------------------------------------------------------
// Servers.
const servers = []; // { name, port, child, exited: Promise<number> }
const rotation = []; // the balancer's list: servers that answered /readyz and have not exited

function runNode(root, script, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'apps/server/dist', script)], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${script} exited ${code}: ${out}`)),
    );
  });
}

function serverEnv(port) {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: dbUrl,
    DATA_DIR: path.join(work, 'data'),
    AUTH_SECRET: 'rolling-drill-secret-rolling-drill-secret-0123',
    SELLER_GST_NUMBER: '123456789 RT0001',
    SELLER_PST_NUMBER: 'PST-1234-5678',
    ALLOW_INSECURE_PUBLIC_URL: 'true',
    TRUST_PROXY: 'true',
    SEED_ON_START: 'false',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    WEB_CONCURRENCY: '1',
  };
}

async function startServer(name, root, port) {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, ...serverEnv(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? signal);
    }),
  );
  const server = { name, port, child, exited, exitCode: undefined };
  exited.then((code) => {
    server.exitCode = code;
    const i = rotation.indexOf(server);
    if (i >= 0) rotation.splice(i, 1);
  });
  servers.push(server);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== undefined)
      throw new Error(`${name} exited (${server.exitCode}) before it was ready`);
    if (Date.now() > deadline) throw new Error(`${name} not ready within 60 s`);
    const res = await request(port, 'GET', '/readyz').catch(() => null);
    if (res?.status === 200) break;
    await sleep(100);
  }
  rotation.push(server);
  log(`${name} ready on port ${port}; in rotation: ${rotation.map((s) => s.name).join(', ')}`);
  return server;
}

async function stopServer(server) {
  log(`SIGTERM to ${server.name} (drains, decision 032)`);
  server.child.kill('SIGTERM');
  const code = await server.exited;
  log(`${server.name} exited ${code}; in rotation: ${rotation.map((s) => s.name).join(', ')}`);
  return code;
}

// ---------------------------------------------------------------------------------------------------
// HTTP without keep-alive (a new connection per request).
function request(port, method, urlPath, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent: false,
        headers: {
          ...headers,
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

const counts = {
  sent: 0,
  accepted: 0,
  refused: 0,
  failed: 0,
  refusedBy: {},
  failures: [],
  retriedRefused: 0,
  retriedReset: 0,
  byServer: {},
};
let rr = 0;

/** Sends like a balancer: round robin over the rotation; a closed port sends it to the next server. */
async function balanced(method, urlPath, opts) {
  for (let attempt = 0; attempt < 50; attempt++) {
    if (rotation.length === 0) {
      await sleep(20);
      continue;
    }
    const server = rotation[rr++ % rotation.length];
    try {
      const res = await request(server.port, method, urlPath, opts);
      counts.byServer[server.name] = (counts.byServer[server.name] ?? 0) + 1;
      return res;
    } catch (err) {
      if (err.code === 'ECONNREFUSED') {
        counts.retriedRefused++;
        continue;
      }
      // Reset before any answer: the same Idempotency-Key makes the retry answer at most once.
      if (
        (err.code === 'ECONNRESET' || err.message === 'socket hang up') &&
        opts?.headers?.['idempotency-key']
      ) {
        counts.retriedReset++;
        continue;
      }
      throw err;
    }
  }
  throw new Error('no server accepted the connection after 50 tries');
}

// ---------------------------------------------------------------------------------------------------
async function main() {
  // Build (or reuse) the server of this commit: version N.
  const { ensureBuilt } = await import('./build.mjs');
  await ensureBuilt('server');
  const next = buildNextVersion();

  await admin(`create database ${dbName}`);
  const seeded = await runNode(ROOT, 'seed.js', { DATABASE_URL: dbUrl, DATA_DIR: path.join(work, 'data') });
  log(`database ${dbName}: ${seeded.split('\n').find((l) => l.startsWith('Seeded')) ?? 'seeded'}`);

  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    return await drill(db, next);
  } finally {
    await db.end();
  }
}

async function drill(db, next) {
  // Three live auctions that end long after the drill, and the demo shoppers.
  const auctions = (
    await db.query(
      `select id from auctions where status = 'live' and end_time > now() + interval '1 hour'
       order by end_time limit $1`,
      [AUCTIONS],
    )
  ).rows.map((r) => r.id);
  const shoppers = (
    await db.query(
      `select u.id, u.email from users u join accounts a on a.user_id = u.id and a.provider_id = 'credential'
       where u.role = 'shopper' and u.status = 'active' and u.email_verified
         and u.email in ('ava@rebound.test','ben@rebound.test','chloe@rebound.test','dev@rebound.test',
                         'emma@rebound.test','felix@rebound.test','grace@rebound.test','hiro@rebound.test')
       order by u.email`,
    )
  ).rows;
  if (auctions.length < AUCTIONS || shoppers.length < 4)
    throw new Error('the demo store has too few live auctions or shoppers');

  const n = await startServer('N', ROOT, FIRST_PORT);

  // Sign in through the real API, each shopper from its own forwarded address.
  for (const [i, s] of shoppers.entries()) {
    const res = await balanced('POST', '/api/auth/sign-in', {
      headers: { 'x-forwarded-for': `10.77.0.${i + 1}` },
      body: { email: s.email, password: SHOPPER_PASSWORD },
    });
    if (res.status !== 200) throw new Error(`sign-in of ${s.email}: ${res.status} ${res.text}`);
    const setCookie = res.headers['set-cookie'] ?? [];
    s.cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    s.ip = `10.77.0.${i + 1}`;
  }
  log(
    `${shoppers.length} shoppers signed in; ${shoppers.length * BIDDERS_PER_SHOPPER} bid loops on ${AUCTIONS} auctions`,
  );

  // What the bidders know of each auction's next minimum (from the answers they get).
  const minNext = new Map();
  for (const id of auctions) {
    const res = await balanced('GET', `/api/auctions/${id}`);
    minNext.set(id, JSON.parse(res.text).auction.minimumNextBidCents);
  }

  const accepted = []; // { userId, key, auctionId, amountCents, seq, priceCents }
  let running = true;
  async function bidLoop(shopper, loopNo) {
    let k = loopNo;
    while (running) {
      // A short pause between one bidder's bids: continuous, but leaving the two cores of a CI
      // machine some room to boot the next server.
      await sleep(THINK_MS);
      const auctionId = auctions[k++ % auctions.length];
      // The known minimum plus 0-3 dollars: sometimes someone got there first (bid_too_low).
      const amountCents = minNext.get(auctionId) + 100 * Math.floor(Math.random() * 4);
      const key = randomUUID();
      counts.sent++;
      let res;
      try {
        res = await balanced('POST', `/api/auctions/${auctionId}/bids`, {
          headers: { cookie: shopper.cookie, 'x-forwarded-for': shopper.ip, 'idempotency-key': key },
          body: { amount: (amountCents / 100).toFixed(2) },
        });
      } catch (err) {
        counts.failed++;
        counts.failures.push(`network: ${err.code ?? ''} ${err.message}`);
        continue;
      }
      let body;
      try {
        body = JSON.parse(res.text);
      } catch {
        body = null;
      }
      if (res.status >= 200 && res.status < 300 && body?.auction) {
        counts.accepted++;
        accepted.push({
          userId: shopper.id,
          key,
          auctionId,
          amountCents,
          seq: body.auction.seq,
          priceCents: body.auction.currentPriceCents,
        });
        minNext.set(auctionId, Math.max(minNext.get(auctionId), body.auction.minimumNextBidCents));
      } else if (res.status >= 400 && res.status < 500 && BUSINESS_REFUSALS.has(body?.error?.code)) {
        counts.refused++;
        counts.refusedBy[body.error.code] = (counts.refusedBy[body.error.code] ?? 0) + 1;
        // Learn the price from the auction's state, as the page does after a refusal.
        const state = await balanced('GET', `/api/auctions/${auctionId}`).catch(() => null);
        if (state?.status === 200) {
          const m = JSON.parse(state.text).auction.minimumNextBidCents;
          minNext.set(auctionId, Math.max(minNext.get(auctionId), m));
        }
      } else {
        counts.failed++;
        counts.failures.push(`${res.status} ${res.text.slice(0, 200)}`);
      }
    }
  }
  const loops = shoppers.flatMap((s, i) =>
    Array.from({ length: BIDDERS_PER_SHOPPER }, (_, j) => bidLoop(s, i * BIDDERS_PER_SHOPPER + j)),
  );

  const exitCodes = {};
  await sleep(PHASE_MS);
  log(`phase 1 (N alone): ${counts.sent} bids sent`);
  // Expand: N+1's migration, once, as the deploy's one-off task (docs/operations.md).
  const migrated = await runNode(next.root, 'migrate.js', {
    DATABASE_URL: dbUrl,
    DATA_DIR: path.join(work, 'data'),
  });
  const applied = (await db.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n;
  log(
    `expand migration ${next.tag} applied while N serves: ${migrated.trim()} (${applied} migrations recorded)`,
  );
  await sleep(PHASE_MS);
  log(`phase 2 (N on the N+1 schema): ${counts.sent} bids sent`);
  const a = await startServer('N+1 a', next.root, FIRST_PORT + 1);
  await sleep(PHASE_MS);
  // N drains while the second N+1 boots: for that while, N+1 a alone takes the bids.
  const [stoppedN, b] = await Promise.all([stopServer(n), startServer('N+1 b', next.root, FIRST_PORT + 2)]);
  exitCodes.N = stoppedN;
  await sleep(PHASE_MS);
  exitCodes['N+1 a'] = await stopServer(a);
  await sleep(PHASE_MS);
  running = false;
  await Promise.all(loops);
  log(`load stopped: ${counts.sent} bids sent`);

  // ---- Checks against the database.
  const problems = [];
  for (const [name, code] of Object.entries(exitCodes))
    if (code !== 0) problems.push(`${name} exited ${code}, not 0`);
  if (counts.failed > 0)
    problems.push(`${counts.failed} bids failed: ${[...new Set(counts.failures)].slice(0, 5).join(' | ')}`);
  if (counts.sent !== counts.accepted + counts.refused + counts.failed)
    problems.push('bids sent != answered');

  // Every accepted bid has its idempotency record with status 200 and the seq it was answered with.
  const stored = (
    await db.query(
      `select k.user_id, k.key, k.status_code, (k.response->'auction'->>'seq')::bigint as seq
         from idempotency_keys k where k.scope = 'bid' and k.key = any($1::text[])`,
      [accepted.map((x) => x.key)],
    )
  ).rows;
  const byKey = new Map(stored.map((r) => [`${r.user_id} ${r.key}`, r]));
  let lost = 0;
  for (const x of accepted) {
    const r = byKey.get(`${x.userId} ${x.key}`);
    if (!(r?.status_code === 200 && Number(r.seq) === x.seq)) lost++;
  }
  // Every accepted bid is its own change of its auction: no two share a seq.
  const seqs = new Set(accepted.map((x) => `${x.auctionId} ${x.seq}`));
  if (seqs.size !== accepted.length)
    problems.push(`${accepted.length - seqs.size} accepted bids share a seq`);

  // Each bidder's maximum is the amount of their latest accepted bid on that auction.
  const latest = new Map();
  for (const x of accepted) {
    const id = `${x.auctionId} ${x.userId}`;
    if (!latest.has(id) || latest.get(id).seq < x.seq) latest.set(id, x);
  }
  const maxes = (
    await db.query(
      'select auction_id, user_id, max_amount_cents from max_bids where auction_id = any($1::uuid[])',
      [auctions],
    )
  ).rows;
  const maxBy = new Map(maxes.map((m) => [`${m.auction_id} ${m.user_id}`, m.max_amount_cents]));
  let maxMismatch = 0;
  for (const [id, x] of latest) if (maxBy.get(id) !== x.amountCents) maxMismatch++;
  if (maxMismatch) problems.push(`${maxMismatch} bidders' maximums differ from their latest accepted bid`);

  // Each auction: price = top of its history, count = its history rows, leader = the top maximum,
  // seq and price = those of the last accepted bid's answer.
  for (const id of auctions) {
    const [row] = (
      await db.query(
        `select a.current_price_cents, a.bid_count, a.seq, a.leader_user_id,
           (select max(amount_cents) from bids b where b.auction_id = a.id) as top,
           (select count(*)::int from bids b where b.auction_id = a.id) as rows,
           (select user_id from max_bids m where m.auction_id = a.id
              order by m.max_amount_cents desc, m.set_at, m.seq limit 1) as top_user
         from auctions a where a.id = $1`,
        [id],
      )
    ).rows;
    const last = accepted.filter((x) => x.auctionId === id).sort((p, q) => q.seq - p.seq)[0];
    if (!last) {
      problems.push(`auction ${id}: no accepted bid`);
      continue;
    }
    if (row.current_price_cents !== row.top)
      problems.push(`auction ${id}: price ${row.current_price_cents} != top bid ${row.top}`);
    if (row.bid_count !== row.rows)
      problems.push(`auction ${id}: bid_count ${row.bid_count} != ${row.rows} history rows`);
    if (row.leader_user_id !== row.top_user) problems.push(`auction ${id}: leader is not the top maximum`);
    if (Number(row.seq) !== last.seq || row.current_price_cents !== last.priceCents)
      problems.push(
        `auction ${id}: seq ${row.seq} price ${row.current_price_cents}, last accepted answer said seq ${last.seq} price ${last.priceCents}`,
      );
  }
  if (lost) problems.push(`${lost} accepted bids not found in the database`);

  console.log('');
  console.log(
    `Bids: ${counts.sent} sent, ${counts.accepted} accepted, ${counts.refused} refused (${
      Object.entries(counts.refusedBy)
        .map(([c, k]) => `${c} ${k}`)
        .join(', ') || 'none'
    }), ${counts.failed} failed, ${lost} lost`,
  );
  console.log(
    `Answered by: ${Object.entries(counts.byServer)
      .map(([s, k]) => `${s} ${k}`)
      .join(
        ', ',
      )} (requests incl. sign-ins and state reads); connection refused then sent to the next server: ${counts.retriedRefused}; reset before an answer then retried with the same key: ${counts.retriedReset}`,
  );
  console.log(
    `Servers exited: ${Object.entries(exitCodes)
      .map(([s, c]) => `${s} ${c}`)
      .join(', ')}`,
  );
  exitCodes['N+1 b'] = await stopServer(b);
  if (exitCodes['N+1 b'] !== 0) problems.push(`N+1 b exited ${exitCodes['N+1 b']}, not 0`);
  if (problems.length) {
    for (const p of problems) console.log(`FAIL: ${p}`);
    return false;
  }
  console.log(
    `PASS: rolling upgrade N -> N+1 with bids running (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
  );
  return true;
}

let ok = false;
try {
  ok = await main();
} catch (err) {
  console.log(`FAIL: ${err.stack ?? err}`);
} finally {
  await cleanup();
}
process.exit(ok ? 0 : 1);
