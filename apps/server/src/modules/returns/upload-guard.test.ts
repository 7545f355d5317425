// A return's photo upload is checked before its body is read (lib/photo-upload.ts, routes.ts): the
// session, the return's owner and state, the room left and the declared size first, so an upload to
// someone else's or a made-up return costs the server nothing; and uploads are rate limited.
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReturnResponse } from '@rebound/contract/returns';
import { RETURN_API } from '@rebound/contract/returns-routes';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { countedMultipart } from '../../../test/multipart';
import { makeOrder } from '../../../test/won-orders';
import { orders, returnPhotos } from '../../db/schema';

const NOW = new Date('2026-06-15T17:50:00.000Z');
const HANDED = new Date('2026-06-14T18:00:00.000Z');
const MB = 1024 * 1024;
let locationId: string;
const t = useTestApp({ now: NOW }, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

let ava: SignedInUser;
let ben: SignedInUser;
let avasReturn: string;

beforeAll(async () => {
  ava = await signedInUser(t);
  ben = await signedInUser(t);
  const { order } = await makeOrder(t.db, { now: NOW, userId: ava.user.id, locationId });
  await t.db.update(orders).set({ status: 'completed', completedAt: HANDED }).where(eq(orders.id, order.id));
  const asked = await t.app.inject({
    method: 'POST',
    url: RETURN_API.meReturns,
    headers: { cookie: ava.cookie },
    payload: { orderId: order.id, reason: 'damaged' },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  avasReturn = asked.json<ReturnResponse>().return.id;
});

const upload = (url: string, cookie: string, body: ReturnType<typeof countedMultipart>) =>
  t.app.inject({ method: 'POST', url, headers: { cookie, ...body.headers }, payload: body.stream });

describe('a return photo upload', () => {
  it('to someone else’s return or a made-up one is refused 404 before its body is read', async () => {
    for (const id of [avasReturn, randomUUID()]) {
      // 20 MB: over the 15 MB a photo may be, so reading it would have answered 413 instead.
      const body = countedMultipart(20 * MB);
      const res = await upload(RETURN_API.meReturnPhotos(id), ben.cookie, body);
      body.stream.destroy();
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('return_not_found');
      expect(body.read()).toBeLessThan(MB);
    }
  });

  it('by its owner, larger than 4 photos can be, is refused 413 from its declared size, unread', async () => {
    const body = countedMultipart(80 * MB);
    const res = await upload(RETURN_API.meReturnPhotos(avasReturn), ava.cookie, body);
    body.stream.destroy();
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.code).toBe('upload_too_large');
    expect(body.read()).toBeLessThan(MB);
    expect(await t.db.select().from(returnPhotos).where(eq(returnPhotos.returnId, avasReturn))).toEqual([]);
  });

  it('with a part that says it is not a picture is refused (by its declared type)', async () => {
    const boundary = `----rebound${randomBytes(8).toString('hex')}`;
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: RETURN_API.meReturnPhotos(avasReturn),
      headers: { cookie: ava.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe('not_an_image');
  });

  it('by its owner, a real photo, still goes up', async () => {
    const png = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#3a3' } })
      .png()
      .toBuffer();
    const boundary = `----rebound${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="box.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: RETURN_API.meReturnPhotos(avasReturn),
      headers: { cookie: ava.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ReturnResponse>().return.photos).toHaveLength(1);
  });

  it('while another of the same shopper is still coming in, is refused 429 and the first one completes', async () => {
    const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#33a' } })
      .png()
      .toBuffer();
    const boundary = `----rebound${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    let pulled = false;
    const slow = new Readable({
      read() {
        pulled = true;
      },
    });
    slow.push(head);
    slow.push(png.subarray(0, 10));
    const first = t.app.inject({
      method: 'POST',
      url: RETURN_API.meReturnPhotos(avasReturn),
      headers: {
        cookie: ava.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + png.length + tail.length),
      },
      payload: slow,
    });
    // The first upload is being read (its photo half sent) when the second one comes.
    for (let i = 0; i < 200 && !pulled; i++) await new Promise((r) => setTimeout(r, 10));
    expect(pulled).toBe(true);
    const second = await t.app.inject({
      method: 'POST',
      url: RETURN_API.meReturnPhotos(avasReturn),
      headers: { cookie: ava.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([head, png, tail]),
    });
    expect(second.statusCode, second.body).toBe(429);
    expect(second.json().error.code).toBe('upload_in_progress');
    slow.push(png.subarray(10));
    slow.push(tail);
    slow.push(null);
    const done = await first;
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<ReturnResponse>().return.photos).toHaveLength(2);
  });

  it('is rate limited per shopper: the 21st upload in an hour answers 429', async () => {
    const cy = await signedInUser(t);
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: RETURN_API.meReturnPhotos(randomUUID()),
        headers: { cookie: cy.cookie, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x--\r\n',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 404)).toBe(true);
    expect(codes[20]).toBe(429);
    // Another shopper has a count of their own.
    const other = await t.app.inject({
      method: 'POST',
      url: RETURN_API.meReturnPhotos(randomUUID()),
      headers: { cookie: ben.cookie, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(other.statusCode).toBe(404);
  });
});
