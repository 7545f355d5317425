import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase, runMigrations } from '../src/db/client';
import { pgliteTemplateData, providedDbTemplate } from './db-template';

/** Which database the medium tests run on: PGlite, or PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DB_KIND = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file (empty, without its migrations, when `migrate` is
 * false): a copy of the run's migrated template when there is one (test/db-template.ts). On PostgreSQL each call creates its own database and drops it on close, so files can run
 * in parallel.
 */
export async function createTestDatabase({ migrate = true } = {}): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  // The run's migrated template (test/db-template.ts), when Vitest's global setup built one.
  const template = migrate ? await providedDbTemplate() : null;
  if (!adminUrl) {
    if (template?.kind === 'pglite') {
      return openDatabase({ pgliteDir: 'memory://', pgliteDataDir: pgliteTemplateData(template.file) });
    }
    const database = await openDatabase({ pgliteDir: 'memory://' });
    if (migrate) await runMigrations(database);
    return database;
  }
  const name = `rebound_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const copied = template?.kind === 'postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    copied ? `create database ${name} template "${template.name}"` : `create database ${name}`,
  );
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 12 });
  if (migrate && !copied) await runMigrations(database);
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
