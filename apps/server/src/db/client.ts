import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { REPO_ROOT } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services use, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  /** The requests' handle: their pool of DATABASE_POOL_SIZE connections on PostgreSQL. */
  db: Db;
  /**
   * The background work's handle (the outbox sender and the interval jobs: closing, reminders,
   * deadlines): a small pool of its own on PostgreSQL (DATABASE_JOBS_POOL_SIZE), so that a server
   * whose requests queue for a connection still closes lots and sends alerts on time
   * (docs/decisions/074-background-work-on-its-own-connections.md). The same handle as `db` on PGlite
   * (one connection in all) or when that size is 0.
   */
  jobsDb: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL URL (postgres only). */
  url?: string;
  /** Runs a raw query (used by health checks and tests). */
  ping(): Promise<boolean>;
  /**
   * Receives the errors of idle pooled connections (a restarted database, a terminated backend);
   * the app sends them to its log. Without a listener they go to stderr.
   */
  onError(listener: (err: Error) => void): () => void;
  /** The connection pool's state and waits (PostgreSQL; null on PGlite, which has no pool), for /metrics. */
  poolStats(): PoolStats | null;
  /** The same for the background work's pool (null on PGlite or when it shares the requests' pool). */
  jobsPoolStats(): PoolStats | null;
  /**
   * Opens every connection of both pools now (PostgreSQL; nothing on PGlite), so the first requests
   * after a start do not each wait for a new database backend. The server calls it before it listens.
   */
  warm(): Promise<void>;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open, idle, and queries waiting for one right now. */
  total: number;
  idle: number;
  waiting: number;
  /** Since start: checkouts that found every connection busy, and the seconds they waited in all. */
  waits: number;
  waitSeconds: number;
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  release: () => void,
) => void;

/**
 * Counts the checkouts that must wait for a connection (the pool at its size, none idle) and how
 * long they waited, by wrapping the pool's connect (queries and transactions both go through it).
 */
function countPoolWaits(pool: pg.Pool, max: number): () => PoolStats {
  let waits = 0;
  let waitSeconds = 0;
  const original = pool.connect.bind(pool) as (cb?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((cb?: ConnectCallback) => {
    if (pool.idleCount > 0 || pool.totalCount < max) return original(cb);
    waits++;
    const started = performance.now();
    const waited = () => {
      waitSeconds += (performance.now() - started) / 1000;
    };
    if (cb)
      return original((err, client, release) => {
        waited();
        cb(err, client, release);
      });
    return original()!.finally(waited);
  }) as typeof pool.connect;
  return () => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    waits,
    waitSeconds,
  });
}

/** The SQL migrations, apps/server/drizzle (found from the repository root: the same from src or dist). */
export const MIGRATIONS_FOLDER = path.join(REPO_ROOT, 'apps/server/drizzle');

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory; 'memory://' keeps it in memory. */
  pgliteDir?: string;
  /** PGlite: start from this saved data directory (a `dumpDataDir` tarball) instead of an empty one. */
  pgliteDataDir?: Blob;
  poolSize?: number;
  /** Connections of the background work's own pool (`Database.jobsDb`); 0 shares the requests' pool. Default 2. */
  jobsPoolSize?: number;
}

/** A pool whose connections stay open once opened, with its waits counted and its errors passed on. */
function openPool(url: string, max: number, onError: (err: Error) => void) {
  // Connections once open stay open (min = max): a server that went quiet for ten seconds (the
  // pool's idle timeout) would otherwise meet the next burst by opening backends one by one.
  const pool = new pg.Pool({ connectionString: url, max, min: max });
  const stats = countPoolWaits(pool, max);
  // An idle client losing its connection must not take the process down, nor go unnoticed; the
  // pool drops that client and opens a new one on the next query.
  pool.on('error', onError);
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    stats,
    async warm() {
      const clients = await Promise.all(Array.from({ length: max }, () => pool.connect()));
      for (const client of clients) client.release();
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const listeners = new Set<(err: Error) => void>();
    const onError = (err: Error) => {
      if (listeners.size === 0) console.error('database pool error:', err);
      for (const listener of listeners) listener(err);
    };
    const requests = openPool(opts.url, opts.poolSize ?? 10, onError);
    const jobsSize = opts.jobsPoolSize ?? 2;
    const jobs = jobsSize > 0 ? openPool(opts.url, jobsSize, onError) : null;
    const db = requests.db;
    return {
      db,
      jobsDb: jobs?.db ?? db,
      kind: 'postgres',
      url: opts.url,
      ping: () => ping(db),
      onError(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      poolStats: requests.stats,
      jobsPoolStats: () => jobs?.stats() ?? null,
      async warm() {
        await Promise.all([requests.warm(), jobs?.warm()]);
      },
      async close() {
        await Promise.all([requests.close(), jobs?.close()]);
      },
    };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  // pg_trgm backs the shop's keyword search index; PGlite ships it but loads it only when asked.
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    ...(opts.pgliteDataDir ? { loadDataDir: opts.pgliteDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    jobsDb: db,
    kind: 'pglite',
    ping: () => ping(db),
    // In-process: there are no connections to lose.
    onError: () => () => {},
    poolStats: () => null,
    jobsPoolStats: () => null,
    warm: async () => {},
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Applies pending migrations. On PostgreSQL an advisory lock keeps several servers from racing. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    // A session-level advisory lock belongs to one connection: migrate on a dedicated client.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.end();
    }
    return;
  }
  await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
}
