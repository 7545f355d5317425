import type { ImportReport, ImportRowsPage, ImportSummary } from '@rebound/contract/admin-import';
import { RETURN_API } from '@rebound/contract/returns-routes';
import { API } from '@rebound/contract/routes';
import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeCategory, makeLocation, makeProduct } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { type FilePart, multipartBody } from '../../../test/multipart';
import { makeOrder } from '../../../test/won-orders';
import { createMediaStorage } from '../../adapters/storage';
import { auctions, auditLog, manifestImports, productImages, products } from '../../db/schema';
import { runImports } from './service';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const t = useTestApp({ now: NOW });

let staff: SignedInUser;
let shopper: SignedInUser;

beforeAll(async () => {
  staff = await signedInUser(t, { role: 'staff' });
  shopper = await signedInUser(t);
  await makeCategory(t.db, { name: 'Garden & Tools', slug: 'garden-tools' });
  await makeCategory(t.db, { name: 'Electronics', slug: 'electronics' });
});

const as = (who: SignedInUser | null) => (who ? { cookie: who.cookie } : {});
const HEADER =
  'sku,title,brand,description,category,condition,retail_price,resale_price,featured,desk_notes,images';

type Part = FilePart;

const csvPart = (text: string, name = 'manifest.csv'): Part => ({
  field: 'csv',
  name,
  type: 'text/csv',
  bytes: Buffer.from(text, 'utf8'),
});

function upload(parts: Part[], who: SignedInUser | null = staff) {
  const { payload, contentType } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: API.adminImports,
    headers: { ...as(who), 'content-type': contentType },
    payload,
  });
}

async function preview(parts: Part[]) {
  const res = await upload(parts);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ImportSummary>();
}

