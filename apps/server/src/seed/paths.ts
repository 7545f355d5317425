import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../config';

/** Where local data lives: DATA_DIR (relative to the repository root, as in config.ts), else <repo>/data. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(REPO_ROOT, env.DATA_DIR ?? 'data');
}

/** The database the CLIs open: DATABASE_URL (PostgreSQL), else PGlite under the data directory. */
export function databaseOptions(env: NodeJS.ProcessEnv = process.env): { url?: string; pgliteDir: string } {
  const pgliteDir = join(dataDir(env), 'pglite');
  return env.DATABASE_URL ? { url: env.DATABASE_URL, pgliteDir } : { pgliteDir };
}

/** Prints a database URL without its password. */
export function describeDatabase(opts: { url?: string; pgliteDir: string }): string {
  if (!opts.url) return `PGlite at ${opts.pgliteDir}`;
  try {
    const u = new URL(opts.url);
    if (u.password) u.password = '***';
    return `PostgreSQL ${u.toString()}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/**
 * The line a seeding CLI prints, exiting 1, when run with NODE_ENV=production: seeded accounts have
 * published passwords, so production never gets them, whatever the database. Null elsewhere.
 */
export function productionSeedRefusal(what: string, env: NodeJS.ProcessEnv = process.env): string | null {
  return env.NODE_ENV === 'production'
    ? `Refused: ${what} is never seeded with NODE_ENV=production (its accounts have published passwords).`
    : null;
}
