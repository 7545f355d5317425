import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND } from '../../test/database';
import { type Database, MIGRATIONS_FOLDER, openDatabase, runMigrations } from './client';

// Servers that boot together (a deploy starting several at once, a crashed one restarted while
// another starts) each run the pending migrations: the advisory lock in runMigrations makes one of
// them migrate while the others wait, then find nothing to do (docs/operations.md, "Upgrades
// without stopping bids"). PostgreSQL only: PGlite is one process's own database.
describe.skipIf(TEST_DB_KIND !== 'postgres')('migrations at boot, several servers at once', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `upg_migrate_race_${process.pid}_${randomBytes(4).toString('hex')}`;
  const opened: Database[] = [];

  async function admin(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  afterAll(async () => {
    for (const database of opened) await database.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('four servers migrating an empty database together apply every migration once', async () => {
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    for (let i = 0; i < 4; i++) opened.push(await openDatabase({ url: url.toString(), poolSize: 2 }));

    // All at once; without the lock the later ones fail on tables the first is creating.
    const outcomes = await Promise.allSettled(opened.map((database) => runMigrations(database)));
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);

    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    const recorded = async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const rows = await client.query<{ created_at: string }>(
          'select created_at from drizzle.__drizzle_migrations order by created_at',
        );
        return rows.rows.map((r) => Number(r.created_at));
      } finally {
        await client.end();
      }
    };
    expect(await recorded()).toEqual(journal.entries.map((e) => e.when));

    // A server booting later finds nothing to apply and records nothing more.
    await runMigrations(opened[0]!);
    expect(await recorded()).toEqual(journal.entries.map((e) => e.when));
  });
});
