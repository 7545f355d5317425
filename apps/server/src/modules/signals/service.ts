// What links accounts for the signals of unfair bidding (docs/product.md "Signals"): a device id, the
// network address and a card's fingerprint, each kept only as a keyed hash (HMAC-SHA256 with the
// server's AUTH_SECRET, under a label of its own) for SIGHTING_RETENTION_DAYS.
import { createHmac, randomBytes } from 'node:crypto';
import { SIGHTING_RETENTION_DAYS, type SightingKind } from '@rebound/core/signals';
import { vancouverDateKey } from '@rebound/core/time';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import * as repo from './repository';

/** The first-party cookie that names a browser for the signals; a year long, never sent to others. */
export const DEVICE_COOKIE = 'rebound.device';
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/** A value as stored: never the value itself. The same value always gives the same hash. */
export function sightingHash(secret: string, kind: SightingKind, value: string): string {
  return createHmac('sha256', secret).update(`rebound-signals-v1:${kind}:${value}`).digest('base64url');
}

/** The browser's device id from its cookie when it has a good one, else a new one to set. */
export function deviceIdFrom(cookieValue: string | null | undefined): { id: string; isNew: boolean } {
  if (cookieValue && DEVICE_ID.test(cookieValue)) return { id: cookieValue, isNew: false };
  return { id: randomBytes(16).toString('base64url'), isNew: true };
}

/** The Set-Cookie of a new device id: first-party, HTTP only, Lax, Secure in production. */
export function deviceSetCookie(id: string, secure: boolean): string {
  return `${secure ? '__Secure-' : ''}${DEVICE_COOKIE}=${id}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The cookie's name as the browser sends it back (production's carries the __Secure- prefix). */
export const deviceCookieName = (secure: boolean) => `${secure ? '__Secure-' : ''}${DEVICE_COOKIE}`;

/** A sign-in or sign-up: the browser's device and the network address it came from. */
export async function recordSignIn(
  db: DbOrTx,
  clock: Clock,
  secret: string,
  seen: { userId: string; deviceId: string; address: string },
): Promise<void> {
  const at = clock.now();
  const day = vancouverDateKey(at);
  await repo.recordSightings(db, [
    {
      userId: seen.userId,
      kind: 'device',
      valueHash: sightingHash(secret, 'device', seen.deviceId),
      day,
      seenAt: at,
    },
    {
      userId: seen.userId,
      kind: 'network',
      valueHash: sightingHash(secret, 'network', seen.address),
      day,
      seenAt: at,
    },
  ]);
}

/** A card that paid for a shopper's checkout (its provider fingerprint, stored as a keyed hash). */
export async function recordCardUse(
  db: DbOrTx,
  clock: Clock,
  secret: string,
  used: { userId: string; fingerprint: string },
): Promise<void> {
  const at = clock.now();
  await repo.recordSightings(db, [
    {
      userId: used.userId,
      kind: 'card',
      valueHash: sightingHash(secret, 'card', used.fingerprint),
      day: vancouverDateKey(at),
      seenAt: at,
    },
  ]);
}

/** The job signals.purge: sightings past SIGHTING_RETENTION_DAYS are deleted. */
export async function purgeOldSightings(db: DbOrTx, clock: Clock): Promise<number> {
  const before = new Date(clock.now().getTime() - SIGHTING_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  return repo.purgeSightings(db, before);
}
