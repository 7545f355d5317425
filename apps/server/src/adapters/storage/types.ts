/**
 * Where uploaded media (product images) live. Keys are relative paths like
 * `products/<productId>/<imageId>/640.webp`: lowercase letters, digits, `/`, `.`, `-`, `_`, never `..`.
 *
 * The local folder adapter is the default; an S3-compatible adapter (AWS S3, Cloudflare R2, MinIO,
 * Backblaze B2) implements the same three calls: `put` = PutObject with Content-Type and a long
 * Cache-Control, `url` = the bucket's public (or CDN) address + key, `delete` = DeleteObject.
 * Nothing else in the server knows where the bytes are.
 */
export interface MediaStorage {
  /** Stores the bytes under `key`, replacing what was there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The public address browsers fetch the file from (may be a path on this site). */
  url(key: string): string;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The stored bytes, or null when there are none (the link-preview rasteriser's cache). */
  get(key: string): Promise<Uint8Array | null>;
}

const KEY = /^[a-z0-9][a-z0-9._/-]{0,300}$/i;

/** Throws on a key that could leave the storage root or is not a plain relative path. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}
