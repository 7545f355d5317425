import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AdminProduct,
  type AdminProductImage,
  type AdminProductList,
  type AdminProductQuery,
  IMAGE_UPLOAD_LIMITS,
  type ProductInput,
} from '@rebound/contract/admin-catalogue';
import { ImageVariant } from '@rebound/contract/catalog';
import { productSku, slugify } from '@rebound/core/catalog';
import { identityKeys } from '@rebound/core/item-identity';
import { refusedListingChanges } from '@rebound/core/listing-lock';
import { INITIAL_PRODUCT_STATUS, PRODUCT_MOVES } from '@rebound/core/product-status';
import { z } from 'zod';
import type { MediaStorage } from '../../adapters/storage/types';
import type { Database, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { productImages, products } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { UploadedPhoto } from '../../lib/photo-upload';
import type { Publisher } from '../../lib/publish';
import type { Published } from '../../realtime/hub';
import { recordAudit } from '../staff';
import { processImage, variantKeys } from './images';
import { transitionProduct } from './product-status';
import * as repo from './repository';

type Db = Database['db'];
type ProductRow = typeof products.$inferSelect;
type ImageRow = typeof productImages.$inferSelect;

const Variants = z.array(ImageVariant);

function variantsOf(value: unknown) {
  const parsed = Variants.safeParse(value ?? []);
  return parsed.success ? parsed.data : [];
}

/** The fields an audit entry shows before and after a change. */
function snapshot(p: ProductRow) {
  return {
    title: p.title,
    brand: p.brand,
    description: p.description,
    categoryId: p.categoryId,
    condition: p.condition,
    retailPriceCents: p.retailPriceCents,
    resalePriceCents: p.resalePriceCents,
    sku: p.sku,
    gtin: p.gtin,
    model: p.model,
    isFeatured: p.isFeatured,
    deskNotes: p.deskNotes,
    saleTerms: p.saleTerms,
    nonReturnableKind: p.nonReturnableKind,
    status: p.status,
  };
}

function toImage(i: ImageRow): AdminProductImage {
  return {
    id: i.id,
    position: i.position,
    url: i.url,
    alt: i.alt,
    width: i.width,
    height: i.height,
    variants: variantsOf(i.variants),
  };
}

export async function listProducts(db: DbOrTx, q: AdminProductQuery): Promise<AdminProductList> {
  const { rows, total } = await repo.listProducts(db, q);
  return {
    items: rows.map((r) => {
      const cover = r.cover as { url: string; variants: unknown } | null;
      const thumb = cover ? variantsOf(cover.variants).find((v) => v.format === 'webp') : undefined;
      return {
        id: r.id,
        slug: r.slug,
        title: r.title,
        brand: r.brand,
        // The SKU every page shows (the seller's own, or the one made from the slug).
        sku: productSku(r),
        status: r.status,
        condition: r.condition,
        categoryName: r.categoryName,
        isFeatured: r.isFeatured,
        retailPriceCents: r.retailPriceCents,
        resalePriceCents: r.resalePriceCents,
        thumbnailUrl: thumb?.url ?? cover?.url ?? null,
        imageCount: Number(r.imageCount),
        updatedAt: r.updatedAt.toISOString(),
      };
    }),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function getProduct(db: DbOrTx, id: string): Promise<AdminProduct> {
  const product = await repo.productById(db, id);
  if (!product) throw new AppError('product_not_found');
  const [images, auction] = await Promise.all([repo.imagesOf(db, id), repo.latestAuction(db, id)]);
  return {
    id: product.id,
    slug: product.slug,
    title: product.title,
    brand: product.brand,
    description: product.description,
    categoryId: product.categoryId,
    condition: product.condition,
    retailPriceCents: product.retailPriceCents,
    resalePriceCents: product.resalePriceCents,
    sku: product.sku,
    gtin: product.gtin,
    model: product.model,
    isFeatured: product.isFeatured,
    deskNotes: product.deskNotes,
    saleTerms: product.saleTerms,
    nonReturnableKind: product.nonReturnableKind,
    status: product.status,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
    images: images.map(toImage),
    auction: auction ? { ...auction, endTime: auction.endTime.toISOString() } : null,
  };
}

type ParsedInput = {
  title: string;
  brand: string;
  description: string;
  categoryId: string | null;
  condition: ProductRow['condition'];
  retailPriceCents: number;
  resalePriceCents: number;
  sku: string | null;
  /** Normal form; left out (undefined): none on create, unchanged on edit. */
  gtin?: string | null | undefined;
  model?: string | null | undefined;
  isFeatured: boolean;
  deskNotes: string | null;
  /** Left out (undefined): 'standard' / null on create, unchanged on edit. */
  saleTerms?: ProductRow['saleTerms'] | undefined;
  nonReturnableKind?: ProductRow['nonReturnableKind'] | undefined;
};

async function checkInput(tx: DbOrTx, input: ParsedInput, selfId: string | null) {
  if (input.categoryId && !(await repo.categoryExists(tx, input.categoryId))) {
    throw new AppError('category_not_found');
  }
  if (input.sku) {
    const owner = await repo.productIdBySku(tx, input.sku);
    if (owner && owner !== selfId) throw new AppError('sku_taken', { params: { sku: input.sku } });
  }
}

/** Runs `work`; a clash on the SKU's unique index (two saves at once) reads as sku_taken. */
async function skuSafe<T>(sku: string | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (sku && isUniqueViolation(err)) throw new AppError('sku_taken', { params: { sku } });
    throw err;
  }
}

export async function createProduct(db: Db, actorId: string, input: ParsedInput, now: Date) {
  const id = await skuSafe(input.sku, () =>
    db.transaction(async (tx) => {
      await checkInput(tx, input, null);
      // A readable slug that cannot collide: the title and a short random tail.
      const slug = `${slugify(input.title).slice(0, 80) || 'product'}-${randomBytes(3).toString('hex')}`;
      const identity = { gtin: input.gtin ?? null, brand: input.brand, model: input.model ?? null };
      const row = await repo.insertProduct(tx, {
        ...input,
        ...identity,
        ...identityKeys(identity),
        slug,
        status: INITIAL_PRODUCT_STATUS,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, {
        actorId,
        action: 'product.create',
        entityType: 'product',
        entityId: row.id,
        after: snapshot(row),
      });
      return row.id;
    }),
  );
  return getProduct(db, id);
}

export async function updateProduct(db: Db, actorId: string, id: string, input: ParsedInput, now: Date) {
  await skuSafe(input.sku, () =>
    db.transaction(async (tx) => {
      const before = await repo.lockProduct(tx, id);
      if (!before) throw new AppError('product_not_found');
      // Once shoppers bid, what they relied on stays (decision 027). The open auctions are locked,
      // so a bid arriving now waits for this edit, and an edit after a bid sees it.
      const open = await repo.openAuctionsForUpdate(tx, id);
      if (open.some((a) => a.bidCount > 0)) {
        const refused = refusedListingChanges(before, input);
        if (refused.length > 0) {
          throw new AppError('product_locked_by_bids', { params: { fields: refused.join(', ') } });
        }
      }
      await checkInput(tx, input, id);
      // The item's key follows its GTIN, brand and model (packages/core/src/item-identity.ts).
      const identity = {
        gtin: input.gtin === undefined ? before.gtin : input.gtin,
        brand: input.brand,
        model: input.model === undefined ? before.model : input.model,
      };
      const after = await repo.updateProduct(tx, id, {
        ...input,
        ...identity,
        ...identityKeys(identity),
        updatedAt: now,
      });
      await recordAudit(tx, {
        actorId,
        action: 'product.update',
        entityType: 'product',
        entityId: id,
        before: snapshot(before),
        after: snapshot(after),
      });
    }),
  );
  return getProduct(db, id);
}

/**
 * Cancels one open auction the way staff cancel one (the auctions module's cancelAuction: row locked,
 * seq bumped, who and when recorded, bidders told), inside the caller's transaction, and returns the
 * events to publish after the commit. app.ts passes it in: admin-catalogue cannot import the auctions
 * module, which moves products through this module's door.
 */
export type CancelOpenAuction = (
  tx: DbOrTx,
  args: { auctionId: string; actorId: string; reason: string | null; now: Date },
) => Promise<{ published: Published[] }>;

export interface WithdrawDeps {
  cancelAuction: CancelOpenAuction;
  publish: Publisher;
}

/**
 * Withdraws the product: refused while a scheduled or live auction has bids (cancelling that is the
 * auctions screen's job, with bidders told); an open auction nobody has bid on is cancelled with it,
 * through the one cancel path, and its page hears the end once this has committed.
 */
export async function withdrawProduct(
  db: Db,
  actorId: string,
  id: string,
  reason: string | undefined,
  now: Date,
  deps: WithdrawDeps,
) {
  const published = await db.transaction(async (tx) => {
    const before = await repo.lockProduct(tx, id);
    if (!before) throw new AppError('product_not_found');
    if (before.status === 'withdrawn') return [];
    const open = await repo.openAuctionsForUpdate(tx, id);
    if (open.some((a) => a.bidCount > 0)) throw new AppError('product_has_bids');
    const events: Published[] = [];
    for (const a of open) {
      const cancelled = await deps.cancelAuction(tx, {
        auctionId: a.id,
        actorId,
        reason: reason ?? null,
        now,
      });
      events.push(...cancelled.published);
    }
    await transitionProduct(tx, id, { ...PRODUCT_MOVES.withdraw, at: now, set: { isFeatured: false } });
    const after = (await repo.productById(tx, id))!;
    await recordAudit(tx, {
      actorId,
      action: 'product.withdraw',
      entityType: 'product',
      entityId: id,
      before: snapshot(before),
      after: { ...snapshot(after), cancelledAuctionIds: open.map((a) => a.id) },
      reason: reason ?? null,
    });
    return events;
  });
  await deps.publish(published);
  return getProduct(db, id);
}

/** Processes the files (each one checked and resized), then records them after the product's images. */
/**
 * The product images are uploaded to exists and has room for one more: asked before the upload's
 * body is read (routes.ts, lib/photo-upload.ts); addImages checks again with the files in hand.
 */
export async function checkImageTarget(db: Db, productId: string): Promise<void> {
  const product = await repo.productById(db, productId);
  if (!product) throw new AppError('product_not_found');
  const limit = IMAGE_UPLOAD_LIMITS.maxImagesPerProduct;
  if ((await repo.imagesOf(db, productId)).length >= limit)
    throw new AppError('too_many_images', { params: { limit: String(limit) } });
}

export async function addImages(
  db: Db,
  storage: MediaStorage,
  actorId: string,
  productId: string,
  files: UploadedPhoto[],
  now: Date,
): Promise<AdminProductImage[]> {
  if (files.length === 0) throw new AppError('image_upload_empty');
  const product = await repo.productById(db, productId);
  if (!product) throw new AppError('product_not_found');
  const existing = await repo.imagesOf(db, productId);
  const limit = IMAGE_UPLOAD_LIMITS.maxImagesPerProduct;
  if (existing.length + files.length > limit)
    throw new AppError('too_many_images', { params: { limit: String(limit) } });

  const made: {
    id: string;
    storageKey: string;
    name: string;
    processed: Awaited<ReturnType<typeof processImage>>;
  }[] = [];
  const cleanup = async () => {
    for (const m of made)
      await Promise.all(variantKeys(m.storageKey, m.processed.variants).map((k) => storage.delete(k)));
  };
  try {
    for (const file of files) {
      const id = randomUUID();
      const storageKey = `products/${productId}/${id}`;
      const processed = await processImage(storage, storageKey, file.name, file.bytes);
      made.push({ id, storageKey, name: file.name, processed });
    }
    await db.transaction(async (tx) => {
      const locked = await repo.lockProduct(tx, productId);
      if (!locked) throw new AppError('product_not_found');
      const current = await repo.imagesOf(tx, productId);
      if (current.length + made.length > limit)
        throw new AppError('too_many_images', { params: { limit: String(limit) } });
      const start = current.length === 0 ? 0 : Math.max(...current.map((i) => i.position)) + 1;
      const rows = await repo.insertImages(
        tx,
        made.map((m, i) => ({
          id: m.id,
          productId,
          position: start + i,
          url: m.processed.fallbackUrl,
          width: m.processed.width,
          height: m.processed.height,
          alt: '',
          storageKey: m.storageKey,
          variants: m.processed.variants,
          createdAt: now,
        })),
      );
      await repo.updateProduct(tx, productId, { updatedAt: now });
      await recordAudit(tx, {
        actorId,
        action: 'product.images.add',
        entityType: 'product',
        entityId: productId,
        before: { imageIds: current.map((i) => i.id) },
        after: {
          imageIds: [...current.map((i) => i.id), ...rows.map((r) => r.id)],
          added: made.map((m) => ({
            id: m.id,
            file: m.name,
            width: m.processed.width,
            height: m.processed.height,
          })),
        },
      });
    });
  } catch (err) {
    await cleanup().catch(() => {});
    throw err;
  }
  return (await repo.imagesOf(db, productId)).map(toImage);
}

/** New order of every image (cover first), in one transaction. */
export async function reorderImages(
  db: Db,
  actorId: string,
  productId: string,
  imageIds: string[],
  now: Date,
) {
  await db.transaction(async (tx) => {
    const product = await repo.lockProduct(tx, productId);
    if (!product) throw new AppError('product_not_found');
    const current = await repo.imagesOf(tx, productId);
    const same =
      new Set(imageIds).size === imageIds.length &&
      imageIds.length === current.length &&
      current.every((i) => imageIds.includes(i.id));
    if (!same) throw new AppError('image_order_mismatch');
    await repo.setImagePositions(tx, productId, imageIds);
    await repo.updateProduct(tx, productId, { updatedAt: now });
    await recordAudit(tx, {
      actorId,
      action: 'product.images.reorder',
      entityType: 'product',
      entityId: productId,
      before: { imageIds: current.map((i) => i.id) },
      after: { imageIds },
    });
  });
  return (await repo.imagesOf(db, productId)).map(toImage);
}

export async function deleteImage(
  db: Db,
  storage: MediaStorage,
  actorId: string,
  productId: string,
  imageId: string,
  now: Date,
) {
  const removed = await db.transaction(async (tx) => {
    const product = await repo.lockProduct(tx, productId);
    if (!product) throw new AppError('product_not_found');
    const before = await repo.imagesOf(tx, productId);
    const row = await repo.deleteImage(tx, productId, imageId);
    if (!row) throw new AppError('image_not_found');
    const rest = before.filter((i) => i.id !== imageId).map((i) => i.id);
    await repo.setImagePositions(tx, productId, rest);
    await repo.updateProduct(tx, productId, { updatedAt: now });
    await recordAudit(tx, {
      actorId,
      action: 'product.images.delete',
      entityType: 'product',
      entityId: productId,
      before: { imageIds: before.map((i) => i.id), deleted: { id: row.id, url: row.url } },
      after: { imageIds: rest },
    });
    return row;
  });
  // The files go once the row is gone for good; a leftover file is harmless, a missing one is not.
  if (removed.storageKey) {
    await Promise.all(
      variantKeys(removed.storageKey, variantsOf(removed.variants)).map((k) => storage.delete(k)),
    );
  }
  return (await repo.imagesOf(db, productId)).map(toImage);
}

export type { ParsedInput, ProductInput };
