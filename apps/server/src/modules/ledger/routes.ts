import { LedgerResponse, STORAGE_FEE_API } from '@rebound/contract/storage-fees';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/auth-context';
import { accountLedger } from './service';

export async function ledgerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;
  app.get(
    STORAGE_FEE_API.ledger,
    {
      onRequest: async (request) => {
        requireUser(request, 'auth_required');
      },
      schema: { response: { 200: LedgerResponse } },
    },
    async (request) => accountLedger({ db, clock }, requireUser(request, 'auth_required')),
  );
}
