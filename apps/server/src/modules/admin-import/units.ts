// A manifest row's units (quantity n: n products, SKUs in a series by rowSkus): photos, rows, words.
import { randomBytes, randomUUID } from 'node:crypto';
import { slugify } from '@rebound/core/catalog';
import { identityKeys } from '@rebound/core/item-identity';
import type { MediaStorage } from '../../adapters/storage/types';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { processImage, variantKeys } from '../admin-catalogue';
import { rowSkus, type StoredImage, type StoredRow } from './manifest';
import * as repo from './repository';

// A row of quantity n makes n products, one SKU each (manifest.ts rowSkus, core's unitSkus). The
// preview notes the SKUs the catalogue already has; before each batch's transaction every unit gets
// its product id and its own resized photos; the batch then writes their product and photo rows and
// the report's words for the row.

/** Marks the preview's valid rows some or all of whose SKUs the catalogue already has. */
export async function noteKnownSkus(db: DbOrTx, valid: StoredRow[]): Promise<void> {
  const known = await repo.existingSkus(
    db,
    valid.flatMap((r) => rowSkus(r.sku, r.quantity)),
  );
  for (const r of valid) {
    const skus = rowSkus(r.sku, r.quantity);
    const there = skus.filter((s) => known.has(s));
    if (there.length === 0) continue;
    r.note =
      skus.length === 1
        ? `SKU ${r.sku} is already in the catalogue: it will be left as it is.`
        : there.length === skus.length
          ? `SKUs ${skus[0]} to ${skus.at(-1)} are already in the catalogue: they will be left as they are.`
          : `${there.length} of its ${skus.length} SKUs are already in the catalogue (${there.join(', ')}): they will be left as they are.`;
  }
}

/** One product a row makes (a row of quantity n makes n): its id, SKU and resized photos. */
export interface PreparedUnit {
  productId: string;
  sku: string;
  photos: { id: string; storageKey: string; processed: Awaited<ReturnType<typeof processImage>> }[];
}

/** One row of a batch, ready to save: its units (or why not). */
export interface Prepared {
  row: StoredRow;
  units: PreparedUnit[];
  error: string | null;
}

/** Photos a row has to resize: each unit gets its own copies. */
export const photosOf = (r: StoredRow) => r.images.length * (r.quantity ?? 1);

/**
 * Gives each row of the batch its units (one product each, SKUs by core's unitSkus) and resizes
 * their photos (the catalogue's pipeline, outside any transaction) under
 * `products/<productId>/<imageId>`, as the catalogue stores them: each unit owns its files, so
 * deleting one product's photo leaves the others'. Units whose SKU the catalogue already has are
 * left alone; a photo that cannot be resized makes its row an error.
 */
export async function preparePhotos(
  db: DbOrTx,
  storage: MediaStorage,
  batch: StoredRow[],
  images: Map<string, StoredImage>,
): Promise<Prepared[]> {
  const withPhotos = batch.filter((r) => r.images.length > 0);
  const known = await repo.existingSkus(
    db,
    withPhotos.flatMap((r) => rowSkus(r.sku, r.quantity)),
  );
  const out: Prepared[] = [];
  for (const row of batch) {
    const units = rowSkus(row.sku, row.quantity).map((sku) => ({
      productId: randomUUID(),
      sku,
      photos: [] as PreparedUnit['photos'],
    }));
    const p: Prepared = { row, units, error: null };
    out.push(p);
    if (row.images.length === 0) continue;
    photos: for (const unit of units) {
      if (known.has(unit.sku)) continue;
      for (const name of row.images) {
        const img = images.get(name);
        const bytes = img?.rawKey ? await storage.get(img.rawKey) : null;
        if (!bytes) {
          p.error = `images: ${name} is no longer stored; upload the file again.`;
          break photos;
        }
        const id = randomUUID();
        const storageKey = `products/${unit.productId}/${id}`;
        try {
          const processed = await processImage(storage, storageKey, name, Buffer.from(bytes));
          unit.photos.push({ id, storageKey, processed });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          p.error = `images: ${err.message}`;
          break photos;
        }
      }
    }
  }
  return out;
}

export async function deletePhotos(storage: MediaStorage, prepared: PreparedUnit[]) {
  await Promise.all(
    prepared.flatMap((p) =>
      p.photos.flatMap((ph) =>
        variantKeys(ph.storageKey, ph.processed.variants).map((k) => storage.delete(k)),
      ),
    ),
  ).catch(() => {});
}

/** The products of the rows' units, one per unit, each with its own SKU and slug. */
export function unitProducts(rows: Prepared[], now: Date) {
  return rows.flatMap((p) => {
    const product = p.row.product!;
    // The item's keys as the catalogue's form writes them (core's identityKeys); rows stored
    // before the identity columns existed have none.
    const identity = { gtin: product.gtin ?? null, brand: product.brand, model: product.model ?? null };
    return p.units.map((u) => ({
      ...product,
      ...identity,
      ...identityKeys(identity),
      id: u.productId,
      sku: u.sku,
      slug: `${slugify(product.title).slice(0, 80) || 'product'}-${randomBytes(5).toString('hex')}`,
      createdAt: now,
      updatedAt: now,
    }));
  });
}

/** The photo rows of the created units: each unit's own copies, in the row's order. */
export function unitImages(created: PreparedUnit[], now: Date): Parameters<typeof repo.insertImages>[1] {
  return created.flatMap((u) =>
    u.photos.map((ph, position) => ({
      id: ph.id,
      productId: u.productId,
      position,
      url: ph.processed.fallbackUrl,
      width: ph.processed.width,
      height: ph.processed.height,
      alt: '',
      storageKey: ph.storageKey,
      variants: ph.processed.variants,
      createdAt: now,
    })),
  );
}

/** The report's words for a row none of whose units was created: the catalogue had their SKUs. */
export function alreadyThereMessage(sku: string, units: PreparedUnit[]): string {
  return units.length === 1
    ? `SKU ${sku} is already in the catalogue: left as it is.`
    : `SKUs ${units[0]!.sku} to ${units.at(-1)!.sku} are already in the catalogue: left as they are.`;
}

/** The report's words for a row of `units` of which `created` were made: their SKUs and photos. */
export function createdMessages(units: PreparedUnit[], created: PreparedUnit[]): string[] {
  const messages: string[] = [];
  if (units.length > 1) {
    messages.push(
      `${created.length} product${created.length === 1 ? '' : 's'}: ${created.map((u) => u.sku).join(', ')}.`,
    );
    const left = units.length - created.length;
    if (left > 0) messages.push(`${left} already in the catalogue: left as they are.`);
  }
  const photos = created[0]!.photos.length;
  if (photos > 0) {
    messages.push(`${photos} photo${photos === 1 ? '' : 's'}${units.length > 1 ? ' each' : ''}.`);
  }
  return messages;
}
