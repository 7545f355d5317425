import { PUBLIC_PRODUCT_STATUSES } from '@rebound/contract/catalog';
import { and, asc, countDistinct, desc, eq, gte, inArray, lte, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auctions, products } from '../../db/schema';

/**
 * The lots a sitemap lists: a public product whose auction has opened (live, or ended but not yet
 * closed, or ended) and ends at or after `since`. Scheduled and cancelled auctions and unpublished
 * products are left out. Uses the (status, end time) index.
 */
function listedLots(now: Date, since: Date) {
  return and(
    inArray(auctions.status, ['live', 'ended']),
    lte(auctions.startTime, now),
    gte(auctions.endTime, since),
    inArray(products.status, PUBLIC_PRODUCT_STATUSES),
  )!;
}

export async function countSitemapLots(db: DbOrTx, now: Date, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(products.id) })
    .from(auctions)
    .innerJoin(products, eq(products.id, auctions.productId))
    .where(listedLots(now, since));
  return Number(row?.n ?? 0);
}

/**
 * One page of the listed lots, one row per product (a relisted product has several auctions):
 * latest end first, then by slug, so pages are stable. lastmod is the latest change to the product
 * or any of its listed auctions (a bid changes the auction).
 */
export function sitemapLots(db: DbOrTx, now: Date, since: Date, limit: number, offset: number) {
  const lastEnd = max(auctions.endTime);
  return db
    .select({
      slug: products.slug,
      lastmod: sql<Date>`greatest(${products.updatedAt}, max(${auctions.updatedAt}))`.mapWith(
        (v: string | Date) => new Date(v),
      ),
    })
    .from(auctions)
    .innerJoin(products, eq(products.id, auctions.productId))
    .where(listedLots(now, since))
    .groupBy(products.id, products.slug, products.updatedAt)
    .orderBy(desc(lastEnd), asc(products.slug))
    .limit(limit)
    .offset(offset);
}
