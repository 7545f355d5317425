import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase, runMigrations } from '../src/db/client';

/** Which database the medium tests run on: PGlite, or PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DB_KIND = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file (empty, without its migrations, when `migrate` is
 * false). On PostgreSQL each call creates its own database and drops it on close, so files can run
 * in parallel.
 */
export async function createTestDatabase({ migrate = true } = {}): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    if (migrate) await runMigrations(database);
    return database;
  }
  const name = `rebound_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 12 });
  if (migrate) await runMigrations(database);
  const close = database.close;
  return {
    ...database,
    async close() {
      // The drop below ends every connection to this database. Should one be left (a pool client
      // still on its way back when the app closed), its 'terminating connection' error is the
      // expected end of a test database, not a failure of the test that is closing it.
      database.onError(() => {});
      await close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
