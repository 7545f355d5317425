import { type ChildProcess, type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client';
import { type BatchWrite, bidBatchTransaction } from '../apps/server/src/modules/bidding/repository';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A TCP port nobody listens on right now (the tests' own helper). */
export { freePort } from '../apps/server/test/child-server';

/**
 * Starts the real server (apps/server/src/main.ts) as a child process in production mode on
 * 127.0.0.1:`port`, with `env` on top, and waits until /readyz answers (at most `waitMs`). `cwd`: a
 * checkout of another commit (olderCheckout) to run that commit's server instead of this one.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  opts: { nodeArgs?: string[]; waitMs?: number; cwd?: string } = {},
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: opts.cwd ?? ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
        SELLER_GST_NUMBER: '123456789 RT0001',
        SELLER_PST_NUMBER: 'PST-1234-5678',
        // Plain http on this machine: production insists on https unless told otherwise.
        ALLOW_INSECURE_PUBLIC_URL: 'true',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const deadline = Date.now() + (opts.waitMs ?? 20_000);
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {}
    await sleep(100);
  }
  child.kill('SIGTERM');
  throw new Error('server did not start');
}

/**
 * An older commit of this repository checked out beside the work tree, to run its server as a
 * benchmark's baseline in the same run (docs/benchmarks.md "How the baselines are taken"): a git
 * worktree (detached) under bench/.cache/, which node resolves from this checkout's installed
 * packages (no install of its own), except the workspace's own packages (`@rebound/core`,
 * `@rebound/contract`), which point at the older commit's. The server runs from source through tsx,
 * so there is nothing to build. `remove()` takes the worktree away again.
 */
export function olderCheckout(rev: string): { dir: string; commit: string; remove: () => void } {
  const git = (...a: string[]) => {
    const r = spawnSync('git', a, { cwd: ROOT, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${a.join(' ')}: ${r.stderr.trim()}`);
    return r.stdout.trim();
  };
  const commit = git('rev-parse', '--verify', `${rev}^{commit}`);
  const dir = path.join(ROOT, 'bench/.cache', `before-${commit.slice(0, 12)}`);
  if (!existsSync(path.join(dir, '.git'))) {
    rmSync(dir, { recursive: true, force: true });
    git('worktree', 'prune');
    git('worktree', 'add', '--detach', dir, commit);
  }
  const scoped = path.join(dir, 'node_modules/@rebound');
  mkdirSync(scoped, { recursive: true });
  for (const pkg of ['core', 'contract']) {
    const link = path.join(scoped, pkg);
    if (!existsSync(link)) symlinkSync(`../../packages/${pkg}`, link);
  }
  // A workspace's own installed packages (apps/server's), where this checkout has them.
  const own = path.join(ROOT, 'apps/server/node_modules');
  const ownLink = path.join(dir, 'apps/server/node_modules');
  if (existsSync(own) && !existsSync(ownLink)) symlinkSync(realpathSync(own), ownLink);
  return { dir, commit, remove: () => git('worktree', 'remove', '--force', dir) };
}

/**
 * A stand-in push service on loopback HTTPS (the tests' own, apps/server/test/push-service.ts): push
 * is queued only for shoppers with a subscription (docs/decisions/071-push-only-to-subscribed-shoppers.md),
 * so the benches subscribe some of theirs to it; the server trusts its certificate through `serverEnv`.
 */
export { startPushService } from '../apps/server/test/push-service';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summary(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s[s.length - 1] ?? Number.NaN };
}

export const fmt = (n: number, digits = 2) => n.toFixed(digits);

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/** Replaces (or appends) one benchmark's section of docs/benchmarks.md. */
export function writeSection(name: string, markdown: string) {
  const file = path.join(ROOT, 'docs/benchmarks.md');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = '# Benchmarks\n\nEach section is written by its script in `bench/`; rerun it to refresh.\n';
  }
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  text =
    i >= 0 && j > i
      ? text.slice(0, i) + block + text.slice(j + end.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, text);
  console.log(`\nwrote the "${name}" section of docs/benchmarks.md`);
}

/** `v` as an SQL string literal (single quotes doubled). */
export const sqlLiteral = (v: string) => `'${v.replace(/'/g, "''")}'`;

/**
 * pgbench's baseline for the bid benches: the transaction the server runs for a batch of ONE bid
 * (repository.ts bidBatchTransaction, decision 038): `begin`, the lock and read (bid_lock_and_read),
 * forgetting the expired key and reading the bidder, then the write of one accepted bid and `commit`.
 * The statements are the server's own, as it sends them: bidBatchTransaction runs here over a
 * stand-in connection that keeps the text it is handed and answers as the database would for one
 * active bidder (so nothing is sent anywhere), and the bid's values are markers (`@AUCTION@`,
 * `@USER@`, `@TOKEN@`, `@KEY@`) that the script swaps for pgbench expressions. The baseline cannot
 * drift from the server, and the server exports nothing for it. `auction`, `user` and `token` are SQL
 * expressions (literals or subselects on pgbench variables); the script sets `:k`, so every
 * transaction stores a fresh Idempotency-Key. The bid: `leader` (a user id) goes to 1,234.00 over
 * `runnerUp` at 1,233.00 (two history rows, the new price and leader, reserve met). The write carries
 * `inApp` and `outbox` rows sampled from what the server wrote (as many per bid as it wrote on average).
 */
export async function oneBidTransactionSql(o: {
  auction: string;
  user: string;
  token: string;
  leader: string;
  runnerUp: string;
  /** The rest of the auction's state the write sets. */
  auctionRow: Pick<BatchWrite['state'], 'bidCount' | 'endTime' | 'seq'>;
  inApp: Record<string, unknown>[];
  outbox: Record<string, unknown>[];
  /** pgbench lines to put first (e.g. `\set` of the variables the expressions use). */
  preamble?: string;
}): Promise<string> {
  const at = new Date();
  const state: BatchWrite['state'] = {
    currentPriceCents: 123_400,
    leaderUserId: o.leader,
    reserveMet: true,
    ...o.auctionRow,
  };
  const history = [
    { userId: o.runnerUp, amountCents: 123_300, isLeaderRow: false },
    { userId: o.leader, amountCents: 123_400, isLeaderRow: true },
  ];
  const write: BatchWrite = {
    auctionId: '@AUCTION@',
    now: at,
    maxes: [{ userId: '@USER@', amountCents: 123_400, setAt: at, seq: 1 }],
    placements: [
      {
        userId: '@USER@',
        maxCents: 123_400,
        minimumCents: 123_300,
        stepCents: 100,
        leaderAfter: o.leader,
        seq: state.seq,
        at,
      },
    ],
    history: history.map((h) => ({ ...h, seq: state.seq, at })),
    inApp: o.inApp.map((r) => ({
      row: {
        userId: String(r.user_id),
        kind: r.kind as never,
        message: String(r.message),
        targetUrl: r.target_url as string | null,
        createdAt: at,
      },
      at,
    })),
    outgoing: o.outbox.map((r) => ({
      row: {
        channel: r.channel as never,
        template: String(r.template),
        userId: r.user_id as string | null,
        recipient: String(r.recipient),
        payload: r.payload as Record<string, unknown>,
        nextAttemptAt: at,
      },
      at,
    })),
    keys: [
      {
        userId: '@USER@',
        key: '@KEY@',
        requestHash: 'x'.repeat(64),
        response: { message: 'bench', auction: {} },
        at,
      },
    ],
    state,
  };
  const sent = await serverBidStatements(write, new Date(at.getTime() - 86_400_000));
  // A literal that is one marker becomes its expression; a literal holding markers (the JSON values)
  // has them replaced in SQL, so each transaction's key is fresh.
  const exprOf: Record<string, string> = {
    '@AUCTION@': o.auction,
    '@USER@': o.user,
    '@TOKEN@': o.token,
    '@KEY@': "('bench-' || :k)",
  };
  const fill = (literal: string, body: string) => {
    if (exprOf[body]) return exprOf[body];
    let out = literal;
    for (const [marker, expr] of Object.entries(exprOf)) {
      if (body.includes(marker)) out = `replace(${out}, '${marker}', ${expr})`;
    }
    return out;
  };
  const statements = sent.map((text) => withLiterals(text, fill));
  return `${o.preamble ?? ''}\\set k random(1, 1000000000000)
${statements.join(';\n')};
`;
}

/**
 * The texts bidBatchTransaction hands a PostgreSQL connection for a batch of one bid that writes
 * `write`: its bidder and auction are the markers of `write`, its expired keys those before `keyFrom`.
 * The stand-in pool's connection keeps each text and answers the lock with no row and the read with
 * one active bidder; the write's `commit` is part of the text it keeps.
 */
async function serverBidStatements(write: BatchWrite, keyFrom: Date): Promise<string[]> {
  const sent: string[] = [];
  const escaper = new pg.Client();
  const conn = {
    escapeLiteral: (v: string) => escaper.escapeLiteral(v),
    query: async (text: string) => {
      sent.push(text);
      if (sent.length > 1) return { rows: [] };
      const reads = [{ status: 'active', sessionAlive: true, stored: null, person: null }];
      return [{ rows: [] }, { rows: [{ r: null }] }, { rows: [] }, { rows: [{ r: JSON.stringify(reads) }] }];
    },
    release: () => {},
  };
  const pool = Object.assign(Object.create(pg.Pool.prototype) as pg.Pool, { connect: async () => conn });
  await bidBatchTransaction(
    { $client: pool } as unknown as Db,
    {
      auctionId: write.auctionId,
      keyFrom,
      bidders: [{ userId: '@USER@', idempotencyKey: '@KEY@', sessionToken: '@TOKEN@' }],
    },
    async () => ({ value: null, write }),
  );
  if (sent.length !== 2) throw new Error(`expected the server's two round trips, saw ${sent.length}`);
  // pgbench splits each text at its semicolons (outside literals): one command per statement.
  return sent;
}

/**
 * `sql` with each string literal ('...' or E'...', quotes doubled inside) passed through `map`
 * (the literal as written and its text without quotes), the rest unchanged.
 */
function withLiterals(sql: string, map: (literal: string, body: string) => string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const start = sql.indexOf("'", i);
    if (start < 0) {
      out += sql.slice(i);
      break;
    }
    const prefixed = start > 0 && /[eE]/.test(sql[start - 1]!) && !/\w/.test(sql[start - 2] ?? ' ');
    let end = start + 1;
    for (;;) {
      end = sql.indexOf("'", end);
      if (end < 0) throw new Error("unterminated literal in the server's statement");
      if (sql[end + 1] === "'") end += 2;
      else break;
    }
    const from = prefixed ? start - 1 : start;
    const literal = sql.slice(from, end + 1);
    const body = sql.slice(start + 1, end).replace(/''/g, "'");
    out += sql.slice(i, from) + map(literal, body);
    i = end + 1;
  }
  return out;
}

/** How many pgbench runs this process made: names each one's script file. */
let pgbenchRuns = 0;

/**
 * Runs pgbench (`-n`, `-j 2`, `clients` clients for `seconds` s) on the transaction script `script`
 * against `dbUrl`, from a temporary file removed afterwards, and gives its tps and average latency
 * (ms). `perStatement` adds `-r` (latency per statement); BENCH_PGBENCH_REPORT=1 prints pgbench's
 * report. Throws when pgbench gives no tps (it failed).
 */
export function runPgbench(o: {
  dbUrl: string;
  script: string;
  clients: number;
  seconds: number;
  perStatement?: boolean;
}): { tps: number; latency: number } {
  const file = path.join(os.tmpdir(), `rebound-pgbench-${process.pid}-${++pgbenchRuns}.sql`);
  writeFileSync(file, o.script);
  let pgb: SpawnSyncReturns<string>;
  try {
    pgb = spawnSync(
      'pgbench',
      [
        '-n',
        ...(o.perStatement ? ['-r'] : []),
        '-c',
        String(o.clients),
        '-j',
        '2',
        '-T',
        String(o.seconds),
        '-f',
        file,
        o.dbUrl,
      ],
      { encoding: 'utf8' },
    );
  } finally {
    unlinkSync(file);
  }
  if (process.env.BENCH_PGBENCH_REPORT) console.log(pgb.stdout);
  const tps = Number(/tps = ([\d.]+)/.exec(pgb.stdout)?.[1] ?? Number.NaN);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(pgb.stdout)?.[1] ?? Number.NaN);
  if (!Number.isFinite(tps)) throw new Error(`pgbench failed: ${pgb.stderr || pgb.stdout}`);
  return { tps, latency };
}

/**
 * The built web app for a bench's servers: `WEB_DIST` when given, else a fresh `vite build` into a
 * temporary folder (about a minute), removed by `done()`. Without one the server answers its HTML
 * pages with 503 (the web app is not built).
 */
export function buildWeb(): { dir: string; done: () => void } {
  if (process.env.WEB_DIST) return { dir: path.resolve(process.env.WEB_DIST), done: () => {} };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rebound-bench-web-'));
  const built = spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir'], {
    cwd: path.join(ROOT, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('web build failed');
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A new database `name` on the bench's PostgreSQL server (dropped first if there), filled by
 * `seed:large` without images; vacuumed and analysed as autovacuum would soon after a bulk load.
 * Returns its URL and the seconds the seed took.
 */
export async function seedLargeDatabase(
  name: string,
  products: number,
  bids: number,
): Promise<{ url: string; seededIn: number }> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  console.log(`seeding ${name}: ${products} products, ${bids} bids`);
  const t0 = performance.now();
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/seed/large-cli.ts',
      '--products',
      String(products),
      '--bids',
      String(bids),
      '--no-images',
    ],
    { cwd: ROOT, env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: url }, stdio: 'inherit' },
  );
  if (run.status !== 0) throw new Error('seed:large failed');
  const seededIn = (performance.now() - t0) / 1000;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('vacuum analyze auctions, products, orders');
  } finally {
    await c.end();
  }
  return { url, seededIn };
}

