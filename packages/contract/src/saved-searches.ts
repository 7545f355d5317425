import {
  SAVED_SEARCH_LIMIT,
  SAVED_SEARCH_LIMIT_MESSAGE,
  SAVED_SEARCH_NAME_MAX,
} from '@rebound/core/saved-searches';
import { z } from 'zod';
import { Condition, SHOP_SORTS, ShopQuery } from './catalog';
import { Instant, Uuid } from './common';

// Saved shop searches: a shopper saves the shop's filters and keywords with a
// name, sees them in the account, and gets new matching lots in the daily digest and, with
// notifyPush, a push when one goes live. The texts and limits are in core (zod-free for the web).
export { SAVED_SEARCH_LIMIT, SAVED_SEARCH_LIMIT_MESSAGE, SAVED_SEARCH_NAME_MAX };

/**
 * The search as stored and shown: the shop's query (contract ShopQuery) without its page. Prices are
 * dollars, as in the shop's address; `condition` 'any' is stored as no condition.
 */
export const SavedSearchQueryView = z.object({
  q: z.string().optional(),
  category: z.string().optional(),
  condition: Condition.optional(),
  minPrice: z.number().optional(),
  maxPrice: z.number().optional(),
  location: z.string().optional(),
  sort: z.enum(SHOP_SORTS).optional(),
});
export type SavedSearchQueryView = z.infer<typeof SavedSearchQueryView>;

/** What the shop sends: its own query schema (same limits and checks), the page dropped. */
export const SavedSearchQueryInput = ShopQuery.transform(
  (q): SavedSearchQueryView => ({
    ...(q.q ? { q: q.q } : {}),
    ...(q.category ? { category: q.category.trim().toLowerCase() } : {}),
    ...(q.condition && q.condition !== 'any' ? { condition: q.condition } : {}),
    ...(q.minPrice !== undefined ? { minPrice: q.minPrice } : {}),
    ...(q.maxPrice !== undefined ? { maxPrice: q.maxPrice } : {}),
    ...(q.location ? { location: q.location.trim().toLowerCase() } : {}),
    sort: q.sort,
  }),
);

export const SavedSearch = z.object({
  id: Uuid,
  name: z.string(),
  query: SavedSearchQueryView,
  /** The shop address that runs it ('/shop?q=lamp&category=home'). */
  href: z.string(),
  /** Push when a matching lot goes live. */
  notifyPush: z.boolean(),
  createdAt: Instant,
});
export type SavedSearch = z.infer<typeof SavedSearch>;

/** GET /api/me/saved-searches: newest first. */
export const SavedSearchesResponse = z.object({
  items: z.array(SavedSearch),
  /** At most this many per shopper. */
  limit: z.number().int(),
  /**
   * New matches reach this shopper in the daily new-drops email (core receivesNewDropsEmail: marketing
   * consent given and the new-drops email on). When false the save dialog says so and offers it.
   */
  dailyEmail: z.boolean(),
});
export type SavedSearchesResponse = z.infer<typeof SavedSearchesResponse>;

/** POST /api/me/saved-searches. */
export const CreateSavedSearchBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please give this search a name.')
    .max(SAVED_SEARCH_NAME_MAX, `A name can be at most ${SAVED_SEARCH_NAME_MAX} characters.`),
  query: SavedSearchQueryInput,
  notifyPush: z.boolean().default(false),
});
export type CreateSavedSearchBody = z.input<typeof CreateSavedSearchBody>;

/** PATCH /api/me/saved-searches/:id. */
export const UpdateSavedSearchBody = z.object({ notifyPush: z.boolean() });
export type UpdateSavedSearchBody = z.infer<typeof UpdateSavedSearchBody>;

export const SavedSearchParams = z.object({ id: z.string().max(100) });

/** DELETE /api/me/saved-searches/:id. */
export const DeleteSavedSearchResponse = z.object({ id: Uuid, message: z.string() });
export type DeleteSavedSearchResponse = z.infer<typeof DeleteSavedSearchResponse>;

export const SAVED_SEARCH_SAVED = 'Search saved';
export const SAVED_SEARCH_DELETED = 'Saved search deleted';
