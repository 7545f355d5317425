import rateLimit from '@fastify/rate-limit';
import {
  AdminReturnResponse,
  AdminReturnsQuery,
  AdminReturnsResponse,
  BookDropOffRequest,
  CreateReturnRequest,
  DropOffSlotsQuery,
  DropOffSlotsResponse,
  MyReturnsResponse,
  RETURN_PHOTO_LIMITS,
  ReceiveReturnRequest,
  RefuseReturnRequest,
  ReturnParams,
  ReturnPhotoParams,
  ReturnResponse,
} from '@rebound/contract/returns';
import { RETURN_API } from '@rebound/contract/returns-routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createMediaStorage } from '../../adapters/storage';
import { requireUser } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';
import {
  type PhotoUploadLimits,
  readPhotoUpload,
  registerPhotoUpload,
  UploadsInFlight,
} from '../../lib/photo-upload';
import { sharedRateLimitOptions } from '../../lib/shared-limits';
import { requireActiveStaff } from '../staff';
import * as desk from './desk';
import * as photos from './photos';
import * as requests from './requests';
import type { ReturnsDeps } from './shared';

/** A return's photos (multipart field `photos`): the limits of RETURN_PHOTO_LIMITS. */
const PHOTO_UPLOAD: PhotoUploadLimits = {
  maxFileBytes: RETURN_PHOTO_LIMITS.maxFileBytes,
  maxFiles: RETURN_PHOTO_LIMITS.maxPhotos,
  maxFields: 4,
  tooManyFiles: () =>
    new AppError('return_too_many_photos', { params: { max: String(RETURN_PHOTO_LIMITS.maxPhotos) } }),
};

/**
 * Photo uploads an hour per shopper (a return takes up to 4 photos in one upload; several tries
 * and several returns fit) and per staff account (the desk photographs every return it receives).
 */
const SHOPPER_UPLOADS_PER_HOUR = 20;
const STAFF_UPLOADS_PER_HOUR = 240;

