import { randomBytes } from 'node:crypto';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AdminAuctionList } from '@rebound/contract/admin-auctions';
import type { AdminProduct, AdminProductList, ImagesResponse } from '@rebound/contract/admin-catalogue';
import type { AdminOrderDetail, AdminOrdersResponse } from '@rebound/contract/admin-orders';
import type { ProductDetail, ShopResponse } from '@rebound/contract/catalog';
import { API } from '@rebound/contract/routes';
import { productSku } from '@rebound/core/catalog';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeAuction, makeCategory, makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { countedMultipart, multipartBody } from '../../../test/multipart';
import { makeOrder } from '../../../test/won-orders';
import { auctions, auditLog, productImages } from '../../db/schema';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const t = useTestApp({ now: NOW });

let staff: SignedInUser;
let shopper: SignedInUser;
let categoryId: string;

beforeAll(async () => {
  staff = await signedInUser(t, { role: 'staff' });
  shopper = await signedInUser(t);
  categoryId = (await makeCategory(t.db, { name: 'Power Tools', slug: 'power-tools' })).id;
});

const as = (who: SignedInUser | null) => (who ? { cookie: who.cookie } : {});

function productBody(over: Record<string, unknown> = {}) {
  return {
    title: 'Cordless Drill Kit',
    brand: 'DeWalt',
    description: 'A 20V drill with two batteries.',
    categoryId,
    condition: 'open_box',
    retailPriceCents: 19_999,
    resalePriceCents: 9_999,
    sku: null,
    isFeatured: false,
    deskNotes: 'Shelf B4',
    ...over,
  };
}

async function create(over: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: API.adminProducts,
    headers: as(staff),
    payload: productBody(over),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminProduct>();
}

function upload(
  productId: string,
  files: { name: string; type: string; bytes: Buffer }[],
  who: SignedInUser | null = staff,
) {
  const { payload, contentType } = multipartBody(files.map((f) => ({ field: 'images', ...f })));
  return t.app.inject({
    method: 'POST',
    url: API.adminProductImages(productId),
    headers: { ...as(who), 'content-type': contentType },
    payload,
  });
}

/** A 1600 x 1000 JPEG carrying EXIF (camera, GPS-like tags) and orientation 6 (turn 90° clockwise). */
async function photoWithExif() {
  return sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'RecallCam', Model: 'Secret 9000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '49/1 15/1 0/1' },
    })
    .toBuffer();
}

const smallPng = () =>
  sharp({ create: { width: 500, height: 400, channels: 4, background: '#e84' } })
    .png()
    .toBuffer();

