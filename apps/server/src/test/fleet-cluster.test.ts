import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase, TEST_DB_KIND } from './database';

// One server per core (WEB_CONCURRENCY, decision 033): main.ts as a node:cluster primary on
// PostgreSQL forks workers that share the port, forks a new one when one dies, and on SIGTERM
// drains them all and exits 0. With the embedded database it warns and runs one process.
// Waits are for conditions; the limit only stops a hang.

const HANG_MS = 120_000;

async function until<T>(what: string, check: () => Promise<T | undefined | null | false> | T, ms = HANG_MS) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function start(port: number, env: Record<string, string>) {
  const lines: string[] = [];
  let rest = '';
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('../main.ts', import.meta.url))],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        TEST_CLOCK: 'false',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        SEED_ON_START: 'false',
        REDIS_URL: '',
        REALTIME: 'postgres',
        WEB_DIST: 'apps/web/dist-none',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const take = (d: Buffer) => {
    rest += String(d);
    const parts = rest.split('\n');
    rest = parts.pop()!;
    lines.push(...parts);
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, lines, exited };
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
  let child: ChildProcess | undefined;
  let database: Database | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
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
      child = server.child;
      const [a, b] = await until('two workers running', () => {
        if (server.child.exitCode !== null) throw new Error(server.lines.join('\n'));
        const pids = runningPids(server.lines);
        return pids.length >= 2 ? pids : null;
      });
      expect(a).not.toBe(server.child.pid);
      expect(b).not.toBe(server.child.pid);
      // The primary migrated once; the workers did not (they never say they seeded or migrated).
      for (let i = 0; i < 6; i++) expect((await fetch(`http://127.0.0.1:${port}/readyz`)).ok).toBe(true);

      // A worker killed outright is replaced; the port keeps answering meanwhile.
      process.kill(a!, 'SIGKILL');
      const replacement = await until('a replacement worker', () =>
        runningPids(server.lines).find((pid) => pid !== a && pid !== b),
      );
      expect(alive(replacement)).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).ok).toBe(true);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
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
      try {
        await until('the server running', () => {
          if (server.child.exitCode !== null) throw new Error(server.lines.join('\n'));
          return runningPids(server.lines).length > 0;
        });
        expect(runningPids(server.lines)).toEqual([server.child.pid]);
        expect(server.lines.join('\n')).toContain('WEB_CONCURRENCY=2 ignored: the embedded database');
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      }
    },
    HANG_MS + 30_000,
  );
});
