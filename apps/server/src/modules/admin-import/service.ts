import { randomUUID } from 'node:crypto';
import { IMAGE_UPLOAD_LIMITS } from '@rebound/contract/admin-catalogue';
import type {
  ImportList,
  ImportReport,
  ImportReportLine,
  ImportRow,
  ImportRowsPage,
  ImportRowsQuery,
  ImportSummary,
} from '@rebound/contract/admin-import';
import { errorMessage } from '@rebound/contract/errors';
import { toCsv } from '@rebound/core/manifest';
import sharp, { type Metadata } from 'sharp';
import type { MediaStorage } from '../../adapters/storage/types';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../staff';
import { type Category, matchImages, parseManifest, type StoredImage, type StoredRow } from './manifest';
import * as repo from './repository';
import { checkImportRows } from './stored-rows';
import {
  alreadyThereMessage,
  createdMessages,
  deletePhotos,
  noteKnownSkus,
  type Prepared,
  photosOf,
  preparePhotos,
  unitImages,
  unitProducts,
} from './units';

type Db = Database['db'];

/** manifest_imports.report: the file's ignored columns, who started it, and a line per processed row. */
interface StoredReport {
  ignoredColumns: string[];
  startedBy: string | null;
  lines: ImportReportLine[];
}

function reportOf(value: unknown): StoredReport {
  const r = (value ?? {}) as Partial<StoredReport>;
  return { ignoredColumns: r.ignoredColumns ?? [], startedBy: r.startedBy ?? null, lines: r.lines ?? [] };
}

function summaryOf(
  imp: Omit<repo.ImportRecord, 'rows' | 'report' | 'createdBy' | 'lockedUntil' | 'updatedAt'>,
  createdByEmail: string | null,
  ignoredColumns: string[],
): ImportSummary {
  const images = (imp.images ?? []) as StoredImage[];
  return {
    id: imp.id,
    fileName: imp.fileName,
    status: imp.status,
    totalRows: imp.totalRows,
    validRows: imp.validRows,
    errorRows: imp.errorRows,
    processedRows: imp.processedRows,
    createdRows: imp.createdRows,
    unchangedRows: imp.unchangedRows,
    imageCount: images.length,
    matchedImageCount: images.filter((i) => i.row !== null).length,
    unmatchedImages: images.filter((i) => i.row === null).map((i) => i.fileName),
    ignoredColumns,
    createdBy: createdByEmail,
    error: imp.error,
    createdAt: imp.createdAt.toISOString(),
    startedAt: imp.startedAt?.toISOString() ?? null,
    finishedAt: imp.finishedAt?.toISOString() ?? null,
  };
}

export interface UploadedImage {
  fileName: string;
  bytes: Buffer;
}

/** Formats a photo may arrive in (the catalogue's pipeline decides for good when it resizes). */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);

/**
 * Keeps one photo of an import as uploaded, after a quick look at its header (sharp reads the
 * format and size without decoding), so the preview can name a file that is no photo. Resizing is
 * the job's, photo by photo, for the rows it creates: an upload of many photos answers quickly.
 */
