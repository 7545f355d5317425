import { API } from '@rebound/contract/routes';
import { HealthResponse, ReadyResponse, TestClockRequest, TimeResponse } from '@rebound/contract/system';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isAdjustable } from '../../lib/clock';
import { AppError } from '../../lib/errors';

export async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { clock, config, database, hub } = app.deps;

  app.get('/healthz', { logLevel: 'warn', schema: { response: { 200: HealthResponse } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { logLevel: 'warn', schema: { response: { 200: ReadyResponse, 503: ReadyResponse } } },
    async (_request, reply) => {
      const db = await database.ping();
      // A server that cannot hear NOTIFY would serve pages whose live updates silently stop.
      const realtime = hub.status().listening;
      const ok = db && realtime;
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database: db, realtime });
    },
  );

  app.get(API.time, { schema: { response: { 200: TimeResponse } } }, async () => ({
    serverTime: clock.now().toISOString(),
  }));

  // Test mode only: browser tests fast-forward auctions by moving the server's clock.
  app.post(
    API.testClock,
    { schema: { body: TestClockRequest, response: { 200: TimeResponse } } },
    async (request) => {
      if (!config.testClock || !isAdjustable(clock)) throw new AppError('test_clock_disabled');
      const { advanceMs, set } = request.body;
      const now = set !== undefined ? clock.set(new Date(set)) : clock.advance(advanceMs ?? 0);
      request.log.info({ now }, 'test clock moved');
      return { serverTime: now.toISOString() };
    },
  );
}
