import { createHash, timingSafeEqual } from 'node:crypto';
import { errorMessage } from '@rebound/contract/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { isLoopback } from '../../lib/loopback';
import { outboxGauges } from '../notifications';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** `Authorization: Bearer <token>` matches METRICS_TOKEN (compared in constant time). */
function hasToken(request: FastifyRequest, token: string | null): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return token !== null && match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/** Prometheus metrics at /metrics: process defaults plus request durations by route. */
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
  // every server reports the shared totals.
  const outboxNow = () => outboxGauges(app.deps.db).catch(() => null);
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
