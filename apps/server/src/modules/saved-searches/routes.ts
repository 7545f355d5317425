import { API } from '@rebound/contract/routes';
import {
  CreateSavedSearchBody,
  DeleteSavedSearchResponse,
  SavedSearch,
  SavedSearchesResponse,
  SavedSearchParams,
  UpdateSavedSearchBody,
} from '@rebound/contract/saved-searches';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/auth-context';
import * as service from './service';

/** The signed-in shopper's saved searches; someone else's id answers 404 like an unknown one. */
export async function savedSearchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;

  app.get(API.meSavedSearches, { schema: { response: { 200: SavedSearchesResponse } } }, async (request) =>
    service.list(db, requireUser(request)),
  );

  app.post(
    API.meSavedSearches,
    { schema: { body: CreateSavedSearchBody, response: { 201: SavedSearch } } },
    async (request, reply) => {
      const user = requireUser(request);
      const saved = await service.create(db, clock, user, request.body);
      return reply.code(201).send(saved);
    },
  );

  app.patch(
    API.meSavedSearchPattern,
    { schema: { params: SavedSearchParams, body: UpdateSavedSearchBody, response: { 200: SavedSearch } } },
    async (request) =>
      service.setNotifyPush(db, clock, requireUser(request), request.params.id, request.body.notifyPush),
  );

  app.delete(
    API.meSavedSearchPattern,
    { schema: { params: SavedSearchParams, response: { 200: DeleteSavedSearchResponse } } },
    async (request) => service.remove(db, requireUser(request), request.params.id),
  );
}
