import type { AdminProduct } from '@rebound/contract/admin-catalogue';
import type { IntakeLookup } from '@rebound/contract/admin-intake';
import { API } from '@rebound/contract/routes';
import { gtinCheckDigit } from '@rebound/core/item-identity';
import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/auth';
import { useCatalogueApp } from '../../../test/catalogue-staff';

// The receiving bench's endpoints (intake.ts): looking a code up as an item, and saving a unit with
// a SKU the store gives in the item's series.

const NOW = new Date('2026-06-15T18:00:00.000Z');
const { t, c } = useCatalogueApp(NOW, { name: 'Kitchen', slug: 'kitchen' });

/** A UPC-A (12 digits) with a right check digit, one per `n`. */
const upc = (n: number) => {
  const body = `0${String(71_000_000_00 + n).padStart(10, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
};

function unitBody(over: Record<string, unknown> = {}) {
  return {
    title: 'Air Fryer 5.5 L',
    brand: 'Cosori',
    description: 'Digital air fryer with basket.',
    categoryId: c.categoryId,
    condition: 'open_box',
    retailPriceCents: 12_999,
    resalePriceCents: 7_499,
    sku: null,
    isFeatured: false,
    deskNotes: null,
    ...over,
  };
}

async function post(url: string, body: Record<string, unknown>, who: SignedInUser = c.staff) {
  return t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload: body });
}

async function receive(over: Record<string, unknown> = {}) {
  const res = await post(API.adminIntakeUnits, unitBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminProduct>();
}

function lookUp(code: string, who: SignedInUser | null = c.staff) {
  return t.app.inject({
    method: 'GET',
    url: `${API.adminIntakeLookup}?code=${encodeURIComponent(code)}`,
    headers: who ? { cookie: who.cookie } : {},
  });
}

describe('intake lookup', () => {
  it('finds an item by its GTIN typed in another form, with its latest unit’s details', async () => {
    const gtin = upc(1);
    await receive({ gtin, sku: 'FRYER-01', resalePriceCents: 6_000 });
    await receive({ gtin, sku: 'FRYER-02', title: 'Air Fryer 5.5 L (2026)', saleTerms: 'final_sale' });
    // The EAN-13 form of the UPC-A (a leading zero), with spaces as a person types it.
    const res = await lookUp(` 0${gtin.slice(0, 6)} ${gtin.slice(6)} `);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<IntakeLookup>();
    expect(body).toMatchObject({
      found: true,
      by: 'gtin',
      nextSku: 'FRYER-03',
      item: {
        title: 'Air Fryer 5.5 L (2026)',
        brand: 'Cosori',
        description: 'Digital air fryer with basket.',
        categoryId: c.categoryId,
        retailPriceCents: 12_999,
        resalePriceCents: 7_499,
        condition: 'open_box',
        saleTerms: 'final_sale',
        nonReturnableKind: null,
        gtin: `00${gtin}`,
        model: null,
        sku: 'FRYER-02',
        unitCount: 2,
      },
    });
  });

  it('finds an item by its model number without case, spaces or dashes', async () => {
    await receive({
      gtin: null,
      brand: 'Sony',
      model: 'WF-1000XM4',
      title: 'Wireless Earbuds',
      sku: 'EAR-07',
    });
    const body = (await lookUp('wf 1000xm4')).json<IntakeLookup>();
    expect(body).toMatchObject({
      found: true,
      by: 'model',
      nextSku: 'EAR-08',
      item: { title: 'Wireless Earbuds', brand: 'Sony', model: 'WF-1000XM4', gtin: null, unitCount: 1 },
    });
  });

  it('answers not found for an unknown GTIN (in its normal form) and an unknown model', async () => {
    const gtin = upc(2);
    expect((await lookUp(gtin)).json()).toEqual({ found: false, gtin: `00${gtin}`, model: null });
    expect((await lookUp('  XJ-9  2000 ')).json()).toEqual({ found: false, gtin: null, model: 'XJ-9 2000' });
  });

  it('refuses a GTIN with a wrong check digit with core’s message', async () => {
    const gtin = upc(3);
    const wrong = `${gtin.slice(0, 11)}${(Number(gtin[11]) + 1) % 10}`;
    const res = await lookUp(wrong);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: {
        code: 'intake_code_invalid',
        message: "That GTIN's check digit is wrong: please check the number.",
      },
    });
    const empty = await lookUp('   ');
    expect(empty.statusCode).toBe(400);
  });

  it('is for staff only', async () => {
    expect((await lookUp(upc(1), c.shopper)).statusCode).toBe(403);
    expect((await lookUp(upc(1), null)).statusCode).toBe(401);
    expect((await post(API.adminIntakeUnits, unitBody(), c.shopper)).statusCode).toBe(403);
  });
});

describe('intake SKUs', () => {
  it('starts a store series for a new item and continues it for the next unit', async () => {
    const gtin = upc(10);
    const first = await receive({ gtin });
    expect(first.sku).toMatch(/^RB-[0-9A-HJKMNP-TV-Z]{6}-01$/);
    expect(first.gtin).toBe(`00${gtin}`);
    const base = first.sku!.slice(0, -3);
    const second = await receive({ gtin, condition: 'like_new', deskNotes: 'Shelf C2' });
    expect(second).toMatchObject({ sku: `${base}-02`, condition: 'like_new', deskNotes: 'Shelf C2' });
    const looked = (await lookUp(gtin)).json<IntakeLookup>();
    expect(looked).toMatchObject({ found: true, nextSku: `${base}-03`, item: { sku: `${base}-02` } });
  });

  it('keeps a SKU staff type, and a typed SKU outside any series becomes the next one’s base', async () => {
    const gtin = upc(11);
    expect((await receive({ gtin, sku: 'toaster' })).sku).toBe('TOASTER');
    expect((await receive({ gtin })).sku).toBe('TOASTER-01');
    expect((await receive({ gtin })).sku).toBe('TOASTER-02');
    const taken = await post(API.adminIntakeUnits, unitBody({ gtin, sku: 'TOASTER-02' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'sku_taken' } });
  });

  it('a product with no identity gets a store series of its own each time', async () => {
    const a = await receive({ gtin: null, model: null });
    const b = await receive({ gtin: null, model: null });
    expect(a.sku).toMatch(/^RB-.{6}-01$/);
    expect(b.sku).toMatch(/^RB-.{6}-01$/);
    expect(b.sku).not.toBe(a.sku);
  });

  it('two benches saving units of one item at once both save, with consecutive SKUs', async () => {
    const gtin = upc(12);
    await receive({ gtin, sku: 'KETTLE-01' });
    const [x, y] = await Promise.all([
      post(API.adminIntakeUnits, unitBody({ gtin, deskNotes: 'Bench 1' })),
      post(API.adminIntakeUnits, unitBody({ gtin, deskNotes: 'Bench 2' })),
    ]);
    expect(x!.statusCode, x!.body).toBe(201);
    expect(y!.statusCode, y!.body).toBe(201);
    const skus = [x!.json<AdminProduct>().sku, y!.json<AdminProduct>().sku].sort();
    expect(skus).toEqual(['KETTLE-02', 'KETTLE-03']);
  });
});
