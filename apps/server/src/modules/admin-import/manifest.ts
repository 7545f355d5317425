import {
  type CellError,
  IMPORT_LIMITS,
  MANIFEST_COLUMN_KEYS,
  type ManifestCells,
  type ManifestColumn,
  type ManifestRow,
  manifestRowSchema,
  REQUIRED_MANIFEST_COLUMNS,
} from '@rebound/contract/admin-import';
import {
  decodeManifest,
  imageFileKey,
  normalizeHeader,
  skuOfImageName,
  unitSkus,
} from '@rebound/core/manifest';
import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../../lib/errors';

// Reading a manifest: the bytes become text (decodeManifest: UTF-8, or UTF-16 by its byte-order
// mark), csv-parse turns the text into records (quotes, commas and line breaks inside quotes, CRLF); the contract's one row schema checks each row; then SKUs repeated in the
// file and the photos are matched. Pure: the categories and the uploaded photos come in.

/** A checked row as the import keeps it (manifest_imports.rows). */
export interface StoredRow {
  row: number;
  sku: string;
  /**
   * How many identical units the row is (the quantity column): that many products, SKUs from
   * core's unitSkus. Absent in rows stored before the column existed: 1.
   */
  quantity?: number;
  values: Record<string, string>;
  errors: CellError[];
  /** Names of the uploaded photos this row gets, in order. */
  images: string[];
  /** The product to create when the row is valid. */
  product: ManifestRow['product'] | null;
  /** A remark for a valid row (e.g. the SKU is already in the catalogue). */
  note: string | null;
}

/**
 * A photo uploaded with the CSV (manifest_imports.images): its bytes as uploaded are kept under
 * `rawKey` until the import is over; the job resizes the photos of the rows it creates.
 */
export interface StoredImage {
  fileName: string;
  rawKey: string | null;
  /** Why it cannot be used (not an image, too large), or null. */
  error: string | null;
  /** The spreadsheet row that uses it, or null. */
  row: number | null;
  /** The matched row's SKU. */
  sku: string | null;
}

export interface ParsedManifest {
  rows: StoredRow[];
  ignoredColumns: string[];
}

export interface Category {
  id: string;
  name: string;
  slug: string;
}

/** Looks a category up by its name or slug, without case or edge spaces. */
export function categoryResolver(list: Category[]) {
  const byKey = new Map<string, string>();
  for (const c of list) {
    byKey.set(c.name.trim().toLowerCase(), c.id);
    byKey.set(c.slug.trim().toLowerCase(), c.id);
  }
  return (text: string) => byKey.get(text.trim().toLowerCase()) ?? null;
}

function readRecords(bytes: Buffer): string[][] {
  // UTF-8, or UTF-16 by its byte-order mark; other bytes and NUL are refused, never replaced.
  const decoded = decodeManifest(bytes);
  if (!decoded.ok) {
    const code = decoded.problem === 'nul' ? 'import_csv_nul' : 'import_csv_encoding';
    throw new AppError(code, { params: { line: String(decoded.line) } });
  }
  try {
    return parse(decoded.text, {
      relax_column_count: true,
      // A quote inside an unquoted cell (a 24" monitor) is kept as text.
      relax_quotes: true,
      // Blank lines stay records (then skipped), so a record's index is its spreadsheet row.
      skip_empty_lines: false,
    }) as string[][];
  } catch (err) {
    if (err instanceof CsvError) {
      throw new AppError('import_csv_unreadable', { params: { detail: err.message } });
    }
    throw err;
  }
}

