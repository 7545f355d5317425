// Return photos are a shopper's own (docs/decisions/061-fixes-returns-fees-desk.md): served only by the
// session-checked photo route to the shopper who owns the return and to staff, never from /media.
import { randomBytes } from 'node:crypto';
import type { ReturnResponse } from '@rebound/contract/returns';
import { RETURN_API } from '@rebound/contract/returns-routes';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { makeOrder } from '../../../test/won-orders';
import { orders, returnPhotos } from '../../db/schema';

const NOW = new Date('2026-06-15T17:50:00.000Z');
const HANDED = new Date('2026-06-14T18:00:00.000Z');
let locationId: string;
const t = useTestApp({ now: NOW }, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

function multipart(bytes: Buffer) {
  const boundary = `----rebound${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="box.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('return photos', () => {
  it('are served to their shopper and to staff only: another shopper gets 404, a visitor 401, /media nothing', async () => {
    const ava = await signedInUser(t);
    const ben = await signedInUser(t);
    const staff = await signedInUser(t, { role: 'staff' });
    const { order } = await makeOrder(t.db, { now: NOW, userId: ava.user.id, locationId });
    await t.db
      .update(orders)
      .set({ status: 'completed', completedAt: HANDED })
      .where(eq(orders.id, order.id));
    const asked = await t.app.inject({
      method: 'POST',
      url: RETURN_API.meReturns,
      headers: { cookie: ava.cookie },
      payload: { orderId: order.id, reason: 'damaged' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json<ReturnResponse>().return.id;
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a33' } })
      .png()
      .toBuffer();
    const { payload, contentType } = multipart(png);
    const up = await t.app.inject({
      method: 'POST',
      url: RETURN_API.meReturnPhotos(id),
      headers: { cookie: ava.cookie, 'content-type': contentType },
      payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const [photo] = up.json<ReturnResponse>().return.photos;
    expect(photo!.url).toBe(RETURN_API.returnPhoto(id, photo!.id));

    const get = (cookie?: string) => t.app.inject({ url: photo!.url, headers: cookie ? { cookie } : {} });
    const own = await get(ava.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toBe('no-store');
    expect((await sharp(own.rawPayload).metadata()).format).toBe('jpeg');
    expect((await get(staff.cookie)).statusCode).toBe(200);
    expect((await get(ben.cookie)).statusCode).toBe(404);
    expect((await get()).statusCode).toBe(401);
    // An unknown photo of her own return, and a photo asked under another return: not found.
    expect(
      (await t.app.inject({ url: RETURN_API.returnPhoto(id, order.id), headers: { cookie: ava.cookie } }))
        .statusCode,
    ).toBe(404);

    // The stored file is not reachable at its /media address, however the path is spelled.
    const [row] = await t.db.select().from(returnPhotos).where(eq(returnPhotos.returnId, id));
    expect(row!.url.startsWith('/media/returns/')).toBe(true);
    const file = row!.url.slice('/media/'.length);
    for (const url of [
      `/media/${file}`,
      `/media//${file}`,
      `/media/./${file}`,
      `/media/%72eturns/${file.slice('returns/'.length)}`,
    ]) {
      expect((await t.app.inject({ url, headers: { cookie: ava.cookie } })).statusCode, url).toBe(404);
    }
  });
});
