import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Database } from '../db/client';
import { type AdjustableClock, adjustableClock } from '../lib/clock';
import { createTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  clock: AdjustableClock;
  config: Config;
  close(): Promise<void>;
}

/** A real app on a real, empty, migrated database, with a clock the test moves. */
export async function createTestApp(
  opts: { env?: Record<string, string>; now?: Date; database?: Database } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    WEB_DIST: 'apps/web/dist-none',
    ...opts.env,
  });
  const clock = adjustableClock(opts.now ?? new Date('2026-06-15T18:00:00.000Z'));
  const app = await buildApp({ config, database, clock });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
