import { and, asc, count, desc, eq, gt, lte, min, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type CardRow, cardQuery, firstImage } from '../../db/cards';
import type { DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { auctions, categories, locations, productImages, products, users } from '../../db/schema';
import { moreOfItemCount } from './item-lots-repository';
import { lotRank, NO_SEARCH, searches } from './search-sql';
import {
  type KeysetSort,
  ph,
  preparedFor,
  type ShopFilters,
  type ShopKeyset,
  type ShopShape,
  type ShopSort,
  shapeOf,
  shopParams,
  shopWhere,
} from './shop-query';

export { type ShopFacets, shopFacets } from './facets-repository';
export type { ShopFilters, ShopKeyset, ShopSort } from './shop-query';

/** Live and biddable right now: the status says live and the clock agrees. */
function liveAt(now: Date): SQL {
  return and(
    eq(auctions.status, 'live'),
    lte(auctions.startTime, now),
    gt(auctions.endTime, now),
    eq(products.status, 'auctioned'),
  )!;
}

export function liveCards(db: DbOrTx, now: Date, order: 'latest' | 'hottest', limit: number) {
  const orderBy =
    order === 'latest'
      ? [desc(auctions.startTime), asc(auctions.id)]
      : [desc(auctions.bidCount), asc(auctions.endTime), asc(auctions.id)];
  return cardQuery(db)
    .where(liveAt(now))
    .orderBy(...orderBy)
    .limit(limit);
}

/** The sort order walked backwards (a page before a card is read nearest first, then turned round). */
const reverseOrder: Record<KeysetSort, SQL[]> = {
  newest: [asc(auctions.productCreatedAt), asc(auctions.id)],
  ending: [desc(auctions.endTime), desc(auctions.id)],
  price_asc: [desc(auctions.currentPriceCents), desc(auctions.id)],
  price_desc: [asc(auctions.currentPriceCents), desc(auctions.id)],
  bids: [asc(auctions.bidCount), desc(auctions.endTime), desc(auctions.id)],
};

/** The time of a card's sort key, to the microsecond in UTC (a JavaScript Date keeps milliseconds). */
const keyTime = (column: SQL | typeof auctions.endTime) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const sortKeyAt: Record<KeysetSort, SQL<string | null> | null> = {
  newest: keyTime(sql`${auctions.productCreatedAt}`),
  ending: keyTime(auctions.endTime),
  price_asc: null,
  price_desc: null,
  bids: keyTime(auctions.endTime),
};

// The auction's copy of its product's creation time sorts as products.created_at does (decision 036).
const keysetOrder: Record<KeysetSort, SQL[]> = {
  newest: [desc(auctions.productCreatedAt), desc(auctions.id)],
  ending: [asc(auctions.endTime), asc(auctions.id)],
  price_asc: [asc(auctions.currentPriceCents), asc(auctions.id)],
  price_desc: [desc(auctions.currentPriceCents), asc(auctions.id)],
  bids: [desc(auctions.bidCount), asc(auctions.endTime), asc(auctions.id)],
};

/**
 * The sort's order. Relevance (a search only): named exactly first, then the document's rank
 * (search-sql.ts lotRank), then the soonest ending; without a search it is the newest first.
 */
function shopOrder(sort: ShopSort, shape: ShopShape): SQL[] {
  if (sort !== 'relevance') return keysetOrder[sort];
  if (!searches(shape.search)) return keysetOrder.newest;
  const { exact, rank } = lotRank(shape.search);
  return [
    ...[exact, rank].flatMap((key) => (key ? [desc(key)] : [])),
    asc(auctions.endTime),
    asc(auctions.id),
  ];
}

/** The sort a keyset page walks: relevance pages by number only. */
const keysetSort = (sort: ShopSort): KeysetSort | null => (sort === 'relevance' ? null : sort);

/** A stable key for the filters of a count (the count cache, decision 036). */
export function shopCountKey(filters: ShopFilters): string {
  return JSON.stringify([
    filters.categorySlug ?? null,
    filters.condition ?? null,
    filters.minPriceCents ?? null,
    filters.maxPriceCents ?? null,
    filters.location ?? null,
    filters.search ?? NO_SEARCH,
    filters.group ? 'group' : null,
  ]);
}

/** What the grouped shop groups by: the item, or the lot itself for a product of its own. */
const itemGroup = sql`coalesce(${auctions.productItemKey}, ${auctions.id}::text)`;

/**
 * A numbered page of the grouped shop (decision 092): the matching lots ranked within their item by
 * the sort, the first of each item kept with how many of its lots match, then the sort and OFFSET as
 * ungrouped. Every matching lot is read to group them (no keyset): fine for a search or a category,
 * the listings grouping is for; the plain listing of every lot is the costliest case.
 */
function buildGroupedShopRows(db: DbOrTx, shape: ShopShape, sort: ShopSort) {
  const order = shopOrder(sort, shape);
  const ranked = db
    .select({
      id: auctions.id,
      lots: sql<number>`(count(*) over (partition by ${itemGroup}))::int`.as('lots'),
      rank: sql<number>`row_number() over (partition by ${itemGroup} order by ${sql.join(order, sql`, `)})`.as(
        'rank',
      ),
    })
    .from(auctions)
    .where(shopWhere(shape))
    .as('ranked');
  const page = db
    .select({ id: ranked.id, lots: ranked.lots })
    .from(ranked)
    .innerJoin(auctions, eq(auctions.id, ranked.id))
    .where(sql`${ranked.rank} = 1`)
    .orderBy(...order)
    .limit(ph('limit'))
    .offset(ph('offset'))
    .as('page');
  return cardQuery(db, {
    sortAt: sql<string | null>`null`,
    moreOfItem: moreOfItemCount,
    itemLots: sql<number | null>`${page.lots}`,
  })
    .innerJoin(page, eq(page.id, auctions.id))
    .orderBy(...order);
}

function buildShopRows(db: DbOrTx, shape: ShopShape, sort: ShopSort) {
  // The page's auctions are found on auctions alone (an index per sort order), then joined for
  // their cards: a deep page skips its offset without joining the rows it skips. A keyset page
  // (decision 067) skips nothing: it starts at its cursor's card.
  const walked = keysetSort(sort);
  const order = shape.cursor === 'before' && walked ? reverseOrder[walked] : shopOrder(sort, shape);
  const ids = db
    .select({ id: auctions.id })
    .from(auctions)
    .where(shopWhere(shape, walked))
    .orderBy(...order)
    .limit(ph('limit'));
  const page = (shape.cursor === 'none' ? ids.offset(ph('offset')) : ids).as('page');
  return cardQuery(db, {
    sortAt: (walked && sortKeyAt[walked]) ?? sql<string | null>`null`,
    moreOfItem: moreOfItemCount,
    itemLots: sql<number | null>`null`,
  })
    .innerJoin(page, eq(page.id, auctions.id))
    .orderBy(...order);
}

/**
 * How many lots on sale match the filters, on auctions alone (index only: the filter or a sort
 * index), reading at most `cap` lots when the shape is capped (decision 067: "1,000+").
 */
function buildShopCount(db: DbOrTx, shape: ShopShape, capped: boolean) {
  if (shape.group) {
    // Grouped: the items (a lot of its own is an item) among the matching lots.
    const items = db
      .selectDistinct({ g: sql<string>`${itemGroup}`.as('g') })
      .from(auctions)
      .where(shopWhere(shape));
    return db.select({ total: count() }).from((capped ? items.limit(ph('cap')) : items).as('items'));
  }
  if (!capped) return db.select({ total: count() }).from(auctions).where(shopWhere(shape));
  const lots = db
    .select({ one: sql<number>`1`.as('one') })
    .from(auctions)
    .where(shopWhere(shape))
    .limit(ph('cap'))
    .as('lots');
  return db.select({ total: count() }).from(lots);
}

type RowsQuery = ReturnType<ReturnType<typeof buildShopRows>['prepare']>;

export type ShopRow = CardRow & { sortAt: string | null; moreOfItem: number; itemLots: number | null };

/**
 * One page of the shop's cards: the lots on sale matching the filters, in the sort's order, from
 * `offset` or, with a keyset, after (or before) its card. A page before a card comes nearest first
 * (the sort walked backwards): the caller turns it round.
 */
export function shopRows(
  db: DbOrTx,
  now: Date,
  filters: ShopFilters,
  sort: ShopSort,
  limit: number,
  offset: number,
  keyset: ShopKeyset | null = null,
): Promise<ShopRow[]> {
  const shape = shapeOf(filters, keyset);
  const query = preparedFor(db, `rows ${sort} ${JSON.stringify(shape)}`, (name) =>
    shape.group
      ? (buildGroupedShopRows(db, shape, sort).prepare(name) as unknown as RowsQuery)
      : buildShopRows(db, shape, sort).prepare(name),
  );
  return query.execute({ ...shopParams(filters, now, keyset), limit, offset }) as Promise<ShopRow[]>;
}

/**
 * How many lots on sale match the filters: all of them when `cap` is 0, else at most `cap` (the
 * caller asks for one more than it shows, to know "more than").
 */
export async function shopCount(db: DbOrTx, now: Date, filters: ShopFilters, cap = 0): Promise<number> {
  const shape = shapeOf(filters);
  const capped = cap > 0;
  const query = preparedFor(db, `count ${capped} ${JSON.stringify(shape)}`, (name) =>
    buildShopCount(db, shape, capped).prepare(name),
  );
  const [row] = await query.execute({ ...shopParams(filters, now), cap });
  return row?.total ?? 0;
}

/** Featured products with a live auction, newest product first (the drops page). */
export function featuredLiveCards(db: DbOrTx, now: Date, limit: number) {
  return cardQuery(db)
    .where(and(liveAt(now), eq(products.isFeatured, true)))
    .orderBy(desc(products.createdAt), desc(auctions.id))
    .limit(limit);
}

/** How many auctions are live right now and the earliest of their end times (the drops banner). */
export async function liveSummary(
  db: DbOrTx,
  now: Date,
): Promise<{ liveCount: number; earliestEnd: Date | null }> {
  const [row] = await db
    .select({ liveCount: count(), earliestEnd: min(auctions.endTime) })
    .from(auctions)
    // The banner's rule is about auctions alone: live, started and not yet ended.
    .where(and(eq(auctions.status, 'live'), lte(auctions.startTime, now), gt(auctions.endTime, now)));
  return { liveCount: row?.liveCount ?? 0, earliestEnd: row?.earliestEnd ?? null };
}

export function listCategories(db: DbOrTx) {
  return db.select().from(categories).orderBy(asc(categories.name));
}

export function listActiveLocations(db: DbOrTx) {
  return db.select().from(locations).where(eq(locations.isActive, true)).orderBy(asc(locations.name));
}

/**
 * A product found by its slug, whatever its status: whether its page answers is core's
 * productPageReachable, decided by the service from the product's status and its auctions (pageAuctions).
 */
function productSlug(slug: string | Placeholder): SQL {
  return eq(products.slug, slug);
}

/** What core's product-page rules need of one auction (packages/core/src/product-page.ts). */
export interface PageAuctionRow {
  id: string;
  status: 'scheduled' | 'live' | 'ended' | 'cancelled';
  start_time: string;
  end_time: string;
  cancelled_at: string | null;
  has_winner: boolean;
  current_price_cents: number;
}

/** Every auction of the product, latest start first (a JSON array; a relisted product has a few). */
const pageAuctions = sql<PageAuctionRow[]>`coalesce((select json_agg(json_build_object(
    'id', pa.id, 'status', pa.status, 'start_time', pa.start_time, 'end_time', pa.end_time,
    'cancelled_at', pa.cancelled_at, 'has_winner', pa.winner_user_id is not null,
    'current_price_cents', pa.current_price_cents) order by pa.start_time desc)
  from ${auctions} pa where pa.product_id = ${products.id}), '[]'::json)`;

/** What a product page shows of each photo (productBySlug's images, in position order). */
export interface ProductPageImage {
  url: string;
  alt: string;
  width: number | null;
  height: number | null;
  variants: unknown;
}

/**
 * The id of the auction a product's page shows: a product may be relisted, and its page shows the
 * most recent auction that was not cancelled before it opened (one cancelled while live is shown:
 * the page says it was cancelled; core auctionWasPublic counts the same ones). Found on the
 * (product, start time) index.
 */
const latestAuctionId = sql`(select la.id from auctions la where la.product_id = ${products.id}
  and (la.status <> 'cancelled' or la.cancelled_at > la.start_time)
  order by la.start_time desc limit 1)`;

/** The leader of a product page's auction (an alias: the join is on the auction's leader). */
const pageLeader = alias(users, 'leader');

function buildProductBySlug(db: DbOrTx) {
  return db
    .select({
      product: products,
      category: categories,
      images: sql<ProductPageImage[]>`coalesce((select json_agg(json_build_object(
          'url', pi.url, 'alt', pi.alt, 'width', pi.width, 'height', pi.height, 'variants', pi.variants)
          order by pi.position) from ${productImages} pi where pi.product_id = ${products.id}), '[]'::json)`,
      auction: auctions,
      location: locations,
      leaderHandle: pageLeader.handle,
      pageAuctions,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(auctions, eq(auctions.id, latestAuctionId))
    .leftJoin(locations, eq(locations.id, auctions.locationId))
    .leftJoin(pageLeader, eq(pageLeader.id, auctions.leaderUserId))
    .where(productSlug(sql.placeholder('slug')))
    .limit(1)
    .prepare('catalog_product_by_slug');
}
const productBySlugStatement = preparedOnce(buildProductBySlug);

/**
 * A product with its category, photos (a JSON array in position order) and latest auction
 * with its pickup location and leader's handle: one prepared statement, the closing hour's most
 * frequent catalogue read after the auction state (docs/decisions/073-fewer-statements-per-request.md).
 */
export async function productBySlug(db: DbOrTx, slug: string) {
  const [row] = await productBySlugStatement(db).execute({ slug });
  if (!row) return null;
  const { auction, location, leaderHandle, ...rest } = row;
  // Both drivers (node-postgres, PGlite) hand `json` back parsed. The auction's location is
  // required (a foreign key), so an auction always comes with one.
  return { ...rest, auction: auction && location ? { auction, location, leaderHandle } : null };
}

/**
 * What a shared link's preview and the page's JSON-LD need (the HTML the server sends for
 * /product/:slug): the same product as its page, in one prepared statement on the unique slug index and the
 * (product, position) index, with the auction its page shows (latestAuctionId) in a subquery.
 */
function buildProductPreviewBySlug(db: DbOrTx) {
  return db
    .select({
      slug: products.slug,
      title: products.title,
      description: products.description,
      brand: products.brand,
      sku: products.sku,
      condition: products.condition,
      status: products.status,
      pageAuctions,
      auction: sql<{
        status: 'scheduled' | 'live' | 'ended' | 'cancelled';
        start_time: string;
        end_time: string;
        current_price_cents: number;
      } | null>`(select json_build_object('status', a.status, 'start_time', a.start_time, 'end_time', a.end_time, 'current_price_cents', a.current_price_cents) from ${auctions} a where a.id = ${latestAuctionId})`,
      imageUrl: firstImage.url,
      imageAlt: firstImage.alt,
      imageWidth: firstImage.width,
      imageHeight: firstImage.height,
      imageVariants: firstImage.variants,
    })
    .from(products)
    .leftJoin(firstImage, and(eq(firstImage.productId, products.id), eq(firstImage.position, 0)))
    .where(productSlug(sql.placeholder('slug')))
    .limit(1)
    .prepare('catalog_product_preview_by_slug');
}
const productPreviewStatement = preparedOnce(buildProductPreviewBySlug);

export async function productPreviewBySlug(db: DbOrTx, slug: string) {
  const [row] = await productPreviewStatement(db).execute({ slug });
  return row ?? null;
}
