import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type MediaStorage } from './types';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (R2, MinIO, GCS's XML API); AWS S3 itself needs none. */
  endpoint: string | null;
  /** Addresses the bucket as `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (MinIO). */
  forcePathStyle: boolean;
  /** Without them the SDK's default chain (environment, shared files, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Where browsers fetch the objects: a CDN or the bucket's public address; the key is appended. */
  publicUrl: string;
}

/**
 * Keys are content-addressed or carry a fresh id (admin-catalogue images, return photos, previews):
 * a key's bytes never change, so a browser or CDN may keep them a year.
 */
export const S3_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Objects in an S3-API bucket (AWS S3, Cloudflare R2, MinIO, Google Cloud Storage's XML API) through
 * the official client, @aws-sdk/client-s3. Browsers fetch product images from `publicUrl` + key;
 * return photos and link previews are read back through the server (`get`), so only `products/` needs
 * public read (docs/operations.md).
 */
export function s3Storage(opts: S3StorageOptions, client = s3Client(opts)): MediaStorage {
  const base = opts.publicUrl.endsWith('/') ? opts.publicUrl : `${opts.publicUrl}/`;
  return {
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: S3_CACHE_CONTROL,
        }),
      );
    },
    url(key) {
      assertStorageKey(key);
      return `${base}${key}`;
    },
    async delete(key) {
      assertStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: key }));
      } catch (err) {
        // S3 answers 204 for a missing key; some compatible services answer 404 (NoSuchKey).
        if (!isMissing(err)) throw err;
      }
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: key }));
        if (!res.Body) return null;
        return await res.Body.transformToByteArray();
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
  };
}

export function s3Client(opts: S3StorageOptions): S3Client {
  return new S3Client({
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    ...(opts.credentials ? { credentials: opts.credentials } : {}),
  });
}

function isMissing(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  // A missing bucket is a 404 too, but a configuration mistake to report, not an absent file.
  if (err.name === 'NoSuchBucket') return false;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
}
