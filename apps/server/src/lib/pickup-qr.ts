// The pickup QR code as a hosted image (docs/decisions/080-pickup-missed-walk-ins.md): emails show
// `<img src="https://…/api/pickup/qr/<token>.png">`, which every webmail loads (through its image
// proxy), where an inline `data:` URL is dropped and a `cid:` attachment depends on the adapter and
// client. The token is the code and an HMAC of it under the server's secret (config.authSecret), so
// only someone sent the code can fetch its image, and the route needs no database: the image is a
// pure function of the code (core pickupQrPayload). Shared by the notifications templates (which
// write the link) and the pickup routes (which serve it), so it lives in lib/.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { pickupQrPayload } from '@rebound/core/pickup';
import QRCode from 'qrcode';

export const PICKUP_QR_IMAGE_ROUTE = '/api/pickup/qr/:token';
const PREFIX = '/api/pickup/qr/';
const CODE = /^[0-9A-Z]{6}$/;
const TOKEN = /^([0-9A-Z]{6})-([A-Za-z0-9_-]{22})\.png$/;

function signature(secret: string, code: string): string {
  return createHmac('sha256', secret).update(`rebound-pickup-qr-v1:${code}`).digest('base64url').slice(0, 22);
}

/** The image's path for a short code ('ABC234'), or null for anything that is not one. */
export function pickupQrImagePath(secret: string, code: string): string | null {
  return CODE.test(code) ? `${PREFIX}${code}-${signature(secret, code)}.png` : null;
}

/** The code a token ('ABC234-<signature>.png') was signed for, or null (malformed or not ours). */
export function codeOfQrImageToken(secret: string, token: string): string | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const expected = Buffer.from(signature(secret, m[1]!));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[1]! : null;
}

/** The PNG the desk scans: white with a quiet zone (dark mode keeps it readable), as the sender's. */
export function pickupQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(pickupQrPayload(code), {
    type: 'png',
    margin: 4,
    width: 336,
    errorCorrectionLevel: 'M',
  });
}
