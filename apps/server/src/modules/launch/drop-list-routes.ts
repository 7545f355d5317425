import rateLimit from '@fastify/rate-limit';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sharedRateLimitOptions } from '../../lib/shared-limits';
import { confirmSignup } from './signup-lists';

const CONFIRMS_PER_ADDRESS_PER_HOUR = 60;

/** The new-drops email's confirmation link (joining is POST /api/list-signups, inbox/routes.ts). */
export async function dropListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config } = app.deps;
  await app.register(rateLimit, sharedRateLimitOptions(app, 'drop-list'));
  app.get(
    API.dropListConfirm,
    {
      config: {
        rateLimit: { max: CONFIRMS_PER_ADDRESS_PER_HOUR * config.rateLimitScale, timeWindow: '1 hour' },
      },
      schema: { querystring: z.object({ token: z.unknown().optional() }) },
    },
    async (request, reply) => {
      const to = await confirmSignup({ db, clock }, 'drops', request.query.token);
      return reply.header('cache-control', 'no-store').redirect(to, 303);
    },
  );
}
