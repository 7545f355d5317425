import type { AdminProductQuery, AdminProductSort } from '@rebound/contract/admin-catalogue';
import { identitySearchTerms } from '@rebound/core/item-identity';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { auctions, categories, productImages, products } from '../../db/schema';

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The SKU every page shows: the seller's own, else the slug uppercased (core's productSku). */
const shownSku = sql<string>`coalesce(${products.sku}, upper(${products.slug}))`;

const SORT_COLUMNS: Record<AdminProductSort, SQL | AnyPgColumn> = {
  updated: sql`${products.updatedAt}`,
  created: sql`${products.createdAt}`,
  title: products.title,
  sku: shownSku,
  retail: products.retailPriceCents,
  resale: products.resalePriceCents,
  status: products.status,
};

const imageCount = sql<number>`(select count(*)::int from ${productImages} where ${productImages.productId} = ${products.id})`;
const cover = sql<{ url: string; variants: unknown } | null>`(
  select json_build_object('url', pi.url, 'variants', pi.variants)
  from product_images pi where pi.product_id = ${products.id} and pi.position = 0
)`;

export async function listProducts(db: DbOrTx, q: AdminProductQuery) {
  const where: SQL[] = [];
  if (q.status) where.push(eq(products.status, q.status));
  if (q.categoryId) where.push(eq(products.categoryId, q.categoryId));
  if (q.condition) where.push(eq(products.condition, q.condition));
  if (q.featured) where.push(eq(products.isFeatured, q.featured === 'true'));
  if (q.q) {
    // One box: every word must appear in the title, the brand or the SKU the table shows; or the
    // whole text is a GTIN in any of its forms, or a model number (core's identitySearchTerms, on
    // the indexed item_key and model_key).
    const words: SQL[] = [];
    for (const word of q.q.split(/\s+/).filter(Boolean).slice(0, 8)) {
      const like = `%${escapeLike(word)}%`;
      const match = or(ilike(products.title, like), ilike(products.brand, like), ilike(shownSku, like));
      if (match) words.push(match);
    }
    const identity = identitySearchTerms(q.q);
    const match = or(
      and(...words),
      identity.gtin ? eq(products.itemKey, `gtin:${identity.gtin}`) : undefined,
      identity.model ? eq(products.modelKey, identity.model) : undefined,
    );
    if (match) where.push(match);
  }
  const cond = where.length ? and(...where) : undefined;
  const column = SORT_COLUMNS[q.sort];
  const order = q.dir === 'asc' ? asc(column) : desc(column);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: products.id,
        slug: products.slug,
        title: products.title,
        brand: products.brand,
        sku: products.sku,
        status: products.status,
        condition: products.condition,
        categoryName: categories.name,
        isFeatured: products.isFeatured,
        retailPriceCents: products.retailPriceCents,
        resalePriceCents: products.resalePriceCents,
        updatedAt: products.updatedAt,
        imageCount,
        cover,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(cond)
      .orderBy(order, desc(products.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(products).where(cond),
  ]);
  return { rows, total: Number(totalRow?.n ?? 0) };
}

export async function productById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row ?? null;
}

/** The product row, locked until the transaction ends (image order and withdraw serialise on it). */
export async function lockProduct(db: DbOrTx, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update').limit(1);
  return row ?? null;
}

export function imagesOf(db: DbOrTx, productId: string) {
  return db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position));
}

export async function latestAuction(db: DbOrTx, productId: string) {
  const [row] = await db
    .select({
      id: auctions.id,
      status: auctions.status,
      bidCount: auctions.bidCount,
      endTime: auctions.endTime,
    })
    .from(auctions)
    .where(and(eq(auctions.productId, productId), ne(auctions.status, 'cancelled')))
    .orderBy(desc(auctions.startTime))
    .limit(1);
  return row ?? null;
}

/** Scheduled or live auctions of the product, locked (a bid waits for the withdraw to finish). */
export function openAuctionsForUpdate(db: DbOrTx, productId: string) {
  return db
    .select({ id: auctions.id, bidCount: auctions.bidCount, status: auctions.status })
    .from(auctions)
    .where(and(eq(auctions.productId, productId), inArray(auctions.status, ['scheduled', 'live'])))
    .for('update');
}

export async function categoryExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return Boolean(row);
}

export async function productIdBySku(db: DbOrTx, sku: string): Promise<string | null> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.sku, sku)).limit(1);
  return row?.id ?? null;
}

export async function insertProduct(db: DbOrTx, values: typeof products.$inferInsert) {
  const [row] = await db.insert(products).values(values).returning();
  return row!;
}

/** Changes a product's fields; its status only ever changes through product-status.ts. */
export async function updateProduct(
  db: DbOrTx,
  id: string,
  values: Omit<Partial<typeof products.$inferInsert>, 'status'>,
) {
  const [row] = await db.update(products).set(values).where(eq(products.id, id)).returning();
  return row!;
}

export async function insertImages(db: DbOrTx, rows: (typeof productImages.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(productImages).values(rows).returning();
}

export async function deleteImage(db: DbOrTx, productId: string, imageId: string) {
  const [row] = await db
    .delete(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.id, imageId)))
    .returning();
  return row ?? null;
}

/**
 * Gives the images positions 0.. in the order of `ids`. The (product, position) index is unique and
 * checked per statement, so positions move out of the way (negative) first.
 */
export async function setImagePositions(db: DbOrTx, productId: string, ids: string[]) {
  await db
    .update(productImages)
    .set({ position: sql`-1 - ${productImages.position}` })
    .where(eq(productImages.productId, productId));
  for (const [i, id] of ids.entries()) {
    await db
      .update(productImages)
      .set({ position: i })
      .where(and(eq(productImages.productId, productId), eq(productImages.id, id)));
  }
}

/** The item's latest unit (by when it was received, then id) and how many units it has. */
export async function latestUnitOf(db: DbOrTx, where: { itemKey: string } | { modelKey: string }) {
  const match =
    'itemKey' in where ? eq(products.itemKey, where.itemKey) : eq(products.modelKey, where.modelKey);
  const [row] = await db
    .select()
    .from(products)
    .where(match)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(1);
  if (!row) return null;
  // The item's units: those sharing the latest one's key (a model number alone may name two brands').
  const [n] = row.itemKey
    ? await db.select({ n: count() }).from(products).where(eq(products.itemKey, row.itemKey))
    : [{ n: 1 }];
  return { row, unitCount: Number(n?.n ?? 1) };
}

/** SKUs that may be members of the series `base` (`<base>-<digits>`): core's nextSeriesNumber picks. */
export async function skusOfSeries(db: DbOrTx, base: string): Promise<string[]> {
  const rows = await db
    .select({ sku: products.sku })
    .from(products)
    .where(ilike(products.sku, `${escapeLike(base)}-%`));
  return rows.map((r) => r.sku).filter((s): s is string => s !== null);
}
