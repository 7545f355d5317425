import {
  AuctionParams,
  AuctionStateResponse,
  BidHistoryQuery,
  BidHistoryResponse,
  MyBidsQuery,
  MyBidsResponse,
  PlaceBidRequest,
  PlaceBidResponse,
} from '@rebound/contract/bidding';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../lib/auth-context';
import * as service from './service';

const BidHeaders = z.object({ 'idempotency-key': z.string().min(1).max(100).optional() });

export async function biddingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, publish } = app.deps;

  app.get(
    API.auctionPattern,
    { schema: { params: AuctionParams, response: { 200: AuctionStateResponse } } },
    async (request) => service.auctionState(db, clock, request.params.id, request.user),
  );

  app.get(
    API.auctionBidsPattern,
    {
      schema: { params: AuctionParams, querystring: BidHistoryQuery, response: { 200: BidHistoryResponse } },
    },
    async (request) => service.bidHistory(db, clock, request.params.id, request.query),
  );

  app.post(
    API.auctionBidsPattern,
    {
      // placeBid checks the session and the account's status again under the auction lock.
      config: { sessionFromCache: true },
      schema: {
        params: AuctionParams,
        headers: BidHeaders,
        body: PlaceBidRequest,
        response: { 200: PlaceBidResponse },
      },
    },
    async (request) => {
      const user = requireUser(request, 'not_authenticated');
      const result = await service.placeBid(
        db,
        clock,
        user,
        request.params.id,
        request.body.amount,
        request.headers['idempotency-key'] ?? null,
        // After its batch commits only: watchers never see a bid that did not happen.
        publish,
      );
      return result.body;
    },
  );

  app.get(
    API.meBids,
    { schema: { querystring: MyBidsQuery, response: { 200: MyBidsResponse } } },
    async (request) => service.myBids(db, clock, requireUser(request, 'auth_required'), request.query.filter),
  );
}
