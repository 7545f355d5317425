// The shop search's relevance on the demo store: precision at 10 and recall over the relevance set
// (apps/server/src/modules/catalog/relevance-set.ts), every query asked as relevance.test.ts asks it
// (GET /api/shop?q= on the demo store seeded at RELEVANCE_NOW, through the app in this process).
// Writes the 'relevance' section of docs/benchmarks.md.
//
//   npx tsx bench/relevance.ts            (embedded PGlite, in memory)
//   TEST_DATABASE_URL=postgres://... npx tsx bench/relevance.ts   (a PostgreSQL database made for it)

import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { adjustableClock } from '../apps/server/src/lib/clock';
import {
  judgeRelevance,
  RELEVANCE_NOW,
  RELEVANCE_SET,
  type RelevanceFigures,
  type RelevanceJudgement,
  type RelevanceKind,
  type RelevanceQuery,
  relevanceFigures,
} from '../apps/server/src/modules/catalog/relevance-set';
import { createTestDatabase, TEST_DB_KIND } from '../apps/server/test/database';
import { askShop, relevanceText, seedRelevanceStore } from '../apps/server/test/relevance';
import { machine, writeSection } from './lib';

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

interface Result {
  query: RelevanceQuery;
  text: string;
  judgement: RelevanceJudgement;
  /** Lots among the first 10 that are no fair answer. */
  strays: string[];
  /** A stray comes before a fair lot. */
  strayAbove: boolean;
  total: number;
}

async function main() {
  // The test harness's app (apps/server/test/harness.ts createTestApp), built here outside Vitest.
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    WEB_DIST: 'apps/web/dist-none',
  });
  const clock = adjustableClock(RELEVANCE_NOW);
  const app = await buildApp({ config, database, clock });
  await app.ready();
  const t = { app, db: database.db, clock };
  const removeMedia = await seedRelevanceStore(t);
  const results: Result[] = [];
  try {
    for (const query of RELEVANCE_SET) {
      const text = await relevanceText(t, query);
      const answer = await askShop(t, text);
      const judgement = judgeRelevance(query, answer);
      const fair = new Set([...query.top10, ...(query.alsoRelevant ?? [])]);
      const isFair = (lot: { title: string; categoryName: string }) =>
        fair.has(lot.title) || lot.categoryName === query.allOfCategory;
      const first10 = answer.lots.slice(0, 10);
      const strays = first10.filter((lot) => !isFair(lot)).map((lot) => lot.title);
      const firstStray = first10.findIndex((lot) => !isFair(lot));
      const strayAbove = firstStray >= 0 && first10.slice(firstStray).some(isFair);
      results.push({ query, text, judgement, strays, strayAbove, total: answer.total });
      const mark = judgement.misses.length === 0 ? 'ok  ' : 'MISS';
      console.log(
        `${mark} ${text.padEnd(28)} ${judgement.found}/${judgement.required} found, ${judgement.relevant}/${judgement.shown} fair${answer.correction ? ` (as '${answer.correction}')` : ''}`,
      );
      for (const miss of judgement.misses) console.log(`       ${miss}`);
    }
  } finally {
    await removeMedia();
    await app.close();
    await database.close();
  }

  const all = relevanceFigures(results);
  const kinds = [...new Set(RELEVANCE_SET.map((q) => q.kind))];
  const byKind = new Map<RelevanceKind, RelevanceFigures>(
    kinds.map((kind) => [kind, relevanceFigures(results.filter((r) => r.query.kind === kind))]),
  );
  const row = (name: string, f: RelevanceFigures, nothing = false) =>
    `| ${name} | ${f.queries} | ${nothing ? '—' : pct(f.precisionAt10)} | ${nothing ? '—' : pct(f.recall)} | ${nothing ? `${f.nothingFound} of ${f.nothingQueries} found nothing` : ''} | ${f.passed} of ${f.queries} |`;
  const strayLines = results
    .filter((r) => r.strays.length > 0)
    .sort((a, b) => b.strays.length - a.strays.length)
    .map(
      (r) =>
        `- '${r.text}' (${r.query.kind}): ${r.strays.length} of ${r.judgement.shown}${r.strayAbove ? ', one above a fair lot' : ''}: ${[...new Set(r.strays)].slice(0, 2).join('; ')}`,
    );
  const corrected = results.filter((r) => r.query.correctedTo !== undefined).length;
  console.log(
    `\nprecision@10 ${pct(all.precisionAt10)}, recall ${pct(all.recall)}, ${all.passed} of ${all.queries} queries pass`,
  );

  writeSection(
    'relevance',
    `## Search relevance on the demo store

\`npx tsx bench/relevance.ts\` (${new Date().toISOString().slice(0, 10)}), ${machine()}, ${TEST_DB_KIND === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}.
The relevance set (\`apps/server/src/modules/catalog/relevance-set.ts\`): ${all.queries} queries a shopper would type
on the demo store, each with the lots it must show in its first 10 results (a title stands for every lot of that
title), the lot it must show first (a SKU, GTIN or model number), the close spelling it must be answered with
(${corrected} typos), the category all of its first 10 must belong to (a category word), or nothing at all (${all.nothingQueries}
queries for what the store does not sell now). Each query goes through the shop's own search as a shopper's
browser sends it: \`GET /api/shop?q=\` on the demo store seeded at the set's time, relevance order, the lots on sale
(${'`apps/server/test/relevance.ts`'}; \`relevance.test.ts\` fails on any miss).

- **precision@10**: of the lots a query shows in its first 10, the share that is a fair answer (a lot it must
  show, one listed as also fair, or one of its category for a category word), averaged over the queries that
  show any.
- **recall**: of all the lots the queries must show in their first 10, the share shown.

| queries | count | precision@10 | recall | nothing | pass |
| --- | ---: | ---: | ---: | --- | ---: |
${kinds.map((kind) => row(kind, byKind.get(kind)!, kind === 'nothing')).join('\n')}
| **all** | ${all.queries} | **${pct(all.precisionAt10)}** | **${pct(all.recall)}** | ${all.nothingFound} of ${all.nothingQueries} found nothing | ${all.passed} of ${all.queries} |

Where precision is lost (lots in the first 10 that are no fair answer; all ranked below the fair ones unless said):

${strayLines.length === 0 ? '- nowhere' : strayLines.join('\n')}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
