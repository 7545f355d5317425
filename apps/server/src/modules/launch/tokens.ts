// The launch list's secrets (docs/decisions/028-pre-launch-mode.md):
// - the confirmation link's token: random, single use; only its SHA-256 is stored;
// - the bypass: the configured address compared in constant time, and the signed token that the
//   browser keeps (cookie, and local storage to present again). The token is tied to the bypass
//   address (its hash is in the signature), so changing or removing LAUNCH_BYPASS_EMAIL ends every
//   bypass handed out before.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a confirmation link works. */
export const CONFIRM_TOKEN_LIFETIME_MS = 48 * 60 * 60 * 1000;
/** How long a bypass lasts in a browser before the address must be typed again. */
export const BYPASS_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const BYPASS_COOKIE = 'rebound_launch_bypass';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashConfirmToken(token) };
}

export function hashConfirmToken(token: string): string {
  return createHash('sha256').update(`rebound-launch-confirm-v1:${token}`).digest('hex');
}

/** Whether a query value can be a confirmation token at all (anything else is refused unseen). */
export function isConfirmTokenShape(token: unknown): token is string {
  return typeof token === 'string' && TOKEN.test(token);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The typed address against the configured one (both normalised), in constant time. */
export function isBypassEmail(bypassEmail: string | null, email: string): boolean {
  if (!bypassEmail) return false;
  return timingSafeEqual(digest(email), digest(bypassEmail));
}

function sign(secret: string, bypassEmail: string, body: string): Buffer {
  return createHmac('sha256', secret)
    .update(`rebound-launch-bypass-v1:${digest(bypassEmail).toString('hex')}:${body}`)
    .digest();
}

/** `v1.<expiry, unix seconds base 36>.<HMAC, base64url>` */
export function createBypassToken(secret: string, bypassEmail: string, now: Date): string {
  const expiry = Math.floor((now.getTime() + BYPASS_LIFETIME_MS) / 1000).toString(36);
  const body = `v1.${expiry}`;
  return `${body}.${sign(secret, bypassEmail, body).toString('base64url')}`;
}

/** Checks any untrusted value; never throws. False when no bypass address is configured. */
export function verifyBypassToken(
  secret: string,
  bypassEmail: string | null,
  token: unknown,
  now: Date,
): boolean {
  if (!bypassEmail || typeof token !== 'string' || token.length > 200) return false;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== 'v1' || !/^[0-9a-z]{1,11}$/.test(parts[1]!)) return false;
  const given = Buffer.from(parts[2]!, 'base64url');
  const expected = sign(secret, bypassEmail, `v1.${parts[1]}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return Number.parseInt(parts[1]!, 36) * 1000 > now.getTime();
}

/** The value of one cookie in a Cookie header, if present. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export function bypassCookie(token: string, secure: boolean): string {
  return [
    `${BYPASS_COOKIE}=${token}`,
    'Path=/',
    `Max-Age=${Math.floor(BYPASS_LIFETIME_MS / 1000)}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
