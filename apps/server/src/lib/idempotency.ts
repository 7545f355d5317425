import { createHash } from 'node:crypto';

/** How long an Idempotency-Key is remembered; after that the same key starts afresh. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The fingerprint of a request under an Idempotency-Key: the endpoint and what the request asks for,
 * in the form the server understood it (so '12.5' and 12.50 are the same bid). A key reused with a
 * different fingerprint is a conflict, not a replay.
 */
export function requestHash(endpoint: string, parts: readonly (string | number)[]): string {
  return createHash('sha256')
    .update(JSON.stringify([endpoint, ...parts]))
    .digest('base64url');
}
