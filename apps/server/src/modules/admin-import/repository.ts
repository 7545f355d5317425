import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, manifestImports, productImages, products, users } from '../../db/schema';

export type ImportRecord = typeof manifestImports.$inferSelect;
type ImportInsert = typeof manifestImports.$inferInsert;

export async function categoryList(db: DbOrTx) {
  return db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories);
}

export async function existingCategoryIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Which of these (upper-case) SKUs the catalogue already has. */
export async function existingSkus(db: DbOrTx, skus: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < skus.length; i += 1000) {
    const chunk = skus.slice(i, i + 1000);
    const rows = await db.select({ sku: products.sku }).from(products).where(inArray(products.sku, chunk));
    for (const r of rows) if (r.sku) found.add(r.sku);
  }
  return found;
}

export async function insertImport(db: DbOrTx, values: ImportInsert) {
  const [row] = await db.insert(manifestImports).values(values).returning();
  return row!;
}

export async function importById(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ imp: manifestImports, createdByEmail: users.email })
    .from(manifestImports)
    .leftJoin(users, eq(users.id, manifestImports.createdBy))
    .where(eq(manifestImports.id, id));
  return row ?? null;
}

export async function lockImport(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(manifestImports).where(eq(manifestImports.id, id)).for('update');
  return row ?? null;
}

export async function updateImport(tx: DbOrTx, id: string, values: Partial<ImportInsert>) {
  const [row] = await tx.update(manifestImports).set(values).where(eq(manifestImports.id, id)).returning();
  return row!;
}

/** Past imports, newest first, without their rows (the list never reads the big columns). */
export async function listImports(db: DbOrTx, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: manifestImports.id,
        fileName: manifestImports.fileName,
        status: manifestImports.status,
        totalRows: manifestImports.totalRows,
        validRows: manifestImports.validRows,
        errorRows: manifestImports.errorRows,
        processedRows: manifestImports.processedRows,
        createdRows: manifestImports.createdRows,
        unchangedRows: manifestImports.unchangedRows,
        images: manifestImports.images,
        error: manifestImports.error,
        createdAt: manifestImports.createdAt,
        startedAt: manifestImports.startedAt,
        finishedAt: manifestImports.finishedAt,
        createdByEmail: users.email,
        ignoredColumns: sql<string[] | null>`${manifestImports.report}->'ignoredColumns'`,
      })
      .from(manifestImports)
      .leftJoin(users, eq(users.id, manifestImports.createdBy))
      .orderBy(desc(manifestImports.createdAt), desc(manifestImports.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(manifestImports),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Claims one import to run: status 'importing' and no live lease. FOR UPDATE SKIP LOCKED so two
 * servers claiming at once take different imports (or one takes it and the other none); the lease
 * (`locked_until`) keeps it theirs between batches, and one left by a crashed server is taken over
 * once its lease has run out.
 */
export async function claimImport(db: DbOrTx, now: Date, leaseUntil: Date) {
  return db.transaction(async (tx) => {
    const [candidate] = await tx
      .select({ id: manifestImports.id })
      .from(manifestImports)
      .where(
        and(
          eq(manifestImports.status, 'importing'),
          or(isNull(manifestImports.lockedUntil), lt(manifestImports.lockedUntil, now)),
        ),
      )
      .orderBy(manifestImports.createdAt)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!candidate) return null;
    return updateImport(tx, candidate.id, { lockedUntil: leaseUntil });
  });
}

export interface NewProduct {
  id: string;
  title: string;
  brand: string;
  description: string;
  categoryId: string | null;
  condition: 'like_new' | 'open_box' | 'gently_used';
  retailPriceCents: number;
  resalePriceCents: number;
  sku: string;
  /** Normal form (14 digits) or null; item_key and model_key from core's identityKeys. */
  gtin: string | null;
  model: string | null;
  itemKey: string | null;
  modelKey: string | null;
  isFeatured: boolean;
  deskNotes: string | null;
  slug: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Inserts the products; a SKU the catalogue already has is skipped (idempotent). Returns those made. */
export async function insertProductsBySku(tx: DbOrTx, rows: NewProduct[]) {
  if (rows.length === 0) return [];
  return tx
    .insert(products)
    .values(rows.map((r) => ({ ...r, status: 'draft' as const })))
    .onConflictDoNothing({ target: products.sku })
    .returning({ id: products.id, sku: products.sku });
}

export async function insertImages(tx: DbOrTx, rows: (typeof productImages.$inferInsert)[]) {
  if (rows.length === 0) return;
  await tx.insert(productImages).values(rows);
}

/** Locks an import row for the background job (its lease is checked by the caller). */
export async function lockImportRow(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: manifestImports.id,
      status: manifestImports.status,
      lockedUntil: manifestImports.lockedUntil,
      fileName: manifestImports.fileName,
    })
    .from(manifestImports)
    .where(eq(manifestImports.id, id))
    .for('update');
  return row ?? null;
}

/** Adds one saved batch to an import's counts and report lines, and extends its lease. */
export async function addBatchToImport(
  tx: DbOrTx,
  id: string,
  batch: {
    processed: number;
    created: number;
    unchanged: number;
    lines: unknown[];
    lockedUntil: Date;
    now: Date;
  },
) {
  await tx
    .update(manifestImports)
    .set({
      processedRows: sql`${manifestImports.processedRows} + ${batch.processed}`,
      createdRows: sql`${manifestImports.createdRows} + ${batch.created}`,
      unchangedRows: sql`${manifestImports.unchangedRows} + ${batch.unchanged}`,
      report: sql`jsonb_set(${manifestImports.report}, '{lines}', coalesce(${manifestImports.report}->'lines', '[]'::jsonb) || ${JSON.stringify(batch.lines)}::jsonb)`,
      lockedUntil: batch.lockedUntil,
      updatedAt: batch.now,
    })
    .where(eq(manifestImports.id, id));
}
