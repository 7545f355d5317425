// Shop search on the large store (seed:large: 100,000 products), the real server (production, one
// process, response cache off: CATALOG_CACHE_MS=0), a new query every request:
//   (a) GET /api/shop?q= (relevance order, the page, its total and the facet counts);
//   (b) GET /api/shop/suggest?q= with a new prefix every request;
//   (c) the same queries against today's old search, in the same run: the server of an older commit
//       (default 0ddf333, the last one with ILIKE per word on title || ' ' || brand and its trigram
//       index products_search_trgm_idx) checked out beside this one (bench/lib.ts olderCheckout) and
//       started on the same database, with that index made for it (migration 0025 dropped it) and
//       dropped again after.
// Goals (docs/benchmarks.md "Search"): search p99 <= 50 ms and >= 1,000 req/s; suggestions p99 <= 20 ms.
//
//   npx tsx bench/search.bench.ts               (100,000 products, 200,000 bids; 10 s per load)
//   npx tsx bench/search.bench.ts --quick       (5,000 products: a smoke run)
//   options: --reuse (a database seeded by an earlier run)  --keep (do not drop it)  --db NAME
//            --seconds N  --connections N  --baseline REV  --no-baseline
//            --also REV (another commit's search the same way, e.g. before a change to it)
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  cli,
  fmt,
  freePort,
  machine,
  olderCheckout,
  PG_URL,
  ROOT,
  seedLargeDatabase,
  startServer,
  summary,
  writeSection,
} from './lib';
import { cpuSecondsOf } from './listing-lib';
import { searchExplainTable } from './search-explain';
import { type BenchQuery, type QueryKind, searchQueries, typedPrefixes } from './search-queries';

const flag = cli.flag;
const arg = cli.text;
const QUICK = flag('quick');
const PRODUCTS = Number(arg('products', QUICK ? '5000' : '100000'));
const BIDS = Number(arg('bids', QUICK ? '20000' : '200000'));
const SECONDS = Number(arg('seconds', QUICK ? '3' : '10'));
const CONNECTIONS = Number(arg('connections', '16'));
const DB_NAME = arg('db', `rebound_bench_search${QUICK ? '_quick' : ''}`);
const BASELINE = arg('baseline', '0ddf333');
const SAMPLE = QUICK ? 100 : 400;
const GOAL = { searchP99: 50, searchRps: 1_000, suggestP99: 20 };

function dbUrl(name: string): string {
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onDb<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/** The seeded store: reused with --reuse when it holds products, else seeded anew; then migrated and analysed. */
async function prepareDatabase(): Promise<{ url: string; seededIn: number | null }> {
  const url = dbUrl(DB_NAME);
  let seededIn: number | null = null;
  const have = flag('reuse')
    ? await onDb(
        url,
        async (c) => (await c.query<{ n: number }>('select count(*)::int as n from products')).rows[0]!.n,
      ).catch(() => 0)
    : 0;
  if (have > 0) console.log(`reusing ${DB_NAME} (${have} products)`);
  else seededIn = (await seedLargeDatabase(DB_NAME, PRODUCTS, BIDS)).seededIn;
  // A reused store may predate this checkout's migrations: the server would run them at start.
  const migrated = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/db/migrate-cli.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'inherit',
  });
  if (migrated.status !== 0) throw new Error('migrations failed');
  await onDb(url, (c) => c.query('vacuum analyze auctions, products'));
  return { url, seededIn };
}

interface Load {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  serverCpu: number;
  /** The CPU of the database's backends serving this database (cores), from /proc. */
  databaseCpu: number;
  generatorCpu: number;
  loadAvg: number;
}

/** The CPU seconds so far of every backend connected to the bench database (the server's pool). */
async function databaseCpuSeconds(): Promise<Map<number, number>> {
  const pids = await onDb(
    dbUrl(DB_NAME),
    async (c) =>
      (
        await c.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows,
  );
  return new Map(pids.map(({ pid }) => [pid, cpuSecondsOf(pid)]));
}

/** CPU seconds the backends spent between two readings (a backend that appeared counts from 0). */
function databaseCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, cpu] of after) if (Number.isFinite(cpu)) sum += cpu - (before.get(pid) ?? 0);
  return sum;
}

