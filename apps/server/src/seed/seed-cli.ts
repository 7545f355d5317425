// npm run db:seed — fills an empty database with the demo store and prints the demo sign-ins.
//   DATABASE_URL   PostgreSQL; otherwise PGlite at ${DATA_DIR:-<repo>/data}/pglite
//   DATA_DIR       data directory (images go to ${DATA_DIR}/media)
//   --force        accepted for habit's sake, but the seed still only runs on an empty database
// Refused (exit 1) with NODE_ENV=production: production never has demo accounts.
import { join } from 'node:path';
import { openDatabase, runMigrations } from '../db/client';
import { isDatabaseEmpty, seedDemo } from './demo';
import { databaseOptions, dataDir, describeDatabase, productionSeedRefusal } from './paths';

async function main(): Promise<number> {
  const refusal = productionSeedRefusal('the demo store');
  if (refusal) {
    console.error(refusal);
    return 1;
  }
  const force = process.argv.includes('--force');
  const dbOptions = databaseOptions();
  const mediaDir = join(dataDir(), 'media');
  console.log(`Database: ${describeDatabase(dbOptions)}`);
  const started = performance.now();
  const database = await openDatabase(dbOptions);
  try {
    await runMigrations(database);
    const migrated = performance.now();
    if (!(await isDatabaseEmpty(database.db))) {
      console.log(
        force
          ? 'The database already has data: --force does not overwrite it. Seed a new DATA_DIR or an empty database.'
          : 'The database already has data: nothing seeded.',
      );
      return 0;
    }
    const summary = await seedDemo(database.db, {
      now: new Date(),
      mediaDir,
      ...(process.env.SEED_STAFF_PASSWORD ? { staffPassword: process.env.SEED_STAFF_PASSWORD } : {}),
      ...(process.env.SEED_SHOPPER_PASSWORD ? { shopperPassword: process.env.SEED_SHOPPER_PASSWORD } : {}),
    });
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;
    console.log(
      `Seeded the demo store in ${seconds(performance.now() - migrated)} ` +
        `(open + migrate ${seconds(migrated - started)}; images in ${mediaDir}).`,
    );
    console.log(
      `Auctions: ${summary.auctions.live} live (${summary.auctions.endingWithin10Minutes} ending within 10 minutes), ` +
        `${summary.auctions.scheduled} scheduled, ${summary.auctions.ended} ended.`,
    );
    console.log(
      `Rows: ${Object.entries(summary.counts)
        .map(([table, n]) => `${table} ${n}`)
        .join(', ')}.`,
    );
    console.log("Items of several units ('More of this item', 'Sold before'; decision 092):");
    for (const item of summary.items) {
      console.log(
        `  ${item.title}: ${item.sold.length} sold, ${item.live.length} live, ${item.scheduled.length} upcoming (/product/${item.live[0] ?? item.sold[0]})`,
      );
    }
    console.log('Demo sign-ins:');
    for (const c of summary.credentials) {
      console.log(`  ${c.role.padEnd(7)} ${c.email.padEnd(22)} ${c.handle.padEnd(14)} ${c.password}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
