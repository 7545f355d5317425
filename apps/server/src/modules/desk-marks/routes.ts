import { Uuid } from '@rebound/contract/common';
import { DESK_MARK_PATHS, DeskMarkRequest, DeskMarkResponse } from '@rebound/contract/desk-marks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActiveStaff } from '../staff';
import * as service from './service';

const OrderParams = z.object({ orderId: Uuid });

/** The pickup desk's missing and damaged items (staff only: the guard covers /api/admin). */
export async function deskMarksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, publish, payments } = app.deps;
  const deps: service.DeskMarksDeps = { db, clock, provider: payments, log: app.log, publish };

  app.post(
    DESK_MARK_PATHS.markPattern,
    { schema: { params: OrderParams, body: DeskMarkRequest, response: { 200: DeskMarkResponse } } },
    async (request) => {
      const staff = requireActiveStaff(request);
      return service.markItem(deps, staff, request.params.orderId, request.body);
    },
  );
}