const fileOf = (url: string) => path.join(t.config.mediaDir, url.replace(/^\/media\//, ''));

async function lastAudit(entityId: string, action: string) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row ?? null;
}

describe('who may use the catalogue API', () => {
  it('refuses visitors (401) and shoppers (403) on every endpoint', async () => {
    const product = await create({ title: 'Guarded thing' });
    const image = '00000000-0000-4000-8000-000000000000';
    const png = await smallPng();
    const calls = [
      { method: 'GET', url: API.adminProducts },
      { method: 'POST', url: API.adminProducts, payload: productBody() },
      { method: 'GET', url: API.adminProduct(product.id) },
      { method: 'PUT', url: API.adminProduct(product.id), payload: productBody() },
      { method: 'POST', url: API.adminProductWithdraw(product.id), payload: {} },
      { method: 'PUT', url: API.adminProductImageOrder(product.id), payload: { imageIds: [image] } },
      { method: 'DELETE', url: API.adminProductImage(product.id, image) },
    ] as const;
    for (const who of [null, shopper]) {
      for (const c of calls) {
        const res = await t.app.inject({ ...c, headers: as(who) });
        expect(res.statusCode, `${c.method} ${c.url}`).toBe(who ? 403 : 401);
      }
      const res = await upload(product.id, [{ name: 'a.png', type: 'image/png', bytes: png }], who);
      expect(res.statusCode).toBe(who ? 403 : 401);
    }
    expect(
      (
        await t.app.inject({ method: 'GET', url: API.adminProduct(product.id), headers: as(staff) })
      ).json<AdminProduct>().images,
    ).toEqual([]);
  });
});

describe('products', () => {
  it('creates a draft product with every field, audited with its values', async () => {
    const p = await create({ sku: 'dw-20v-001', isFeatured: true });
    expect(p).toMatchObject({
      title: 'Cordless Drill Kit',
      brand: 'DeWalt',
      categoryId,
      condition: 'open_box',
      retailPriceCents: 19_999,
      resalePriceCents: 9_999,
      sku: 'DW-20V-001',
      isFeatured: true,
      deskNotes: 'Shelf B4',
      status: 'draft',
      images: [],
      auction: null,
    });
    expect(p.slug).toMatch(/^cordless-drill-kit-[0-9a-f]{6}$/);
    const audit = await lastAudit(p.id, 'product.create');
    expect(audit?.actorId).toBe(staff.user.id);
    expect(audit?.before).toBeNull();
    expect(audit?.after).toMatchObject({
      sku: 'DW-20V-001',
      retailPriceCents: 19_999,
      deskNotes: 'Shelf B4',
    });
  });

  it('refuses a SKU another product has, an unknown category and prices out of bounds, with clear messages', async () => {
    await create({ sku: 'CLASH-1' });
    const clash = await t.app.inject({
      method: 'POST',
      url: API.adminProducts,
      headers: as(staff),
      payload: productBody({ sku: 'clash-1' }),
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toEqual({
      code: 'sku_taken',
      message: 'Another product already has SKU CLASH-1. Please use a different SKU.',
    });
    const other = await create({ sku: 'CLASH-2' });
    const edit = await t.app.inject({
      method: 'PUT',
      url: API.adminProduct(other.id),
      headers: as(staff),
      payload: productBody({ sku: 'CLASH-1' }),
    });
    expect(edit.json().error.code).toBe('sku_taken');

    const category = await t.app.inject({
      method: 'POST',
      url: API.adminProducts,
      headers: as(staff),
      payload: productBody({ categoryId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(category.statusCode).toBe(422);
    expect(category.json().error.code).toBe('category_not_found');

    const tooDear = await t.app.inject({
      method: 'POST',
      url: API.adminProducts,
      headers: as(staff),
      payload: productBody({ retailPriceCents: 10_000_001 }),
    });
    expect(tooDear.statusCode).toBe(400);
    expect(tooDear.json().error.message).toBe('The amount cannot be above $100,000.');
    const badSku = await t.app.inject({
      method: 'POST',
      url: API.adminProducts,
      headers: as(staff),
      payload: productBody({ sku: 'no spaces' }),
    });
    expect(badSku.json().error.message).toBe(
      'A SKU uses only letters, digits, dots, dashes and underscores.',
    );
  });

  it('edits a product and audits before and after', async () => {
    const p = await create({ title: 'Old title' });
    const res = await t.app.inject({
      method: 'PUT',
      url: API.adminProduct(p.id),
      headers: as(staff),
      payload: productBody({
        title: 'New title',
        resalePriceCents: 12_345,
        deskNotes: 'Shelf C1',
        condition: 'gently_used',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminProduct>()).toMatchObject({
      title: 'New title',
      resalePriceCents: 12_345,
      deskNotes: 'Shelf C1',
      condition: 'gently_used',
    });
    const audit = await lastAudit(p.id, 'product.update');
    expect(audit?.before).toMatchObject({
      title: 'Old title',
      resalePriceCents: 9_999,
      deskNotes: 'Shelf B4',
    });
    expect(audit?.after).toMatchObject({
      title: 'New title',
      resalePriceCents: 12_345,
      deskNotes: 'Shelf C1',
    });
  });

  it('lists with paging, one search box (title, brand, SKU), filters and sorting', async () => {
    const tag = randomBytes(3).toString('hex');
    await create({ title: `Zeta lamp ${tag}`, brand: 'Lumo', sku: `LMP-${tag}-1`, retailPriceCents: 5_000 });
    await create({
      title: `Alpha lamp ${tag}`,
      brand: 'Lumo',
      sku: `LMP-${tag}-2`,
      retailPriceCents: 7_000,
      isFeatured: true,
    });
    await create({ title: `Kettle ${tag}`, brand: `Brew${tag}`, sku: `KTL-${tag}`, condition: 'like_new' });
    const list = (qs: string) =>
      t.app.inject({ method: 'GET', url: `${API.adminProducts}?${qs}`, headers: as(staff) }).then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return r.json<AdminProductList>();
      });

    const byTitle = await list(`q=lamp ${tag}&sort=title&dir=asc`);
    expect(byTitle.items.map((i) => i.title)).toEqual([`Alpha lamp ${tag}`, `Zeta lamp ${tag}`]);
    expect(byTitle.total).toBe(2);
    expect((await list(`q=${tag}-2`)).items.map((i) => i.sku)).toEqual([`LMP-${tag.toUpperCase()}-2`]);
    expect((await list(`q=brew${tag}`)).items).toHaveLength(1);
    expect((await list(`q=${tag}&featured=true`)).items.map((i) => i.title)).toEqual([`Alpha lamp ${tag}`]);
    expect((await list(`q=${tag}&condition=like_new`)).items.map((i) => i.title)).toEqual([`Kettle ${tag}`]);
    expect((await list(`q=${tag}&status=draft&categoryId=${categoryId}`)).total).toBe(3);
    expect((await list(`q=${tag}&sort=retail&dir=desc`)).items[0]!.retailPriceCents).toBe(19_999);
    const page2 = await list(`q=${tag}&sort=title&dir=asc&pageSize=2&page=2`);
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((i) => i.title)).toEqual([`Zeta lamp ${tag}`]);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${API.adminProducts}?sort=nope`,
      headers: as(staff),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('once its open auction has bids, what bidders relied on is locked; additions and desk facts stay editable', async () => {
    const location = await makeLocation(t.db);
    const product = await create({ title: 'Espresso Machine', description: 'Steam wand works.' });
    const [auction] = await t.db
      .insert(auctions)
      .values({
        productId: product.id,
        locationId: location.id,
        status: 'live',
        startTime: new Date(NOW.getTime() - 3_600_000),
        endTime: new Date(NOW.getTime() + 3_600_000),
        originalEndTime: new Date(NOW.getTime() + 3_600_000),
        startingBidCents: 1_000,
        currentPriceCents: 1_000,
      })
      .returning();
    const put = (over: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: API.adminProduct(product.id),
        headers: as(staff),
        payload: productBody({ title: 'Espresso Machine', description: 'Steam wand works.', ...over }),
      });
    // No bids yet: anything may change.
    expect((await put({ title: 'Espresso Machine Pro' })).statusCode).toBe(200);
    await t.db.update(auctions).set({ bidCount: 3 }).where(eq(auctions.id, auction!.id));

    const refused = await put({
      title: 'Espresso Machine',
      condition: 'gently_used',
      retailPriceCents: 99_999,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'product_locked_by_bids' });
    expect(refused.json().error.message).toBe(
      'Shoppers are bidding on this product, so these can no longer change: Title, Condition, Retail price. You can still add to the description and change the photos, category, SKU, featured flag and desk notes.',
    );
    const rewritten = await put({ title: 'Espresso Machine Pro', description: 'Wand broken.' });
    expect(rewritten.json().error.message).toContain('Description (only additions)');
    const unchanged = await t.app.inject({
      method: 'GET',
      url: API.adminProduct(product.id),
      headers: as(staff),
    });
    expect(unchanged.json<AdminProduct>()).toMatchObject({
      title: 'Espresso Machine Pro',
      condition: 'open_box',
    });

    const allowed = await put({
      title: 'Espresso Machine Pro',
      description: 'Steam wand works.\n\nUpdate: the drip tray is included.',
      deskNotes: 'Moved to shelf C2',
      isFeatured: true,
      sku: `LOCK-${Date.now()}`,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json<AdminProduct>()).toMatchObject({ deskNotes: 'Moved to shelf C2', isFeatured: true });
  });

  it('withdraws: refused while its open auction has bids; an open auction without bids is cancelled with it', async () => {
    const location = await makeLocation(t.db);
    const withBids = await makeAuction(t.db, { now: NOW, locationId: location.id, auction: { bidCount: 2 } });
    const refused = await t.app.inject({
      method: 'POST',
      url: API.adminProductWithdraw(withBids.product.id),
      headers: as(staff),
      payload: {},
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'product_has_bids',
      message:
        'This product has an open auction with bids, so it cannot be withdrawn. Cancel the auction first.',
    });

    const quiet = await makeAuction(t.db, {
      now: NOW,
      locationId: location.id,
      product: { isFeatured: true },
    });
    const ok = await t.app.inject({
      method: 'POST',
      url: API.adminProductWithdraw(quiet.product.id),
      headers: as(staff),
      payload: { reason: 'Damaged on the shelf' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<AdminProduct>()).toMatchObject({ status: 'withdrawn', isFeatured: false });
    const [auction] = await t.db.select().from(auctions).where(eq(auctions.id, quiet.auction.id));
    expect(auction?.status).toBe('cancelled');
    const audit = await lastAudit(quiet.product.id, 'product.withdraw');
    expect(audit).toMatchObject({
      reason: 'Damaged on the shelf',
      before: { status: 'auctioned' },
      after: { status: 'withdrawn' },
    });
    // Its public page is gone.
    expect((await t.app.inject({ method: 'GET', url: API.product(quiet.product.slug) })).statusCode).toBe(
      404,
    );
  });

  it('answers 404 for an unknown product', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: API.adminProduct('00000000-0000-4000-8000-000000000000'),
      headers: as(staff),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Product not found');
  });
});

describe('images', () => {
  it('accepts real photos: upright, resized to the page widths in AVIF, WebP and JPEG, metadata stripped', async () => {
    const p = await create({ title: 'Photo subject' });
    const jpeg = await photoWithExif();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect(jpeg.includes(Buffer.from('RecallCam'))).toBe(true);
    const res = await upload(p.id, [
      { name: 'IMG_0001.JPG', type: 'image/jpeg', bytes: jpeg },
      { name: 'label.png', type: 'image/png', bytes: await smallPng() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { images } = res.json<ImagesResponse>();
    expect(images.map((i) => i.position)).toEqual([0, 1]);

    // 1600 x 1000 with orientation 6 is 1000 x 1600 upright: 320, 640 and 1000 wide (no upscaling).
    const [photo, label] = images as [ImagesResponse['images'][number], ImagesResponse['images'][number]];
    expect(photo.variants.map((v) => `${v.format}@${v.width}`).sort()).toEqual(
      [
        'avif@320',
        'avif@640',
        'avif@1000',
        'jpeg@320',
        'jpeg@640',
        'jpeg@1000',
        'webp@320',
        'webp@640',
        'webp@1000',
      ].sort(),
    );
    expect(photo).toMatchObject({ width: 1000, height: 1600 });
    expect(photo.url).toMatch(/\/1000\.jpg$/);
    expect(label.variants.map((v) => v.width).sort((a, b) => a - b)).toEqual([320, 320, 320, 500, 500, 500]);

    for (const v of photo.variants) {
      const bytes = await readFile(fileOf(v.url));
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe(v.format === 'avif' ? 'heif' : v.format);
      expect(meta.width).toBe(v.width);
      expect(meta.exif, `${v.url} has no EXIF`).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      // Upright: portrait.
      expect(meta.height!).toBeGreaterThan(meta.width!);
      expect(bytes.includes(Buffer.from('RecallCam'))).toBe(false);
    }
    // Served from /media with long cache headers.
    const served = await t.app.inject({ method: 'GET', url: photo.variants[0]!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');

    const audit = await lastAudit(p.id, 'product.images.add');
    expect(audit?.after).toMatchObject({ imageIds: [photo.id, label.id] });
  });

  it('refuses a text file named .jpg, an oversized file, too many pixels and a non-multipart body', async () => {
    const p = await create({ title: 'Refusals' });
    const text = await upload(p.id, [
      {
        name: 'holiday.jpg',
        type: 'image/jpeg',
        bytes: Buffer.from('just some text, not a photo\n'.repeat(20)),
      },
    ]);
    expect(text.statusCode).toBe(422);
    expect(text.json().error).toEqual({
      code: 'not_an_image',
      message:
        'holiday.jpg is not an image we can read. Please upload a JPEG, PNG, WebP, AVIF, HEIC, GIF or TIFF photo.',
    });

    const big = await upload(p.id, [
      { name: 'huge.jpg', type: 'image/jpeg', bytes: Buffer.alloc(15 * 1024 * 1024 + 1, 1) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toEqual({
      code: 'image_too_large',
      message: 'huge.jpg is larger than 15 MB. Please upload a smaller photo.',
    });

    // 8000 x 8000 = 64 MP, compressed to a small PNG.
    const wide = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const pixels = await upload(p.id, [{ name: 'wide.png', type: 'image/png', bytes: wide }]);
    expect(pixels.statusCode).toBe(422);
    expect(pixels.json().error.code).toBe('image_too_many_pixels');

    // 7000 x 7000 = 49 MP: a ~200 KB file that took seconds and hundreds of MB to decode. Refused
    // from its header; five of them in one upload too, and nothing is stored.
    const square = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#d8d2c4' } })
      .png()
      .toBuffer();
    const five = await upload(
      p.id,
      [1, 2, 3, 4, 5].map((i) => ({ name: `square-${i}.png`, type: 'image/png', bytes: square })),
    );
    expect(five.statusCode).toBe(422);
    expect(five.json().error).toEqual({
      code: 'image_too_many_pixels',
      message: 'square-1.png has more than 40 megapixels. Please upload a smaller photo.',
    });

    const svg = await upload(p.id, [
      {
        name: 'logo.svg',
        type: 'image/svg+xml',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      },
    ]);
    expect(svg.json().error.code).toBe('not_an_image');

    const json = await t.app.inject({
      method: 'POST',
      url: API.adminProductImages(p.id),
      headers: as(staff),
      payload: { images: [] },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.code).toBe('image_upload_not_multipart');

    const malformed = await t.app.inject({
      method: 'POST',
      url: API.adminProductImages(p.id),
      headers: { ...as(staff), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\nabc',
    });
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);

    const png = await smallPng();
    const eleven = await upload(
      p.id,
      Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, type: 'image/png', bytes: png })),
    );
    expect(eleven.statusCode).toBe(413);
    expect(eleven.json().error).toEqual({
      code: 'too_many_files',
      message: 'Please upload at most 10 images at a time.',
    });

    const empty = await upload(p.id, []);
    expect(empty.json().error.code).toBe('image_upload_empty');

    const after = await t.app.inject({ method: 'GET', url: API.adminProduct(p.id), headers: as(staff) });
    expect(after.json<AdminProduct>().images).toEqual([]);
  });

  it("gives the shop's card and product page the photos' variants (srcset) and the real SKU", async () => {
    const location = await makeLocation(t.db);
    const { product } = await makeAuction(t.db, {
      now: NOW,
      locationId: location.id,
      product: { sku: 'SHOWN-1' },
    });
    await t.db.delete(productImages).where(eq(productImages.productId, product.id));
    const up = await upload(product.id, [{ name: 'a.png', type: 'image/png', bytes: await smallPng() }]);
    const [image] = up.json<ImagesResponse>().images;
    const detail = await t.app.inject({ method: 'GET', url: API.product(product.slug) });
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json<ProductDetail>();
    expect(body.product.sku).toBe('SHOWN-1');
    expect(body.product.images[0]).toMatchObject({ url: image!.url, variants: image!.variants });
    const shop = await t.app.inject({
      method: 'GET',
      url: `${API.shop}?q=${encodeURIComponent(product.title)}&maxPrice=100000`,
    });
    const card = shop.json<ShopResponse>().items.find((c) => c.productId === product.id);
    expect(card?.image?.variants).toEqual(image!.variants);
  });

  it('shows one SKU for a product without its own: catalogue, product page, orders and auctions alike', async () => {
    const location = await makeLocation(t.db);
    const title = `Unlabelled kettle ${randomBytes(3).toString('hex')}`;
    const { order, product } = await makeOrder(t.db, {
      now: NOW,
      userId: shopper.user.id,
      locationId: location.id,
      title,
    });
    expect(product.sku).toBeNull();
    const sku = productSku(product);
    expect(sku).toBe(product.slug.toUpperCase());
    const get = async <T>(url: string, who: SignedInUser | null = staff) => {
      const res = await t.app.inject({ method: 'GET', url, headers: as(who) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<T>();
    };
    const q = encodeURIComponent(title);
    const catalogue = await get<AdminProductList>(`${API.adminProducts}?q=${q}`);
    expect(catalogue.items.map((i) => i.sku)).toEqual([sku]);
    // The SKU the table shows finds the product too.
    const bySku = await get<AdminProductList>(`${API.adminProducts}?q=${encodeURIComponent(sku)}`);
    expect(bySku.items.map((i) => i.id)).toEqual([product.id]);
    expect((await get<ProductDetail>(API.product(product.slug), null)).product.sku).toBe(sku);
    const orders = await get<AdminOrdersResponse>(`${API.adminOrders}?q=${q}`);
    expect(orders.items.map((i) => i.sku)).toEqual([sku]);
    expect((await get<AdminOrderDetail>(API.adminOrder(order.id))).order.product.sku).toBe(sku);
    const auctionList = await get<AdminAuctionList>(`${API.adminAuctions}?q=${q}`);
    expect(auctionList.items.map((i) => i.sku)).toEqual([sku]);
  });

  it('reorders (cover first) in one step, refuses a stale order, and deletes an image with its files', async () => {
    const p = await create({ title: 'Ordering' });
    const png = await smallPng();
    const up = await upload(
      p.id,
      [1, 2, 3].map((n) => ({ name: `${n}.png`, type: 'image/png', bytes: png })),
    );
    const [a, b, c] = up.json<ImagesResponse>().images.map((i) => i.id) as [string, string, string];

    const cover = await t.app.inject({
      method: 'PUT',
      url: API.adminProductImageOrder(p.id),
      headers: as(staff),
      payload: { imageIds: [b, a, c] },
    });
    expect(cover.statusCode, cover.body).toBe(200);
    expect(cover.json<ImagesResponse>().images.map((i) => [i.id, i.position])).toEqual([
      [b, 0],
      [a, 1],
      [c, 2],
    ]);
    expect((await lastAudit(p.id, 'product.images.reorder'))?.after).toEqual({ imageIds: [b, a, c] });

    const stale = await t.app.inject({
      method: 'PUT',
      url: API.adminProductImageOrder(p.id),
      headers: as(staff),
      payload: { imageIds: [a, b] },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('image_order_mismatch');

    const victim = cover.json<ImagesResponse>().images[0]!;
    const del = await t.app.inject({
      method: 'DELETE',
      url: API.adminProductImage(p.id, victim.id),
      headers: as(staff),
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json<ImagesResponse>().images.map((i) => [i.id, i.position])).toEqual([
      [a, 0],
      [c, 1],
    ]);
    for (const v of victim.variants) await expect(access(fileOf(v.url))).rejects.toThrow();
    expect(await lastAudit(p.id, 'product.images.delete')).not.toBeNull();
    const again = await t.app.inject({
      method: 'DELETE',
      url: API.adminProductImage(p.id, victim.id),
      headers: as(staff),
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('an image upload to no product', () => {
  it('is refused 404 before its body is read (lib/photo-upload.ts: who and what first)', async () => {
    // 20 MB: over the file limit, so reading it would have answered 413 instead.
    const body = countedMultipart(20 * 1024 * 1024);
    const res = await t.app.inject({
      method: 'POST',
      url: API.adminProductImages('00000000-0000-4000-8000-000000000321'),
      headers: { cookie: staff.cookie, ...body.headers },
      payload: body.stream,
    });
    body.stream.destroy();
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error.code).toBe('product_not_found');
    expect(body.read()).toBeLessThan(1024 * 1024);
  });
});
