// The receiving bench (docs/product.md "Intake"; decision 093): a scanned or typed code looked up as
// an item, and a new unit saved with a SKU the store gives in the item's series.
import { randomInt } from 'node:crypto';
import type { IntakeLookup } from '@rebound/contract/admin-intake';
import { productSku } from '@rebound/core/catalog';
import { nextSeriesNumber, seriesBaseFrom, seriesSku, storeSeriesBase } from '@rebound/core/intake-sku';
import { gtinProblem, itemKey, modelKey, parseGtin, tidyModel } from '@rebound/core/item-identity';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import * as repo from './repository';
import { createProduct, type ParsedInput } from './service';

type Db = Database['db'];

/** GTIN lengths a scanner reads: UPC-E, UPC-A, EAN-13, GTIN-14. Other digit strings are model numbers. */
const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

type Code = { gtin: string } | { model: string };

/** A code as the bench typed it: a GTIN (its check digit verified) or a model number. */
function readCode(code: string): Code {
  const digits = code.replace(/[\s-]+/g, '');
  if (/^\d+$/.test(digits) && GTIN_LENGTHS.has(digits.length)) {
    const parsed = parseGtin(digits);
    if (!parsed.ok)
      throw new AppError('intake_code_invalid', { params: { problem: gtinProblem(parsed.reason) } });
    return { gtin: parsed.gtin };
  }
  return { model: tidyModel(code) };
}

/** The SKU the next unit of a series would get now (null: none of its own, a new store series). */
async function nextSkuOf(db: DbOrTx, latestSku: string | null): Promise<string | null> {
  const base = seriesBaseFrom(latestSku);
  if (!base) return null;
  return seriesSku(base, nextSeriesNumber(base, await repo.skusOfSeries(db, base)));
}

export async function lookUpItem(db: DbOrTx, code: string): Promise<IntakeLookup> {
  const read = readCode(code);
  // A GTIN names its item whatever the brand (core's itemKey); a model number is looked up by its key.
  const key =
    'gtin' in read
      ? { itemKey: itemKey({ gtin: read.gtin, brand: '', model: null }) ?? '' }
      : { modelKey: modelKey(read.model) };
  const found = 'modelKey' in key && key.modelKey === '' ? null : await repo.latestUnitOf(db, key);
  if (!found) {
    return 'gtin' in read
      ? { found: false, gtin: read.gtin, model: null }
      : { found: false, gtin: null, model: read.model || null };
  }
  const { row, unitCount } = found;
  return {
    found: true,
    by: 'gtin' in read ? 'gtin' : 'model',
    item: {
      productId: row.id,
      title: row.title,
      brand: row.brand,
      description: row.description,
      categoryId: row.categoryId,
      retailPriceCents: row.retailPriceCents,
      resalePriceCents: row.resalePriceCents,
      condition: row.condition,
      saleTerms: row.saleTerms,
      nonReturnableKind: row.nonReturnableKind,
      gtin: row.gtin,
      model: row.model,
      sku: productSku(row),
      unitCount,
      receivedAt: row.createdAt.toISOString(),
    },
    nextSku: await nextSkuOf(db, row.sku),
  };
}

/** Saves that lose the race for a series number try the next one; after this many, the bench is told. */
const SKU_ATTEMPTS = 5;

/**
 * A new unit. A SKU staff typed is kept (and must be free). Without one the store gives the next in
 * the item's series (core's intake-sku.ts): the series of the item's latest unit, or a new store
 * series. Two benches saving units of one item at once both compute the same next number; the SKU's
 * unique index lets one in, and the other computes again from what is now taken.
 */
export async function receiveUnit(db: Db, actorId: string, input: ParsedInput, now: Date) {
  if (input.sku) return createProduct(db, actorId, input, now);
  const key = itemKey({ gtin: input.gtin ?? null, brand: input.brand, model: input.model ?? null });
  const latest = key ? await repo.latestUnitOf(db, { itemKey: key }) : null;
  const base =
    seriesBaseFrom(latest?.row.sku ?? null) ?? storeSeriesBase(() => randomInt(0, 1 << 30) / (1 << 30));
  for (let attempt = 1; ; attempt++) {
    const sku = seriesSku(base, nextSeriesNumber(base, await repo.skusOfSeries(db, base)));
    try {
      return await createProduct(db, actorId, { ...input, sku }, now);
    } catch (err) {
      const lostRace = err instanceof AppError && err.code === 'sku_taken';
      if (!lostRace) throw err;
      if (attempt >= SKU_ATTEMPTS) throw new AppError('intake_sku_busy');
    }
  }
}