async function rowsOf(id: string, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API.adminImportRows(id)}?${query}`,
    headers: as(staff),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportRowsPage>();
}

async function start(id: string) {
  const res = await t.app.inject({ method: 'POST', url: API.adminImportStart(id), headers: as(staff) });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<ImportSummary>();
}

const storage = () => createMediaStorage(t.config);
const runJob = (opts = {}) => runImports(t.db, storage(), () => t.clock.now(), opts);

async function summary(id: string) {
  const res = await t.app.inject({ method: 'GET', url: API.adminImport(id), headers: as(staff) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportSummary>();
}

/** A manifest of `n` good rows with SKUs `<prefix>-<i>`; `bad` maps a row index (0-based) to its line. */
function manifest(prefix: string, n: number, bad: Record<number, string> = {}) {
  const lines = [HEADER];
  for (let i = 0; i < n; i++) {
    lines.push(
      bad[i] ??
        `${prefix}-${i},Lot ${i} cordless drill,DeWalt,"A drill, with two batteries",Garden & Tools,Open Box,199.99,${(50 + i).toFixed(2)},no,Shelf B${i},`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const pngOf = (color: string) =>
  sharp({ create: { width: 120, height: 90, channels: 3, background: color } })
    .png()
    .toBuffer();

describe('who may import', () => {
  it('refuses visitors (401) and shoppers (403), and stores nothing', async () => {
    const parts = [csvPart(manifest('GUARD', 2))];
    expect((await upload(parts, null)).statusCode).toBe(401);
    expect((await upload(parts, shopper)).statusCode).toBe(403);
    for (const who of [null, shopper]) {
      const list = await t.app.inject({ method: 'GET', url: API.adminImports, headers: as(who) });
      expect(list.statusCode).toBe(who ? 403 : 401);
      const template = await t.app.inject({ method: 'GET', url: API.adminImportTemplate, headers: as(who) });
      expect(template.statusCode).toBe(who ? 403 : 401);
    }
    const stored = await t.db
      .select()
      .from(manifestImports)
      .where(eq(manifestImports.fileName, 'manifest.csv'));
    expect(stored.filter((s) => (s.rows as { sku: string }[])[0]?.sku === 'GUARD-0')).toHaveLength(0);
  });
});

describe('the template', () => {
  it('is a CSV of the columns with an example row that imports cleanly', async () => {
    const res = await t.app.inject({ method: 'GET', url: API.adminImportTemplate, headers: as(staff) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('rebound-manifest-template.csv');
    expect(res.body.split('\r\n')[0]).toBe(`${HEADER},sale_terms,gtin,model,quantity`);
    const s = await preview([csvPart(res.body.replace('Garden & Tools', 'garden-tools'), 'template.csv')]);
    // Its example names photos that were not uploaded: the only error.
    const [row] = (await rowsOf(s.id)).items;
    expect(row!.errors.map((e) => e.column)).toEqual(['images', 'images']);
  });
});

describe('a file of 50 lots with 3 bad rows', () => {
  const bad = {
    4: 'LOT-4,Lot 4,DeWalt,,Garden & Tools,Broken,199.99,50.00,no,,',
    19: 'LOT-19,Lot 19,DeWalt,,Garden & Tools,Open Box,abc,50.00,no,,',
    // Row 41 of the file repeats the SKU of row 2 (the first data row).
    39: 'LOT-0,Lot 39 again,DeWalt,,Garden & Tools,Like New,10,5,no,,',
  };
  let first: ImportSummary;

  it('previews each error at its row and column', async () => {
    first = await preview([csvPart(manifest('LOT', 50, bad), 'fifty.csv')]);
    expect(first).toMatchObject({ status: 'preview', totalRows: 50, validRows: 47, errorRows: 3 });
    const errors = await rowsOf(first.id, 'filter=errors');
    expect(errors.total).toBe(3);
    expect(errors.items.map((r) => [r.row, r.errors.map((e) => e.column)])).toEqual([
      [6, ['condition']],
      [21, ['retail_price']],
      [41, ['sku']],
    ]);
    expect(errors.items[0]!.errors[0]!.message).toBe(
      '"Broken" is not a condition. Use Like New, Open Box or Gently Used.',
    );
    expect(errors.items[1]!.errors[0]!.message).toBe('"abc" is not an amount in dollars, like 129.99.');
    expect(errors.items[2]!.errors[0]!.message).toBe('SKU LOT-0 is already on row 2 of this file.');
    const all = await rowsOf(first.id, 'page=2&pageSize=20');
    expect(all.total).toBe(50);
    expect(all.items[0]!.row).toBe(22);
    // Nothing is saved by the preview.
    expect(await t.db.select().from(products).where(eq(products.sku, 'LOT-1'))).toHaveLength(0);
  });

  it('imports the 47 valid rows, once, with one audit entry', async () => {
    await start(first.id);
    // A second start of the same preview is refused.
    const again = await t.app.inject({
      method: 'POST',
      url: API.adminImportStart(first.id),
      headers: as(staff),
    });
    expect(again.statusCode).toBe(409);
    expect(await runJob({ batchSize: 10 })).toEqual([first.id]);
    const done = await summary(first.id);
    expect(done).toMatchObject({ status: 'done', processedRows: 47, createdRows: 47, unchangedRows: 0 });
    const made = await t.db
      .select()
      .from(products)
      .where(inArray(products.sku, ['LOT-1', 'LOT-4', 'LOT-0']));
    expect(made.map((p) => p.sku).sort()).toEqual(['LOT-0', 'LOT-1']);
    const lot1 = made.find((p) => p.sku === 'LOT-1')!;
    expect(lot1).toMatchObject({
      title: 'Lot 1 cordless drill',
      description: 'A drill, with two batteries',
      condition: 'open_box',
      retailPriceCents: 19_999,
      resalePriceCents: 5_100,
      deskNotes: 'Shelf B1',
      status: 'draft',
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, first.id), eq(auditLog.action, 'import.run')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorId).toBe(staff.user.id);
    expect(audits[0]!.after).toMatchObject({ file: 'fifty.csv', createdRows: 47, errorRows: 3 });

    const report = await t.app.inject({
      method: 'GET',
      url: API.adminImportReport(first.id),
      headers: as(staff),
    });
    const lines = report.json<ImportReport>().lines;
    expect(lines).toHaveLength(50);
    expect(lines.filter((l) => l.outcome === 'created')).toHaveLength(47);
    expect(lines.find((l) => l.row === 6)).toMatchObject({ outcome: 'error', sku: 'LOT-4' });
    const csv = await t.app.inject({
      method: 'GET',
      url: API.adminImportReportCsv(first.id),
      headers: as(staff),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('fifty-report.csv');
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFrow,sku,outcome,messages,product_id');
    expect(csv.body).toContain('6,LOT-4,error,"condition: ""Broken"" is not a condition.');
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await t.db.select({ id: products.id, updatedAt: products.updatedAt }).from(products);
    const second = await preview([csvPart(manifest('LOT', 50, bad), 'fifty.csv')]);
    const firstRow = (await rowsOf(second.id, 'pageSize=1')).items[0]!;
    expect(firstRow.message).toBe('SKU LOT-0 is already in the catalogue: it will be left as it is.');
    await start(second.id);
    await runJob();
    expect(await summary(second.id)).toMatchObject({ status: 'done', createdRows: 0, unchangedRows: 47 });
    const after = await t.db.select({ id: products.id, updatedAt: products.updatedAt }).from(products);
    expect(after).toEqual(before);
  });
});

describe('reading CSV files as spreadsheets write them', () => {
  it('takes a byte-order mark, header case and spaces, aliases, quoted commas and line breaks, CRLF', async () => {
    const text =
      '\uFEFF  SKU , Title,Condition,Retail Price,MSRP Ignored?,Price,Description,Category\r\n' +
      'csv-1,"Desk lamp, brass",like new,"$1,299.50",x,12,"Line one\r\nline two",electronics\r\n' +
      '\r\n' +
      'csv-2,Kettle,gently_used,20,,10,,\r\n';
    const s = await preview([csvPart(text)]);
    expect(s).toMatchObject({ totalRows: 2, validRows: 2, errorRows: 0, ignoredColumns: ['MSRP Ignored?'] });
    const rows = (await rowsOf(s.id)).items;
    expect(rows.map((r) => [r.row, r.sku])).toEqual([
      [2, 'CSV-1'],
      [4, 'CSV-2'],
    ]);
    expect(rows[0]!.values.description).toBe('Line one\r\nline two');
    await start(s.id);
    await runJob();
    const [lamp] = await t.db.select().from(products).where(eq(products.sku, 'CSV-1'));
    expect(lamp).toMatchObject({
      title: 'Desk lamp, brass',
      condition: 'like_new',
      retailPriceCents: 129_950,
    });
  });

  it('refuses a file without the required columns, an empty one, and one that cannot be parsed', async () => {
    const missing = await upload([csvPart('sku,title\r\nA,Thing\r\n')]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.message).toBe(
      'The CSV has no condition, retail_price, resale_price column. Download the template to see the columns.',
    );
    const empty = await upload([csvPart(`${HEADER}\r\n\r\n`)]);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.code).toBe('import_empty');
    const broken = await upload([csvPart(`${HEADER}\r\nA,"unclosed,Open Box,1,1\r\n`)]);
    expect(broken.statusCode).toBe(422);
    expect(broken.json().error.message).toMatch(/^The CSV could not be read: /);
    const none = await upload([
      { field: 'images', name: 'a.png', type: 'image/png', bytes: await pngOf('#123') },
    ]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('import_no_csv');
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: API.adminImports,
      headers: { ...as(staff), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(notMultipart.statusCode).toBe(415);
  });

  it('reads a manifest saved as UTF-16 (LE or BE, with its byte-order mark) like a UTF-8 one', async () => {
    for (const [order, prefix] of [
      ['le', 'U16LE'],
      ['be', 'U16BE'],
    ] as const) {
      const text = `${HEADER}\r\n${prefix}-1,Caf\u00e9 chair \u2014 oak,Acme,,Electronics,Open Box,40,20,no,,\r\n`;
      const body = Buffer.from(text, 'utf16le');
      if (order === 'be') body.swap16();
      const bytes = Buffer.concat([Buffer.from(order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]), body]);
      const s = await preview([{ field: 'csv', name: `${prefix}.csv`, type: 'text/csv', bytes }]);
      expect(s).toMatchObject({ totalRows: 1, validRows: 1 });
      const [row] = (await rowsOf(s.id)).items;
      expect(row).toMatchObject({ sku: `${prefix}-1` });
      expect(row!.values.title).toBe('Caf\u00e9 chair \u2014 oak');
    }
  });

  it('refuses a Latin-1 file at its first unreadable line, storing nothing (no U+FFFD in its place)', async () => {
    const text = `${HEADER}\r\nL1-1,Desk,Acme,,Electronics,Open Box,40,20,no,,\r\nL1-2,Caf\u00e9 chair,Acme,,Electronics,Open Box,40,20,no,,\r\n`;
    const before = await t.db.select({ id: manifestImports.id }).from(manifestImports);
    const res = await upload([
      { field: 'csv', name: 'latin1.csv', type: 'text/csv', bytes: Buffer.from(text, 'latin1') },
    ]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toEqual({
      code: 'import_csv_encoding',
      message:
        'Line 3 of the CSV has characters that are not UTF-8 text. In your spreadsheet, save it as \u201cCSV UTF-8\u201d and upload that file.',
    });
    expect(await t.db.select({ id: manifestImports.id }).from(manifestImports)).toHaveLength(before.length);
  });

  it('refuses a NUL character in a cell, the header or a file name with a clear 4xx', async () => {
    for (const [text, line] of [
      [`${HEADER}\r\nNUL-1,Desk\u0000lamp,Acme,,Electronics,Open Box,40,20,no,,\r\n`, 2],
      [
        `${HEADER.replace('brand', 'br\u0000and')}\r\nNUL-2,Desk,Acme,,Electronics,Open Box,40,20,no,,\r\n`,
        1,
      ],
    ] as const) {
      const res = await upload([csvPart(text)]);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error).toEqual({
        code: 'import_csv_nul',
        message: `Line ${line} of the CSV has a NUL character, so it is not plain text. Save the sheet as \u201cCSV UTF-8\u201d and upload that file.`,
      });
    }
    // In an uploaded file's name too: refused, nothing kept.
    const named = await upload([
      csvPart(`${HEADER}\r\nNUL-3,Desk,Acme,,Electronics,Open Box,40,20,no,,\r\n`),
      { field: 'images', name: 'NUL-3\u0000.png', type: 'image/png', bytes: await pngOf('#456') },
    ]);
    expect(named.statusCode, named.body).toBe(400);
    expect(named.json().error.code).toBe('invalid_characters');
  });

  it('refuses more than 10,000 rows and more than 5 MB', async () => {
    const long = await upload([csvPart(manifest('LONG', 10_001))]);
    expect(long.statusCode).toBe(413);
    expect(long.json().error.message).toBe(
      'The CSV has more than 10,000 rows. Please split it into files of at most 10,000 rows.',
    );
    const big = await upload([csvPart(`${HEADER}\r\n${'x'.repeat(5 * 1024 * 1024)}\r\n`)]);
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('import_csv_too_large');
  });

  it('writes formula-like text into the report CSV as text', async () => {
    const s = await preview([
      csvPart(
        `${HEADER}\r\n=HYPERLINK("http://evil"),Thing,,,,Open Box,1,1,,,\r\nSAFE-1,@SUM(A1),,,,Open Box,1,1,,,\r\n`,
      ),
    ]);
    expect(s.errorRows).toBe(1);
    await start(s.id);
    await runJob();
    const csv = await t.app.inject({
      method: 'GET',
      url: API.adminImportReportCsv(s.id),
      headers: as(staff),
    });
    const row2 = csv.body.split('\r\n')[1]!;
    expect(row2.startsWith(`2,"'=HYPERLINK(""HTTP://EVIL"")",error,`)).toBe(true);
    for (const line of csv.body.split('\r\n').slice(1)) {
      for (const cell of line.split(',')) expect(cell).not.toMatch(/^[=+\-@]/);
    }
  });
});

