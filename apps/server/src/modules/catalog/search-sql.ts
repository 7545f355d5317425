// The shop search's SQL (docs/decisions/094-search.md): what a query matches on a product and how
// a match ranks. The query's text and numbers come from core (packages/core/src/search.ts and
// item-identity.ts); the product's document is kept by the trigger of migration 0025.
import { identitySearchTerms } from '@rebound/core/item-identity';
import { SEARCH_WEIGHTS, searchTsQuery, skuSearchTerm } from '@rebound/core/search';
import { or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { auctions, products } from '../../db/schema';

/** What a shop query looks for: its words as a tsquery, and the numbers it may name exactly. */
export interface SearchTerms {
  /** core's searchTsQuery: the words (each alone or joined with a neighbour), or null. */
  tsq: string | null;
  /** The item key of a GTIN typed in any form (`gtin:` and 14 digits), or null. */
  itemKey: string | null;
  /** A model number as compared (core's modelKey), or null. */
  modelKey: string | null;
  /** A SKU as written, and the slug a SKU made from a slug comes from; or null. */
  sku: string | null;
  slug: string | null;
  /** The text holds no word to search (only marks or stop words): it finds nothing. */
  nothing: boolean;
}

export const NO_SEARCH: SearchTerms = {
  tsq: null,
  itemKey: null,
  modelKey: null,
  sku: null,
  slug: null,
  nothing: false,
};

export function searchTerms(q: string | undefined): SearchTerms {
  if (!q?.trim()) return NO_SEARCH;
  const identity = identitySearchTerms(q);
  const sku = skuSearchTerm(q);
  const terms = {
    tsq: searchTsQuery(q),
    itemKey: identity.gtin ? `gtin:${identity.gtin}` : null,
    modelKey: identity.model,
    sku: sku?.sku ?? null,
    slug: sku?.slug ?? null,
  };
  const nothing = Object.values(terms).every((v) => v === null);
  return { ...terms, nothing };
}

/** Which parts of SearchTerms a statement reads, for its shape (a prepared statement per shape). */
export interface SearchShape {
  nothing: boolean;
  text: boolean;
  gtin: boolean;
  model: boolean;
  sku: boolean;
}

export function searchShape(terms: SearchTerms): SearchShape {
  return {
    nothing: terms.nothing,
    text: terms.tsq !== null,
    gtin: terms.itemKey !== null,
    model: terms.modelKey !== null,
    sku: terms.sku !== null,
  };
}

/** Whether a search looks for anything at all. */
export function searches(shape: SearchShape): boolean {
  return shape.nothing || shape.text || shape.gtin || shape.model || shape.sku;
}

/** The placeholders' values of a search (tsq, itemKey, modelKey, sku, skuSlug) for `terms`. */
export function searchParams(terms: SearchTerms): Record<string, string> {
  const params: Record<string, string> = {};
  if (terms.tsq) params.tsq = terms.tsq;
  if (terms.itemKey) params.itemKey = terms.itemKey;
  if (terms.modelKey) params.modelKey = terms.modelKey;
  if (terms.sku && terms.slug) {
    params.sku = terms.sku;
    params.skuSlug = terms.slug;
  }
  return params;
}

type Value = SQL | Placeholder;
const ph = (name: string) => sql.placeholder(name);

/** The query's words as PostgreSQL reads them (stemmed by the English dictionary). */
export const tsQueryOf = (tsq: Value) => sql`to_tsquery('english', ${tsq})`;

/** The named-exactly part of a search: its GTIN, model number or SKU (btree indexes). */
function exactMatch(shape: SearchShape, value: (name: string) => Value): SQL | undefined {
  return or(
    shape.gtin ? sql`${products.itemKey} = ${value('itemKey')}` : undefined,
    shape.model ? sql`${products.modelKey} = ${value('modelKey')}` : undefined,
    shape.sku
      ? sql`(${products.sku} = ${value('sku')} or (${products.sku} is null and ${products.slug} = ${value('skuSlug')}))`
      : undefined,
  );
}

/**
 * A product the search finds: its document matches every word; or the query names its GTIN,
 * model number or SKU exactly. On `products`; the shop puts it in a semi-join from auctions.
 */
export function productMatch(shape: SearchShape, value: (name: string) => Value = ph): SQL {
  if (shape.nothing) return sql`false`;
  return (
    or(
      shape.text ? sql`${products.searchDoc} @@ ${tsQueryOf(value('tsq'))}` : undefined,
      exactMatch(shape, value),
    ) ?? sql`false`
  );
}

const WEIGHTS = sql.raw(`'{${SEARCH_WEIGHTS.join(',')}}'::float4[]`);

/**
 * The ids of the products the search names exactly (GTIN, model, SKU), as an array computed once per
 * statement (an uncorrelated subquery): a lot of one of them is found by its product id's index.
 */
function exactProductIds(shape: SearchShape, value: (name: string) => Value): SQL | undefined {
  const exact = exactMatch(shape, value);
  return exact ? sql`array(select ${products.id} from ${products} where ${exact})` : undefined;
}

/**
 * A lot the search finds, on `auctions` alone (the shop: docs/decisions/094-search.md): its copy of
 * the product's document matches every word (the partial GIN index auctions_shop_search_idx of the
 * lots on sale), or its product is named exactly. The same lots as productMatch on their products.
 */
export function lotMatch(shape: SearchShape, value: (name: string) => Value = ph): SQL {
  if (shape.nothing) return sql`false`;
  const exactIds = exactProductIds(shape, value);
  return (
    or(
      shape.text ? sql`${auctions.productSearchDoc} @@ ${tsQueryOf(value('tsq'))}` : undefined,
      exactIds ? sql`${auctions.productId} = any(${exactIds})` : undefined,
    ) ?? sql`false`
  );
}

/**
 * How well a lot matches, as separate sort keys (each computed once per lot): named exactly (GTIN,
 * model, SKU) first, then PostgreSQL's ts_rank on the lot's copy of its product's document with
 * core's weights (title, then brand and model, then category, then description); null for a key
 * the search has not. ts_rank, not the cover-density ts_rank_cd: the relevance set ranks the same
 * with either (docs/benchmarks.md "Search relevance"), and ts_rank costs a third as much on a query
 * with joined pairs, for every lot a broad search matches (docs/benchmarks.md "Search").
 */
export function lotRank(
  shape: SearchShape,
  value: (name: string) => Value = ph,
): { exact: SQL | null; rank: SQL | null } {
  const exactIds = exactProductIds(shape, value);
  return {
    exact: exactIds ? sql`(${auctions.productId} = any(${exactIds}))` : null,
    rank: shape.text
      ? sql`ts_rank(${WEIGHTS}, ${auctions.productSearchDoc}, ${tsQueryOf(value('tsq'))})`
      : null,
  };
}

/** The products a search text finds, with its values inline (tests and one-off reads). */
export function searchMatch(q: string): SQL {
  const terms = searchTerms(q);
  const values = searchParams(terms);
  return productMatch(searchShape(terms), (name) => sql`${values[name]}`);
}
