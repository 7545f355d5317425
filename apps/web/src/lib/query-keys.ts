import type { ShopQuery } from '@rebound/contract/catalog';
import { USER_SCOPE } from './query-scope';

// Query keys that more than one feature reads or refreshes (bidding refreshes the catalogue when an
// auction opens or ends, and the shopper's counts after a bid). Keys used by one feature only stay
// in that feature's api.ts.

export const catalogKeys = {
  all: ['catalog'] as const,
  product: (slug: string) => ['catalog', 'product', slug] as const,
  categories: () => ['catalog', 'categories'] as const,
  locations: () => ['catalog', 'locations'] as const,
  shop: (query: Partial<ShopQuery>) => ['catalog', 'shop', query] as const,
};

/** The signed-in shopper's own lists and counts (dropped on sign-in and sign-out with USER_SCOPE). */
export const meKeys = {
  summary: () => [USER_SCOPE, 'summary'] as const,
  watchlist: () => [USER_SCOPE, 'watchlist'] as const,
  /** My Bids, every filter (the filter is the next key part). */
  bidsAll: () => [USER_SCOPE, 'bids'] as const,
  /** The Orders tab (orders and strikes); the cart and the checkout refresh it. */
  orders: () => [USER_SCOPE, 'orders'] as const,
  /** The cart's server quote, per list of order ids. */
  cartQuoteAll: () => [USER_SCOPE, 'cart-quote'] as const,
};
