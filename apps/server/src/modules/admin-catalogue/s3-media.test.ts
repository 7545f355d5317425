import type { ImagesResponse } from '@rebound/contract/admin-catalogue';
import type { ProductDetail } from '@rebound/contract/catalog';
import { API } from '@rebound/contract/routes';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { makeAuction, makeLocation } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipartBody } from '../../../test/multipart';
import { startS3Server } from '../../../test/s3-server';
import { s3Storage } from '../../adapters/storage/s3';
import { productImages } from '../../db/schema';

const NOW = new Date('2026-06-15T18:00:00.000Z');

// MEDIA_STORAGE=s3 end to end: the staff upload route writes the photo's variants into a real
// S3-protocol server's bucket, and the product page sends browsers to MEDIA_PUBLIC_URL for them.
describe('product photos in object storage (MEDIA_STORAGE=s3)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server('rebound-photos');
    t = await createTestApp({ now: NOW, env: s3.env });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores an uploaded photo in the bucket and links the product page to its public URL', async () => {
    const staff = await signedInUser(t, { role: 'staff' });
    const location = await makeLocation(t.db);
    const { product } = await makeAuction(t.db, { now: NOW, locationId: location.id });
    await t.db.delete(productImages).where(eq(productImages.productId, product.id));

    const png = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#e84' } })
      .png()
      .toBuffer();
    const { payload, contentType } = multipartBody([
      { field: 'images', name: 'a.png', type: 'image/png', bytes: png },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: API.adminProductImages(product.id),
      headers: { cookie: staff.cookie, 'content-type': contentType },
      payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const [image] = up.json<ImagesResponse>().images;

    const detail = await t.app.inject({ method: 'GET', url: API.product(product.slug) });
    expect(detail.statusCode, detail.body).toBe(200);
    const shown = detail.json<ProductDetail>().product.images[0]!;
    expect(shown.url).toBe(image!.url);
    expect(shown.url.startsWith(s3.options.publicUrl)).toBe(true);
    const variants = shown.variants ?? [];
    expect(variants.length).toBeGreaterThan(0);
    for (const v of variants) expect(v.url.startsWith(s3.options.publicUrl)).toBe(true);

    // The bytes are in the bucket (read with the S3 API), and a browser gets them from the public URL.
    const key = shown.url.slice(s3.options.publicUrl.length);
    const stored = await s3Storage(s3.options).get(key);
    expect(stored?.byteLength).toBeGreaterThan(0);
    const res = await fetch(shown.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toContain('immutable');
    // Nothing was written to the local media folder's products/ for it.
    const local = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(local.statusCode).toBe(404);
  });

  it("lets pages load images from the bucket's origin (Content-Security-Policy img-src)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain(`img-src 'self' data: blob: ${s3.endpoint}`);
  });
});
