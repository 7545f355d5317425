// A medium test file's database: migrated from nothing (every migration, as each file used to) against
// copied from the run's migrated template (apps/server/test/db-template.ts), on PGlite and on
// PostgreSQL, in one script. Prints the time per database and the ratio, and writes the section
// 'test-db' of docs/benchmarks.md.
// Run: npx tsx bench/test-db.bench.ts [--n 8]
import os from 'node:os';
import { MIGRATIONS_FOLDER, openDatabase, runMigrations } from '../apps/server/src/db/client';
import { createTestDatabase } from '../apps/server/test/database';
import { buildDbTemplate, pgliteTemplateData } from '../apps/server/test/db-template';
import { cli, fmt, machine, PG_URL, writeSection } from './lib';

const arg = cli.number;
const N = arg('n', 8);

async function timed(n: number, make: () => Promise<{ close(): Promise<void> }>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const database = await make();
    times.push(performance.now() - t0);
    await database.close();
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const rows: string[] = [];
const loadAtStart = os.loadavg()[0]!.toFixed(1);

// PGlite: every migration on an empty in-memory database, then the same database loaded from the dump.
{
  const { template, remove } = await buildDbTemplate(undefined);
  if (template.kind !== 'pglite') throw new Error('expected a PGlite template');
  const migrated = await timed(N, async () => {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    await runMigrations(database);
    return database;
  });
  const copied = await timed(N, () =>
    openDatabase({ pgliteDir: 'memory://', pgliteDataDir: pgliteTemplateData(template.file) }),
  );
  // The least any file's database can cost: PGlite started empty, no migrations.
  const empty = await timed(N, () => openDatabase({ pgliteDir: 'memory://' }));
  await remove();
  rows.push(
    `| PGlite | ${fmt(migrated, 0)} ms | ${fmt(copied, 0)} ms | ${(migrated / copied).toFixed(1)}× | ${fmt(empty, 0)} ms |`,
  );
}

// PostgreSQL: CREATE DATABASE + every migration, then CREATE DATABASE … TEMPLATE.
{
  process.env.TEST_DATABASE_URL = PG_URL;
  const migrated = await timed(N, () => createTestDatabase());
  const { template, remove } = await buildDbTemplate(PG_URL);
  if (template.kind !== 'postgres') throw new Error('expected a PostgreSQL template');
  const { default: pg } = await import('pg');
  const copied = await timed(N, async () => {
    const name = `rebound_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name} template "${template.name}"`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 2, jobsPoolSize: 0 });
    return {
      async close() {
        await database.close();
        const dropper = new pg.Client({ connectionString: PG_URL });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  });
  await remove();
  rows.push(
    `| PostgreSQL | ${fmt(migrated, 0)} ms | ${fmt(copied, 0)} ms | ${(migrated / copied).toFixed(1)}× | — |`,
  );
}

const migrations = (await import('node:fs'))
  .readdirSync(MIGRATIONS_FOLDER)
  .filter((f) => f.endsWith('.sql')).length;
const md = `## A medium test file's database: migrated, or copied from the template

\`npx tsx bench/test-db.bench.ts\` (${machine()}; load average ${loadAtStart} at the start). Median of ${N}
databases each: one made by running all ${migrations} migrations (what every medium test file did before),
one copied from the run's migrated template (\`apps/server/test/db-template.ts\`). The PGlite row also
gives an empty database with no migrations, the least any file's database can cost.

| database | migrated | from the template | ratio | empty, for scale |
| -------- | -------- | ----------------- | ----- | ---------------- |
${rows.join('\n')}
`;
console.log(md);
writeSection('test-db', md);
process.exit(0);
