import {
  AdminOrderDetail,
  AdminOrdersQuery,
  AdminOrdersResponse,
  IdempotencyKeyHeader,
  RefundRequest,
  RefundResponse,
  RemoveStrikeRequest,
  RemoveStrikeResponse,
} from '@rebound/contract/admin-orders';
import { Uuid } from '@rebound/contract/common';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { refundOrder } from '../refunds';
import { activeReturnOf } from '../returns';
import { requireActiveStaff } from '../staff';
import * as service from './service';
import { removeStrike } from './strikes';

const OrderParams = z.object({ id: Uuid });
const StrikeParams = z.object({ id: Uuid, strikeId: Uuid });

/** Orders, payments, refunds and strikes in the back-office (staff only: the guard covers /api/admin). */
export async function adminOrdersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, publish, payments } = app.deps;
  const deps: service.AdminOrdersDeps = {
    db,
    clock,
    provider: payments,
    publish,
    log: app.log,
    openReturnOf: activeReturnOf,
  };

  app.get(
    API.adminOrders,
    { schema: { querystring: AdminOrdersQuery, response: { 200: AdminOrdersResponse } } },
    async (request) => {
      requireActiveStaff(request);
      return service.listOrders(deps, request.query);
    },
  );

  app.get(
    API.adminOrderPattern,
    { schema: { params: OrderParams, response: { 200: AdminOrderDetail } } },
    async (request) => {
      requireActiveStaff(request);
      return service.orderDetail(deps, request.params.id);
    },
  );

  app.post(
    API.adminOrderRefundsPattern,
    { schema: { params: OrderParams, body: RefundRequest, response: { 200: RefundResponse } } },
    async (request) => {
      const staff = requireActiveStaff(request);
      const key = IdempotencyKeyHeader.safeParse(request.headers['idempotency-key']);
      if (!key.success) throw new AppError('idempotency_key_required');
      return refundOrder(deps, staff, request.params.id, request.body, key.data);
    },
  );

  app.post(
    API.adminOrderStrikeRemovePattern,
    { schema: { params: StrikeParams, body: RemoveStrikeRequest, response: { 200: RemoveStrikeResponse } } },
    async (request) => {
      const staff = requireActiveStaff(request);
      return removeStrike(deps, staff, request.params.id, request.params.strikeId, request.body.reason);
    },
  );
}
