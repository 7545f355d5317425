import { API } from '@rebound/contract/routes';
import { MySpendingResponse } from '@rebound/contract/spending';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/auth-context';
import * as service from './service';

export async function spendingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;

  app.get(API.meSpending, { schema: { response: { 200: MySpendingResponse } } }, async (request) =>
    service.mySpending(db, clock, requireUser(request, 'auth_required').id),
  );
}
