import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { type Database, openDatabase, runMigrations } from './db/client';
import {
  auctionJobs,
  eventJobs,
  importJobs,
  maintenanceJobs,
  notificationJobs,
  orderJobs,
  pickupJobs,
  refundJobs,
  startJobs,
} from './jobs/runner';
import { adjustableClock, type Clock, systemClock } from './lib/clock';
import { isDatabaseEmpty, seedDemo } from './seed/demo';

export interface Started {
  app: FastifyInstance;
  database: Database;
  clock: Clock;
  url: string;
  seeded: boolean;
}

/** Opens the database, migrates, seeds an empty embedded database, builds the app and listens. */
export async function startServer(config: Config): Promise<Started> {
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    poolSize: config.databasePoolSize,
  });
  await runMigrations(database);
  const clock = config.testClock ? adjustableClock() : systemClock;
  let seeded = false;
  // Production never gets the demo store (loadConfig refuses SEED_ON_START there; this holds anyway).
  if (config.seedOnStart && config.env !== 'production' && (await isDatabaseEmpty(database.db))) {
    await seedDemo(database.db, { now: clock.now(), mediaDir: config.mediaDir });
    seeded = true;
  }
  const app = await buildApp({ config, database, clock });
  const stopJobs = startJobs(app, [
    ...auctionJobs(app),
    ...orderJobs(app),
    ...pickupJobs(app),
    ...notificationJobs(app),
    ...eventJobs(app),
    ...maintenanceJobs(app),
    ...importJobs(app),
    ...refundJobs(app),
  ]);
  app.addHook('onClose', async () => {
    await stopJobs();
    // A send woken by a request may still be on its way: let it mark its row before the pool goes.
    await app.deps.sender.close();
    await database.close();
  });
  const url = await app.listen({ host: config.host, port: config.port });
  return { app, database, clock, url, seeded };
}
