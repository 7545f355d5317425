import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { type AdjustableClock, adjustableClock } from '../src/lib/clock';
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
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
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

/**
 * The app for one test file: built before its tests (with `setup` run once on it) and closed after
 * them. Returns a stand-in that reads through to the app once it exists, so tests write `t.app`,
 * `t.db`, `t.clock` as usual:
 *
 *   const t = useTestApp({ now: NOW }, async (t) => { ... });
 */
export function useTestApp(
  opts: Parameters<typeof createTestApp>[0] = {},
  setup?: (t: TestApp) => Promise<void>,
): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(opts);
    if (setup) await setup(current);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!current)
        throw new Error(
          `useTestApp: t.${String(key)} read before the app was built (use it in a test or hook)`,
        );
      return current[key as keyof TestApp];
    },
  });
}
