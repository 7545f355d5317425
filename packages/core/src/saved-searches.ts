import { dollarsToCents } from './dollars';
// Saved shop searches: their limits, and the filters a lot must pass. A saved search matches a lot
// when the lot passes its filters here (category, condition, price, location: the shop's
// filters of apps/server/src/modules/catalog/repository.ts shopWhere, written as a plain function)
// and its words find the lot's product by the shop's own search, which the database answers
// (apps/server/src/modules/catalog/search-repository.ts productsFoundBy, one statement for many
// searches). Keep the filters in step with the
// shop's (docs/decisions/020-reminders-digest-saved-searches.md).

/** A shopper keeps at most this many saved searches. */
export const SAVED_SEARCH_LIMIT = 20;
export const SAVED_SEARCH_NAME_MAX = 80;
export const SAVED_SEARCH_LIMIT_MESSAGE = `You can keep up to ${SAVED_SEARCH_LIMIT} saved searches. Delete one to save another.`;

/** The shop's filters and keywords as saved (prices in dollars, as in the shop's address). */
export interface SavedSearchQuery {
  q?: string | undefined;
  category?: string | undefined;
  condition?: 'like_new' | 'open_box' | 'gently_used' | 'any' | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  /** A location's slug or id. */
  location?: string | undefined;
  sort?: string | undefined;
}

/** What the filters read of a lot. */
export interface MatchableLot {
  categorySlug: string | null;
  condition: string;
  /** The current price (the starting bid while nobody has bid). */
  priceCents: number;
  locationId: string;
  locationSlug: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `lot` passes the filters of the shop search `query` (any page, any sort). Its words (`q`)
 * are not read here: the database matches them (see above).
 */
export function passesSavedSearchFilters(query: SavedSearchQuery, lot: MatchableLot): boolean {
  if (query.category && lot.categorySlug !== query.category) return false;
  if (query.condition && query.condition !== 'any' && lot.condition !== query.condition) return false;
  // The shop converts dollars to cents the same way (money.ts dollarsToCents; a bound with no exact
  // cents is no bound, as in the shop's shopFilters).
  const min = query.minPrice === undefined ? null : dollarsToCents(query.minPrice);
  const max = query.maxPrice === undefined ? null : dollarsToCents(query.maxPrice);
  if (min !== null && lot.priceCents < min) return false;
  if (max !== null && lot.priceCents > max) return false;
  if (query.location) {
    const byId = UUID.test(query.location);
    return byId
      ? lot.locationId.toLowerCase() === query.location.toLowerCase()
      : lot.locationSlug === query.location;
  }
  return true;
}

/** The shop address that runs a saved search: '/shop?q=lamp&category=home'. */
export function savedSearchHref(query: SavedSearchQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.category) params.set('category', query.category);
  if (query.condition && query.condition !== 'any') params.set('condition', query.condition);
  if (query.minPrice !== undefined) params.set('minPrice', String(query.minPrice));
  if (query.maxPrice !== undefined) params.set('maxPrice', String(query.maxPrice));
  if (query.location) params.set('location', query.location);
  if (query.sort && query.sort !== 'newest') params.set('sort', query.sort);
  const s = params.toString();
  return s ? `/shop?${s}` : '/shop';
}
