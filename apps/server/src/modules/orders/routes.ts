import { MyOrdersResponse } from '@rebound/contract/orders';
import type { OrderReturnInfo } from '@rebound/contract/returns';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/auth-context';
import * as service from './service';

export interface OrdersRoutesOptions {
  /**
   * The return part of each order (OrderView.returnInfo), given by app.ts from the returns module:
   * orders does not import returns (returns refunds through refunds, which moves orders).
   */
  returnInfo?: (orders: { id: string; status: string }[]) => Promise<Map<string, OrderReturnInfo>>;
}

export async function ordersRoutes(fastify: FastifyInstance, opts: OrdersRoutesOptions = {}) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;

  app.get(API.meOrders, { schema: { response: { 200: MyOrdersResponse } } }, async (request) => {
    const answer = await service.myOrders(db, clock, requireUser(request, 'auth_required'));
    if (!opts.returnInfo) return answer;
    const info = await opts.returnInfo(answer.orders);
    return {
      ...answer,
      orders: answer.orders.map((o) => {
        const r = info.get(o.id);
        return r ? { ...o, returnInfo: r } : o;
      }),
    };
  });
}
