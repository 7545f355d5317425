// Catalogue rules (docs/product.md "Browsing and search").

export const PRODUCT_CONDITIONS = ['like_new', 'open_box', 'gently_used'] as const;
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];

export const CONDITION_LABELS: Readonly<Record<ProductCondition, string>> = Object.freeze({
  like_new: 'Like New',
  open_box: 'Open Box',
  gently_used: 'Gently Used',
});

export function conditionLabel(condition: ProductCondition): string {
  return CONDITION_LABELS[condition];
}

const conditionKey = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');

/**
 * 'Like New', 'like_new', 'like-new', ' LIKE NEW ' -> 'like_new'. Anything else (including the
 * filter's 'any') -> null.
 */
export function parseCondition(labelOrValue: string | null | undefined): ProductCondition | null {
  if (typeof labelOrValue !== 'string') return null;
  const key = conditionKey(labelOrValue);
  return PRODUCT_CONDITIONS.find((c) => c === key) ?? null;
}

/** The home page's category tiles, in their order. */
export const CATEGORY_NAMES = [
  'Automotive',
  'Beauty & Health',
  'Clothing',
  'Computer & Office',
  'Electronics',
  'Food & Grocery',
  'Garden & Tools',
] as const;
export type CategoryName = (typeof CATEGORY_NAMES)[number];

/** A product with no category shows this one. */
export const DEFAULT_CATEGORY_NAME = 'Other';

/**
 * URL slug: lowercase ASCII letters and digits separated by single hyphens.
 * Accents are folded ('Café' -> 'cafe'), apostrophes dropped ("Levi's" -> 'levis'), any other run
 * of symbols or spaces becomes one hyphen ('Beauty & Health' -> 'beauty-health').
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The category tile link's value: /shop?category={categorySlug(name)}. */
export function categorySlug(name: string): string {
  return slugify(name);
}

/** The known category whose slug this is, or null: reads /shop?category=... back. */
export function categoryNameFromSlug(slug: string): CategoryName | null {
  const wanted = slugify(slug);
  return CATEGORY_NAMES.find((name) => categorySlug(name) === wanted) ?? null;
}

/** The SKU made from a slug: the slug uppercased. */
export function skuFromSlug(slug: string): string {
  return slug.toUpperCase();
}

/**
 * A product's SKU, the one every page shows (shop, product page, desk, orders, back-office
 * catalogue): the seller's own when it has one, else the one made from its slug.
 */
export function productSku(product: { sku: string | null; slug: string }): string {
  return product.sku ?? skuFromSlug(product.slug);
}

/**
 * Savings versus retail as a whole percentage, rounded down (never overstating the saving).
 * 0 when there is no retail price or the price is not below it.
 */
export function savingsPercent(retailCents: number, priceCents: number): number {
  if (!(retailCents > 0) || !(priceCents < retailCents)) return 0;
  const price = Math.max(0, priceCents);
  return Math.floor(((retailCents - price) * 100) / retailCents);
}

export const SHOP_PAGE_SIZE = 40;
export const PAGER_MAX_PAGES_SHOWN = 5;

/**
 * The shop's default price filter, in whole dollars: from $0 with no upper bound (`max: null`, 'any
 * price'), so a lot bid past any figure stays in the default listing, in search and in every sort
 * (docs/decisions/045-texts-that-are-true.md). A price bound is only ever one the shopper chose.
 */
export const DEFAULT_PRICE_RANGE: Readonly<{ min: number; max: number | null }> = Object.freeze({
  min: 0,
  max: null,
});

/** Number of pages for a result count (at least 0). */
export function pageCount(totalItems: number, pageSize: number = SHOP_PAGE_SIZE): number {
  if (!(totalItems > 0) || !(pageSize > 0)) return 0;
  return Math.ceil(totalItems / pageSize);
}

/**
 * The page numbers the pager shows: up to maxShown consecutive pages, with the current page as
 * central as the ends allow. current is clamped into 1..pageCount. Empty when there are no pages.
 * pagerPages(1, 10) -> [1..5]; pagerPages(6, 10) -> [4..8]; pagerPages(10, 10) -> [6..10].
 */
export function pagerPages(
  current: number,
  pageCount: number,
  maxShown: number = PAGER_MAX_PAGES_SHOWN,
): number[] {
  const pages = Math.floor(pageCount);
  const shown = Math.min(Math.floor(maxShown), pages);
  if (!(pages > 0) || !(shown > 0)) return [];
  const page = Math.min(Math.max(Number.isFinite(current) ? Math.floor(current) : 1, 1), pages);
  const start = Math.min(Math.max(page - Math.floor(shown / 2), 1), pages - shown + 1);
  return Array.from({ length: shown }, (_, i) => start + i);
}

/**
 * The price filter: min not below 0; max not below min, and no upper bound (null) unless
 * one is given. Missing or non-numeric values take the defaults.
 */
export function normalizePriceRange(
  min?: number | null,
  max?: number | null,
): { min: number; max: number | null } {
  const lo = typeof min === 'number' && Number.isFinite(min) ? Math.max(0, min) : DEFAULT_PRICE_RANGE.min;
  const hi = typeof max === 'number' && Number.isFinite(max) ? max : DEFAULT_PRICE_RANGE.max;
  return { min: lo, max: hi === null ? null : Math.max(hi, lo) };
}

export type AuctionPhase = 'scheduled' | 'live' | 'ended' | 'cancelled';

export type AuctionTiming = {
  status: 'scheduled' | 'live' | 'ended' | 'cancelled';
  startTime: string | Date;
  endTime: string | Date;
};

const instantMs = (t: string | Date) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/**
 * What an auction is at `nowMs` on the server's clock. The stored status can lag the clock by a moment
 * (the lifecycle job flips it), so times decide between scheduled, live and ended; a bid at the exact
 * end is late (docs/product.md "Bidding and bid history").
 */
export function auctionPhase(auction: AuctionTiming, nowMs: number): AuctionPhase {
  if (auction.status === 'cancelled') return 'cancelled';
  if (auction.status === 'ended' || nowMs >= instantMs(auction.endTime)) return 'ended';
  if (auction.status === 'scheduled' || nowMs < instantMs(auction.startTime)) return 'scheduled';
  return 'live';
}

/** Scheduled or live: still worth watching (and counted on the Watching badge). */
export function isAuctionOpen(auction: AuctionTiming, nowMs: number): boolean {
  const phase = auctionPhase(auction, nowMs);
  return phase === 'scheduled' || phase === 'live';
}
