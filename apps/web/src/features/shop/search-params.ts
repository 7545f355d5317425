import type { ShopQuery } from '@rebound/contract/catalog';
import {
  CONDITION_LABELS,
  DEFAULT_PRICE_RANGE,
  normalizePriceRange,
  type ProductCondition,
  parseCondition,
} from '@rebound/core/catalog';
import { dollarsToCents, formatDollars } from '@rebound/core/dollars';

// The shop's filters, sort, search and page live in the address bar (so links and the
// back button work). This module reads and writes them; it is pure so it can be tested without a browser.
// The keys are the API's (`/api/shop?category=...`), so the page passes them straight through.

export type ShopSort = NonNullable<ShopQuery['sort']>;

export type ShopState = {
  /** Category slug; null is 'All'. */
  category: string | null;
  /** null is 'Any'. */
  condition: ProductCondition | null;
  /** Dollars, already normalised: min >= 0, max >= min; a null max is no upper bound. */
  minPrice: number;
  maxPrice: number | null;
  /** Location slug; null is any location. */
  location: string | null;
  /** Keyword search, trimmed; '' is none. */
  q: string;
  /**
   * Search exactly as typed (`exact=1`): no close spelling's lots when the words find nothing
   * ('Search instead for ...'). Only with a search; a new search starts without it.
   */
  exact: boolean;
  /**
   * The order the shopper chose; null is the default for the search (`shopSort`): best match with
   * keywords, newest without, as the API's own default (contract ShopQuery). Never the default itself,
   * so the address leaves it out and `?q=drill` is best match.
   */
  sort: ShopSort | null;
  page: number;
  /** 'Group identical lots': each item once with its lot count (decision 092); off by default. */
  group: boolean;
};

export const DEFAULT_SHOP_STATE: Readonly<ShopState> = Object.freeze({
  category: null,
  condition: null,
  minPrice: DEFAULT_PRICE_RANGE.min,
  maxPrice: DEFAULT_PRICE_RANGE.max,
  location: null,
  q: '',
  exact: false,
  sort: null,
  page: 1,
  group: false,
});

// Types only from the contract: importing its values would pull zod into the shop's chunk.
export const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'ending', label: 'Ending soonest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'bids', label: 'Most bids' },
  { value: 'relevance', label: 'Best match' },
] as const satisfies readonly { value: ShopSort; label: string }[];

/** The orders on offer: 'Best match' ranks a search's matches, so only with keywords. */
export function sortOptionsFor(q: string): readonly (typeof SORT_OPTIONS)[number][] {
  return q ? SORT_OPTIONS : SORT_OPTIONS.filter((o) => o.value !== 'relevance');
}

/** The order in force: the chosen one, else best match for a search and newest otherwise. */
export function shopSort(state: Pick<ShopState, 'q' | 'sort'>): ShopSort {
  return state.sort ?? (state.q ? 'relevance' : 'newest');
}

/** A chosen order as stored: null when it is the search's default or not on offer (best match without keywords). */
function chosenSort(sort: ShopSort | null, q: string): ShopSort | null {
  if (sort === null || sort === 'relevance' || (sort === 'newest' && !q)) return null;
  return sort;
}

// Fails to compile if the contract gains a sort order this list does not offer.
const everySortOffered: Record<Exclude<ShopSort, (typeof SORT_OPTIONS)[number]['value']>, never> = {};
void everySortOffered;

/** The API's limits (contract ShopQuery): prices up to $1,000,000, pages up to 100,000, q up to 100. */
export const MAX_PRICE = 1_000_000;
const MAX_PAGE = 100_000;
export const MAX_QUERY_LENGTH = 100;
const MAX_SLUG_LENGTH = 80;

/** A price typed or linked in dollars: a finite number, at most two decimals; otherwise null. */
export function parseDollars(text: string | null | undefined): number | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  const value = Number(text.trim());
  if (!Number.isFinite(value)) return null;
  // To the cent by core's exact rule ('1.005' is $1.01); an amount too large for cents is capped.
  const cents = dollarsToCents(value);
  return Math.min(cents === null ? value : cents / 100, MAX_PRICE);
}

function slugParam(value: string | null): string | null {
  const slug = value?.trim().toLowerCase() ?? '';
  return slug === '' || slug.length > MAX_SLUG_LENGTH ? null : slug;
}

/** Reads the shop's state from a query string; anything missing or unreadable takes its default. */
export function readShopParams(params: URLSearchParams): ShopState {
  const { min, max } = normalizePriceRange(
    parseDollars(params.get('minPrice')),
    parseDollars(params.get('maxPrice')),
  );
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const q = (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  return {
    category: slugParam(params.get('category')),
    condition: parseCondition(params.get('condition')),
    minPrice: min,
    maxPrice: max,
    location: slugParam(params.get('location')),
    q,
    exact: q !== '' && params.get('exact') === '1',
    sort: chosenSort(SORT_OPTIONS.find((o) => o.value === sort)?.value ?? null, q),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    group: params.get('group') === '1',
  };
}

/** The query string for a state, in a fixed order, leaving out every default (short, shareable links). */
export function writeShopParams(state: ShopState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.q && state.exact) params.set('exact', '1');
  if (state.category) params.set('category', state.category);
  if (state.condition) params.set('condition', state.condition);
  if (state.minPrice !== DEFAULT_SHOP_STATE.minPrice) params.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== null) params.set('maxPrice', String(state.maxPrice));
  if (state.location) params.set('location', state.location);
  const sort = chosenSort(state.sort, state.q);
  if (sort) params.set('sort', sort);
  if (state.group) params.set('group', '1');
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
}

