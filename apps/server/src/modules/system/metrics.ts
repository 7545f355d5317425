import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

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

  app.addHook('onResponse', async (request, reply) => {
    // Route patterns (not raw URLs) keep label cardinality bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
});
