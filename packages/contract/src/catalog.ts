import { AUCTION_STATUSES } from '@rebound/core/auction-status';
import { NON_RETURNABLE_KINDS, SALE_TERMS } from '@rebound/core/sale-terms';
import { MAX_SHOP_CURSOR_LENGTH, shopCursorProblem } from '@rebound/core/shop-cursor';
import { z } from 'zod';
import { Cents, Instant, Uuid } from './common';

export const CONDITIONS = ['like_new', 'open_box', 'gently_used'] as const;
export const Condition = z.enum(CONDITIONS);
export const AuctionStatus = z.enum(AUCTION_STATUSES);

/**
 * How a product is sold (the catalogue's field `saleTerms`): Final Sale and As-Is are not returnable.
 * Here rather than in returns.ts so the shop's pages read it without the returns shapes.
 */
export const SaleTerms = z.enum(SALE_TERMS);
export type SaleTerms = z.infer<typeof SaleTerms>;
/** The never-returnable kinds (the catalogue's field `nonReturnableKind`); null for ordinary goods. */
export const NonReturnableKind = z.enum(NON_RETURNABLE_KINDS);
export type NonReturnableKind = z.infer<typeof NonReturnableKind>;

export const Category = z.object({ id: Uuid, name: z.string(), slug: z.string() });
export type Category = z.infer<typeof Category>;
export const CategoriesResponse = z.object({ categories: z.array(Category) });

export const TaxConfig = z.object({
  buyersPremiumBp: z.number().int(),
  pstBp: z.number().int(),
  gstBp: z.number().int(),
  applyTaxesOnPremium: z.boolean(),
});
export const Location = z.object({
  id: Uuid,
  name: z.string(),
  slug: z.string(),
  addressLine1: z.string(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  taxConfig: TaxConfig,
});
export type Location = z.infer<typeof Location>;
export const LocationsResponse = z.object({ locations: z.array(Location) });

/** One resized copy of an uploaded image: pages build `srcset` from these. */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export const ImageVariant = z.object({
  format: z.enum(IMAGE_FORMATS),
  width: z.number().int().positive(),
  url: z.string(),
});
export type ImageVariant = z.infer<typeof ImageVariant>;

export const ProductImage = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Resized AVIF/WebP/JPEG copies of uploaded images; absent for seeded pictures (one url). */
  variants: z.array(ImageVariant).optional(),
});
export type ProductImage = z.infer<typeof ProductImage>;

/** What a product card needs: one live (or scheduled/ended) auction with its product. */
export const AuctionCard = z.object({
  auctionId: Uuid,
  productId: Uuid,
  slug: z.string(),
  title: z.string(),
  brand: z.string(),
  condition: Condition,
  /** Final Sale and As-Is lots carry a badge on the card (core sale-terms.ts). */
  saleTerms: SaleTerms,
  categoryName: z.string(),
  categorySlug: z.string().nullable(),
  image: ProductImage.nullable(),
  retailPriceCents: Cents,
  /** Current price; the starting bid while nobody has bid. */
  currentPriceCents: Cents,
  startingBidCents: Cents,
  bidCount: z.number().int(),
  status: AuctionStatus,
  startTime: Instant,
  endTime: Instant,
  locationName: z.string(),
  /**
   * The shop's cards only: how many other lots of the same item are live or upcoming ('N more like
   * this', decision 092); 0 for a product that is an item of its own.
   */
  moreOfItem: z.number().int().optional(),
  /** The shop's grouped listing only: how many lots of this item match the filters ('N lots'). */
  itemLots: z.number().int().optional(),
});
export type AuctionCard = z.infer<typeof AuctionCard>;

export const HomeResponse = z.object({
  serverTime: Instant,
  latest: z.array(AuctionCard),
  hottest: z.array(AuctionCard),
});
export type HomeResponse = z.infer<typeof HomeResponse>;

export const AuctionSummary = z.object({
  id: Uuid,
  status: AuctionStatus,
  startTime: Instant,
  endTime: Instant,
  startingBidCents: Cents,
  currentPriceCents: Cents,
  bidCount: z.number().int(),
  incrementMode: z.enum(['fixed', 'table']),
  bidIncrementCents: Cents,
  hasReserve: z.boolean(),
  reserveMet: z.boolean(),
  buyNowPriceCents: Cents.nullable(),
  softCloseSeconds: z.number().int(),
  leaderHandle: z.string().nullable(),
  seq: z.number().int(),
});
export type AuctionSummary = z.infer<typeof AuctionSummary>;

