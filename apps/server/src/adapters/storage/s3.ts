import type { S3Client } from '@aws-sdk/client-s3';
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
export function s3Storage(opts: S3StorageOptions): MediaStorage {
  const base = opts.publicUrl.endsWith('/') ? opts.publicUrl : `${opts.publicUrl}/`;
  // The SDK is loaded on first use, so a server on the local folder never loads it.
  let ready: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const connect = () => {
    ready ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: s3Client(sdk, opts) }));
    return ready;
  };
  return {
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
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
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket: opts.bucket, Key: key }));
      } catch (err) {
        // S3 answers 204 for a missing key; some compatible services answer 404 (NoSuchKey).
        if (!isMissing(sdk, err)) throw err;
      }
    },
    async get(key) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket: opts.bucket, Key: key }));
        if (!res.Body) return null;
        return await res.Body.transformToByteArray();
      } catch (err) {
        if (isMissing(sdk, err)) return null;
        throw err;
      }
    },
  };
}

function s3Client(sdk: typeof import('@aws-sdk/client-s3'), opts: S3StorageOptions): S3Client {
  return new sdk.S3Client({
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    ...(opts.credentials ? { credentials: opts.credentials } : {}),
  });
}

function isMissing(sdk: typeof import('@aws-sdk/client-s3'), err: unknown): boolean {
  if (!(err instanceof sdk.S3ServiceException)) return false;
  // A missing bucket is a 404 too, but a configuration mistake to report, not an absent file.
  if (err.name === 'NoSuchBucket') return false;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
}