/**
 * The statements a pool is handed from now on, with their values, as the server sends them (the
 * benches' EXPLAIN tables run the real repository function and explain what it sent).
 */
export function recordStatements(pool: pg.Pool): { sql: string; params: unknown[] }[] {
  const sent: { sql: string; params: unknown[] }[] = [];
  const query = pool.query.bind(pool) as (...a: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...a: unknown[]) => Promise<unknown> }).query = (cfg, values) => {
    const c = cfg as { text?: string; values?: unknown[] } | string;
    sent.push(
      typeof c === 'string'
        ? { sql: c, params: (values as unknown[]) ?? [] }
        : { sql: c.text ?? '', params: (values as unknown[]) ?? c.values ?? [] },
    );
    return query(cfg, values);
  };
  return sent;
}

/**
 * The command line of a bench: `--name value` options and `--name` flags, read the same way by
 * every bench (a value that is missing or not a number reads as NaN, which the bench's checks show).
 */
export const cli = {
  flag: (name: string): boolean => process.argv.slice(2).includes(`--${name}`),
  text: (name: string, dflt: string): string => {
    const args = process.argv.slice(2);
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? String(args[i + 1]) : dflt;
  },
  /** The option's value, or null when it is not given. */
  textOrNull: (name: string): string | null => {
    const args = process.argv.slice(2);
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? (args[i + 1] ?? null) : null;
  },
  number: (name: string, dflt: number): number => {
    const value = cli.textOrNull(name);
    return value === null ? dflt : Number(value);
  },
  /** A comma-separated list of numbers (`--shoppers 500,1000`). */
  numbers: (name: string, dflt: number[]): number[] => {
    const value = cli.textOrNull(name);
    return value === null ? dflt : value.split(',').map(Number);
  },
};
