// bench/search.bench.ts's EXPLAIN table: the statements the shop's search and suggestions send for a
// few queries, as the server sends them (the catalogue service run once on a pool that keeps the
// text and values it is handed), planned with EXPLAIN (ANALYZE, BUFFERS) after a warm-up run.
import { ShopQuery } from '@rebound/contract/catalog';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import * as service from '../apps/server/src/modules/catalog/service';
import { fmt, recordStatements } from './lib';

interface Plan {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  Plans?: Plan[];
}

/** The plan's scans, in order: which index (or table) each reads, and the rows it gave. */
function scans(plan: Plan): string[] {
  const rows = plan['Actual Rows'] === undefined ? '' : ` (${plan['Actual Rows']} rows)`;
  const own =
    plan['Index Name'] !== undefined
      ? [`${plan['Node Type'].toLowerCase()} \`${plan['Index Name']}\`${rows}`]
      : plan['Node Type'].includes('Scan') && plan['Relation Name']
        ? [`${plan['Node Type'].toLowerCase()} \`${plan['Relation Name']}\`${rows}`]
        : [];
  return [...own, ...(plan.Plans ?? []).flatMap(scans)];
}

/** What each statement is, from its text. */
function statementName(text: string): string {
  if (text.includes('grouping(')) return 'facets and total';
  if (text.includes('"candidates"')) return 'suggestions (titles and categories)';
  if (text.includes('search_words')) return 'spelling';
  return 'page';
}

export async function searchExplainTable(url: string, cases: readonly [string, string][]): Promise<string> {
  const database = await openDatabase({ url, poolSize: 1 });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const sent = recordStatements(pool);
    const rows: string[] = [];
    for (const [kind, q] of cases) {
      const now = new Date();
      const run = () =>
        kind === 'suggest'
          ? service.suggest(database.db, now, q)
          : service.shop(database.db, now, ShopQuery.parse({ q }));
      await run();
      sent.length = 0;
      await run();
      for (const s of [...sent]) {
        if (!/^\s*(select|with)/i.test(s.sql)) continue;
        await client.query(s.sql, s.params);
        const r = await client.query<{
          'QUERY PLAN': [{ Plan: Plan; 'Execution Time': number; 'Planning Time': number }];
        }>(`explain (analyze, buffers, format json) ${s.sql}`, s.params);
        const [top] = r.rows[0]!['QUERY PLAN'];
        rows.push(
          `| ${kind === 'suggest' ? 'suggest' : 'search'} "${q}" | ${statementName(s.sql)} | ${[...new Set(scans(top.Plan))].join(', ')} | ${fmt(top['Planning Time'])} | **${fmt(top['Execution Time'])}** |`,
        );
      }
    }
    return rows.join('\n');
  } finally {
    await client.end();
    await database.close();
  }
}
