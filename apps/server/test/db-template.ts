// The medium tier's migrated template (docs/decisions/083-one-migrated-template-per-run.md): the
// migrations run once per test run, in Vitest's global setup, and every test file's database starts
// as a copy of the result, instead of running every migration again for each file.
//
// - PostgreSQL: a database `rebound_tpl_<hash>` marked as a template; each file's database is
//   `CREATE DATABASE … TEMPLATE` of it (a file copy inside the server). Dropped at the end of the run.
// - PGlite: the migrated data directory saved as a tarball in the system's temp folder; each file's
//   in-memory database is opened from it (`loadDataDir`). Deleted at the end of the run.
//
// The hash is of the migrations folder's files, so a template is never reused across a change of
// the migrations. Outside Vitest (the benches) nothing is provided and each database migrates itself.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../src/db/client';

/** What the global setup hands every test file: where its template is. */
export type DbTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate | null;
  }
}

/** A short hash of every file of the migrations folder (names and contents). */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 12);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Builds the template for this run's database kind; returns it and how to remove it. */
export async function buildDbTemplate(
  adminUrl: string | undefined,
): Promise<{ template: DbTemplate; remove: () => Promise<void> }> {
  const hash = migrationsHash();
  if (!adminUrl) {
    const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
    try {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
      const dump = await client.dumpDataDir('gzip');
      const file = path.join(tmpdir(), `rebound-test-template-${hash}-${process.pid}.tar.gz`);
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      return {
        template: { kind: 'pglite', file },
        remove: async () => rmSync(file, { force: true }),
      };
    } finally {
      await client.close();
    }
  }

  // Built under a name of its own, migrated, then marked as a template: a run that stops half way
  // leaves a database no later run takes for a template.
  const name = `rebound_tpl_${hash}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`);
    await admin.query(`create database ${quoteIdent(name)}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const { drizzle } = await import('drizzle-orm/node-postgres');
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.end();
    }
    // No connection may stay on a template while it is copied; marking it keeps new ones out.
    await admin.query(
      `update pg_database set datistemplate = true, datallowconn = false where datname = $1`,
      [name],
    );
  } finally {
    await admin.end();
  }
  return {
    template: { kind: 'postgres', name },
    remove: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`update pg_database set datistemplate = false where datname = $1`, [name]);
        await dropper.query(`drop database if exists ${quoteIdent(name)} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** The template this test file may start from, or null (outside Vitest, or none was built). */
export async function providedDbTemplate(): Promise<DbTemplate | null> {
  if (!process.env.VITEST) return null;
  const { inject } = await import('vitest');
  try {
    return inject('dbTemplate') ?? null;
  } catch {
    return null;
  }
}

/** The saved PGlite data directory of a template, read once per worker. */
const pgliteDumps = new Map<string, Blob>();
export function pgliteTemplateData(file: string): Blob {
  let blob = pgliteDumps.get(file);
  if (!blob) {
    blob = new Blob([readFileSync(file)]);
    pgliteDumps.set(file, blob);
  }
  return blob;
}
