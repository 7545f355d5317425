import { createHash, timingSafeEqual } from 'node:crypto';
import { errorMessage } from '@rebound/contract/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { isLoopback } from '../../lib/loopback';
import { auctionCloseLagSeconds } from '../auctions';
import { onBidBatch } from '../bidding';
import { outboxGauges } from '../notifications';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** `Authorization: Bearer <token>` matches METRICS_TOKEN (compared in constant time). */
function hasToken(request: FastifyRequest, token: string | null): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return token !== null && match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * Prometheus metrics at /metrics: process defaults, request durations by route, bid batches, the
 * outbox, jobs, the realtime listener and the database pool. What each is for and the alerts on
 * them: docs/operations.md (Metrics and alerts), ops/prometheus/rules.yml.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  // Read from the hub at scrape time: it owns the LISTEN connection's state.
  const { hub } = app.deps;
  new Gauge({
    name: 'rebound_realtime_listen_connected',
    help: '1 while live updates reach this server (its PostgreSQL LISTEN connection is up; always 1 on PGlite)',
    registers: [registry],
    collect() {
      this.set(hub.status().listening ? 1 : 0);
    },
  });
  new Counter({
    name: 'rebound_realtime_listen_reconnects_total',
    help: 'Times the PostgreSQL LISTEN connection was lost and came back (each sends ResyncV1 to every socket)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(hub.status().reconnects);
    },
  });

  // The outbox (docs/decisions/018-outbox-sender.md): read from the database at scrape time, so
  // every server reports the shared totals. One query per scrape: the gauges collected together
  // share it.
  let outboxQuery: ReturnType<typeof outboxGauges> | null = null;
  const outboxNow = () => {
    outboxQuery ??= outboxGauges(app.deps.db).finally(() => {
      outboxQuery = null;
    });
    return outboxQuery.catch(() => null);
  };
  new Gauge({
    name: 'rebound_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest outbox message not yet sent (0 when none waits)',
    registers: [registry],
    async collect() {
      const g = await outboxNow();
      // Messages are queued at the shop's clock (the same as the wall clock outside tests).
      const now = app.deps.clock.now().getTime();
      if (g) this.set(g.oldestPendingAt ? Math.max(0, (now - g.oldestPendingAt.getTime()) / 1000) : 0);
    },
  });
  new Gauge({
    name: 'rebound_outbox_pending',
    help: 'Outbox messages not yet sent (waiting, retrying or on their way)',
    registers: [registry],
    async collect() {
      const g = await outboxNow();
      if (g) this.set(g.pending);
    },
  });
  new Gauge({
    name: 'rebound_outbox_dead',
    help: 'Outbox messages the sender gave up on (dead letters, each with its last error)',
    registers: [registry],
    async collect() {
      const g = await outboxNow();
      if (g) this.set(g.dead);
    },
  });

  // Bids are decided in batches, one transaction per batch (docs/decisions/038): how long each
  // took, commit and publish included. Only this app's batches (tests run several in one process).
  const batchDuration = new Histogram({
    name: 'rebound_bid_batch_duration_seconds',
    help: 'Time of one bid batch: its transaction (row lock wait included), commit and publish',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const batchSize = new Histogram({
    name: 'rebound_bid_batch_size',
    help: 'Bids decided in one batch',
    buckets: [1, 2, 4, 8, 16, 32, 64],
    registers: [registry],
  });
  const offBatches = onBidBatch((t) => {
    if (t.db !== app.deps.db) return;
    batchDuration.observe(t.seconds);
    batchSize.observe(t.size);
  });
  app.addHook('onClose', async () => {
    offBatches();
  });

  // Interval jobs (jobs/runner.ts): this server's own runs, recorded in app.deps.jobs.
  new Gauge({
    name: 'rebound_job_lag_seconds',
    help: 'Seconds past its interval since the job last finished a run without error on this server (0 when on time)',
    // Not `job`: Prometheus sets that label to the scrape job.
    labelNames: ['job_name'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const j of app.deps.jobs.snapshot()) this.set({ job_name: j.job }, j.lagSeconds);
    },
  });
  new Counter({
    name: 'rebound_job_failures_total',
    help: 'Job runs that ended in an error on this server',
    labelNames: ['job_name'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const j of app.deps.jobs.snapshot()) this.inc({ job_name: j.job }, j.failures);
    },
  });
  new Gauge({
    name: 'rebound_auction_close_lag_seconds',
    help: 'Seconds the longest-overdue live auction has waited to be closed (0 when none): shared by all servers',
    registers: [registry],
    async collect() {
      const lag = await auctionCloseLagSeconds(app.deps.db, app.deps.clock.now()).catch(() => null);
      if (lag !== null) this.set(lag);
    },
  });

  // The database pool (PostgreSQL; zeros on PGlite, which has none): queries waiting for a
  // connection now, and checkouts that had to wait since start.
  const pool = () => app.deps.database.poolStats?.() ?? null;
  new Gauge({
    name: 'rebound_db_pool_connections',
    help: 'Database pool connections by state (open, idle)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const p = pool();
      this.set({ state: 'open' }, p?.total ?? 0);
      this.set({ state: 'idle' }, p?.idle ?? 0);
    },
  });
  new Gauge({
    name: 'rebound_db_pool_waiting',
    help: 'Queries waiting for a database connection right now',
    registers: [registry],
    collect() {
      this.set(pool()?.waiting ?? 0);
    },
  });
  new Counter({
    name: 'rebound_db_pool_waits_total',
    help: 'Connection checkouts that found every pooled connection busy and waited',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(pool()?.waits ?? 0);
    },
  });
  new Counter({
    name: 'rebound_db_pool_wait_seconds_total',
    help: 'Seconds spent waiting for a pooled database connection, in all',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(pool()?.waitSeconds ?? 0);
    },
  });

  // The background work's own pool (decision 074; zeros when it shares the requests' pool).
  const jobsPool = () => app.deps.database.jobsPoolStats?.() ?? null;
  new Gauge({
    name: 'rebound_db_jobs_pool_waiting',
    help: "Background work (sender, closing and reminder jobs) waiting for one of its pool's connections right now",
    registers: [registry],
    collect() {
      this.set(jobsPool()?.waiting ?? 0);
    },
  });
  new Counter({
    name: 'rebound_db_jobs_pool_wait_seconds_total',
    help: "Seconds the background work spent waiting for one of its pool's connections, in all",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(jobsPool()?.waitSeconds ?? 0);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // Route patterns (not raw URLs) keep label cardinality bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  // Who may read: anyone with METRICS_TOKEN as a bearer token; outside production also this machine.
  // Production without a token has no metrics endpoint at all (404, like any unknown path).
  const { config } = app.deps;
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    const token = config.metricsToken;
    const production = config.env === 'production';
    if (!hasToken(request, token) && (production || !isLoopback(request.ip))) {
      if (!token) {
        return reply.status(404).send({ error: { code: 'not_found', message: errorMessage('not_found') } });
      }
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: { code: 'auth_required', message: errorMessage('auth_required') } });
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
});
