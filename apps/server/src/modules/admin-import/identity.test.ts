import type { ImportReport, ImportRowsPage, ImportSummary } from '@rebound/contract/admin-import';
import { API } from '@rebound/contract/routes';
import { identityKeys } from '@rebound/core/item-identity';
import { asc, eq, inArray, like } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeCategory } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { type FilePart, multipartBody } from '../../../test/multipart';
import { createMediaStorage } from '../../adapters/storage';
import { productImages, products } from '../../db/schema';
import { runImports } from './service';

// The manifest's identity columns (gtin, read under upc and ean too; model) and its quantity column
// (docs/product.md "Staff: catalogue, manifest and search"; docs/decisions/091).

const t = useTestApp({ now: new Date('2026-11-29T10:00:00.000Z') });
let staff: SignedInUser;

beforeAll(async () => {
  staff = await signedInUser(t, { role: 'staff' });
  await makeCategory(t.db, { name: 'Kitchen', slug: 'kitchen' });
});

const headers = () => ({ cookie: staff.cookie });
const csvPart = (text: string): FilePart => ({
  field: 'csv',
  name: 'identity.csv',
  type: 'text/csv',
  bytes: Buffer.from(text, 'utf8'),
});

async function preview(parts: FilePart[]) {
  const { payload, contentType } = multipartBody(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: API.adminImports,
    headers: { ...headers(), 'content-type': contentType },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ImportSummary>();
}

async function rowsOf(id: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API.adminImportRows(id)}?pageSize=500`,
    headers: headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportRowsPage>().items;
}

async function importAll(id: string) {
  const res = await t.app.inject({ method: 'POST', url: API.adminImportStart(id), headers: headers() });
  expect(res.statusCode, res.body).toBe(202);
  expect(await runImports(t.db, createMediaStorage(t.config), () => t.clock.now())).toEqual([id]);
  const summary = await t.app.inject({ method: 'GET', url: API.adminImport(id), headers: headers() });
  const report = await t.app.inject({ method: 'GET', url: API.adminImportReport(id), headers: headers() });
  return { summary: summary.json<ImportSummary>(), lines: report.json<ImportReport>().lines };
}

const bySku = (prefix: string) =>
  t.db
    .select()
    .from(products)
    .where(like(products.sku, `${prefix}%`))
    .orderBy(asc(products.sku));

describe('identity columns', () => {
  it('stores a GTIN typed as UPC-A, UPC-E or EAN-13 as 14 digits, the model tidied, and the item keys core computes', async () => {
    const s = await preview([
      csvPart(
        'sku,title,brand,condition,retail_price,resale_price,gtin,model\r\n' +
          'ID-A,Air fryer,Ninja,Open Box,129.99,70,0 36000 29145-2,  AF 101   XL \r\n' +
          'ID-E,Mini fryer,Ninja,Open Box,60,30,01234565,\r\n' +
          'ID-N,Drill,Bosch,Open Box,99,50,4006381333931,GSR-12V\r\n' +
          'ID-M,Vacuum,Dyson,Open Box,500,250,,V8 Absolute\r\n' +
          'ID-0,Mystery box,,Open Box,10,5,,\r\n',
      ),
    ]);
    expect(s).toMatchObject({ totalRows: 5, validRows: 5, errorRows: 0 });
    const { summary } = await importAll(s.id);
    expect(summary).toMatchObject({ status: 'done', createdRows: 5 });
    const made = await bySku('ID-');
    const pick = (p: (typeof made)[number]) => ({
      sku: p.sku,
      gtin: p.gtin,
      model: p.model,
      itemKey: p.itemKey,
      modelKey: p.modelKey,
    });
    expect(made.map(pick)).toEqual([
      { sku: 'ID-0', gtin: null, model: null, itemKey: null, modelKey: null },
      {
        sku: 'ID-A',
        gtin: '00036000291452',
        model: 'AF 101 XL',
        itemKey: 'gtin:00036000291452',
        modelKey: 'af101xl',
      },
      { sku: 'ID-E', gtin: '00012345000065', model: null, itemKey: 'gtin:00012345000065', modelKey: null },
      {
        sku: 'ID-M',
        gtin: null,
        model: 'V8 Absolute',
        itemKey: 'model:dyson|v8absolute',
        modelKey: 'v8absolute',
      },
      {
        sku: 'ID-N',
        gtin: '04006381333931',
        model: 'GSR-12V',
        itemKey: 'gtin:04006381333931',
        modelKey: 'gsr12v',
      },
    ]);
    // The very keys the staff form writes (core's identityKeys), not a second computation.
    for (const p of made) expect(pick(p)).toMatchObject(identityKeys(p));
  });

  it('reads a column headed UPC or EAN as the GTIN', async () => {
    for (const [header, code, want] of [
      ['UPC', '036000291452', '00036000291452'],
      ['EAN', '4006381333931', '04006381333931'],
    ] as const) {
      const sku = `ALIAS-${header}`;
      const s = await preview([
        csvPart(
          `SKU,Title,Condition,Retail Price,Resale Price,${header}\r\n${sku},Thing,Open Box,10,5,${code}\r\n`,
        ),
      ]);
      expect(s.ignoredColumns).toEqual([]);
      await importAll(s.id);
      const [p] = await bySku(sku);
      expect(p!.gtin).toBe(want);
    }
  });

  it('a wrong check digit or a GTIN of the wrong length is an error at its row and column, and nothing of that row is written', async () => {
    const s = await preview([
      csvPart(
        'sku,title,condition,retail_price,resale_price,upc\r\n' +
          'BAD-1,Thing,Open Box,10,5,036000291453\r\n' +
          'BAD-2,Thing,Open Box,10,5,12345\r\n' +
          'BAD-3,Thing,Open Box,10,5,036000291452\r\n',
      ),
    ]);
    expect(s).toMatchObject({ validRows: 1, errorRows: 2 });
    const rows = await rowsOf(s.id);
    expect(rows[0]!.errors).toEqual([
      { column: 'gtin', message: "That GTIN's check digit is wrong: please check the number." },
    ]);
    expect(rows[1]!.errors).toEqual([
      {
        column: 'gtin',
        message: 'A GTIN is a UPC (12 digits, or 8 for UPC-E), an EAN (13 digits) or a GTIN-14 (14 digits).',
      },
    ]);
    const { lines } = await importAll(s.id);
    expect(lines.find((l) => l.sku === 'BAD-1')).toMatchObject({
      outcome: 'error',
      messages: ["gtin: That GTIN's check digit is wrong: please check the number."],
    });
    expect((await bySku('BAD-')).map((p) => p.sku)).toEqual(['BAD-3']);
  });
});

describe('quantity', () => {
  const png = () =>
    sharp({ create: { width: 80, height: 60, channels: 3, background: '#36a' } })
      .png()
      .toBuffer();

  it('makes that many products, SKUs -01, -02, ..., each the same item with its own photos; again, nothing new', async () => {
    const text =
      'sku,title,brand,condition,retail_price,resale_price,gtin,model,quantity,images\r\n' +
      'FRY,Air fryer,Ninja,Open Box,129.99,70,036000291452,AF101,3,fry.png\r\n' +
      'ONE,Kettle,Cuisinart,Like New,80,40,,CPK-17,,\r\n' +
      'TWO,Toaster,Breville,Like New,80,40,,,2,\r\n';
    const s = await preview([
      csvPart(text),
      { field: 'images', name: 'fry.png', type: 'image/png', bytes: await png() },
    ]);
    expect(s).toMatchObject({ totalRows: 3, validRows: 3, errorRows: 0 });
    const { summary, lines } = await importAll(s.id);
    expect(summary).toMatchObject({ createdRows: 3, unchangedRows: 0 });
    const fry = await bySku('FRY');
    expect(fry.map((p) => p.sku)).toEqual(['FRY-01', 'FRY-02', 'FRY-03']);
    expect(new Set(fry.map((p) => p.id)).size).toBe(3);
    for (const p of fry) {
      expect(p).toMatchObject({ title: 'Air fryer', gtin: '00036000291452', itemKey: 'gtin:00036000291452' });
    }
    expect((await bySku('ONE')).map((p) => p.sku)).toEqual(['ONE']);
    expect((await bySku('TWO')).map((p) => p.sku)).toEqual(['TWO-01', 'TWO-02']);
    expect(lines.find((l) => l.sku === 'FRY')).toMatchObject({
      outcome: 'created',
      messages: ['3 products: FRY-01, FRY-02, FRY-03.', '1 photo each.'],
      productId: fry[0]!.id,
    });
    // Each unit owns its copy of the photo: deleting one product's photo leaves the others'.
    const photos = await t.db
      .select()
      .from(productImages)
      .where(
        inArray(
          productImages.productId,
          fry.map((p) => p.id),
        ),
      );
    expect(photos).toHaveLength(3);
    expect(new Set(photos.map((p) => p.storageKey)).size).toBe(3);
    for (const ph of photos) expect(ph.storageKey).toMatch(new RegExp(`^products/${ph.productId}/`));

    // The same file again: the preview says so, and the import makes nothing new.
    const again = await preview([
      csvPart(text),
      { field: 'images', name: 'fry.png', type: 'image/png', bytes: await png() },
    ]);
    expect((await rowsOf(again.id))[0]!.message).toBe(
      'SKUs FRY-01 to FRY-03 are already in the catalogue: they will be left as they are.',
    );
    const second = await importAll(again.id);
    expect(second.summary).toMatchObject({ createdRows: 0, unchangedRows: 3 });
    expect(second.lines.find((l) => l.sku === 'FRY')).toMatchObject({
      outcome: 'unchanged',
      messages: ['SKUs FRY-01 to FRY-03 are already in the catalogue: left as they are.'],
    });
    expect(await bySku('FRY')).toHaveLength(3);
    expect(await bySku('TWO')).toHaveLength(2);
  });

  it('a larger quantity later adds only the units not yet made', async () => {
    const row = (n: number) =>
      `sku,title,condition,retail_price,resale_price,quantity\r\nGROW,Lamp,Open Box,30,15,${n}\r\n`;
    await importAll((await preview([csvPart(row(2))])).id);
    const before = await bySku('GROW');
    const { lines } = await importAll((await preview([csvPart(row(4))])).id);
    expect(lines[0]).toMatchObject({
      outcome: 'created',
      messages: ['2 products: GROW-03, GROW-04.', '2 already in the catalogue: left as they are.'],
    });
    const after = await bySku('GROW');
    expect(after.map((p) => p.sku)).toEqual(['GROW-01', 'GROW-02', 'GROW-03', 'GROW-04']);
    expect(after.slice(0, 2).map((p) => p.id)).toEqual(before.map((p) => p.id));
  });

  it('refuses a quantity that is not a whole number from 1 to 100, a SKU too long for its series, and a series clashing with another row', async () => {
    const long = 'L'.repeat(62);
    const s = await preview([
      csvPart(
        'sku,title,condition,retail_price,resale_price,qty\r\n' +
          'Q-0,Thing,Open Box,10,5,0\r\n' +
          'Q-1,Thing,Open Box,10,5,2.5\r\n' +
          'Q-2,Thing,Open Box,10,5,101\r\n' +
          'Q-3,Thing,Open Box,10,5,two\r\n' +
          `${long},Thing,Open Box,10,5,2\r\n` +
          'SET,Thing,Open Box,10,5,3\r\n' +
          'SET-02,Thing,Open Box,10,5,1\r\n' +
          'SET,Thing,Open Box,10,5,1\r\n',
      ),
    ]);
    expect(s).toMatchObject({ totalRows: 8, validRows: 1, errorRows: 7 });
    const rows = await rowsOf(s.id);
    const quantityError = (v: string) => ({
      column: 'quantity',
      message: `"${v}" is not a quantity: use a whole number from 1 to 100, or leave it empty for 1.`,
    });
    expect(rows[0]!.errors).toEqual([quantityError('0')]);
    expect(rows[1]!.errors).toEqual([quantityError('2.5')]);
    expect(rows[2]!.errors).toEqual([quantityError('101')]);
    expect(rows[3]!.errors).toEqual([quantityError('two')]);
    expect(rows[4]!.errors).toEqual([
      {
        column: 'sku',
        message: 'With a quantity of 2, the SKU has at most 61 characters (each unit adds -01, -02, ...).',
      },
    ]);
    expect(rows[5]!.errors).toEqual([]);
    expect(rows[6]!.errors).toEqual([
      { column: 'sku', message: 'SKU SET-02 is already on row 7 of this file.' },
    ]);
    expect(rows[7]!.errors).toEqual([
      { column: 'sku', message: 'SKU SET is already on row 7 of this file.' },
    ]);
    const { lines } = await importAll(s.id);
    expect(lines.find((l) => l.row === 2)).toMatchObject({
      outcome: 'error',
      messages: [
        'quantity: "0" is not a quantity: use a whole number from 1 to 100, or leave it empty for 1.',
      ],
    });
    expect((await bySku('Q-')).length).toBe(0);
    expect((await bySku('SET')).map((p) => p.sku)).toEqual(['SET-01', 'SET-02', 'SET-03']);
    expect(await t.db.select().from(products).where(eq(products.sku, long))).toHaveLength(0);
  });
});
