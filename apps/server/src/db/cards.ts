// The auction card read model, shared by every module that lists auctions (catalog, My Bids, the
// watchlist): one SELECT and one mapping to the contract's AuctionCard. Modules use it instead of
// reaching into each other's repositories.
import type { AuctionCard, ImageVariant } from '@rebound/contract/catalog';
import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { auctions, categories, locations, productImages, products } from './schema';

export const firstImage = alias(productImages, 'first_image');

/**
 * A card's photo: its product's first image (position 0), looked up per card on the unique
 * (product, position) index in a lateral subquery. A plain join let the planner read all of
 * product_images (a seq scan, docs/benchmarks.md "Catalogue queries") to hash it; a lateral lookup
 * of at most one row per card cannot (decision 067).
 */
function cardImage(db: DbOrTx) {
  return db
    .select({
      url: productImages.url,
      alt: productImages.alt,
      width: productImages.width,
      height: productImages.height,
      variants: productImages.variants,
    })
    .from(productImages)
    .where(and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
    .limit(1)
    .as('card_image');
}

function cardColumns(image: ReturnType<typeof cardImage>) {
  return {
    auctionId: auctions.id,
    productId: products.id,
    slug: products.slug,
    title: products.title,
    brand: products.brand,
    condition: products.condition,
    saleTerms: products.saleTerms,
    categoryName: categories.name,
    categorySlug: categories.slug,
    imageUrl: image.url,
    imageAlt: image.alt,
    imageWidth: image.width,
    imageHeight: image.height,
    imageVariants: image.variants,
    retailPriceCents: products.retailPriceCents,
    currentPriceCents: auctions.currentPriceCents,
    startingBidCents: auctions.startingBidCents,
    bidCount: auctions.bidCount,
    status: auctions.status,
    startTime: auctions.startTime,
    endTime: auctions.endTime,
    locationName: locations.name,
  };
}

/**
 * The one SELECT behind every auction card (home, shop, drops, the watchlist). `extra` adds columns
 * and callers may add joins and their own WHERE and ORDER BY; rows go through service.toCard.
 */
export function cardQuery<E extends SelectedFields = Record<never, never>>(db: DbOrTx, extra?: E) {
  const image = cardImage(db);
  return db
    .select({ ...cardColumns(image), ...(extra as E) })
    .from(auctions)
    .innerJoin(products, eq(products.id, auctions.productId))
    .innerJoin(locations, eq(locations.id, auctions.locationId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoinLateral(image, sql`true`);
}

/** Not ended: scheduled or live, and its end is still ahead on the server clock. */
export function notEndedAt(now: Date): SQL {
  return and(inArray(auctions.status, ['scheduled', 'live']), gt(auctions.endTime, now))!;
}

export type CardRow = Awaited<ReturnType<typeof cardQuery>>[number];

/** An auction card from a row of cardQuery. */
export function toCard(r: CardRow): AuctionCard {
  return {
    auctionId: r.auctionId,
    productId: r.productId,
    slug: r.slug,
    title: r.title,
    brand: r.brand,
    condition: r.condition,
    saleTerms: r.saleTerms,
    categoryName: r.categoryName ?? 'Other',
    categorySlug: r.categorySlug,
    image: r.imageUrl
      ? {
          url: r.imageUrl,
          alt: r.imageAlt || r.title,
          width: r.imageWidth,
          height: r.imageHeight,
          // Resized copies of an uploaded photo (srcset); seeded pictures have none.
          ...(Array.isArray(r.imageVariants) ? { variants: r.imageVariants as ImageVariant[] } : {}),
        }
      : null,
    retailPriceCents: r.retailPriceCents,
    currentPriceCents: r.currentPriceCents,
    startingBidCents: r.startingBidCents,
    bidCount: r.bidCount,
    status: r.status,
    startTime: r.startTime.toISOString(),
    endTime: r.endTime.toISOString(),
    locationName: r.locationName,
  };
}
