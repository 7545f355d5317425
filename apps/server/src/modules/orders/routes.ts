import { MyOrdersResponse } from '@rebound/contract/orders';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/auth-context';
import * as service from './service';

export async function ordersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;

  app.get(API.meOrders, { schema: { response: { 200: MyOrdersResponse } } }, async (request) =>
    service.myOrders(db, clock, requireUser(request, 'auth_required')),
  );
}