export async function storeImportImage(
  storage: MediaStorage,
  importId: string,
  file: UploadedImage,
): Promise<StoredImage> {
  const base = { fileName: file.fileName, row: null, sku: null };
  const refuse = (code: 'not_an_image' | 'image_too_many_pixels' | 'image_too_large', params = {}) => ({
    ...base,
    rawKey: null,
    error: errorMessage(code, { name: file.fileName, ...params }),
  });
  if (file.bytes.length > IMAGE_UPLOAD_LIMITS.maxFileBytes) {
    return refuse('image_too_large', { limit: `${IMAGE_UPLOAD_LIMITS.maxFileBytes / (1024 * 1024)} MB` });
  }
  let meta: Metadata;
  try {
    meta = await sharp(file.bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refuse('not_an_image');
  }
  if (!meta.format || !PHOTO_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    return refuse('not_an_image');
  }
  if (meta.width * meta.height > IMAGE_UPLOAD_LIMITS.maxPixels) {
    return refuse('image_too_many_pixels', { limit: String(IMAGE_UPLOAD_LIMITS.maxPixels / 1_000_000) });
  }
  const rawKey = `imports/${importId}/${randomUUID()}`;
  await storage.put(rawKey, file.bytes, 'application/octet-stream');
  return { ...base, rawKey, error: null };
}

/** Deletes the uploaded photos' bytes (best effort: a leftover file is harmless). */
export async function deleteImportImages(storage: MediaStorage, images: StoredImage[]) {
  await Promise.all(images.filter((i) => i.rawKey).map((i) => storage.delete(i.rawKey!))).catch(() => {});
}

/**
 * Checks the CSV and its (already stored) photos into a preview: every row with its errors per
 * column, photos matched by name or SKU, rows whose SKU the catalogue has marked. Nothing is
 * imported yet.
 */
export async function createPreview(
  db: Db,
  actorId: string,
  input: { id: string; fileName: string; csv: Buffer; images: StoredImage[] },
  now: Date,
): Promise<ImportSummary> {
  const categories: Category[] = await repo.categoryList(db);
  const parsed = parseManifest(input.csv, categories);
  matchImages(parsed.rows, input.images);
  const valid = parsed.rows.filter((r) => r.product);
  await noteKnownSkus(db, valid);
  const report: StoredReport = { ignoredColumns: parsed.ignoredColumns, startedBy: null, lines: [] };
  const row = await repo.insertImport(db, {
    id: input.id,
    createdBy: actorId,
    fileName: input.fileName.slice(0, 200),
    status: 'preview',
    totalRows: parsed.rows.length,
    validRows: valid.length,
    errorRows: parsed.rows.length - valid.length,
    rows: parsed.rows,
    images: input.images,
    report,
    createdAt: now,
    updatedAt: now,
  });
  return getImport(db, row.id);
}

export async function getImport(db: Db, id: string): Promise<ImportSummary> {
  const found = await repo.importById(db, id);
  if (!found) throw new AppError('import_not_found');
  return summaryOf(found.imp, found.createdByEmail, reportOf(found.imp.report).ignoredColumns);
}

export async function listImports(db: Db, page: number, pageSize: number): Promise<ImportList> {
  const { rows, total } = await repo.listImports(db, page, pageSize);
  return {
    items: rows.map((r) => summaryOf(r, r.createdByEmail, r.ignoredColumns ?? [])),
    total,
    page,
    pageSize,
  };
}

function rowsAndLines(imp: repo.ImportRecord) {
  const rows = (imp.rows ?? []) as StoredRow[];
  const lines = new Map(reportOf(imp.report).lines.map((l) => [l.row, l]));
  return { rows, lines };
}

function toImportRow(r: StoredRow, line: ImportReportLine | undefined): ImportRow {
  return {
    row: r.row,
    sku: r.sku,
    values: r.values,
    errors: r.errors,
    images: r.images,
    outcome: line ? line.outcome : r.errors.length > 0 ? 'error' : null,
    message: line ? line.messages.join(' ') || null : r.note,
  };
}

/** The preview's rows, a page at a time, all of them or only those with errors. */
export async function importRows(db: Db, id: string, q: ImportRowsQuery): Promise<ImportRowsPage> {
  const found = await repo.importById(db, id);
  if (!found) throw new AppError('import_not_found');
  const { rows, lines } = rowsAndLines(found.imp);
  const chosen =
    q.filter === 'errors'
      ? rows.filter((r) => r.errors.length > 0 || lines.get(r.row)?.outcome === 'error')
      : rows;
  const start = (q.page - 1) * q.pageSize;
  return {
    items: chosen.slice(start, start + q.pageSize).map((r) => toImportRow(r, lines.get(r.row))),
    total: chosen.length,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Starts importing the preview's valid rows: the job takes it from here (poll getImport). */
export async function startImport(db: Db, actorId: string, id: string, now: Date): Promise<ImportSummary> {
  await db.transaction(async (tx) => {
    const imp = await repo.lockImport(tx, id);
    if (!imp) throw new AppError('import_not_found');
    if (imp.status !== 'preview') throw new AppError('import_not_preview');
    if (imp.validRows === 0) throw new AppError('import_nothing_valid');
    await repo.updateImport(tx, id, {
      status: 'importing',
      startedAt: now,
      processedRows: 0,
      createdRows: 0,
      unchangedRows: 0,
      lockedUntil: null,
      report: { ...reportOf(imp.report), startedBy: actorId, lines: [] },
      updatedAt: now,
    });
  });
  return getImport(db, id);
}

/** Drops a preview that will not be imported; its stored photos are deleted. */
export async function discardImport(
  db: Db,
  storage: MediaStorage,
  actorId: string,
  id: string,
  now: Date,
): Promise<ImportSummary> {
  const images = await db.transaction(async (tx) => {
    const imp = await repo.lockImport(tx, id);
    if (!imp) throw new AppError('import_not_found');
    if (imp.status !== 'preview') throw new AppError('import_not_preview');
    await repo.updateImport(tx, id, { status: 'discarded', finishedAt: now, updatedAt: now });
    await recordAudit(tx, {
      actorId,
      action: 'import.discard',
      entityType: 'import',
      entityId: id,
      after: { file: imp.fileName, totalRows: imp.totalRows, errorRows: imp.errorRows },
    });
    return (imp.images ?? []) as StoredImage[];
  });
  await deleteImportImages(storage, images);
  return getImport(db, id);
}

/** The report: a line per row of the file (errors included), once the import has finished. */
export async function importReport(db: Db, id: string): Promise<ImportReport> {
  const found = await repo.importById(db, id);
  if (!found) throw new AppError('import_not_found');
  const imp = found.imp;
  if (imp.status !== 'done' && imp.status !== 'failed') throw new AppError('import_not_finished');
  const { rows, lines } = rowsAndLines(imp);
  const out: ImportReportLine[] = rows.map((r) => {
    const line = lines.get(r.row);
    if (line) return line;
    if (r.errors.length > 0) {
      return {
        row: r.row,
        sku: r.sku,
        outcome: 'error',
        messages: r.errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message)),
        productId: null,
      };
    }
    return {
      row: r.row,
      sku: r.sku,
      outcome: 'error',
      messages: ['Not imported: the import stopped.'],
      productId: null,
    };
  });
  return {
    import: summaryOf(imp, found.createdByEmail, reportOf(imp.report).ignoredColumns),
    lines: out,
  };
}

export function reportCsv(report: ImportReport): string {
  return `\uFEFF${toCsv([
    ['row', 'sku', 'outcome', 'messages', 'product_id'],
    ...report.lines.map((l) => [l.row, l.sku, l.outcome, l.messages.join(' '), l.productId ?? '']),
  ])}`;
}

// ── The job ──────────────────────────────────────────────────────────────────────────────────

export interface ImportJobOptions {
  /** Rows saved per transaction. */
  batchSize?: number;
  /** How long a claim lasts without a batch renewing it. */
  leaseMs?: number;
  /** Stop after this many batches (tests: a crash half-way). */
  maxBatches?: number;
}

const DEFAULT_BATCH = 200;
const DEFAULT_LEASE_MS = 60_000;
/** A batch stops taking rows once it has this many photos to resize (each can take a second or two). */
const PHOTOS_PER_BATCH = 20;
/** Lease time added per photo of a batch, on top of the lease, while they are resized. */
const LEASE_PER_PHOTO_MS = 15_000;

/**
 * Imports what is waiting: claims an import (SKIP LOCKED + lease), saves its valid rows in batches
 * (one transaction each: products, their photos, the counters and the report lines), and finishes
 * it with one audit entry. Photos are resized by the catalogue's pipeline before each batch's
 * transaction, never inside it. Resumes where processed_rows says after a crash; a batch whose lease
 * was taken over writes nothing. Returns the ids of the imports it finished.
 */
export async function runImports(
  db: Db,
  storage: MediaStorage,
  now: () => Date,
  opts: ImportJobOptions = {},
): Promise<string[]> {
  const batchSize = opts.batchSize ?? DEFAULT_BATCH;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  let batchesLeft = opts.maxBatches ?? Number.POSITIVE_INFINITY;
  const finished: string[] = [];
  for (;;) {
    if (batchesLeft <= 0) return finished;
    let lease: Date | null = new Date(now().getTime() + leaseMs);
    const claimed = await repo.claimImport(db, now(), lease);
    if (!claimed) return finished;
    // The stored rows' shape (stored-rows.ts): a wrong one fails the import with the reason.
    const checked = checkImportRows<StoredRow>(claimed.rows);
    const rows = checked.ok ? checked.rows.filter((r) => r.product) : [];
    const images = new Map(((claimed.images ?? []) as StoredImage[]).map((i) => [i.fileName, i]));
    const report = reportOf(claimed.report);
    const actorId = report.startedBy ?? claimed.createdBy;
    let processed = claimed.processedRows;
    try {
      if (!checked.ok) throw new Error(checked.error);
      while (lease && processed < rows.length && batchesLeft > 0) {
        const batch: StoredRow[] = [];
        let photos = 0;
        for (const r of rows.slice(processed, processed + batchSize)) {
          if (batch.length > 0 && photos + photosOf(r) > PHOTOS_PER_BATCH) break;
          batch.push(r);
          photos += photosOf(r);
        }
        if (photos > 0) {
          lease = await renewLease(
            db,
            claimed.id,
            lease,
            new Date(now().getTime() + leaseMs + photos * LEASE_PER_PHOTO_MS),
          );
          if (!lease) break;
        }
        const prepared = await preparePhotos(db, storage, batch, images);
        const next = new Date(now().getTime() + leaseMs);
        const saved = await saveBatch(db, claimed.id, lease, next, prepared, now());
        // Photos resized for rows that were not created (the SKU came meanwhile, the lease was lost).
        const units = prepared.flatMap((p) => p.units);
        const unused = saved ? units.filter((u) => !saved.created.has(u.productId)) : units;
        await deletePhotos(storage, unused);
        if (!saved) break;
        lease = next;
        processed += batch.length;
        batchesLeft -= 1;
      }
      if (lease && processed >= rows.length) {
        const done = await finish(db, claimed.id, lease, actorId, now());
        if (done) {
          finished.push(claimed.id);
          await deleteImportImages(storage, [...images.values()]);
        }
      }
    } catch (err) {
      if (lease) await fail(db, claimed.id, lease, processed, err, now());
    }
  }
}

async function renewLease(db: Db, importId: string, lease: Date, next: Date): Promise<Date | null> {
  return db.transaction(async (tx) => {
    if (!(await ownedImport(tx, importId, lease))) return null;
    await repo.updateImport(tx, importId, { lockedUntil: next });
    return next;
  });
}

/** Locks the import if the lease is still ours. */
async function ownedImport(tx: DbOrTx, id: string, lease: Date) {
  const row = await repo.lockImportRow(tx, id);
  if (row?.status !== 'importing' || row.lockedUntil?.getTime() !== lease.getTime()) return null;
  return row;
}

async function saveBatch(
  db: Db,
  importId: string,
  lease: Date,
  nextLease: Date,
  prepared: Prepared[],
  now: Date,
): Promise<{ created: Set<string> } | null> {
  return db.transaction(async (tx) => {
    if (!(await ownedImport(tx, importId, lease))) return null;
    const categoryIds = [
      ...new Set(prepared.map((p) => p.row.product!.categoryId).filter((c) => c !== null)),
    ];
    const categoriesLeft = await repo.existingCategoryIds(tx, categoryIds);
    const lines: ImportReportLine[] = [];
    const toCreate: Prepared[] = [];
    for (const p of prepared) {
      const r = p.row;
      const c = r.product!.categoryId;
      const error =
        p.error ??
        (c && !categoriesLeft.has(c)
          ? `category: the category "${r.values.category}" was deleted after the check.`
          : null);
      if (error) {
        lines.push({ row: r.row, sku: r.sku, outcome: 'error', messages: [error], productId: null });
      } else {
        toCreate.push(p);
      }
    }
    const made = await repo.insertProductsBySku(tx, unitProducts(toCreate, now));
    const created = new Set(made.map((m) => m.id));
    const imageRows: Parameters<typeof repo.insertImages>[1] = [];
    for (const p of toCreate) {
      const r = p.row;
      const mine = p.units.filter((u) => created.has(u.productId));
      if (mine.length === 0) {
        lines.push({
          row: r.row,
          sku: r.sku,
          outcome: 'unchanged',
          messages: [alreadyThereMessage(r.sku, p.units)],
          productId: null,
        });
        continue;
      }
      imageRows.push(...unitImages(mine, now));
      lines.push({
        row: r.row,
        sku: r.sku,
        outcome: 'created',
        messages: createdMessages(p.units, mine),
        productId: mine[0]!.productId,
      });
    }
    await repo.insertImages(tx, imageRows);
    lines.sort((a, b) => a.row - b.row);
    await repo.addBatchToImport(tx, importId, {
      processed: prepared.length,
      // Rows, as the other counters: a row of several units is one created row.
      created: lines.filter((l) => l.outcome === 'created').length,
      unchanged: lines.filter((l) => l.outcome === 'unchanged').length,
      lines,
      lockedUntil: nextLease,
      now,
    });
    return { created };
  });
}

async function finish(db: Db, importId: string, lease: Date, actorId: string | null, now: Date) {
  return db.transaction(async (tx) => {
    if (!(await ownedImport(tx, importId, lease))) return null;
    const imp = await repo.lockImport(tx, importId);
    if (!imp) return null;
    const lines = reportOf(imp.report).lines;
    const errors = lines.filter((l) => l.outcome === 'error').length;
    await repo.updateImport(tx, importId, {
      status: 'done',
      finishedAt: now,
      lockedUntil: null,
      updatedAt: now,
    });
    if (actorId) {
      await recordAudit(tx, {
        actorId,
        action: 'import.run',
        entityType: 'import',
        entityId: importId,
        after: {
          file: imp.fileName,
          totalRows: imp.totalRows,
          validRows: imp.validRows,
          errorRows: imp.errorRows + errors,
          createdRows: imp.createdRows,
          unchangedRows: imp.unchangedRows,
        },
      });
    }
    return true;
  });
}

async function fail(db: Db, importId: string, lease: Date, processed: number, err: unknown, now: Date) {
  const detail = err instanceof Error ? err.message : String(err);
  await db.transaction(async (tx) => {
    if (!(await ownedImport(tx, importId, lease))) return;
    await repo.updateImport(tx, importId, {
      status: 'failed',
      error: `The import stopped after ${processed} rows (${detail.slice(0, 300)}). The rows before it are saved; upload the file again to import the rest.`,
      finishedAt: now,
      lockedUntil: null,
      updatedAt: now,
    });
  });
}