/** `connections` keep-alive connections for `seconds`, each request the next of `paths` (no two alike). */
async function load(
  port: number,
  pid: number,
  paths: readonly string[],
  seconds: number,
  connections: number,
): Promise<Load> {
  let n = 0;
  const next = () => paths[n++ % paths.length]!;
  const gen0 = process.cpuUsage();
  const srv0 = cpuSecondsOf(pid);
  const db0 = await databaseCpuSeconds();
  const t0 = performance.now();
  const r = await autocannon({
    url: `http://127.0.0.1:${port}${paths[0]}`,
    connections,
    duration: seconds,
    timeout: 30,
    requests: [{ setupRequest: (req: object) => ({ ...req, path: next() }) }],
  });
  const wall = (performance.now() - t0) / 1000;
  const gen = process.cpuUsage(gen0);
  const db1 = await databaseCpuSeconds();
  if (n > paths.length) console.log(`  (the ${paths.length} paths ran out: ${n - paths.length} asked again)`);
  return {
    requests: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts + r.non2xx,
    serverCpu: (cpuSecondsOf(pid) - srv0) / wall,
    databaseCpu: databaseCpuBetween(db0, db1) / wall,
    generatorCpu: (gen.user + gen.system) / 1e6 / wall,
    loadAvg: os.loadavg()[0]!,
  };
}

interface Sample {
  ms: number[];
  byKind: Map<QueryKind, number[]>;
  totals: number[];
  thousandPlus: number;
  empty: number;
  corrected: number;
}

/** One request at a time (no queue in front of the server): latency by kind and what the answers hold. */
async function sequential(
  port: number,
  queries: readonly BenchQuery[],
  path: (q: string) => string,
): Promise<Sample> {
  const s: Sample = { ms: [], byKind: new Map(), totals: [], thousandPlus: 0, empty: 0, corrected: 0 };
  for (const { kind, q } of queries) {
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}${path(q)}`);
    const body = (await res.json()) as {
      total?: number;
      totalExact?: boolean;
      correction?: unknown;
      items?: unknown[];
    };
    const ms = performance.now() - t0;
    if (res.status !== 200)
      throw new Error(`${path(q)}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    s.ms.push(ms);
    s.byKind.set(kind, [...(s.byKind.get(kind) ?? []), ms]);
    if (body.total !== undefined) {
      s.totals.push(body.total);
      if (body.totalExact === false) s.thousandPlus++;
      if (body.total === 0) s.empty++;
    }
    if (body.correction) s.corrected++;
  }
  return s;
}

const shopPath = (q: string) => `/api/shop?q=${encodeURIComponent(q)}`;
const suggestPath = (q: string) => `/api/shop/suggest?q=${encodeURIComponent(q)}`;

