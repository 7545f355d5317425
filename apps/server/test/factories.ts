import { randomUUID } from 'node:crypto';
import { itemKey, modelKey, parseGtin } from '@rebound/core/item-identity';
import type { DbOrTx } from '../src/db/client';
import {
  auctions,
  categories,
  locations,
  productImages,
  products,
  pushSubscriptions,
  users,
} from '../src/db/schema';

// Small factories for medium tests: each makes one valid row with overridable fields.
let n = 0;
const next = () => ++n;

export async function makeLocation(db: DbOrTx, over: Partial<typeof locations.$inferInsert> = {}) {
  const i = next();
  const [row] = await db
    .insert(locations)
    .values({
      name: `Warehouse ${i}`,
      slug: `warehouse-${i}`,
      addressLine1: `${i} Main St`,
      city: 'Burnaby',
      province: 'BC',
      postalCode: 'V5C 0A1',
      ...over,
    })
    .returning();
  return row!;
}

export async function makeCategory(db: DbOrTx, over: Partial<typeof categories.$inferInsert> = {}) {
  const i = next();
  const [row] = await db
    .insert(categories)
    .values({ name: `Category ${i}`, slug: `category-${i}`, ...over })
    .returning();
  return row!;
}

export async function makeUser(db: DbOrTx, over: Partial<typeof users.$inferInsert> = {}) {
  const i = next();
  const [row] = await db
    .insert(users)
    .values({
      email: `user${i}-${randomUUID().slice(0, 6)}@example.test`,
      handle: `user_${i}`,
      // Approved for bids above the new-account cap (as signedInUser's accounts, test/auth.ts).
      largeBidsApprovedAt: new Date('2020-01-01T00:00:00.000Z'),
      ...over,
    })
    .returning();
  return row!;
}

/** One push subscription (a browser's) for the user: push is queued only for users who have one. */
export async function subscribePush(db: DbOrTx, userId: string) {
  const i = next();
  await db.insert(pushSubscriptions).values({
    userId,
    endpoint: `https://push.example.test/send/${i}-${randomUUID()}`,
    p256dh: `p256dh-${i}`,
    auth: `auth-${i}`,
  });
}

/**
 * A product; `gtin` (any form core's parseGtin reads), `brand` and `model` given here also write
 * its item_key and model_key as the staff API does (core itemKey, modelKey), so two products made
 * with the same GTIN, or the same brand and model, are the same item (docs/product.md "One item,
 * many lots").
 */
export async function makeProduct(db: DbOrTx, over: Partial<typeof products.$inferInsert> = {}) {
  const i = next();
  let gtin = over.gtin ?? null;
  if (gtin !== null) {
    const parsed = parseGtin(gtin);
    if (!parsed.ok) throw new Error(`makeProduct: ${gtin} is not a GTIN (${parsed.reason})`);
    gtin = parsed.gtin;
  }
  const identity = { gtin, brand: over.brand ?? '', model: over.model ?? null };
  const [row] = await db
    .insert(products)
    .values({
      title: `Product ${i}`,
      slug: `product-${i}-${randomUUID().slice(0, 6)}`,
      condition: 'like_new',
      retailPriceCents: 10_000,
      resalePriceCents: 5_000,
      status: 'auctioned',
      itemKey: itemKey(identity),
      modelKey: identity.model ? modelKey(identity.model) || null : null,
      ...over,
      gtin,
    })
    .returning();
  await db
    .insert(productImages)
    .values({ productId: row!.id, position: 0, url: `/media/products/${row!.id}-0.svg` });
  return row!;
}

/** A product with an auction; times default to live at `now` for an hour. */
export async function makeAuction(
  db: DbOrTx,
  opts: {
    now: Date;
    locationId: string;
    product?: Partial<typeof products.$inferInsert>;
    auction?: Partial<typeof auctions.$inferInsert>;
  },
) {
  const product = await makeProduct(db, opts.product);
  const start = new Date(opts.now.getTime() - 60 * 60_000);
  const end = new Date(opts.now.getTime() + 60 * 60_000);
  const [auction] = await db
    .insert(auctions)
    .values({
      productId: product.id,
      locationId: opts.locationId,
      status: 'live',
      startTime: start,
      endTime: end,
      originalEndTime: opts.auction?.endTime ?? end,
      startingBidCents: 1_000,
      currentPriceCents: opts.auction?.startingBidCents ?? 1_000,
      ...opts.auction,
    })
    .returning();
  return { product, auction: auction! };
}

/**
 * Many lots at once, as makeAuction makes one (a product with its first image and a live auction,
 * times defaulting to live at `now` for an hour), in three statements per thousand lots: for tests
 * that need hundreds or thousands of them. Returns the auctions in the order given.
 */
export async function makeAuctions(
  db: DbOrTx,
  opts: { now: Date; locationId: string; auctions: Partial<typeof auctions.$inferInsert>[] },
) {
  const start = new Date(opts.now.getTime() - 60 * 60_000);
  const end = new Date(opts.now.getTime() + 60 * 60_000);
  const out: (typeof auctions.$inferSelect)[] = [];
  for (let from = 0; from < opts.auctions.length; from += 1_000) {
    const chunk = opts.auctions.slice(from, from + 1_000);
    const made = await db
      .insert(products)
      .values(
        chunk.map(() => {
          const i = next();
          return {
            title: `Product ${i}`,
            slug: `product-${i}-${randomUUID().slice(0, 6)}`,
            condition: 'like_new' as const,
            retailPriceCents: 10_000,
            resalePriceCents: 5_000,
            status: 'auctioned' as const,
            itemKey: itemKey({ gtin: null, brand: '', model: null }),
          };
        }),
      )
      .returning({ id: products.id });
    await db
      .insert(productImages)
      .values(made.map((p) => ({ productId: p.id, position: 0, url: `/media/products/${p.id}-0.svg` })));
    const rows = await db
      .insert(auctions)
      .values(
        chunk.map((a, k) => ({
          productId: made[k]!.id,
          locationId: opts.locationId,
          status: 'live' as const,
          startTime: start,
          endTime: end,
          originalEndTime: a.endTime ?? end,
          startingBidCents: 1_000,
          currentPriceCents: a.startingBidCents ?? 1_000,
          ...a,
        })),
      )
      .returning();
    const byProduct = new Map(rows.map((r) => [r.productId, r]));
    out.push(...made.map((p) => byProduct.get(p.id)!));
  }
  return out;
}

/**
 * A lot that went live two hours before `at` and runs 48 hours, from $20: what the daily new-drops
 * digest at `at` lists.
 */
export function makeLotLiveBefore(
  db: DbOrTx,
  opts: { at: Date; locationId: string; title: string; auction?: Partial<typeof auctions.$inferInsert> },
) {
  const start = new Date(opts.at.getTime() - 2 * 60 * 60_000);
  return makeAuction(db, {
    now: start,
    locationId: opts.locationId,
    product: { title: opts.title },
    auction: {
      startTime: start,
      endTime: new Date(start.getTime() + 48 * 60 * 60_000),
      startingBidCents: 2_000,
      ...opts.auction,
    },
  });
}
