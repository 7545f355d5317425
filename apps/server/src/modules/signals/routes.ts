import { SignalReviewedResponse, SignalsResponse } from '@rebound/contract/admin-signals';
import { Uuid } from '@rebound/contract/common';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActiveStaff } from '../staff';
import { listSignals, markSignalsReviewed } from './staff';

const ReviewedParams = z.object({ userId: Uuid });

/**
 * The staff's Signals page (docs/product.md "Signals of unfair bidding"). Under /api/admin, so the
 * staff guard (modules/staff guard.ts) answers everyone else 401/403.
 */
export async function signalsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;

  app.get(API.adminSignals, { schema: { response: { 200: SignalsResponse } } }, async () =>
    listSignals(db, clock),
  );

  app.post(
    API.adminSignalReviewedPattern,
    { schema: { params: ReviewedParams, response: { 200: SignalReviewedResponse } } },
    async (request) => markSignalsReviewed(db, clock, requireActiveStaff(request), request.params.userId),
  );
}
