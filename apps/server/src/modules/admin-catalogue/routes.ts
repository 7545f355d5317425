import multipart from '@fastify/multipart';
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
import { API } from '@rebound/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createMediaStorage } from '../../adapters/storage';
import { AppError } from '../../lib/errors';
import { requireActiveStaff } from '../staff';
import * as service from './service';

const MB = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Reads every file of a multipart upload into memory, within the limits (15 MB a file, 10 files).
 * Whatever goes wrong while reading answers with a clear 4xx, never a 500.
 */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('image_upload_not_multipart');
  const files: service.UploadedFile[] = [];
  let current = 'The file';
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      current = part.filename || 'The file';
      const bytes = await part.toBuffer();
      if (bytes.length === 0) throw new AppError('not_an_image', { params: { name: current } });
      files.push({ name: current, bytes });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('image_too_large', {
        params: { name: current, limit: MB(IMAGE_UPLOAD_LIMITS.maxFileBytes) },
      });
    }
    if (code === 'FST_FILES_LIMIT') {
      throw new AppError('too_many_files', {
        params: { limit: String(IMAGE_UPLOAD_LIMITS.maxFilesPerUpload) },
      });
    }
    throw new AppError('image_upload_invalid');
  }
  return files;
}

/** /api/admin/catalogue: products and their images (staff only: the admin guard covers the prefix). */
export async function adminCatalogueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config } = app.deps;
  const storage = createMediaStorage(config);

  // Only this plugin parses multipart bodies; its limits are the upload's.
  await app.register(multipart, {
    limits: {
      fileSize: IMAGE_UPLOAD_LIMITS.maxFileBytes,
      files: IMAGE_UPLOAD_LIMITS.maxFilesPerUpload,
      fields: 10,
      parts: IMAGE_UPLOAD_LIMITS.maxFilesPerUpload + 10,
      fieldSize: 1024,
    },
  });

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
      return service.withdrawProduct(db, staff.id, request.params.id, request.body?.reason, clock.now());
    },
  );

  app.post(
    API.adminProductImagesPattern,
    { schema: { params: AdminProductParams, response: { 201: ImagesResponse } } },
    async (request, reply) => {
      const staff = requireActiveStaff(request);
      const files = await readUpload(request);
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