async function withServer<T>(
  env: Record<string, string>,
  cwd: string | undefined,
  run: (port: number, pid: number) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const server = await startServer(
    port,
    { SEED_ON_START: 'false', WEB_CONCURRENCY: '1', CATALOG_CACHE_MS: '0', LOG_LEVEL: 'error', ...env },
    { waitMs: 120_000, ...(cwd ? { cwd } : {}) },
  );
  try {
    return await run(port, server.pid!);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

interface Run {
  sample: Sample;
  loaded: Load;
  single: Load;
}

/** (a) for one server: the sequential sample, then the load at 1 and at CONNECTIONS connections. */
async function searchRuns(port: number, pid: number, queries: readonly BenchQuery[]): Promise<Run> {
  const paths = queries.map((x) => shopPath(x.q));
  // Warm up (connections, prepared statements) on queries the runs below do not ask.
  await load(port, pid, paths.slice(-500), 2, CONNECTIONS);
  const sample = await sequential(port, queries.slice(0, SAMPLE), shopPath);
  const single = await load(port, pid, paths.slice(SAMPLE), SECONDS, 1);
  const loaded = await load(port, pid, paths.slice(SAMPLE + single.requests), SECONDS, CONNECTIONS);
  return { sample, single, loaded };
}

const pct = (n: number, of: number) => `${fmt((100 * n) / Math.max(1, of), 0)} %`;
const ms = (x: number) => fmt(x, 1);

/** CPU milliseconds per answer, server and database together (the physical cost of one search). */
function cpuMsPerRequest(l: Load): number {
  return l.rps > 0 ? ((l.serverCpu + l.databaseCpu) * 1000) / l.rps : Number.NaN;
}

/** The answers per second this machine's cores could give at that cost, with nothing else running: the physical limit. */
function ceiling(l: Load): number {
  return (os.cpus().length * 1000) / cpuMsPerRequest(l);
}

function loadRow(name: string, l: Load, goalP99: number, goalRps = 0): string {
  const p99 = l.p99 <= goalP99 ? `**${ms(l.p99)}**` : `⚠️ **${ms(l.p99)}**`;
  const rps = goalRps && l.rps < goalRps ? `⚠️ ${fmt(l.rps, 0)}` : fmt(l.rps, 0);
  return `| ${name} | ${l.requests} | ${rps} | ${ms(l.p50)} | ${p99} | ${ms(l.max)} | ${l.errors} | ${fmt(l.serverCpu * 100, 0)} % | ${fmt(l.databaseCpu * 100, 0)} % | ${fmt(cpuMsPerRequest(l), 2)} | ${fmt(ceiling(l), 0)} | ${fmt(l.generatorCpu * 100, 0)} % | ${fmt(l.loadAvg, 1)} |`;
}

async function main() {
  const loadStart = os.loadavg();
  const { url, seededIn } = await prepareDatabase();
  const store = await onDb(url, async (c) => {
    const q = async (text: string) => (await c.query<{ n: number }>(text)).rows[0]!.n;
    return {
      products: await q('select count(*)::int as n from products'),
      live: await q("select count(*)::int as n from auctions where status = 'live'"),
      skus: (
        await c.query<{ slug: string }>('select slug from products order by md5(slug) limit 300')
      ).rows.map((r) => r.slug.toUpperCase()),
    };
  });
  const queries = searchQueries(QUICK ? 2_000 : 8_000, store.skus);
  const prefixes = typedPrefixes(queries, 2);
  const kinds = [...new Set(queries.map((x) => x.kind))];
  console.log(`${queries.length} distinct queries, ${prefixes.length} distinct prefixes`);

  // (a) and (b): this checkout's server.
  const current = await withServer({ DATABASE_URL: url }, undefined, async (port, pid) => {
    const search = await searchRuns(port, pid, queries);
    console.log(
      `search: 1 conn p99 ${ms(search.single.p99)} ms; ${CONNECTIONS} conns ${fmt(search.loaded.rps, 0)} req/s p99 ${ms(search.loaded.p99)} ms`,
    );
    const prefixPaths = prefixes.map(suggestPath);
    await load(port, pid, prefixPaths.slice(-500), 2, CONNECTIONS);
    const suggestSample = await sequential(
      port,
      prefixes.slice(0, SAMPLE).map((q) => ({ kind: 'item', q })),
      suggestPath,
    );
    const suggestSingle = await load(port, pid, prefixPaths.slice(SAMPLE), SECONDS, 1);
    const suggestLoaded = await load(
      port,
      pid,
      prefixPaths.slice(SAMPLE + suggestSingle.requests),
      SECONDS,
      CONNECTIONS,
    );
    console.log(
      `suggest: 1 conn p99 ${ms(suggestSingle.p99)} ms; ${CONNECTIONS} conns ${fmt(suggestLoaded.rps, 0)} req/s p99 ${ms(suggestLoaded.p99)} ms`,
    );
    return { search, suggest: { sample: suggestSample, single: suggestSingle, loaded: suggestLoaded } };
  });

  // (c): the old search on the same store, the same queries in the same order; and, with --also
  // REV, the search of another commit the same way (its server as it was, on this database).
  const others: { label: string; run: Run; commit: string }[] = [];
  const wanted = [
    ...(flag('no-baseline') ? [] : [{ label: 'old search', rev: BASELINE, trigrams: true }]),
    ...(arg('also', '')
      ? [{ label: `search at ${arg('also', '')}`, rev: arg('also', ''), trigrams: false }]
      : []),
  ];
  for (const { label, rev, trigrams } of wanted) {
    const older = olderCheckout(rev);
    console.log(`${label}: the server of ${older.commit.slice(0, 12)} in ${older.dir}`);
    if (trigrams)
      await onDb(url, (c) =>
        c.query(
          `create index if not exists products_search_trgm_idx on products using gin ((title || ' ' || brand) gin_trgm_ops)`,
        ),
      );
    try {
      const run = await withServer({ DATABASE_URL: url }, older.dir, (port, pid) =>
        searchRuns(port, pid, queries),
      );
      console.log(
        `${label}: 1 conn p99 ${ms(run.single.p99)} ms; ${CONNECTIONS} conns ${fmt(run.loaded.rps, 0)} req/s p99 ${ms(run.loaded.p99)} ms`,
      );
      others.push({ label, run, commit: older.commit });
    } finally {
      if (trigrams) await onDb(url, (c) => c.query('drop index if exists products_search_trgm_idx'));
      if (!flag('keep')) older.remove();
    }
  }
  const explain = await searchExplainTable(url, [
    ['search', 'headphones'],
    ['search', 'sony wireless headphones pro'],
    ['search', 'sony hedphones'],
    ['suggest', 'hea'],
    ['suggest', 'sony wireless he'],
  ]);
  const loadEnd = os.loadavg();
  if (!flag('keep') && !flag('reuse'))
    await onDb(PG_URL, (c) => c.query(`drop database if exists ${DB_NAME} with (force)`));

  const s = current.search;
  const g = current.suggest;
  const old = others[0] ?? null;
  const met = {
    search: s.loaded.p99 <= GOAL.searchP99 && s.loaded.rps >= GOAL.searchRps,
    suggest: g.loaded.p99 <= GOAL.suggestP99,
  };
  const times = (a: number, b: number) => `${fmt(a / b, 2)}×`;
  const p = (xs: number[], which: 'p50' | 'p99') => ms(summary(xs)[which]);
  const kindRows = [...kinds, 'all' as const]
    .map((kind) => {
      const of = (r: Run) => (kind === 'all' ? r.sample.ms : (r.sample.byKind.get(kind) ?? []));
      return `| ${kind} | ${of(s).length} | ${p(of(s), 'p50')} | ${p(of(s), 'p99')} | ${others.map((o) => `${p(of(o.run), 'p50')} | ${p(of(o.run), 'p99')}`).join(' | ')} |`;
    })
    .join('\n');
  const header =
    '| run | requests | req/s | p50 ms | p99 ms | max ms | errors | server CPU | database CPU | CPU ms per answer | ceiling req/s | load generator CPU | load avg |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|';
  const otherRows = others
    .flatMap((o, i) => [
      loadRow(
        `(${String.fromCharCode(99 + i)}) ${o.label}, ${CONNECTIONS} connections`,
        o.run.loaded,
        GOAL.searchP99,
      ),
      loadRow(`(${String.fromCharCode(99 + i)}) ${o.label}, 1 connection`, o.run.single, GOAL.searchP99),
    ])
    .join('\n');
  const held = (r: Run) =>
    `median total ${summary(r.sample.totals).p50} lots, ${pct(r.sample.thousandPlus, r.sample.totals.length)} "1,000+", ${pct(r.sample.empty, r.sample.totals.length)} nothing, ${pct(r.sample.corrected, r.sample.totals.length)} answered by a close spelling`;
  writeSection(
    'search',
    `## Search on a large store: a new query every request

\`npx tsx bench/search.bench.ts${arg('also', '') ? ` --also ${arg('also', '')}` : ''}\` (${new Date().toISOString().slice(0, 10)}), ${machine()}, PostgreSQL 15 (default settings) on the
same machine. The \`seed:large\` store: ${store.products.toLocaleString('en-CA')} products, ${store.live.toLocaleString('en-CA')} live auctions${seededIn ? ` (seeded in ${fmt(seededIn, 0)} s)` : ''}. The real server
(production, one process, pool of 10, response cache off: \`CATALOG_CACHE_MS=0\`), autocannon in the benchmark's
process, each load ${SECONDS} s. Every request is another query (${queries.length.toLocaleString('en-CA')} distinct ones, \`bench/search-queries.ts\`: brand and item,
with a model, an item alone, a word in its other form, a brand, typos, units and joined words, GTINs and SKUs),
so nothing is answered from a cache; the answer is the first page in relevance order, its total (exact up to
1,000) and the facet counts by category and condition. Suggestions: ${prefixes.length.toLocaleString('en-CA')} distinct prefixes of the same queries as
they are typed (2 characters or more). Machine load average (1, 5, 15 min) at the start: ${loadStart.map((x) => fmt(x, 1)).join(', ')}; at the
end: ${loadEnd.map((x) => fmt(x, 1)).join(', ')} (2 cores shared with other work: the absolute figures are noisy; the servers ran minutes
apart on the same machine). "server CPU" is the Node process; "database CPU" the PostgreSQL backends
serving the bench database (read from /proc); "CPU ms per answer" is both together per answer, and "ceiling req/s" what
${os.cpus().length} cores could answer at that cost if the server and the database had them all and the load generator none:
the physical limit of this design on this machine, whatever the load around it.

${
  old
    ? `The old search (c) is the server of commit \`${old.commit.slice(0, 12)}\` (ILIKE per word on \`title || ' ' || brand\` with the trigram
index \`products_search_trgm_idx\`, newest first, a count but no facets), checked out beside this one and started on the same
database with that index made for it (migration 0025 dropped it) and dropped again after.`
    : ''
}${others[1] ? ` (d) is the server of commit \`${others[1].commit.slice(0, 12)}\`, the same way.` : ''}
Goals: search p99 ≤ ${GOAL.searchP99} ms and ≥ ${GOAL.searchRps.toLocaleString('en-CA')} req/s; suggestions p99 ≤ ${GOAL.suggestP99} ms.

${header}
${loadRow(`(a) search, ${CONNECTIONS} connections`, s.loaded, GOAL.searchP99, GOAL.searchRps)}
${loadRow('(a) search, 1 connection', s.single, GOAL.searchP99)}
${loadRow(`(b) suggestions, ${CONNECTIONS} connections`, g.loaded, GOAL.suggestP99)}
${loadRow('(b) suggestions, 1 connection', g.single, GOAL.suggestP99)}
${otherRows}

${others.map((o) => `Against ${o.label}, same queries: requests per second at ${CONNECTIONS} connections ${times(s.loaded.rps, o.run.loaded.rps)}; p99 at ${CONNECTIONS} connections ${times(s.loaded.p99, o.run.loaded.p99)}, at 1 connection p50 ${times(s.single.p50, o.run.single.p50)} and p99 ${times(s.single.p99, o.run.single.p99)} (new ÷ ${o.label}).`).join('\n')}
Verdict on this machine at this load: search ${met.search ? '✅ goal met' : '❌ goal not met'}; suggestions ${met.suggest ? '✅ goal met' : '❌ goal not met'}.

By kind of query, one request at a time (the first ${SAMPLE} queries; ms):

| query | n | p50 | p99 | ${others.map((o) => `${o.label} p50 | ${o.label} p99`).join(' | ')} |
|---|---:|---:|---:|${others.map(() => '---:|---:|').join('')}
${kindRows}

What those ${SAMPLE} answers held: ${held(s)}${others.map((o) => `; ${o.label}: ${held(o.run)}`).join('')}.

The statements behind a few of them, as the server sends them, planned with \`EXPLAIN (ANALYZE, BUFFERS)\` after a warm-up
run (\`bench/search-explain.ts\`), on the same machine after the loads:

| request | statement | scans | planning ms | execution ms |
|---|---|---|---:|---:|
${explain}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
