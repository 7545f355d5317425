// The shop's statements, their building blocks (decisions 036, 067 and 094): the filters, the shape
// of a statement (which filters, search parts and keyset it has: one named prepared statement per
// shape and database handle) and its WHERE, shared by the page and count (repository.ts) and the
// search's facet counts (facets-repository.ts).
import type { SHOP_SORTS } from '@rebound/contract/catalog';
import { and, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auctions, categories, locations } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import {
  lotMatch,
  NO_SEARCH,
  type SearchShape,
  type SearchTerms,
  searches,
  searchParams,
  searchShape,
} from './search-sql';

/** The shop's orders (contract SHOP_SORTS); 'relevance' pages by number only (docs/decisions/094-search.md). */
export type ShopSort = (typeof SHOP_SORTS)[number];
export type KeysetSort = Exclude<ShopSort, 'relevance'>;

export interface ShopFilters {
  categorySlug?: string | undefined;
  condition?: 'like_new' | 'open_box' | 'gently_used' | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  location?: string | undefined;
  /**
   * Search (docs/decisions/094-search.md): every word in the product's document (title, brand and
   * model, category, description), in any form; or the text names a GTIN, model number or SKU.
   * The terms of the text typed, worked out once per request (search-sql.ts searchTerms).
   */
  search?: SearchTerms | undefined;
  /** 'Group identical lots' (decision 092): each item once, numbered pages only. */
  group?: boolean | undefined;
}

// The shop (decision 036). Its queries have one shape per sort order and set of filters given;
// each shape is built once per database handle as a named prepared statement with placeholders
// (drizzle builds nothing per request, PostgreSQL parses and plans it once per connection). The
// constants of the partial indexes' predicate are literals so a generic plan can still use them.
export const ON_SALE = sql`${auctions.status} = 'live' and ${auctions.productStatus} = 'auctioned'`;
export const ph = (name: string) => sql.placeholder(name);

export interface ShopShape {
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

export function shapeOf(filters: ShopFilters, keyset: ShopKeyset | null = null): ShopShape {
  return {
    category: Boolean(filters.categorySlug),
    condition: Boolean(filters.condition),
    minPrice: filters.minPriceCents !== undefined,
    maxPrice: filters.maxPriceCents !== undefined,
    location: !filters.location ? 'none' : isUuid(filters.location) ? 'id' : 'slug',
    search: searchShape(filters.search ?? NO_SEARCH),
    cursor: filters.group ? 'none' : (keyset?.dir ?? 'none'),
    group: Boolean(filters.group),
  };
}

/** The values for the placeholders of `shopWhere(shapeOf(filters, keyset))`. */
export function shopParams(
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
  Object.assign(params, searchParams(filters.search ?? NO_SEARCH));
  return params;
}

/**
 * On sale in the shop at the placeholder `now` and matching the filters of `shape`, on the auction's
 * own copies of its product's columns: the same rows as liveAt and the filters on products.
 */
export function shopWhere(shape: ShopShape, sort: KeysetSort | null = null): SQL {
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

const prepared = new WeakMap<DbOrTx, Map<string, unknown>>();
let statementNumber = 0;

/** The prepared statement of `key` for `db`, built by `build` the first time. */
export function preparedFor<Q>(db: DbOrTx, key: string, build: (name: string) => Q): Q {
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
