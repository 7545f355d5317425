import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { type ChildServer, freePort, startChildServer, stopChildServers, until } from './child-server';
import { createTestDatabase, TEST_DB_KIND } from './database';

// One server per core (WEB_CONCURRENCY, decision 033): main.ts as a node:cluster primary on
// PostgreSQL forks workers that share the port, forks a new one when one dies, and on SIGTERM
// drains them all and exits 0. With the embedded database it warns and runs one process.
// Waits are for conditions; the limit only stops a hang.

const HANG_MS = 120_000;

function start(port: number, env: Record<string, string>): ChildServer {
  return startChildServer({
    port,
    env: {
      NODE_ENV: 'test',
      TEST_CLOCK: 'false',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      SEED_ON_START: 'false',
      REDIS_URL: '',
      REALTIME: 'postgres',
      WEB_DIST: 'apps/web/dist-none',
      ...env,
    },
  });
}

/** The pids of the workers that said they are running. */
function runningPids(lines: string[]): number[] {
  const pids = new Set<number>();
  for (const line of lines) {
    if (!line.includes('Rebound is running')) continue;
    try {
      pids.add((JSON.parse(line) as { pid: number }).pid);
    } catch {}
  }
  return [...pids];
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('WEB_CONCURRENCY', () => {
  let database: Database | undefined;
  afterAll(async () => {
    await stopChildServers();
    await database?.close();
  }, 60_000);

  it.runIf(TEST_DB_KIND === 'postgres')(
    'runs two workers on one port, replaces one that dies, and drains both on SIGTERM',
    async () => {
      database = await createTestDatabase();
      const port = await freePort();
      const server = start(port, {
        DATABASE_URL: database.url!,
        WEB_CONCURRENCY: '2',
        SHUTDOWN_GRACE_MS: '5000',
      });
      const [a, b] = await until(
        'two workers running',
        () => {
          if (!server.running()) throw new Error(server.output());
          const pids = runningPids(server.lines);
          return pids.length >= 2 ? pids : null;
        },
        HANG_MS,
      );
      expect(a).not.toBe(server.pid);
      expect(b).not.toBe(server.pid);
      // The primary migrated once; the workers did not (they never say they seeded or migrated).
      for (let i = 0; i < 6; i++) expect((await fetch(`http://127.0.0.1:${port}/readyz`)).ok).toBe(true);

      // A worker killed outright is replaced; the port keeps answering meanwhile.
      process.kill(a!, 'SIGKILL');
      const replacement = await until(
        'a replacement worker',
        () => runningPids(server.lines).find((pid) => pid !== a && pid !== b),
        HANG_MS,
      );
      expect(alive(replacement)).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).ok).toBe(true);

      expect(await server.stop({ graceMs: HANG_MS })).toBe(0);
      for (const pid of [b!, replacement]) expect(alive(pid)).toBe(false);
      const text = server.lines.join('\n');
      expect(text).toContain('all workers stopped');
      // Each worker went through the graceful shutdown of lib/shutdown.ts.
      expect(server.lines.filter((l) => l.includes('"msg":"stopped"'))).toHaveLength(2);
    },
    HANG_MS + 30_000,
  );

  it(
    'warns and runs one process with the embedded database',
    async () => {
      const port = await freePort();
      const server = start(port, { DATABASE_URL: '', DATA_DIR: 'memory://', WEB_CONCURRENCY: '2' });
      await server.waitForLine(/Rebound is running/, 'the server running', HANG_MS);
      expect(runningPids(server.lines)).toEqual([server.pid]);
      expect(server.lines.join('\n')).toContain('WEB_CONCURRENCY=2 ignored: the embedded database');
      expect(await server.stop({ graceMs: HANG_MS })).toBe(0);
    },
    HANG_MS + 30_000,
  );
});
