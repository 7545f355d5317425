import {
  BidGroupParams,
  BidGroupResponse,
  CreateBidGroupRequest,
  MyBidGroupsResponse,
  UpdateBidGroupRequest,
} from '@rebound/contract/bid-groups';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/auth-context';
import * as service from './service';

export async function bidGroupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, publish } = app.deps;

  app.post(
    API.bidGroups,
    { schema: { body: CreateBidGroupRequest, response: { 201: BidGroupResponse } } },
    async (request, reply) => {
      const user = requireUser(request, 'not_authenticated');
      const body = await service.createBidGroup(db, clock, publish, user, request.body);
      return reply.code(201).send(body);
    },
  );

  app.get(API.meBidGroups, { schema: { response: { 200: MyBidGroupsResponse } } }, async (request) =>
    service.myBidGroups(db, clock, requireUser(request, 'auth_required')),
  );

  app.patch(
    API.bidGroupPattern,
    { schema: { params: BidGroupParams, body: UpdateBidGroupRequest, response: { 200: BidGroupResponse } } },
    async (request) =>
      service.updateBidGroup(
        db,
        clock,
        publish,
        requireUser(request, 'not_authenticated'),
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    API.bidGroupPattern,
    { schema: { params: BidGroupParams, response: { 200: BidGroupResponse } } },
    async (request) =>
      service.cancelBidGroup(db, clock, requireUser(request, 'not_authenticated'), request.params.id),
  );
}
