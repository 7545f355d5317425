import { type ChildProcess, type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BATCH_FORGET_SQL,
  BATCH_READ_SQL,
  BATCH_WRITE_SQL,
  type BatchWrite,
  batchWritePayload,
  LOCK_SQL,
} from '../apps/server/src/modules/bidding/repository';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A TCP port nobody listens on right now (the tests' own helper). */
export { freePort } from '../apps/server/test/child-server';

/**
 * Starts the real server (apps/server/src/main.ts) as a child process in production mode on
 * 127.0.0.1:`port`, with `env` on top, and waits until /readyz answers (at most `waitMs`).
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
      // Another checkout (checkoutBeside) runs that commit's server; by default this one's.
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
 * An older commit checked out beside this one (a detached `git worktree` in a temporary folder), for
 * a baseline in the same run: startServer({ cwd: dir }) runs that commit's server. It shares this
 * checkout's installed packages (node_modules linked in), so pick a commit with the same
 * dependencies; it serves the database this run migrated, so one whose schema this one only
 * extends. `remove()` deletes the worktree.
 */
export function checkoutBeside(ref: string): { dir: string; commit: string; remove: () => void } {
  const git = (args: string[]) => {
    const r = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`);
    return r.stdout.trim();
  };
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rebound-baseline-'));
  rmSync(dir, { recursive: true, force: true });
  git(['worktree', 'add', '--detach', dir, commit]);
  for (const modules of [
    'node_modules',
    'apps/server/node_modules',
    'apps/web/node_modules',
    'bench/node_modules',
  ]) {
    const from = path.join(ROOT, modules);
    if (existsSync(from) && !existsSync(path.join(dir, modules)))
      symlinkSync(from, path.join(dir, modules), 'dir');
  }
  return {
    dir,
    commit,
    remove: () => {
      git(['worktree', 'remove', '--force', dir]);
    },
  };
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
 * (repository.ts bidBatchTransaction, decision 038): `begin`, the lock and read
 * (bid_lock_and_read), forgetting the expired key and reading the bidder (BATCH_FORGET_SQL,
 * BATCH_READ_SQL), then the write of one accepted bid (BATCH_WRITE_SQL) and `end`. The same text the
 * server sends, so the baseline cannot drift from it. `auction`, `user` and `token` are SQL
 * expressions (literals or subselects on pgbench variables); the script sets `:k`, so every
 * transaction stores a fresh Idempotency-Key. The bid: `leader` (a user id) goes to 1,234.00 over
 * `runnerUp` at 1,233.00 (two history rows, the new price and leader, reserve met). The write carries
 * `inApp` and `outbox` rows sampled from what the server wrote (as many per bid as it wrote on average).
 */
export function oneBidTransactionSql(o: {
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
}): string {
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
  const reads = JSON.stringify({
    since: new Date(at.getTime() - 86_400_000).toISOString(),
    items: [{ n: 0, user_id: '@USER@', key: '@KEY@', token: '@TOKEN@' }],
  });
  const write = batchWritePayload({
    auctionId: '@AUCTION@',
    now: at,
    maxes: [{ userId: '@USER@', amountCents: 123_400, setAt: at, seq: 1 }],
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
  });
  const fill = (json: string) =>
    `replace(replace(replace(replace(${sqlLiteral(json)}, '@KEY@', 'bench-' || :k), '@AUCTION@', ${o.auction}), '@USER@', ${o.user}), '@TOKEN@', ${o.token})`;
  return `${o.preamble ?? ''}\\set k random(1, 1000000000000)
BEGIN;
${LOCK_SQL(o.auction, o.user, 'null', "(now() - interval '24 hours')")};
${BATCH_FORGET_SQL(fill(reads))};
${BATCH_READ_SQL(fill(reads))};
${BATCH_WRITE_SQL(fill(write))};
END;
`;
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
