// npm run seed:large -w @rebound/server -- --products 100000 --bids 1000000
// Benchmark-sized data on top of whatever is in the database (demo or empty). Options:
//   --products N   (default 100000)     --bids N        (default 1000000)
//   --users N      bidder pool (5000)   --chunk N       auctions per bid statement (10000)
//   --concurrency N  parallel bid statements (2 on PostgreSQL, 1 on PGlite)
//   --tag x        row tag (default: base-36 time)   --no-images   skip the shared product images
// Database and media as for the demo seed: DATABASE_URL, else PGlite under DATA_DIR.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, runMigrations } from '../db/client';
import { seedLarge } from './large';
import { databaseOptions, dataDir, describeDatabase, productionSeedRefusal } from './paths';

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got ${value}`);
  return n;
}

async function main(): Promise<number> {
  const refusal = productionSeedRefusal('benchmark data');
  if (refusal) {
    console.error(refusal);
    return 1;
  }
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      bids: { type: 'string' },
      users: { type: 'string' },
      chunk: { type: 'string' },
      concurrency: { type: 'string' },
      tag: { type: 'string' },
      'no-images': { type: 'boolean' },
    },
  });
  const dbOptions = databaseOptions();
  console.log(`Database: ${describeDatabase(dbOptions)}`);
  const database = await openDatabase({ ...dbOptions, poolSize: 4 });
  try {
    await runMigrations(database);
    const products = positive('products', values.products, 100_000);
    const bids = positive('bids', values.bids, 1_000_000);
    console.log(
      `Generating ${products.toLocaleString('en-CA')} products and ${bids.toLocaleString('en-CA')} bids:`,
    );
    const summary = await seedLarge(database.db, {
      products,
      bids,
      users: positive('users', values.users, 5_000),
      chunkSize: positive('chunk', values.chunk, 10_000),
      concurrency: positive('concurrency', values.concurrency, database.kind === 'postgres' ? 2 : 1),
      ...(values.tag !== undefined ? { tag: values.tag } : {}),
      ...(values['no-images'] ? {} : { mediaDir: join(dataDir(), 'media') }),
      log: (line) => console.log(line),
    });
    console.log(
      `Done in ${(summary.totalMs / 1000).toFixed(1)}s (tag ${summary.tag}): ${summary.products} products, auctions ` +
        `${summary.auctions.live} live / ${summary.auctions.scheduled} scheduled / ${summary.auctions.ended} ended, ` +
        `${summary.bids} bids, ${summary.maxBids} max bids, ${summary.orders} orders, ${summary.users} bidders.`,
    );
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
