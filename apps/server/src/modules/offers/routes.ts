import { OfferParams, OfferView } from '@rebound/contract/admin-auctions';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/auth-context';
import * as service from './service';

/** /api/offers: the shopper's second-chance offers (their own only). */
export async function offersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, publish } = app.deps;

  app.get(
    API.offerPattern,
    { schema: { params: OfferParams, response: { 200: OfferView } } },
    async (request) => service.getOffer(db, requireUser(request).id, request.params.id),
  );

  app.post(
    API.offerAcceptPattern,
    { schema: { params: OfferParams, response: { 200: OfferView } } },
    async (request) =>
      service.acceptOffer(db, requireUser(request).id, request.params.id, clock.now(), publish),
  );

  app.post(
    API.offerDeclinePattern,
    { schema: { params: OfferParams, response: { 200: OfferView } } },
    async (request) => service.declineOffer(db, requireUser(request).id, request.params.id, clock.now()),
  );
}