/**
 * Products with a public page: on auction, sold, or unsold after an auction ended without a winner
 * (no bids, or the reserve not met), so the bidders can still see how it ended. Drafts and
 * withdrawn products have none.
 */
export const PUBLIC_PRODUCT_STATUSES = ['auctioned', 'sold', 'unsold'] as const;

/**
 * A product page's status: the public ones, and a product back with staff (to relist, or a draft
 * again after a cancel nobody had bid on) whose page stays up because one of its auctions was public
 * (core productPageReachable, docs/decisions/079-product-pages-stay-reachable.md).
 */
export const PRODUCT_PAGE_STATUSES = [...PUBLIC_PRODUCT_STATUSES, 'to_relist', 'draft'] as const;

/** How a lot ended (core lotEnding): sold at its final price, without a sale, or cancelled by staff. */
export const LotEnding = z.object({
  outcome: z.enum(['sold', 'unsold', 'cancelled']),
  /** Its end time, or when it was cancelled. */
  at: Instant,
  /** The final price when sold, else null. */
  priceCents: Cents.nullable(),
});
export type LotEnding = z.infer<typeof LotEnding>;

/** One of the other lots of a product's item, live or upcoming ('More of this item', decision 092). */
export const ItemLot = z.object({
  auctionId: Uuid,
  slug: z.string(),
  title: z.string(),
  condition: Condition,
  status: AuctionStatus,
  currentPriceCents: Cents,
  bidCount: z.number().int(),
  startTime: Instant,
  endTime: Instant,
});
export type ItemLot = z.infer<typeof ItemLot>;

/** A sale of a product's item: a lot won and paid for (no shopper is named). */
export const ItemSale = z.object({
  endedAt: Instant,
  condition: Condition,
  priceCents: Cents,
});
export type ItemSale = z.infer<typeof ItemSale>;

export const ProductDetail = z.object({
  serverTime: Instant,
  product: z.object({
    id: Uuid,
    slug: z.string(),
    sku: z.string(),
    title: z.string(),
    description: z.string(),
    brand: z.string(),
    condition: Condition,
    status: z.enum(PRODUCT_PAGE_STATUSES),
    /** The lot's terms: the page and the bid step say them (core saleTermsText). */
    saleTerms: SaleTerms,
    nonReturnableKind: NonReturnableKind.nullable(),
    retailPriceCents: Cents,
    resalePriceCents: Cents,
    category: Category.nullable(),
    images: z.array(ProductImage),
  }),
  /** The lot the page shows: the product's latest auction that was not cancelled before it opened. */
  auction: AuctionSummary.nullable(),
  location: Location.nullable(),
  /** That lot's ending, once it is over (the page then has no bid form). */
  ending: LotEnding.nullable(),
  /**
   * When that lot is a newer one, scheduled or live (a relist), how the lot before it ended: the page
   * says the item is up again and links the new lot.
   */
  earlierEnding: LotEnding.nullable(),
  /**
   * The other live and upcoming lots of the same item, soonest ending first (at most core's
   * MORE_OF_ITEM_LIMIT), and how many there are in all. Empty for a product that is an item of its own.
   */
  moreOfItem: z.object({ total: z.number().int(), lots: z.array(ItemLot) }),
  /**
   * The item's sales of the last 180 days (core item-lots soldBefore): newest first, at most 10, and
   * the median of their final prices (null with none).
   */
  soldBefore: z.object({ sales: z.array(ItemSale), medianCents: Cents.nullable() }),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

/** The shop's orders. 'relevance' ranks a search's matches (docs/decisions/094-search.md), numbered pages only. */
export const SHOP_SORTS = ['newest', 'ending', 'price_asc', 'price_desc', 'bids', 'relevance'] as const;
const flag = z
  .preprocess(
    (v) =>
      v === '1' || v === 'true' || v === true
        ? true
        : v === undefined || v === '' || v === '0' || v === 'false'
          ? false
          : v,
    z.boolean(),
  )
  .default(false);
const optionalNumber = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v),
  z.coerce.number().finite().min(0).max(1_000_000).optional(),
);
/** Shop query string. Prices are dollars, as in the filter UI; the server converts to cents. */
export const ShopQuery = z
  .object({
    category: z.string().max(80).optional(),
    condition: z.union([Condition, z.literal('any')]).optional(),
    minPrice: optionalNumber,
    maxPrice: optionalNumber,
    location: z.string().max(80).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    /** The order; without one, 'relevance' for a search and 'newest' otherwise. */
    sort: z.enum(SHOP_SORTS).optional(),
    /**
     * Search (docs/product.md "Search"): every word, in any form, in a lot's title, brand, model,
     * category or description; or a GTIN, model number or SKU named exactly.
     */
    q: z.string().trim().max(100).optional(),
    /** Search exactly as typed: no 'Showing results for' a close spelling when nothing is found. */
    exact: flag,
    /**
     * An opaque page cursor from an answer's nextCursor or prevCursor (keyset paging, decision 067):
     * the page after (or before) a card in this sort order, whatever `page` says. Made for the
     * answer's sort; a cursor that cannot be read or is of another sort is a 400.
     */
    cursor: z.string().max(MAX_SHOP_CURSOR_LENGTH).optional(),
    /**
     * 'Group identical lots' (decision 092): each item once, on its first lot in the sort order, with
     * how many of its lots match. Numbered pages only: a cursor is ignored while grouping.
     */
    group: flag,
  })
  .transform((q) => ({ ...q, sort: q.sort ?? (q.q ? ('relevance' as const) : ('newest' as const)) }))
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.maxPrice >= q.minPrice, {
    message: 'The maximum price cannot be below the minimum price.',
    path: ['maxPrice'],
  })
  .superRefine((q, ctx) => {
    // Relevance pages by number only: a cursor there is ignored, like a grouped listing's.
    const problem =
      q.cursor === undefined || q.sort === 'relevance' ? null : shopCursorProblem(q.cursor, q.sort);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['cursor'] });
  });
