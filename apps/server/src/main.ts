import cluster, { type Worker } from 'node:cluster';
import { PAYMENTS_NOT_CONFIGURED } from './adapters/payments';
import { pushIsOff } from './adapters/push/index';
import { type Config, ConfigError, loadConfig } from './config';
import { adjustableClock, systemClock } from './lib/clock';
import { installShutdown } from './lib/shutdown';
import { PUSH_OFF_WARNING } from './modules/notifications';
import { openConfiguredDatabase, prepareDatabase, startServer } from './start';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // One server per core (WEB_CONCURRENCY, decision 033): a node:cluster primary migrates once, then
  // forks workers that share the port. Only with PostgreSQL: the embedded database is one process's.
  if (cluster.isPrimary && config.webConcurrency > 1) {
    if (config.databaseUrl) return runPrimary(config);
    primaryLog(
      config,
      'warn',
      `WEB_CONCURRENCY=${config.webConcurrency} ignored: the embedded database (no DATABASE_URL) runs in one process; set DATABASE_URL to run several`,
    );
  }

  const worker = cluster.isWorker;
  const { app, seeded } = await startServer(config, { prepare: !worker });
  // SIGTERM/SIGINT: sockets told to reconnect, requests in flight finished, jobs and database closed.
  // Installed before the server says it is running: a supervisor (or a test) that stops it on that
  // line must find the handler there, or the signal's default action kills the process mid-way.
  installShutdown(app, { graceMs: config.shutdownGraceMs });
  if (worker) {
    const tell = () => process.send?.({ rebound: 'draining' });
    process.once('SIGTERM', tell);
    process.once('SIGINT', tell);
  }
  const shown = config.publicUrl;
  app.log.info(`Rebound is running at ${shown} (${config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'})`);
  // A cluster's primary has said the rest once already (runPrimary).
  if (!worker) {
    if (seeded) app.log.info('Demo data seeded.');
    if (config.env !== 'production') {
      app.log.info(
        'Demo sign-in: staff@rebound.test / staff-demo-2026 · ava@rebound.test / shopper-demo-2026',
      );
    }
    // (The push-off warning came from the outbox sender as the app started.)
    for (const warning of startupWarnings(config)) app.log.warn(warning);
  }
}

/** What is not configured, said once at start: by the server, or by a cluster's primary for its workers. */
function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (!config.payments.stripe && !config.payments.testCheckout) warnings.push(PAYMENTS_NOT_CONFIGURED);
  if (!config.webDist)
    warnings.push('The web app is not built: run `npm run build` (npm start does it for you).');
  return warnings;
}

/** One line from the primary, in the app's log format (it has no Fastify logger of its own). */
function primaryLog(config: Config, level: 'info' | 'warn' | 'error', msg: string, extra: object = {}) {
  if (config.logLevel === 'silent') return;
  if (level === 'info' && ['fatal', 'error', 'warn'].includes(config.logLevel)) return;
  const levels = { info: 30, warn: 40, error: 50 };
  const line =
    config.logFormat === 'json'
      ? JSON.stringify({
          level: levels[level],
          time: Date.now(),
          pid: process.pid,
          role: 'primary',
          ...extra,
          msg,
        })
      : `${level.toUpperCase()} [primary ${process.pid}] ${msg}`;
  (level === 'info' ? console.log : console.error)(line);
}

/**
 * The cluster's primary: migrates (and seeds when asked) once, forks `webConcurrency` workers, forks
 * a new one whenever one dies, and on SIGTERM/SIGINT passes the signal on to every worker (each
 * drains as lib/shutdown.ts does) and exits once all have stopped.
 */
async function runPrimary(config: Config) {
  const count = config.webConcurrency;
  const database = await openConfiguredDatabase(config);
  try {
    const seeded = await prepareDatabase(
      config,
      database,
      config.testClock ? adjustableClock() : systemClock,
    );
    if (seeded) primaryLog(config, 'info', 'Demo data seeded.');
  } finally {
    await database.close();
  }
  // Said here once for all the workers, which keep quiet about it.
  if (pushIsOff(config)) primaryLog(config, 'warn', PUSH_OFF_WARNING);
  for (const warning of startupWarnings(config)) primaryLog(config, 'warn', warning);

  let stopping = false;
  let failures = 0;
  const startedAt = new Map<Worker, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  cluster.on('online', (worker) => {
    primaryLog(config, 'info', `worker ${worker.process.pid} started`, { worker: worker.process.pid });
  });
  cluster.on('exit', (worker, code, signal) => {
    const began = startedAt.get(worker) ?? 0;
    startedAt.delete(worker);
    if (stopping) {
      if (code !== 0) failures += 1;
      if (startedAt.size === 0) {
        primaryLog(config, 'info', 'all workers stopped');
        process.exit(failures > 0 ? 1 : 0);
      }
      return;
    }
    primaryLog(
      config,
      'error',
      `worker ${worker.process.pid} died (${signal ?? `code ${code}`}); starting another`,
      {
        worker: worker.process.pid,
        code,
        signal,
      },
    );
    // A worker that dies at once (a bad start) is not forked again in a tight loop.
    const quick = Date.now() - began < 5_000;
    setTimeout(fork, quick ? 1_000 : 0);
  });

  // Workers that began draining by themselves (a signal sent to the whole process group: Ctrl-C,
  // `timeout`, a container's stop) say so, and are not signalled twice (a second signal cuts the drain).
  const draining = new Set<number>();
  cluster.on('message', (worker, message) => {
    if ((message as { rebound?: string } | null)?.rebound === 'draining' && worker.process.pid)
      draining.add(worker.process.pid);
  });
  let stopAt = 0;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // The same stop often arrives twice at once (to the process and to its group): only a later
      // one is a request to hurry.
      if (Date.now() - stopAt < 2_000) return;
      primaryLog(config, 'warn', 'second signal: stopping the workers now');
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    stopAt = Date.now();
    primaryLog(config, 'info', `${signal}: stopping ${startedAt.size} workers`, { signal });
    if (startedAt.size === 0) process.exit(0);
    setTimeout(() => {
      for (const worker of startedAt.keys()) {
        if (!draining.has(worker.process.pid ?? -1)) worker.process.kill('SIGTERM');
      }
    }, 300).unref();
    // Each worker exits by itself within its grace; one that does not is stopped.
    setTimeout(() => {
      primaryLog(config, 'error', 'workers still running after the grace period: stopping them');
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
    }, config.shutdownGraceMs + 15_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  primaryLog(config, 'info', `starting ${count} server processes on port ${config.port}`, { workers: count });
  for (let i = 0; i < count; i++) fork();
}

main().catch((err) => {
  console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
