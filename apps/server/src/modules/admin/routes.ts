import { AuditQuery, AuditResponse } from '@rebound/contract/admin';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listAudit } from './audit';

/**
 * The back-office's own endpoints (audit log, dashboard, people). The staff guard is added to
 * every /api/admin route by adminGuardPlugin (guard.ts); nothing here needs to remember it.
 */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    API.adminAudit,
    { schema: { querystring: AuditQuery, response: { 200: AuditResponse } } },
    async (request) => listAudit(db, request.query),
  );
}