export type ShopQuery = z.infer<typeof ShopQuery>;

export const ShopResponse = z.object({
  serverTime: Instant,
  items: z.array(AuctionCard),
  /** The lots matching the filters; when totalExact is false, at least this many ("1,000+"). */
  total: z.number().int(),
  totalExact: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The pages the pager may offer; when the total is not exact, at least the next one if any. */
  pageCount: z.number().int(),
  /** The cursor of the page after this one (null on the last page) and of the one before (null on page 1). */
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
  /**
   * The search as typed found nothing, and a close spelling did: these are the close spelling's
   * lots ('Showing results for {query}'); `asTyped` is the text to search exactly (exact=1). Null
   * otherwise.
   */
  correction: z.object({ query: z.string(), asTyped: z.string() }).nullable(),
  /**
   * With a search: how many lots each category and condition would give (each with the other
   * filters applied, its own left out), most first. Null without a search.
   */
  facets: z
    .object({
      categories: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() })),
      conditions: z.array(z.object({ condition: Condition, count: z.number().int() })),
    })
    .nullable(),
});
export type ShopResponse = z.infer<typeof ShopResponse>;

/** GET /api/shop/suggest?q=: suggestions as the shopper types (at least core's SUGGEST_MIN_CHARS). */
export const SuggestQuery = z.object({ q: z.string().trim().max(100) });
export type SuggestQuery = z.infer<typeof SuggestQuery>;

export const SuggestResponse = z.object({
  serverTime: Instant,
  /** Up to core's SUGGEST_ITEMS titles of items on sale, best match first; `lots` on sale of each. */
  items: z.array(z.object({ title: z.string(), brand: z.string(), lots: z.number().int() })),
  /** Up to core's SUGGEST_CATEGORIES categories with the most matching lots. */
  categories: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() })),
});
export type SuggestResponse = z.infer<typeof SuggestResponse>;

/** The drops page: featured live auctions, and what the countdown banner needs. */
export const DropsResponse = z.object({
  serverTime: Instant,
  /** Featured products (status auctioned) with a live auction, newest product first. */
  featured: z.array(AuctionCard),
  /** Every auction live right now (status live, started, not yet ended), featured or not. */
  liveCount: z.number().int(),
  /** The earliest end among those live auctions; null when none is live. */
  earliestEndTime: Instant.nullable(),
});
export type DropsResponse = z.infer<typeof DropsResponse>;

export const SlugParams = z.object({ slug: z.string().min(1).max(200) });
