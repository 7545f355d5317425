import { API } from '@rebound/contract/routes';
import { AdminTaxRegistration, AdminTaxRegistrationUpdate } from '@rebound/contract/tax-registration';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActiveStaff } from '../staff';
import * as service from './service';

// Settings › Tax numbers (staff only: the admin guard covers /api/admin).
export async function taxRegistrationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, clock } = app.deps;

  app.get(API.adminTaxRegistration, { schema: { response: { 200: AdminTaxRegistration } } }, async () =>
    service.readTaxRegistration({ db, config }),
  );

  app.put(
    API.adminTaxRegistration,
    { schema: { body: AdminTaxRegistrationUpdate, response: { 200: AdminTaxRegistration } } },
    async (request) =>
      service.updateTaxRegistration({ db, config, clock }, requireActiveStaff(request), request.body),
  );
}
