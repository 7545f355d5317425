import {
  AdminProduct,
  AdminProductImageParams,
  AdminProductList,
  AdminProductParams,
  AdminProductQuery,
  IMAGE_UPLOAD_LIMITS,
  ImageOrderInput,
  ImagesResponse,
  ProductInput,
  WithdrawInput,
} from '@rebound/contract/admin-catalogue';
import { IntakeLookup, IntakeLookupQuery } from '@rebound/contract/admin-intake';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createMediaStorage } from '../../adapters/storage';
import { AppError } from '../../lib/errors';
import { type PhotoUploadLimits, readPhotoUpload, registerPhotoUpload } from '../../lib/photo-upload';
import { requireActiveStaff } from '../staff';
import * as intake from './intake';
import type { CancelOpenAuction } from './service';
import * as service from './service';

/** Product images: 15 MB a file, 10 files an upload (IMAGE_UPLOAD_LIMITS). */
const IMAGE_UPLOAD: PhotoUploadLimits = {
  maxFileBytes: IMAGE_UPLOAD_LIMITS.maxFileBytes,
  maxFiles: IMAGE_UPLOAD_LIMITS.maxFilesPerUpload,
  maxFields: 10,
  tooManyFiles: () =>
    new AppError('too_many_files', { params: { limit: String(IMAGE_UPLOAD_LIMITS.maxFilesPerUpload) } }),
};

export interface AdminCatalogueRoutesOptions {
  /** The auctions module's cancelAuction (app.ts passes it: an import would make a loop). */
  cancelAuction: CancelOpenAuction;
}

/** /api/admin/catalogue: products and their images (staff only: the admin guard covers the prefix). */
export async function adminCatalogueRoutes(fastify: FastifyInstance, opts: AdminCatalogueRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config, publish } = app.deps;
  const storage = createMediaStorage(config);

  // Only this plugin parses multipart bodies; its limits are the upload's.
  await registerPhotoUpload(app, IMAGE_UPLOAD);

  app.get(
    API.adminProducts,
    { schema: { querystring: AdminProductQuery, response: { 200: AdminProductList } } },
    async (request) => {
      requireActiveStaff(request);
      return service.listProducts(db, request.query);
    },
  );

  app.post(
    API.adminProducts,
    { schema: { body: ProductInput, response: { 201: AdminProduct } } },
    async (request, reply) => {
      const staff = requireActiveStaff(request);
      const product = await service.createProduct(db, staff.id, request.body, clock.now());
      return reply.status(201).send(product);
    },
  );

  // The receiving bench (intake.ts).
  app.get(
    API.adminIntakeLookup,
    { schema: { querystring: IntakeLookupQuery, response: { 200: IntakeLookup } } },
    async (request) => {
      requireActiveStaff(request);
      return intake.lookUpItem(db, request.query.code);
    },
  );

  app.post(
    API.adminIntakeUnits,
    { schema: { body: ProductInput, response: { 201: AdminProduct } } },
    async (request, reply) => {
      const staff = requireActiveStaff(request);
      const product = await intake.receiveUnit(db, staff.id, request.body, clock.now());
      return reply.status(201).send(product);
    },
  );

  app.get(
    API.adminProductPattern,
    { schema: { params: AdminProductParams, response: { 200: AdminProduct } } },
    async (request) => {
      requireActiveStaff(request);
      return service.getProduct(db, request.params.id);
    },
  );

  app.put(
    API.adminProductPattern,
    { schema: { params: AdminProductParams, body: ProductInput, response: { 200: AdminProduct } } },
    async (request) => {
      const staff = requireActiveStaff(request);
      return service.updateProduct(db, staff.id, request.params.id, request.body, clock.now());
    },
  );

  app.post(
    API.adminProductWithdrawPattern,
    {
      schema: { params: AdminProductParams, body: WithdrawInput.optional(), response: { 200: AdminProduct } },
    },
    async (request) => {
      const staff = requireActiveStaff(request);
      return service.withdrawProduct(db, staff.id, request.params.id, request.body?.reason, clock.now(), {
        cancelAuction: opts.cancelAuction,
        publish,
      });
    },
  );

  app.post(
    API.adminProductImagesPattern,
    { schema: { params: AdminProductParams, response: { 201: ImagesResponse } } },
    async (request, reply) => {
      const staff = requireActiveStaff(request);
      // The product first: an upload to no product is refused before a byte of it is read.
      await service.checkImageTarget(db, request.params.id);
      const files = await readPhotoUpload(request, IMAGE_UPLOAD);
      const images = await service.addImages(db, storage, staff.id, request.params.id, files, clock.now());
      return reply.status(201).send({ images });
    },
  );

  app.put(
    API.adminProductImageOrderPattern,
    { schema: { params: AdminProductParams, body: ImageOrderInput, response: { 200: ImagesResponse } } },
    async (request) => {
      const staff = requireActiveStaff(request);
      const images = await service.reorderImages(
        db,
        staff.id,
        request.params.id,
        request.body.imageIds,
        clock.now(),
      );
      return { images };
    },
  );

  app.delete(
    API.adminProductImagePattern,
    { schema: { params: AdminProductImageParams, response: { 200: ImagesResponse } } },
    async (request) => {
      const staff = requireActiveStaff(request);
      const { id, imageId } = request.params;
      const images = await service.deleteImage(db, storage, staff.id, id, imageId, clock.now());
      return { images };
    },
  );
}