/** Returns: the shopper's /api/me/returns and the staff's /api/admin/returns (docs/decisions/055). */
export async function returnsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, publish, payments, config } = app.deps;
  const deps: ReturnsDeps = { db, clock, provider: payments, log: app.log, publish };
  const storage = createMediaStorage(config);

  // Only this plugin's photo routes read multipart bodies; its limits are the upload's.
  await registerPhotoUpload(app, PHOTO_UPLOAD);
  // The uploads' hourly limits count in the shared store (lib/shared-limits), per account.
  await app.register(rateLimit, sharedRateLimitOptions(app, 'returns'));
  const uploadLimit = (perHour: number) => ({
    rateLimit: {
      max: perHour * config.rateLimitScale,
      timeWindow: '1 hour',
      keyGenerator: (request: { user?: { id: string } | null; ip: string }) =>
        request.user ? `user:${request.user.id}` : `ip:${request.ip}`,
    },
  });
  const inFlight = new UploadsInFlight();

  app.get(RETURN_API.meReturns, { schema: { response: { 200: MyReturnsResponse } } }, async (request) => ({
    returns: await requests.myReturns(deps, requireUser(request)),
  }));

  app.post(
    RETURN_API.meReturns,
    { schema: { body: CreateReturnRequest, response: { 201: ReturnResponse } } },
    async (request, reply) => {
      const answer = await requests.createReturn(deps, requireUser(request), request.body);
      return reply.code(201).send({ return: answer });
    },
  );

  app.get(
    RETURN_API.meReturnPattern,
    { schema: { params: ReturnParams, response: { 200: ReturnResponse } } },
    async (request) => ({ return: await requests.myReturn(deps, requireUser(request), request.params.id) }),
  );

  app.get(
    RETURN_API.meReturnDropOffSlotsPattern,
    {
      schema: {
        params: ReturnParams,
        querystring: DropOffSlotsQuery,
        response: { 200: DropOffSlotsResponse },
      },
    },
    async (request) => requests.dropOffSlots(deps, requireUser(request), request.params.id, request.query),
  );

  app.put(
    RETURN_API.meReturnDropOffPattern,
    { schema: { params: ReturnParams, body: BookDropOffRequest, response: { 200: ReturnResponse } } },
    async (request) => {
      const answer = await requests.bookDropOff(
        deps,
        requireUser(request),
        request.params.id,
        request.body.slotId,
      );
      return { return: answer };
    },
  );

  app.post(
    RETURN_API.meReturnWithdrawPattern,
    { schema: { params: ReturnParams, response: { 200: ReturnResponse } } },
    async (request) => {
      const answer = await requests.withdrawReturn(deps, requireUser(request), request.params.id);
      return { return: answer };
    },
  );

  app.post(
    RETURN_API.meReturnPhotosPattern,
    {
      config: uploadLimit(SHOPPER_UPLOADS_PER_HOUR),
      schema: { params: ReturnParams, response: { 200: ReturnResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      const id = request.params.id;
      // Who and how many first: someone else's return is refused before a byte of the body is read.
      const room = await photos.photoRoom(deps, user, id, false);
      await inFlight.run(user.id, async () => {
        const files = await readPhotoUpload(request, PHOTO_UPLOAD, room);
        await photos.addPhotos(deps, storage, user, id, false, files);
      });
      return { return: await requests.myReturn(deps, user, id) };
    },
  );

  // A photo for its shopper or staff only (the session decides); /api answers are not cached.
  app.get(
    RETURN_API.returnPhotoPattern,
    { schema: { params: ReturnPhotoParams } },
    async (request, reply) => {
      const bytes = await photos.photoFile(
        deps,
        storage,
        requireUser(request),
        request.params.id,
        request.params.photoId,
      );
      return reply.type('image/jpeg').header('x-content-type-options', 'nosniff').send(Buffer.from(bytes));
    },
  );

  // ── Staff (the admin guard covers /api/admin; each handler checks again) ──

  app.get(
    RETURN_API.adminReturns,
    { schema: { querystring: AdminReturnsQuery, response: { 200: AdminReturnsResponse } } },
    async (request) => {
      requireActiveStaff(request);
      return desk.adminList(deps, request.query);
    },
  );

  app.get(
    RETURN_API.adminReturnPattern,
    { schema: { params: ReturnParams, response: { 200: AdminReturnResponse } } },
    async (request) => {
      requireActiveStaff(request);
      return { return: await desk.adminDetail(deps, request.params.id) };
    },
  );

  app.post(
    RETURN_API.adminReturnReceivePattern,
    { schema: { params: ReturnParams, body: ReceiveReturnRequest, response: { 200: AdminReturnResponse } } },
    async (request) => {
      const staff = requireActiveStaff(request);
      const answer = await desk.receiveReturn(deps, staff, request.params.id, request.body);
      return { return: answer };
    },
  );

  app.post(
    RETURN_API.adminReturnPhotosPattern,
    {
      config: uploadLimit(STAFF_UPLOADS_PER_HOUR),
      schema: { params: ReturnParams, response: { 200: AdminReturnResponse } },
    },
    async (request) => {
      const staff = requireActiveStaff(request);
      const id = request.params.id;
      const room = await photos.photoRoom(deps, staff, id, true);
      await inFlight.run(staff.id, async () => {
        const files = await readPhotoUpload(request, PHOTO_UPLOAD, room);
        await photos.addPhotos(deps, storage, staff, id, true, files);
      });
      return { return: await desk.adminDetail(deps, id) };
    },
  );

  app.post(
    RETURN_API.adminReturnRefundPattern,
    { schema: { params: ReturnParams, response: { 200: AdminReturnResponse } } },
    async (request) => {
      const staff = requireActiveStaff(request);
      const answer = await desk.refundReturn(deps, staff, request.params.id);
      return { return: answer };
    },
  );

  app.post(
    RETURN_API.adminReturnRefusePattern,
    { schema: { params: ReturnParams, body: RefuseReturnRequest, response: { 200: AdminReturnResponse } } },
    async (request) => {
      const staff = requireActiveStaff(request);
      const answer = await desk.refuseReturn(deps, staff, request.params.id, request.body);
      return { return: answer };
    },
  );
}
