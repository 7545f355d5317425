// listing.bench.ts's helpers: the bare baseline route, CPU time, deep cursors, the EXPLAIN table.
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { encodeShopCursor } from '@rebound/core/shop-cursor';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import * as repo from '../apps/server/src/modules/catalog/repository';
import { searchTerms } from '../apps/server/src/modules/catalog/search-sql';
import { fmt, ROOT, recordStatements } from './lib';

// The bare baseline: Fastify in a worker thread (its own event loop), answering each URL's JSON,
// fetched once from the real server, from memory.
const BARE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const fastify = createRequire(workerData.root + '/package.json')('fastify')({ logger: false });
const bodies = new Map(Object.entries(workerData.bodies));
fastify.get('/api/shop', (request, reply) => {
  const body = bodies.get(request.url);
  if (body === undefined) return reply.code(404).send({ error: 'unknown url' });
  reply.type('application/json; charset=utf-8').send(body);
});
fastify.listen({ port: workerData.port, host: '127.0.0.1' }).then(() => parentPort.postMessage('ready'));
`;

export async function startBare(port: number, bodies: Record<string, string>): Promise<Worker> {
  const worker = new Worker(BARE, { eval: true, workerData: { root: ROOT, port, bodies } });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return worker;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * Keyset positions every 40th lot of the newest order (the last card of each page), as cursors for
 * the page after it: what a shopper clicking "Next" sends, at every depth (decision 067). `every`
 * pages apart (1: all of them).
 */
export async function deepCursors(
  c: pg.Client,
  every: number,
): Promise<{ page: number; key: { at: string; n: null; id: string }; token: string }[]> {
  const r = await c.query<{ at: string; id: string; rn: string }>(
    `select at, id, rn from (
       select to_char(product_created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id,
              row_number() over (order by product_created_at desc, id desc) as rn
       from auctions
       where status = 'live' and product_status = 'auctioned' and start_time <= now() and end_time > now()
     ) k where rn % ${40 * every} = 0`,
  );
  return r.rows.map((row) => {
    const page = Number(row.rn) / 40 + 1;
    const key = { at: row.at, n: null, id: row.id };
    return { page, key, token: encodeShopCursor({ sort: 'newest', dir: 'after', page, ...key }) };
  });
}

interface Plan {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: Plan[];
}

/** The plan's scans, in order: which index (or table) each reads. */
function scans(plan: Plan): string[] {
  const own =
    plan['Index Name'] !== undefined
      ? [`${plan['Node Type'].toLowerCase()} \`${plan['Index Name']}\``]
      : plan['Node Type'].includes('Scan') && plan['Relation Name']
        ? [`${plan['Node Type'].toLowerCase()} \`${plan['Relation Name']}\``]
        : [];
  return [...own, ...(plan.Plans ?? []).flatMap(scans)];
}

export async function explainTable(url: string, categorySlug: string, searchTerm: string): Promise<string> {
  const database = await openDatabase({ url, poolSize: 1 });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const now = new Date();
    const deepKeys = await deepCursors(client, 1);
    const deep = deepKeys.at(-1)!.key;
    // The statements the repository sends, as it sends them: each case runs the real repository
    // function once (a warm-up too) and keeps the text and values its pool was handed.
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const sent = recordStatements(pool);
    const statementOf = async (run: () => Promise<unknown>) => {
      sent.length = 0;
      await run();
      if (sent.length !== 1) throw new Error(`expected one statement, the repository sent ${sent.length}`);
      return sent[0]!;
    };
    const rowsOf = (
      filters: repo.ShopFilters,
      sort: Parameters<typeof repo.shopRows>[3],
      limit: number,
      offset: number,
      keyset: Parameters<typeof repo.shopRows>[6] = null,
    ) => statementOf(() => repo.shopRows(database.db, now, filters, sort, limit, offset, keyset));
    const countOf = (filters: repo.ShopFilters, cap = 0) =>
      statementOf(() => repo.shopCount(database.db, now, filters, cap));
    const cases: [string, { sql: string; params: unknown[] }][] = [
      ['shop page 1, no filter, newest first', await rowsOf({}, 'newest', 40, 0)],
      ['shop page 50, no filter, newest first', await rowsOf({}, 'newest', 40, 1960)],
      [
        'shop page 2,000 by page number (OFFSET 79,960), newest first',
        await rowsOf({}, 'newest', 41, 79_960),
      ],
      [
        'shop page 2,000 by cursor (keyset, decision 067), newest first',
        await rowsOf({}, 'newest', 41, 0, { dir: 'after', ...deep }),
      ],
      [
        'shop, category + price range, ending soonest',
        await rowsOf({ categorySlug, minPriceCents: 2_000, maxPriceCents: 10_000 }, 'ending', 40, 0),
      ],
      [
        `shop, search "${searchTerm}", most bids`,
        await rowsOf({ search: searchTerms(searchTerm) }, 'bids', 40, 0),
      ],
      ['home: hottest 4 live by bid count', repo.liveCards(database.db, now, 'hottest', 4).toSQL()],
      ['home: latest 8 live by start time', repo.liveCards(database.db, now, 'latest', 8).toSQL()],
      ['shop total, no filter', await countOf({})],
      ['shop total, category', await countOf({ categorySlug })],
      ['shop total, condition', await countOf({ condition: 'open_box' })],
      ['shop total, search', await countOf({ search: searchTerms(searchTerm) })],
      ['shop total capped at 1,001, no filter (decision 067)', await countOf({}, 1_001)],
      [
        'shop total capped at 1,001, category + minimum price',
        await countOf({ categorySlug, minPriceCents: 1_234 }, 1_001),
      ],
      ['shop total capped at 1,001, search', await countOf({ search: searchTerms(searchTerm) }, 1_001)],
    ];
    const rows: string[] = [];
    for (const [name, q] of cases) {
      await client.query(q.sql, q.params); // warm
      const r = await client.query<{ 'QUERY PLAN': [{ Plan: Plan; 'Execution Time': number }] }>(
        `explain (analyze, buffers, format json) ${q.sql}`,
        q.params,
      );
      const [top] = r.rows[0]!['QUERY PLAN'];
      rows.push(
        `| ${name} | ${[...new Set(scans(top.Plan))].join(', ')} | **${fmt(top['Execution Time'])} ms** |`,
      );
    }
    return rows.join('\n');
  } finally {
    await client.end();
    await database.close();
  }
}

export function explainSection(explain: string, counts: { products: number; live: number }): string {
  const date = new Date().toISOString().slice(0, 10);
  return `## Catalogue queries on a large store (EXPLAIN ANALYZE)

Written by \`bench/listing.bench.ts\` (${date}) on its seeded store (${counts.products.toLocaleString('en-CA')} products,
${counts.live.toLocaleString('en-CA')} live auctions): the SQL that \`modules/catalog/repository.ts\` builds, planned with
\`EXPLAIN (ANALYZE, BUFFERS)\` after a warm-up run, on a machine loaded by the benchmark's other work.

| query | scans | execution |
|---|---|---|
${explain}

Before decision 036 the filtered count joined products for every live auction of the filter: 94 ms
for one category (about 11,000 matches, 2026-11-21); a category + price page 60 ms.`;
}
