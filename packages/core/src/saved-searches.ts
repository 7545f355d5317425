import { dollarsToCents } from './dollars';
// Saved shop searches: their limits, and whether a lot matches one. The match is
// the shop search's own WHERE (apps/server/src/modules/catalog/repository.ts shopWhere) written as
// a plain function, so new lots are matched against every search in memory after one query for
// the lots and one for the searches (docs/decisions/020). Keep the two in step.

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

/** What matching needs to know about a lot. */
export interface MatchableLot {
  title: string;
  brand: string;
  categorySlug: string | null;
  condition: string;
  /** The current price (the starting bid while nobody has bid). */
  priceCents: number;
  locationId: string;
  locationSlug: string;
}

/** The shop uses the first 8 words of a search. */
const MAX_SEARCH_TERMS = 8;

/** The search's words, lower case: each must appear in the title or the brand. */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  return q.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_TERMS);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the shop search `query` would list `lot` (any page, any sort). */
export function matchesSavedSearch(query: SavedSearchQuery, lot: MatchableLot): boolean {
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
    if (
      byId
        ? lot.locationId.toLowerCase() !== query.location.toLowerCase()
        : lot.locationSlug !== query.location
    )
      return false;
  }
  const text = `${lot.title} ${lot.brand}`.toLowerCase();
  return searchWords(query.q).every((w) => text.includes(w));
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