describe('sale terms', () => {
  it('reads Final Sale and As-Is in any spelling, refuses other words at their row, and the shopper cannot return such an item', async () => {
    const line = (sku: string, terms: string) =>
      `${sku},Lamp ${sku},Acme,,Electronics,Open Box,40,20,no,,,${terms}`;
    const text = [
      `${HEADER},Sale Terms`,
      line('TERMS-1', 'Final Sale'),
      line('TERMS-2', 'as-is'),
      line('TERMS-3', ''),
      line('TERMS-4', 'FINAL_SALE'),
      line('TERMS-5', 'Maybe'),
      line('TERMS-6', 'Standard'),
    ].join('\r\n');
    const s = await preview([csvPart(`${text}\r\n`)]);
    expect(s).toMatchObject({ totalRows: 6, validRows: 5, errorRows: 1, ignoredColumns: [] });
    const errors = await rowsOf(s.id, 'filter=errors');
    expect(errors.items.map((r) => ({ row: r.row, sku: r.sku, errors: r.errors }))).toEqual([
      {
        row: 6,
        sku: 'TERMS-5',
        errors: [
          {
            column: 'sale_terms',
            message:
              '"Maybe" is not a sale term. Use Final Sale or As-Is, or leave it empty for a standard sale.',
          },
        ],
      },
    ]);

    await start(s.id);
    await runJob();
    const made = await t.db
      .select({ sku: products.sku, saleTerms: products.saleTerms, id: products.id })
      .from(products)
      .where(inArray(products.sku, ['TERMS-1', 'TERMS-2', 'TERMS-3', 'TERMS-4', 'TERMS-5', 'TERMS-6']))
      .orderBy(asc(products.sku));
    expect(made.map((p) => [p.sku, p.saleTerms])).toEqual([
      ['TERMS-1', 'final_sale'],
      ['TERMS-2', 'as_is'],
      ['TERMS-3', 'standard'],
      ['TERMS-4', 'final_sale'],
      ['TERMS-6', 'standard'],
    ]);
    const report = await t.app.inject({
      method: 'GET',
      url: API.adminImportReport(s.id),
      headers: as(staff),
    });
    expect(report.json<ImportReport>().lines.find((l) => l.row === 6)).toMatchObject({
      sku: 'TERMS-5',
      outcome: 'error',
      messages: [
        'sale_terms: "Maybe" is not a sale term. Use Final Sale or As-Is, or leave it empty for a standard sale.',
      ],
    });

    // The shopper won each imported lot and picked it up yesterday: Final Sale and As-Is are refused.
    const location = await makeLocation(t.db);
    const handed = new Date(NOW.getTime() - 24 * 3_600_000);
    const wonAndCollected = async (productId: string) => {
      const { order, auction } = await makeOrder(t.db, {
        now: t.clock.now(),
        userId: shopper.user.id,
        locationId: location.id,
        order: { status: 'completed', completedAt: handed, paidAt: handed },
      });
      await t.db.update(auctions).set({ productId }).where(eq(auctions.id, auction.id));
      return order.id;
    };
    const ask = async (sku: string) =>
      t.app.inject({
        method: 'POST',
        url: RETURN_API.meReturns,
        headers: as(shopper),
        payload: { orderId: await wonAndCollected(made.find((p) => p.sku === sku)!.id), reason: 'damaged' },
      });
    const finalSale = await ask('TERMS-1');
    expect(finalSale.statusCode).toBe(422);
    expect(finalSale.json().error).toEqual({
      code: 'return_final_sale',
      message: 'This item was sold as Final Sale and cannot be returned.',
    });
    const asIs = await ask('TERMS-2');
    expect(asIs.statusCode).toBe(422);
    expect(asIs.json().error.code).toBe('return_as_is');
    // A standard lot of the same file may be returned.
    expect((await ask('TERMS-3')).statusCode).toBe(201);
  });
});

