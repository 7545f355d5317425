import type { SHOP_SORTS } from '@rebound/contract/catalog';
import { and, asc, count, desc, eq, gt, lte, min, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type CardRow, cardQuery, firstImage } from '../../db/cards';
import type { DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { auctions, categories, locations, productImages, products, users } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import { moreOfItemCount } from './item-lots-repository';
import {
  lotMatch,
  lotRank,
  type SearchShape,
  searches,
  searchParams,
  searchShape,
  searchTerms,
} from './search-sql';

/** The shop's orders (contract SHOP_SORTS); 'relevance' pages by number only (docs/decisions/094-search.md). */
export type ShopSort = (typeof SHOP_SORTS)[number];
type KeysetSort = Exclude<ShopSort, 'relevance'>;

export interface ShopFilters {
  categorySlug?: string | undefined;
  condition?: 'like_new' | 'open_box' | 'gently_used' | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  location?: string | undefined;
  /**
   * Search (docs/decisions/094-search.md): every word in the product's document (title, brand and
   * model, category, description), in any form; or the text names a GTIN, model number or SKU.
   */
  q?: string | undefined;
  /** 'Group identical lots' (decision 092): each item once, numbered pages only. */
  group?: boolean | undefined;
}

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

// The shop (decision 036). Its queries have one shape per sort order and set of filters given;
// each shape is built once per database handle as a named prepared statement with placeholders
// (drizzle builds nothing per request, PostgreSQL parses and plans it once per connection). The
// constants of the partial indexes' predicate are literals so a generic plan can still use them.
const ON_SALE = sql`${auctions.status} = 'live' and ${auctions.productStatus} = 'auctioned'`;
const ph = (name: string) => sql.placeholder(name);

interface ShopShape {
  category: boolean;
  condition: boolean;
  minPrice: boolean;
  maxPrice: boolean;
  location: 'none' | 'id' | 'slug';
  /** What the search reads (search-sql.ts): its words, a GTIN, a model number, a SKU. */
  search: SearchShape;
  /** A keyset page (decision 067): the rows after or before a card of the sort, or none (OFFSET). */
  cursor: 'none' | 'after' | 'before';
  /** Each item once (decision 092); never with a cursor. */
  group: boolean;
}

/** Where a keyset page starts: a card's sort key and id (core/shop-cursor). */
export interface ShopKeyset {
  dir: 'after' | 'before';
  /** The key's time (newest: the product's creation; ending, bids: the end), UTC to the microsecond. */
  at: string | null;
  /** The key's number (price in cents, or bid count). */
  n: number | null;
  id: string;
}

function shapeOf(filters: ShopFilters, keyset: ShopKeyset | null = null): ShopShape {
  return {
    category: Boolean(filters.categorySlug),
    condition: Boolean(filters.condition),
    minPrice: filters.minPriceCents !== undefined,
    maxPrice: filters.maxPriceCents !== undefined,
    location: !filters.location ? 'none' : isUuid(filters.location) ? 'id' : 'slug',
    search: searchShape(searchTerms(filters.q)),
    cursor: filters.group ? 'none' : (keyset?.dir ?? 'none'),
    group: Boolean(filters.group),
  };
}

/** The values for the placeholders of `shopWhere(shapeOf(filters, keyset))`. */
function shopParams(
  filters: ShopFilters,
  now: Date,
  keyset: ShopKeyset | null = null,
): Record<string, unknown> {
  const params: Record<string, unknown> = { now: now.toISOString() };
  if (keyset && !filters.group) {
    params.kat = keyset.at;
    params.kn = keyset.n;
    params.kid = keyset.id;
  }
  if (filters.categorySlug) params.category = filters.categorySlug;
  if (filters.condition) params.condition = filters.condition;
  if (filters.minPriceCents !== undefined) params.minPrice = filters.minPriceCents;
  if (filters.maxPriceCents !== undefined) params.maxPrice = filters.maxPriceCents;
  if (filters.location) params.location = filters.location;
  Object.assign(params, searchParams(searchTerms(filters.q)));
  return params;
}

/**
 * On sale in the shop at the placeholder `now` and matching the filters of `shape`, on the auction's
 * own copies of its product's columns: the same rows as liveAt and the filters on products.
 */
function shopWhere(shape: ShopShape, sort: KeysetSort | null = null): SQL {
  const conditions: SQL[] = [
    ON_SALE,
    sql`${auctions.startTime} <= ${ph('now')}`,
    sql`${auctions.endTime} > ${ph('now')}`,
  ];
  if (shape.category)
    conditions.push(
      sql`${auctions.productCategoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${ph('category')})`,
    );
  if (shape.condition) conditions.push(sql`${auctions.productCondition} = ${ph('condition')}`);
  if (shape.minPrice) conditions.push(sql`${auctions.currentPriceCents} >= ${ph('minPrice')}`);
  if (shape.maxPrice) conditions.push(sql`${auctions.currentPriceCents} <= ${ph('maxPrice')}`);
  if (shape.location === 'id') conditions.push(sql`${auctions.locationId} = ${ph('location')}`);
  if (shape.location === 'slug')
    conditions.push(
      sql`${auctions.locationId} = (select ${locations.id} from ${locations} where ${locations.slug} = ${ph('location')})`,
    );
  // The lot's copy of its product's document (its own GIN index), or a product named exactly.
  if (searches(shape.search)) conditions.push(lotMatch(shape.search));
  if (shape.cursor !== 'none' && sort) conditions.push(keysetWhere(sort, shape.cursor));
  return and(...conditions)!;
}

/**
 * The rows after (or before) the keyset's card in the sort's order (decision 067): a row comparison
 * on the sort index's leading columns, so the page is a walk of that index from the card on.
 */
function keysetWhere(sort: KeysetSort, dir: 'after' | 'before'): SQL {
  const at = sql`${ph('kat')}::timestamptz`;
  const n = sql`${ph('kn')}::int`;
  const id = sql`${ph('kid')}::uuid`;
  // "Later in the order" for an ascending column is >, for a descending one <; before flips both.
  const later = (asc: boolean) => sql.raw(asc === (dir === 'after') ? '>' : '<');
  const laterOrSame = (asc: boolean) => sql.raw(asc === (dir === 'after') ? '>=' : '<=');
  switch (sort) {
    case 'newest':
      return sql`(${auctions.productCreatedAt}, ${auctions.id}) ${later(false)} (${at}, ${id})`;
    case 'ending':
      return sql`(${auctions.endTime}, ${auctions.id}) ${later(true)} (${at}, ${id})`;
    case 'price_asc':
      return sql`(${auctions.currentPriceCents}, ${auctions.id}) ${later(true)} (${n}, ${id})`;
    case 'price_desc':
      return sql`${auctions.currentPriceCents} ${laterOrSame(false)} ${n} and (${auctions.currentPriceCents} ${later(false)} ${n} or ${auctions.id} ${later(true)} ${id})`;
    case 'bids':
      return sql`${auctions.bidCount} ${laterOrSame(false)} ${n} and (${auctions.bidCount} ${later(false)} ${n} or (${auctions.endTime}, ${auctions.id}) ${later(true)} (${at}, ${id}))`;
  }
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
    searchTerms(filters.q),
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
type CountQuery = ReturnType<ReturnType<typeof buildShopCount>['prepare']>;
// biome-ignore lint/suspicious/noExplicitAny: the facets' statements have their own row shapes
type FacetQuery = { execute(params: Record<string, unknown>): Promise<any[]> };
const prepared = new WeakMap<DbOrTx, Map<string, RowsQuery | CountQuery | FacetQuery>>();
let statementNumber = 0;

/** The prepared statement of `key` for `db`, built by `build` the first time. */
function preparedFor<Q extends RowsQuery | CountQuery | FacetQuery>(
  db: DbOrTx,
  key: string,
  build: (name: string) => Q,
): Q {
  let statements = prepared.get(db);
  if (!statements) {
    statements = new Map();
    prepared.set(db, statements);
  }
  let statement = statements.get(key) as Q | undefined;
  if (!statement) {
    statement = build(`shop_${++statementNumber}`);
    statements.set(key, statement);
  }
  return statement;
}

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

export interface ShopFacets {
  categories: { slug: string; name: string; count: number }[];
  conditions: { condition: 'like_new' | 'open_box' | 'gently_used'; count: number }[];
  /** The lots matching all the filters (exact). */
  total: number;
}

/**
 * How many lots each category and each condition would give (docs/product.md "Search"): the shop's
 * filters with the facet's own left out, most first; and how many match them all. One read of the
 * lots matching every filter but those two, grouped by category (counting those of the chosen
 * condition), by condition (those of the chosen category) and not at all (those of both).
 */
export async function shopFacets(db: DbOrTx, now: Date, filters: ShopFilters): Promise<ShopFacets> {
  const shape = shapeOf(filters);
  const base = shapeOf({ ...filters, categorySlug: undefined, condition: undefined });
  const query = preparedFor(db, `facets ${JSON.stringify(shape)}`, (name) => {
    const inCategory = shape.category
      ? sql`${auctions.productCategoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${ph('category')})`
      : sql`true`;
    const inCondition = shape.condition ? sql`${auctions.productCondition} = ${ph('condition')}` : sql`true`;
    return db
      .select({
        // 1: a category's row, 2: a condition's, 3: the total's (grouping() marks what is left out).
        set: sql<number>`grouping(${categories.id}, ${auctions.productCondition})::int`,
        slug: categories.slug,
        name: categories.name,
        condition: auctions.productCondition,
        ofCondition: sql<number>`(count(*) filter (where ${inCondition}))::int`,
        ofCategory: sql<number>`(count(*) filter (where ${inCategory}))::int`,
        ofBoth: sql<number>`(count(*) filter (where ${inCategory} and ${inCondition}))::int`,
      })
      .from(auctions)
      .leftJoin(categories, eq(categories.id, auctions.productCategoryId))
      .where(shopWhere(base))
      .groupBy(
        sql`grouping sets ((${categories.id}, ${categories.slug}, ${categories.name}), (${auctions.productCondition}), ())`,
      )
      .prepare(name);
  });
  type Condition = ShopFacets['conditions'][number]['condition'];
  type Row = { set: number; slug: string | null; name: string | null; condition: Condition | null };
  const rows = (await query.execute(shopParams(filters, now))) as (Row &
    Record<'ofCondition' | 'ofCategory' | 'ofBoth', number>)[];
  const byCount =
    <T extends { count: number }>(key: (x: T) => string) =>
    (a: T, b: T) =>
      b.count - a.count || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
  return {
    categories: rows
      .filter((r) => r.set === 1 && r.slug !== null && r.name !== null && r.ofCondition > 0)
      .map((r) => ({ slug: r.slug!, name: r.name!, count: r.ofCondition }))
      .sort(byCount((c) => c.name)),
    conditions: rows
      .filter((r) => r.set === 2 && r.condition !== null && r.ofCategory > 0)
      .map((r) => ({ condition: r.condition!, count: r.ofCategory }))
      .sort(byCount((c) => c.condition)),
    total: rows.find((r) => r.set === 3)?.ofBoth ?? 0,
  };
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
