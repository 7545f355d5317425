import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { pickupQrImagePath } from '../../lib/pickup-qr';

// The pickup QR code as a hosted image for emails (docs/decisions/080-pickup-missed-walk-ins.md): a
// PNG by a signed token, with no session; anything else is a 404.

const t = useTestApp();

describe('GET /api/pickup/qr/:token', () => {
  it('serves the PNG of a signed code to anyone (a mail client has no session), and 404s a forged one', async () => {
    const path = pickupQrImagePath(t.app.deps.config.authSecret, 'ABC234')!;
    const res = await t.app.inject({ url: path });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );

    const forged = path.replace('ABC234', 'ABC235');
    for (const url of [forged, '/api/pickup/qr/ABC234.png', `${path.slice(0, -6)}xx.png`]) {
      const bad = await t.app.inject({ url });
      expect(bad.statusCode, url).toBe(404);
      expect(bad.json().error.code).toBe('not_found');
    }
  });
});