/** Parses and checks the CSV. Throws AppError for a file that cannot be a manifest at all. */
export function parseManifest(bytes: Buffer, categories: Category[]): ParsedManifest {
  if (bytes.length > IMPORT_LIMITS.maxCsvBytes) {
    throw new AppError('import_csv_too_large', {
      params: { limit: `${IMPORT_LIMITS.maxCsvBytes / (1024 * 1024)} MB` },
    });
  }
  const records = readRecords(bytes);
  const headerIndex = records.findIndex((r) => r.some((c) => c.trim() !== ''));
  if (headerIndex < 0) throw new AppError('import_empty');
  const header = records[headerIndex]!.map(normalizeHeader);
  const known = new Set<string>(MANIFEST_COLUMN_KEYS);
  const columnAt = new Map<ManifestColumn, number>();
  const ignoredColumns: string[] = [];
  header.forEach((key, i) => {
    if (known.has(key) && !columnAt.has(key as ManifestColumn)) columnAt.set(key as ManifestColumn, i);
    else if (key !== '') ignoredColumns.push(records[headerIndex]![i]!.trim());
  });
  const missing = REQUIRED_MANIFEST_COLUMNS.filter((c) => !columnAt.has(c));
  if (missing.length > 0) {
    throw new AppError('import_missing_columns', { params: { columns: missing.join(', ') } });
  }

  const schema = manifestRowSchema(categoryResolver(categories));
  const rows: StoredRow[] = [];
  const firstRowOfSku = new Map<string, number>();
  for (let i = headerIndex + 1; i < records.length; i++) {
    const record = records[i]!;
    if (record.every((c) => c.trim() === '')) continue;
    if (rows.length >= IMPORT_LIMITS.maxRows) {
      throw new AppError('import_too_many_rows', {
        params: { limit: IMPORT_LIMITS.maxRows.toLocaleString('en-CA') },
      });
    }
    const cells: ManifestCells = {};
    for (const [key, at] of columnAt) cells[key] = record[at] ?? '';
    const rowNumber = i + 1;
    const parsed = schema.safeParse(cells);
    const errors: CellError[] = parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({
          column: typeof issue.path[0] === 'string' ? issue.path[0] : null,
          message: issue.message,
        }));
    const sku = parsed.success ? parsed.data.sku : (cells.sku ?? '').trim().toUpperCase();
    const quantity = parsed.success ? parsed.data.quantity : 1;
    if (sku !== '' && !errors.some((e) => e.column === 'sku')) {
      // The row's SKU and every unit's are taken once in the file (a row RB-1 of 3 units clashes
      // with another row RB-1, and with a row RB-1-02).
      const units = [...new Set([sku, ...rowSkus(sku, quantity)])];
      const clash = units.find((u) => firstRowOfSku.has(u));
      if (clash !== undefined) {
        errors.push({
          column: 'sku',
          message: `SKU ${clash} is already on row ${firstRowOfSku.get(clash)} of this file.`,
        });
      } else {
        for (const u of units) firstRowOfSku.set(u, rowNumber);
      }
    }
    rows.push({
      row: rowNumber,
      sku,
      quantity,
      values: cells as Record<string, string>,
      errors,
      images: parsed.success ? parsed.data.imageNames : [],
      product: parsed.success && errors.length === 0 ? parsed.data.product : null,
      note: null,
    });
  }
  if (rows.length === 0) throw new AppError('import_empty');
  return { rows, ignoredColumns };
}

/** The SKUs of the products a row makes: its own, or one per unit (core's unitSkus). */
export function rowSkus(sku: string, quantity: number | undefined): string[] {
  return unitSkus(sku, quantity ?? 1);
}

/** A photo's number in its name: 'A_2.jpg' and 'A (2).jpg' are 2, 'A.jpg' is 0. */
function photoNumber(fileName: string): number {
  const m = /(?:_(\d{1,3})| ?\((\d{1,3})\))\.[a-z0-9]{1,5}$/i.exec(fileName);
  return m ? Number(m[1] ?? m[2]) : 0;
}

/** Photos named after a SKU: the plain name first, then by number ('A.jpg', 'A_2.jpg', 'A_10.jpg'). */
const byPhotoName = (a: StoredImage, b: StoredImage) =>
  photoNumber(a.fileName) - photoNumber(b.fileName) ||
  a.fileName.localeCompare(b.fileName, 'en', { numeric: true, sensitivity: 'base' });

/**
 * Gives each row its photos: the names in its images column (each must have been uploaded, readable,
 * and used by one row only), or else the photos named after its SKU. Marks the rows and the photos.
 */
export function matchImages(rows: StoredRow[], images: StoredImage[]): void {
  const byName = new Map<string, StoredImage>();
  for (const img of images) byName.set(imageFileKey(img.fileName), img);
  const claim = (row: StoredRow, img: StoredImage) => {
    img.row = row.row;
    img.sku = row.sku || null;
  };
  // Named photos first, so a photo a row names is not taken by another row's SKU.
  for (const row of rows) {
    const named = row.images;
    if (named.length === 0) continue;
    row.images = [];
    for (const name of named) {
      const img = byName.get(imageFileKey(name));
      if (!img) {
        row.errors.push({ column: 'images', message: `${name} was not uploaded with the CSV.` });
      } else if (img.error) {
        row.errors.push({ column: 'images', message: img.error });
      } else if (img.row !== null && img.row !== row.row) {
        row.errors.push({ column: 'images', message: `${name} is already used by row ${img.row}.` });
      } else {
        claim(row, img);
        row.images.push(img.fileName);
      }
    }
  }
  const bySku = new Map<string, StoredImage[]>();
  for (const img of [...images].sort(byPhotoName)) {
    if (img.row !== null) continue;
    const sku = skuOfImageName(img.fileName);
    bySku.set(sku, [...(bySku.get(sku) ?? []), img]);
  }
  for (const row of rows) {
    if (row.images.length > 0 || row.values.images?.trim() || !row.sku) continue;
    const mine = bySku.get(row.sku) ?? [];
    for (const img of mine) {
      if (img.error) {
        row.errors.push({ column: 'images', message: img.error });
        continue;
      }
      if (row.images.length >= IMPORT_LIMITS.maxImagesPerRow) break;
      claim(row, img);
      row.images.push(img.fileName);
    }
  }
  for (const row of rows) if (row.errors.length > 0) row.product = null;
}
