// A product's GTIN and model number through the staff API, and the back-office search by them
// (docs/product.md "Staff: catalogue, manifest and search"; docs/decisions/090 and 091).
import type { AdminProduct, AdminProductList } from '@rebound/contract/admin-catalogue';
import { API } from '@rebound/contract/routes';
import { gtinProblem } from '@rebound/core/item-identity';
import { and, count, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeAuction, makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { auctions, auditLog, products } from '../../db/schema';

const NOW = new Date('2026-11-29T10:00:00.000Z');
const t = useTestApp({ now: NOW });
let staff: SignedInUser;

beforeAll(async () => {
  staff = await signedInUser(t, { role: 'staff' });
});

function body(over: Record<string, unknown> = {}) {
  return {
    title: 'Air Fryer 4 qt',
    brand: 'Ninja',
    description: '',
    categoryId: null,
    condition: 'open_box',
    retailPriceCents: 12_999,
    resalePriceCents: 7_000,
    sku: null,
    isFeatured: false,
    deskNotes: null,
    ...over,
  };
}

const send = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie: staff.cookie }, payload });

async function create(over: Record<string, unknown> = {}) {
  const res = await send('POST', API.adminProducts, body(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminProduct>();
}

async function edit(id: string, over: Record<string, unknown>) {
  const res = await send('PUT', API.adminProduct(id), body(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminProduct>();
}

const keysOf = async (id: string) => {
  const [row] = await t.db
    .select({ itemKey: products.itemKey, modelKey: products.modelKey })
    .from(products)
    .where(eq(products.id, id));
  return row!;
};

describe('GTIN and model number on a product', () => {
  it('answers a UPC-A, a UPC-E and an EAN-13 back as 14 digits, and tidies the model', async () => {
    expect(await create({ gtin: '0 36000 29145-2', model: '  AF 101   XL ' })).toMatchObject({
      gtin: '00036000291452',
      model: 'AF 101 XL',
    });
    expect((await create({ gtin: '01234565' })).gtin).toBe('00012345000065');
    expect((await create({ gtin: '4006381333931' })).gtin).toBe('04006381333931');
    const bare = await create();
    expect(bare).toMatchObject({ gtin: null, model: null });
    expect(await keysOf(bare.id)).toEqual({ itemKey: null, modelKey: null });
  });

  it("refuses a wrong check digit with core's words (400), writing nothing", async () => {
    const [before] = await t.db.select({ n: count() }).from(products);
    for (const [gtin, reason] of [
      ['036000291453', 'check_digit'],
      ['12345', 'format'],
      ['21234565', 'upc_e_number_system'],
    ] as const) {
      const res = await send('POST', API.adminProducts, body({ gtin }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(gtinProblem(reason));
    }
    const [after] = await t.db.select({ n: count() }).from(products);
    expect(after!.n).toBe(before!.n);

    const p = await create({ gtin: '036000291452' });
    const bad = await send('PUT', API.adminProduct(p.id), body({ gtin: '036000291453', title: 'Changed' }));
    expect(bad.statusCode).toBe(400);
    const [row] = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(row).toMatchObject({ gtin: '00036000291452', title: 'Air Fryer 4 qt' });
  });

  it('an edit without gtin or model leaves them; a change recomputes the keys, the audit shows both', async () => {
    const p = await create({ gtin: '036000291452', model: 'AF101' });
    expect(await keysOf(p.id)).toEqual({ itemKey: 'gtin:00036000291452', modelKey: 'af101' });
    const kept = await edit(p.id, { title: 'Air Fryer 4 qt, open box' });
    expect(kept).toMatchObject({ gtin: '00036000291452', model: 'AF101' });

    // No GTIN: the item is its brand and model.
    await edit(p.id, { gtin: null, model: 'AF-101-XL', brand: 'Ninja Kitchen' });
    expect(await keysOf(p.id)).toEqual({ itemKey: 'model:ninja kitchen|af101xl', modelKey: 'af101xl' });
    await edit(p.id, { brand: 'Shark' });
    expect(await keysOf(p.id)).toEqual({ itemKey: 'model:shark|af101xl', modelKey: 'af101xl' });
    await edit(p.id, { model: '' });
    expect(await keysOf(p.id)).toEqual({ itemKey: null, modelKey: null });

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, p.id), eq(auditLog.action, 'product.update')))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(1);
    expect(audit!.before).toMatchObject({ gtin: null, model: 'AF-101-XL' });
    expect(audit!.after).toMatchObject({ gtin: null, model: null });
    const [created] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, p.id), eq(auditLog.action, 'product.create')));
    expect(created!.after).toMatchObject({ gtin: '00036000291452', model: 'AF101' });
  });

  it("the product's auctions follow its item key (the triggers of migration 0024)", async () => {
    const locationId = (await makeLocation(t.db, { slug: 'identity-admin' })).id;
    const { product, auction } = await makeAuction(t.db, {
      now: NOW,
      locationId,
      product: { title: 'Cordless Drill', brand: 'Bosch', status: 'auctioned' },
    });
    const auctionKey = async () =>
      (
        await t.db.select({ k: auctions.productItemKey }).from(auctions).where(eq(auctions.id, auction.id))
      )[0]!.k;
    expect(await auctionKey()).toBeNull();
    const drill = { title: 'Cordless Drill', brand: 'Bosch' };
    await edit(product.id, { ...drill, gtin: '4006381333931' });
    expect(await auctionKey()).toBe('gtin:04006381333931');
    await edit(product.id, { ...drill, gtin: null, model: 'GSR 12V' });
    expect(await auctionKey()).toBe('model:bosch|gsr12v');
  });
});

describe('the back-office search box', () => {
  const search = async (q: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API.adminProducts}?q=${encodeURIComponent(q)}&pageSize=100`,
      headers: { cookie: staff.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<AdminProductList>()
      .items.map((r) => r.title)
      .sort();
  };

  beforeAll(async () => {
    await create({ title: 'Searchable kettle', brand: 'Cuisinart', gtin: '885911425308', model: 'CPK-17' });
    await create({ title: 'Searchable mini chopper', brand: 'Ninja', gtin: '04252614' });
    await create({ title: 'Searchable earbuds', brand: 'Sony', model: 'WF-1000XM4' });
  });

  it('finds a product by its GTIN in any form', async () => {
    for (const q of ['885911425308', '0885911425308', '00885911425308', '8859 1142 5308', '885911-425308']) {
      expect(await search(q)).toEqual(['Searchable kettle']);
    }
    expect(await search('04252614')).toEqual(['Searchable mini chopper']);
    expect(await search('042100005264')).toEqual(['Searchable mini chopper']);
  });

  it('finds a product by its model number without case, spaces or dashes', async () => {
    expect(await search('cpk17')).toEqual(['Searchable kettle']);
    expect(await search('CPK 17')).toEqual(['Searchable kettle']);
    expect(await search('wf 1000 xm4')).toEqual(['Searchable earbuds']);
  });

  it('still finds title, brand and SKU words', async () => {
    expect(await search('searchable')).toEqual([
      'Searchable earbuds',
      'Searchable kettle',
      'Searchable mini chopper',
    ]);
    expect(await search('searchable sony')).toEqual(['Searchable earbuds']);
  });
});
