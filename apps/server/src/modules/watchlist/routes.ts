import { AuctionParams } from '@rebound/contract/bidding';
import { API } from '@rebound/contract/routes';
import {
  MeSummaryResponse,
  WatchlistResponse,
  WatchResponse,
  WatchStatusResponse,
} from '@rebound/contract/watchlist';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/auth-context';
import * as service from './service';

export async function watchlistRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, publish } = app.deps;

  app.get(
    API.auctionWatchPattern,
    { schema: { params: AuctionParams, response: { 200: WatchStatusResponse } } },
    async (request) => service.watchStatus(db, clock, request.user, request.params.id),
  );

  app.put(
    API.auctionWatchPattern,
    { schema: { params: AuctionParams, response: { 200: WatchResponse } } },
    async (request) => {
      const user = requireUser(request, 'watch_not_authenticated');
      // The service publishes after its commit: other tabs never see a change that did not happen.
      return service.watch(db, clock, user, request.params.id, publish);
    },
  );

  app.delete(
    API.auctionWatchPattern,
    { schema: { params: AuctionParams, response: { 200: WatchResponse } } },
    async (request) => {
      const user = requireUser(request, 'watch_not_authenticated');
      return service.unwatch(db, clock, user, request.params.id, publish);
    },
  );

  app.get(API.meWatchlist, { schema: { response: { 200: WatchlistResponse } } }, async (request) =>
    service.myWatchlist(db, clock, requireUser(request, 'watch_not_authenticated')),
  );

  app.get(API.meSummary, { schema: { response: { 200: MeSummaryResponse } } }, async (request) =>
    service.mySummary(db, clock, requireUser(request, 'auth_required')),
  );
}
