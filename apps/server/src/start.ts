import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { type Database, openDatabase, runMigrations } from './db/client';
import { serverJobs, startJobs } from './jobs/runner';
import { adjustableClock, type Clock, systemClock } from './lib/clock';
import { requireTaxNumbers } from './modules/tax-registration';
import type { HubLog, RealtimeHub } from './realtime/hub';
import { redisHub } from './realtime/redis-hub';
import { isDatabaseEmpty, seedDemo } from './seed/demo';

/**
 * Connections the kernel may hold for this server before it accepts them (Node's default is 511;
 * Linux caps it at net.core.somaxconn). When a closing hour's shoppers arrive together and the event
 * loop is busy, a full queue drops their SYNs and each waits a second or more to retry.
 */
const LISTEN_BACKLOG = 4096;

export interface Started {
  app: FastifyInstance;
  database: Database;
  clock: Clock;
  url: string;
  seeded: boolean;
}

export interface StartOptions {
  /**
   * Migrate (and seed an empty database when asked) before starting: true by default. The workers
   * of a cluster (main.ts, WEB_CONCURRENCY) leave it to their primary, which does it once.
   */
  prepare?: boolean;
}

/**
 * Migrates the database and seeds it when empty and asked to; true when it seeded. Production goes
 * no further without the seller's tax numbers (configured or in Settings: docs/decisions/078).
 */
export async function prepareDatabase(config: Config, database: Database, clock: Clock): Promise<boolean> {
  await runMigrations(database);
  await requireTaxNumbers({ db: database.db, config });
  // Production never gets the demo store (loadConfig refuses SEED_ON_START there; this holds anyway).
  if (config.seedOnStart && config.env !== 'production' && (await isDatabaseEmpty(database.db))) {
    await seedDemo(database.db, { now: clock.now(), mediaDir: config.mediaDir });
    return true;
  }
  return false;
}

export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    poolSize: config.databasePoolSize,
    jobsPoolSize: config.databaseJobsPoolSize,
  });
}

/** Opens the database, migrates, seeds an empty embedded database, builds the app and listens. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<Started> {
  const database = await openConfiguredDatabase(config);
  const clock = config.testClock ? adjustableClock() : systemClock;
  let seeded = false;
  try {
    if (options.prepare !== false) seeded = await prepareDatabase(config, database, clock);
  } catch (err) {
    await database.close();
    throw err;
  }
  await database.warm();
  // The realtime fan-out: Redis pub/sub when chosen (config.realtime), else the app's default
  // (NOTIFY/LISTEN on PostgreSQL, in-process with the embedded database). Decision 033.
  let appLog: FastifyInstance['log'] | undefined;
  const hubLog: HubLog = {
    error: (obj, msg) => appLog?.error(obj, msg),
    warn: (obj, msg) => appLog?.warn(obj, msg),
    info: (obj, msg) => appLog?.info(obj, msg),
  };
  let hub: RealtimeHub | undefined;
  if (config.realtime === 'redis' && config.redisUrl) hub = await redisHub(config.redisUrl, hubLog);
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, database, clock, hub });
  } catch (err) {
    await hub?.close();
    throw err;
  }
  appLog = app.log;
  const stopJobs = startJobs(app, serverJobs(app));
  app.addHook('onClose', async () => {
    await stopJobs();
    // A send woken by a request may still be on its way: let it mark its row before the pool goes.
    await app.deps.sender.close();
    await hub?.close();
    await database.close();
  });
  const url = await app.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG });
  return { app, database, clock, url, seeded };
}
