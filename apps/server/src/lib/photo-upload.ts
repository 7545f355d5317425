import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

// One reader for the photo uploads (the catalogue's product images, a return's photos): the limits
// are enforced while the body streams in, and whatever goes wrong answers with a clear 4xx, never a
// 500. Whether a file is a photo is decided when it is decoded (modules/admin-catalogue/images.ts:
// an image is what sharp can decode, whatever its name says); an empty file is refused here already.
//
// The order of the checks (docs/architecture.md "Input the server refuses"): the route checks who
// may upload to what (the session, the return's owner and state, the room left) BEFORE it calls
// readPhotoUpload, so a refused upload never has a byte of its body read; then, still before
// reading, the declared Content-Length against the most the upload may hold, and each file's
// declared Content-Type (a part that says it is not an image is not read); then the sizes and the
// count while the bytes stream in.

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

/** Room for a part's boundary and headers, and for the small fields, beyond the files' bytes. */
const PART_OVERHEAD_BYTES = 16 * 1024;

/** The most a multipart upload of `files` files within `limits` can be, headers and fields included. */
export function maxUploadBytes(limits: PhotoUploadLimits, files = limits.maxFiles): number {
  return files * (limits.maxFileBytes + PART_OVERHEAD_BYTES) + (limits.maxFields + 1) * PART_OVERHEAD_BYTES;
}

/**
 * A file part's declared type that is not read: anything that says it is something else than a
 * picture. `application/octet-stream` (or none) is what some phones and browsers send for HEIC, so
 * those are read and decoded like the rest.
 */
export function declaredNotAnImage(mimetype: string | undefined): boolean {
  const type = (mimetype ?? '').split(';')[0]!.trim().toLowerCase();
  return type !== '' && type !== 'application/octet-stream' && !type.startsWith('image/');
}

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

/**
 * Reads every file of the multipart upload into memory, within the limits; a clear 4xx otherwise.
 * `room`: how many files this upload may still add (the route works it out before calling, from
 * what is already there); at most `limits.maxFiles`.
 */
export async function readPhotoUpload(
  request: FastifyRequest,
  limits: PhotoUploadLimits,
  room = limits.maxFiles,
): Promise<UploadedPhoto[]> {
  if (!request.isMultipart()) throw new AppError('image_upload_not_multipart');
  const allowed = Math.max(0, Math.min(room, limits.maxFiles));
  if (allowed === 0) throw limits.tooManyFiles();
  // Before a byte is read: a body that says it is bigger than `allowed` files can be.
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxUploadBytes(limits, allowed)) {
    throw new AppError('upload_too_large', {
      params: {
        limit: megabytes(maxUploadBytes(limits, allowed)),
        count: String(allowed),
        each: megabytes(limits.maxFileBytes),
      },
    });
  }
  const files: UploadedPhoto[] = [];
  let current = 'The file';
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      current = part.filename || 'The file';
      if (files.length >= allowed) throw limits.tooManyFiles();
      if (declaredNotAnImage(part.mimetype))
        throw new AppError('not_an_image', { params: { name: current } });
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

/**
 * Uploads being read now in this process, one at a time per key (a person): a second upload while
 * the first is still streaming in is refused (429) before its body is read, so one account cannot
 * hold many uploads' bytes in memory at once. The hourly limit is the route's rate limit.
 */
export class UploadsInFlight {
  private readonly keys = new Set<string>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    if (this.keys.has(key)) throw new AppError('upload_in_progress');
    this.keys.add(key);
    try {
      return await work();
    } finally {
      this.keys.delete(key);
    }
  }
}