/**
 * The API query for a state. A price is sent only when the shopper chose one: the default is any
 * price, so no lot is hidden by default (core DEFAULT_PRICE_RANGE). The saved-searches feature saves
 * exactly this query, so a search saved without a price stores none. The order is always sent, the
 * default one too: the server preloads the unfiltered first page at exactly `sort=newest&page=1`
 * (apps/server/src/modules/web/routes.ts), and a saved search keeps the order it was saved with.
 */
export function toShopQuery(state: ShopState): Partial<ShopQuery> {
  return {
    ...(state.q ? { q: state.q } : {}),
    ...(state.q && state.exact ? { exact: true } : {}),
    ...(state.category ? { category: state.category } : {}),
    ...(state.condition ? { condition: state.condition } : {}),
    ...(state.minPrice !== DEFAULT_SHOP_STATE.minPrice ? { minPrice: state.minPrice } : {}),
    ...(state.maxPrice !== null ? { maxPrice: state.maxPrice } : {}),
    ...(state.location ? { location: state.location } : {}),
    sort: shopSort(state),
    page: state.page,
    ...(state.group ? { group: true } : {}),
  };
}

/** The state with every filter and the search cleared; the sort order is the shopper's and stays. */
export function clearedShopState(state: ShopState): ShopState {
  return { ...DEFAULT_SHOP_STATE, sort: state.sort };
}

/** True when the shopper chose a price (the default is any price). */
export function isPriceFiltered(state: Pick<ShopState, 'minPrice' | 'maxPrice'>): boolean {
  return state.minPrice !== DEFAULT_SHOP_STATE.minPrice || state.maxPrice !== null;
}

/** How many filters differ from the defaults (the search counts as one): the drawer button's badge. */
export function activeFilterCount(state: ShopState): number {
  return [
    state.q !== '',
    state.category !== null,
    state.condition !== null,
    isPriceFiltered(state),
    state.location !== null,
  ].filter(Boolean).length;
}

/** '$0 – $300', '$50+' (no upper bound), 'Any price'; whole dollars without cents. */
export function formatPriceRange(min: number, max: number | null): string {
  if (max === null) return min > 0 ? `${formatDollars(min)}+` : 'Any price';
  return `${formatDollars(min)} – ${formatDollars(max)}`;
}

// One formatter for the page: `Number#toLocaleString` builds a new Intl.NumberFormat on every call
// (tens of milliseconds on a throttled phone the first time).
const countFormatter = new Intl.NumberFormat('en-CA');

/** '1,234': a count as the shop shows it. */
export function formatCount(count: number): string {
  return countFormatter.format(count);
}

/** '1 auction', '1,234 auctions'; at least: '1,000+ auctions' (a capped count, decision 067). */
export function auctionsLabel(count: number, atLeast = false): string {
  if (atLeast) return `${countFormatter.format(count)}+ auctions`;
  return `${countFormatter.format(count)} ${count === 1 ? 'auction' : 'auctions'}`;
}

export function conditionName(condition: ProductCondition): string {
  return CONDITION_LABELS[condition];
}

// --- The price filter's own checks (min not below 0; max not below min) -------------------

export const PRICE_MIN_BELOW_ZERO = "The minimum price can't be below $0.";
export const PRICE_MAX_BELOW_MIN = "The maximum price can't be below the minimum price.";

export type PriceProblem = { field: 'min' | 'max'; message: string };

/** What is wrong with a typed range, and in which box; null when fine. Empty boxes take the defaults. */
export function priceProblem(minText: string, maxText: string): PriceProblem | null {
  const min = parseDollars(minText);
  const max = parseDollars(maxText);
  if (min !== null && min < 0) return { field: 'min', message: PRICE_MIN_BELOW_ZERO };
  if (max !== null && max < Math.max(0, min ?? DEFAULT_PRICE_RANGE.min)) {
    return { field: 'max', message: PRICE_MAX_BELOW_MIN };
  }
  return null;
}

/**
 * A typed range made valid by core's rule; `problem` says what had to change (null when nothing).
 * An empty maximum is no upper bound.
 */
export function applyPriceRange(
  minText: string,
  maxText: string,
): { min: number; max: number | null; problem: string | null } {
  const { min, max } = normalizePriceRange(parseDollars(minText), parseDollars(maxText));
  return { min, max, problem: priceProblem(minText, maxText)?.message ?? null };
}
