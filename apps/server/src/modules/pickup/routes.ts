import { Uuid } from '@rebound/contract/common';
import {
  AppointmentsResponse,
  AvailableSlotsQuery,
  AvailableSlotsResponse,
  CancelPickupResponse,
  DeskCompleteRequest,
  DeskLookupQuery,
  DeskLookupResponse,
  DeskOrderResponse,
  DeskTodayQuery,
  DeskTodayResponse,
  PickupScheduleBody,
  PickupScheduleResponse,
  SchedulePickupRequest,
  SchedulePickupResponse,
  SchedulePreviewResponse,
} from '@rebound/contract/pickup';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, requireUser } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';
import { codeOfQrImageToken, PICKUP_QR_IMAGE_ROUTE, pickupQrPng } from '../../lib/pickup-qr';
import * as booking from './booking-service';
import * as desk from './desk-service';
import * as schedule from './schedule-service';
import type { DeskStepDeps, PickupDeps } from './service';

const OrderParams = z.object({ orderId: Uuid });
const LocationParams = z.object({ id: Uuid });

export interface PickupRoutesOptions {
  /** The order's desk mark, given by app.ts from the desk-marks module (service.ts DeskStepDeps). */
  deskMarkOf: DeskStepDeps['deskMarkOf'];
}

export async function pickupRoutes(fastify: FastifyInstance, opts: PickupRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, publish } = app.deps;
  const deps: PickupDeps = { db, clock, publish };
  const deskDeps: DeskStepDeps = { ...deps, deskMarkOf: opts.deskMarkOf };

  // Signed-out requests (and shoppers at staff routes) are refused before anything else is looked at.
  const signedIn = async (request: FastifyRequest) => {
    requireUser(request, 'auth_required');
  };
  const staffOnly = async (request: FastifyRequest) => {
    requireStaff(request);
  };

  app.get(
    API.pickupSlots,
    {
      onRequest: signedIn,
      schema: { querystring: AvailableSlotsQuery, response: { 200: AvailableSlotsResponse } },
    },
    async (request) => booking.availableSlots(deps, requireUser(request, 'auth_required'), request.query),
  );

  app.post(
    API.pickupAppointments,
    {
      onRequest: signedIn,
      schema: { body: SchedulePickupRequest, response: { 200: SchedulePickupResponse } },
    },
    async (request) => booking.schedulePickup(deps, requireUser(request, 'auth_required'), request.body),
  );

  app.delete(
    API.pickupAppointmentPattern,
    { onRequest: signedIn, schema: { params: OrderParams, response: { 200: CancelPickupResponse } } },
    async (request) =>
      booking.cancelPickup(deps, requireUser(request, 'auth_required'), request.params.orderId),
  );

  app.get(
    API.meAppointments,
    { onRequest: signedIn, schema: { response: { 200: AppointmentsResponse } } },
    async (request) => booking.myAppointments(deps, requireUser(request, 'auth_required')),
  );

  // The pickup QR code as an image for emails (docs/decisions/080-pickup-missed-walk-ins.md): no
  // session (a mail client or its image proxy loads it); the signed token is the key.
  app.get(
    PICKUP_QR_IMAGE_ROUTE,
    { schema: { params: z.object({ token: z.string().max(64) }) } },
    async (request, reply) => {
      const code = codeOfQrImageToken(app.deps.config.authSecret, request.params.token);
      if (!code) throw new AppError('not_found');
      const png = await pickupQrPng(code);
      // The image of a code never changes.
      return reply.header('Cache-Control', 'public, max-age=604800, immutable').type('image/png').send(png);
    },
  );

  // Staff: the schedule.
  app.get(
    API.adminPickupSchedulePattern,
    { onRequest: staffOnly, schema: { params: LocationParams, response: { 200: PickupScheduleResponse } } },
    async (request) => schedule.getSchedule(deps, request.params.id),
  );

  app.put(
    API.adminPickupSchedulePattern,
    {
      onRequest: staffOnly,
      schema: { params: LocationParams, body: PickupScheduleBody, response: { 200: PickupScheduleResponse } },
    },
    async (request) => schedule.putSchedule(deps, request.params.id, request.body),
  );

  // Staff: what a new schedule would strand (nothing saved; the editor warns before PUT).
  app.post(
    API.adminPickupSchedulePreviewPattern,
    {
      onRequest: staffOnly,
      schema: {
        params: LocationParams,
        body: PickupScheduleBody,
        response: { 200: SchedulePreviewResponse },
      },
    },
    async (request) => schedule.previewSchedule(deps, request.params.id, request.body),
  );

  // Staff: the pickup desk.
  app.get(
    API.adminPickupToday,
    { onRequest: staffOnly, schema: { querystring: DeskTodayQuery, response: { 200: DeskTodayResponse } } },
    async (request) => desk.deskToday(deps, request.query.locationId, request.query.date),
  );

  app.get(
    API.adminPickupLookup,
    { onRequest: staffOnly, schema: { querystring: DeskLookupQuery, response: { 200: DeskLookupResponse } } },
    async (request) => desk.deskLookup(deps, request.query),
  );

  app.post(
    API.adminPickupReadyPattern,
    { onRequest: staffOnly, schema: { params: OrderParams, response: { 200: DeskOrderResponse } } },
    async (request) => desk.deskReady(deskDeps, request.params.orderId),
  );

  app.post(
    API.adminPickupCompletePattern,
    {
      onRequest: staffOnly,
      schema: { params: OrderParams, body: DeskCompleteRequest, response: { 200: DeskOrderResponse } },
    },
    async (request) =>
      desk.deskComplete(deskDeps, requireStaff(request), request.params.orderId, {
        early: request.body.early,
      }),
  );
}
