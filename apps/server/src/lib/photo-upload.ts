import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

// One reader for the photo uploads (the catalogue's product images, a return's photos): the limits
// are enforced while the body streams in, and whatever goes wrong answers with a clear 4xx, never a
// 500. Whether a file is a photo is decided when it is decoded (modules/admin-catalogue/images.ts:
// an image is what sharp can decode, whatever its name or Content-Type says); an empty file is
// refused here already.

export interface PhotoUploadLimits {
  /** Bytes per file. */
  maxFileBytes: number;
  /** Files in one upload. */
  maxFiles: number;
  /** Non-file fields the form may send. */
  maxFields: number;
  /** The error for an upload with more than `maxFiles` files. */
  tooManyFiles: () => AppError;
}

export interface UploadedPhoto {
  name: string;
  bytes: Buffer;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Registers the multipart parser on this plugin only, with the upload's limits. */
export async function registerPhotoUpload(app: FastifyInstance, limits: PhotoUploadLimits): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: limits.maxFileBytes,
      files: limits.maxFiles,
      fields: limits.maxFields,
      parts: limits.maxFiles + limits.maxFields,
      fieldSize: 1024,
    },
  });
}

/** Reads every file of the multipart upload into memory, within the limits; a clear 4xx otherwise. */
export async function readPhotoUpload(
  request: FastifyRequest,
  limits: PhotoUploadLimits,
): Promise<UploadedPhoto[]> {
  if (!request.isMultipart()) throw new AppError('image_upload_not_multipart');
  const files: UploadedPhoto[] = [];
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
        params: { name: current, limit: megabytes(limits.maxFileBytes) },
      });
    }
    if (code === 'FST_FILES_LIMIT') throw limits.tooManyFiles();
    throw new AppError('image_upload_invalid');
  }
  return files;
}
