import {
  DeskFeeResponse,
  MyStorageFeesResponse,
  RecordFeeRequest,
  STORAGE_FEE_API,
} from '@rebound/contract/storage-fees';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, requireUser } from '../../lib/auth-context';
import * as service from './service';

const OrderParams = z.object({ orderId: z.uuid() });

export async function storageFeeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, publish } = app.deps;
  const deps: service.StorageFeeDeskDeps = { db, clock, publish };
  const signedIn = async (request: FastifyRequest) => {
    requireUser(request, 'auth_required');
  };
  const staffOnly = async (request: FastifyRequest) => {
    requireStaff(request);
  };

  app.get(
    STORAGE_FEE_API.mine,
    { onRequest: signedIn, schema: { response: { 200: MyStorageFeesResponse } } },
    async (request) => service.myStorageFees(deps, requireUser(request, 'auth_required')),
  );

  app.get(
    STORAGE_FEE_API.deskPattern,
    { onRequest: staffOnly, schema: { params: OrderParams, response: { 200: DeskFeeResponse } } },
    async (request) => service.deskFee(deps, request.params.orderId),
  );

  app.post(
    STORAGE_FEE_API.recordPattern,
    {
      onRequest: staffOnly,
      schema: { params: OrderParams, body: RecordFeeRequest, response: { 200: DeskFeeResponse } },
    },
    async (request) => {
      return service.recordDeskPayment(
        deps,
        requireStaff(request),
        request.params.orderId,
        request.body.method,
      );
    },
  );
}