describe('photos in the same drop', () => {
  it('matches photos by file name and by SKU, keeps their order, reports the rest', async () => {
    const text =
      `${HEADER}\r\n` +
      'PIC-A,Named photos,,,,Open Box,10,5,,,front.png; back.png\r\n' +
      'PIC-B,Photos by SKU,,,,Open Box,10,5,,,\r\n' +
      'PIC-C,Unreadable photo,,,,Open Box,10,5,,,broken.png\r\n' +
      'PIC-D,Missing photo,,,,Open Box,10,5,,,nowhere.png\r\n';
    const png = await pngOf('#2a6');
    const s = await preview([
      csvPart(text),
      { field: 'images', name: 'front.png', type: 'image/png', bytes: png },
      { field: 'images', name: 'back.png', type: 'image/png', bytes: await pngOf('#a26') },
      { field: 'images', name: 'pic-b_2.png', type: 'image/png', bytes: png },
      { field: 'images', name: 'PIC-B.png', type: 'image/png', bytes: png },
      { field: 'images', name: 'broken.png', type: 'image/png', bytes: Buffer.from('not a picture') },
      { field: 'images', name: 'stray.png', type: 'image/png', bytes: png },
    ]);
    expect(s).toMatchObject({
      totalRows: 4,
      validRows: 2,
      errorRows: 2,
      imageCount: 6,
      matchedImageCount: 4,
    });
    expect(s.unmatchedImages.sort()).toEqual(['broken.png', 'stray.png']);
    const rows = (await rowsOf(s.id)).items;
    expect(rows[0]!.images).toEqual(['front.png', 'back.png']);
    expect(rows[1]!.images).toEqual(['PIC-B.png', 'pic-b_2.png']);
    expect(rows[2]!.errors).toEqual([
      {
        column: 'images',
        message:
          'broken.png is not an image we can read. Please upload a JPEG, PNG, WebP, AVIF, HEIC, GIF or TIFF photo.',
      },
    ]);
    expect(rows[3]!.errors).toEqual([
      { column: 'images', message: 'nowhere.png was not uploaded with the CSV.' },
    ]);

    await start(s.id);
    await runJob();
    const made = await t.db
      .select()
      .from(products)
      .where(inArray(products.sku, ['PIC-A', 'PIC-B']));
    const imagesOf = async (sku: string) =>
      t.db
        .select()
        .from(productImages)
        .where(eq(productImages.productId, made.find((p) => p.sku === sku)!.id))
        .orderBy(asc(productImages.position));
    const a = await imagesOf('PIC-A');
    expect(a).toHaveLength(2);
    // Resized by the catalogue's pipeline, stored where the catalogue keeps a product's photos.
    expect(a[0]!.storageKey).toMatch(new RegExp(`^products/${a[0]!.productId}/[0-9a-f-]{36}$`));
    expect((a[0]!.variants as { format: string }[]).map((v) => v.format).sort()).toContain('webp');
    expect(await imagesOf('PIC-B')).toHaveLength(2);
    // The stored copies are there to fetch.
    expect(await storage().get(a[0]!.url.replace(/^\/media\//, ''))).not.toBeNull();
    // The photos as uploaded are gone once the import is over.
    const [stored] = await t.db
      .select({ images: manifestImports.images })
      .from(manifestImports)
      .where(eq(manifestImports.id, s.id));
    const raw = (stored!.images as { rawKey: string | null }[]).filter((i) => i.rawKey);
    expect(raw).toHaveLength(5);
    for (const i of raw) expect(await storage().get(i.rawKey!)).toBeNull();
  });
});

describe('the job', () => {
  it('resumes after a crash where it stopped, and two runners create each SKU once', async () => {
    const s = await preview([csvPart(manifest('RUN', 60))]);
    await start(s.id);
    // The first runner saves one batch of 10 rows and "crashes" (stops) with its lease taken.
    await runJob({ batchSize: 10, maxBatches: 1, leaseMs: 60_000 });
    expect(await summary(s.id)).toMatchObject({ status: 'importing', processedRows: 10, createdRows: 10 });
    // While the lease holds, nobody else takes it.
    expect(await runJob({ batchSize: 10 })).toEqual([]);
    expect((await summary(s.id)).processedRows).toBe(10);
    // After the lease, two servers at once: one takes over, the other finds nothing to do.
    t.clock.advance(61_000);
    const [x, y] = await Promise.all([runJob({ batchSize: 7 }), runJob({ batchSize: 7 })]);
    expect([...x, ...y]).toEqual([s.id]);
    expect(await summary(s.id)).toMatchObject({
      status: 'done',
      processedRows: 60,
      createdRows: 60,
      unchangedRows: 0,
    });
    const made = await t.db
      .select({ sku: products.sku })
      .from(products)
      .where(inArray(products.sku, [...Array.from({ length: 60 }, (_, i) => `RUN-${i}`)]));
    expect(made).toHaveLength(60);
  });

  it('leaves a SKU the catalogue got after the preview as it is', async () => {
    const s = await preview([csvPart(manifest('LATE', 3))]);
    await makeProduct(t.db, { sku: 'LATE-1', title: 'Made by hand meanwhile' });
    await start(s.id);
    await runJob();
    expect(await summary(s.id)).toMatchObject({ createdRows: 2, unchangedRows: 1 });
    const [kept] = await t.db.select().from(products).where(eq(products.sku, 'LATE-1'));
    expect(kept!.title).toBe('Made by hand meanwhile');
  });

  it('discards a preview (recorded) and refuses to start it afterwards', async () => {
    const s = await preview([csvPart(manifest('GONE', 2))]);
    const res = await t.app.inject({ method: 'POST', url: API.adminImportDiscard(s.id), headers: as(staff) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportSummary>().status).toBe('discarded');
    const again = await t.app.inject({ method: 'POST', url: API.adminImportStart(s.id), headers: as(staff) });
    expect(again.statusCode).toBe(409);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, s.id));
    expect(audits.map((a) => a.action)).toEqual(['import.discard']);
  });
});

describe('5,000 rows', () => {
  it('previews, pages and imports a 5,000-row file end to end', { timeout: 180_000 }, async () => {
    const s = await preview([csvPart(manifest('BIG', 5000), 'big.csv')]);
    expect(s).toMatchObject({ totalRows: 5000, validRows: 5000, errorRows: 0 });
    const page = await rowsOf(s.id, 'page=10&pageSize=500');
    expect(page.items).toHaveLength(500);
    expect(page.items[499]!.sku).toBe('BIG-4999');
    await start(s.id);
    await runJob();
    expect(await summary(s.id)).toMatchObject({ status: 'done', processedRows: 5000, createdRows: 5000 });
    const list = await t.app.inject({
      method: 'GET',
      url: `${API.adminImports}?pageSize=5`,
      headers: as(staff),
    });
    expect(list.json().items[0]).toMatchObject({ id: s.id, fileName: 'big.csv', status: 'done' });
  });
});
