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
  const { db, clock, hub, payments } = app.deps;
  const deps: service.DeskMarksDeps = { db, clock, provider: payments, log: app.log };

  app.post(
    DESK_MARK_PATHS.markPattern,
    { schema: { params: OrderParams, body: DeskMarkRequest, response: { 200: DeskMarkResponse } } },
    async (request) => {
      const staff = requireActiveStaff(request);
      const { answer, events } = await service.markItem(deps, staff, request.params.orderId, request.body);
      if (events.length > 0) {
        hub.publish(events).catch((err) => request.log.error({ err }, 'publishing desk mark events failed'));
      }
      return answer;
    },
  );
}
