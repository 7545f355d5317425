import {
  type DropsResponse,
  ImageVariant,
  type Location,
  type LotEnding as LotEndingAnswer,
  type ProductDetail,
  type ShopQuery,
  type ShopResponse,
  type SuggestResponse,
} from '@rebound/contract/catalog';
import { summaryReserveMet } from '@rebound/core/auction-summary';
import { productSku, SHOP_PAGE_SIZE } from '@rebound/core/catalog';
import { dollarsToCents } from '@rebound/core/dollars';
import { MORE_OF_ITEM_LIMIT, SOLD_BEFORE_LIMIT, soldBefore, soldBeforeSince } from '@rebound/core/item-lots';
import {
  type LotEnding,
  type PageAuctionFacts,
  pageLots,
  productPageReachable,
} from '@rebound/core/product-page';
import { correctedQueries, SUGGEST_MIN_CHARS, searchTokens } from '@rebound/core/search';
import {
  decodeShopCursor,
  encodeShopCursor,
  SHOP_COUNT_CAP,
  type ShopCursor,
  shopTotal,
} from '@rebound/core/shop-cursor';
import { z } from 'zod';
import { toCard } from '../../db/cards';
import type { DbOrTx } from '../../db/client';
import type { locations } from '../../db/schema';
import { AppError } from '../../lib/errors';
import * as lotsRepo from './item-lots-repository';
import * as repo from './repository';
import * as searchRepo from './search-repository';
import { searches, searchShape, searchTerms } from './search-sql';

export const HOME_LATEST = 8;
export const HOME_HOTTEST = 4;
/** A drop features a handful of lots; the cap only guards the page against a mis-flagged catalogue. */
export const DROPS_FEATURED_LIMIT = 100;

export function toLocation(l: typeof locations.$inferSelect): Location {
  return {
    id: l.id,
    name: l.name,
    slug: l.slug,
    addressLine1: l.addressLine1,
    city: l.city,
    province: l.province,
    postalCode: l.postalCode,
    taxConfig: {
      buyersPremiumBp: l.buyersPremiumBp,
      pstBp: l.pstBp,
      gstBp: l.gstBp,
      applyTaxesOnPremium: l.applyTaxesOnPremium,
    },
  };
}

export async function home(db: DbOrTx, now: Date) {
  const [latest, hottest] = await Promise.all([
    repo.liveCards(db, now, 'latest', HOME_LATEST),
    repo.liveCards(db, now, 'hottest', HOME_HOTTEST),
  ]);
  return { serverTime: now.toISOString(), latest: latest.map(toCard), hottest: hottest.map(toCard) };
}

/**
 * How long a shop count may be reused (decision 036). A count a few seconds old is fine for the
 * "N results" line and the pager; the cards themselves (price, bids, state) are always read fresh.
 * Each server keeps its own, so with several servers every one is at most this stale.
 */
export const SHOP_COUNT_TTL_MS = 3_000;
const SHOP_COUNT_CACHE_SIZE = 500;

/**
 * Counts of the shop's filters, kept for `ttlMs` of the server clock; concurrent requests for the
 * same filters share one query. Between `ttlMs` and twice that, the kept count is still answered
 * while one request counts again in the background (no request waits for a recount of a busy
 * filter); older than that, the request waits for a fresh count. Bounded: the oldest entry goes
 * past `size` filters.
 */
export class ShopCountCache {
  private readonly entries = new Map<
    string,
    { at: number; total: Promise<number>; settled: boolean; refreshing: boolean }
  >();

  constructor(
    readonly ttlMs = SHOP_COUNT_TTL_MS,
    readonly size = SHOP_COUNT_CACHE_SIZE,
  ) {}

  get(key: string, now: Date, load: () => Promise<number>): Promise<number> {
    const t = now.getTime();
    const hit = this.entries.get(key);
    const age = hit ? t - hit.at : -1;
    if (hit && age >= 0 && age < this.ttlMs) return hit.total;
    if (hit?.settled && age >= 0 && age < 2 * this.ttlMs) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        this.refresh(key, now, load).catch(() => {
          hit.refreshing = false;
        });
      }
      return hit.total;
    }
    return this.refresh(key, now, load);
  }

  /** Counts again now, and keeps that once it is known (a failed count is not kept). */
  refresh(key: string, now: Date, load: () => Promise<number>): Promise<number> {
    const at = now.getTime();
    const total = load();
    const entry = { at, total, settled: false, refreshing: false };
    const current = this.entries.get(key);
    // A count still known stays in place until the new one arrives.
    if (!current?.settled) this.put(key, entry);
    total.then(
      () => {
        entry.settled = true;
        const latest = this.entries.get(key);
        if (!latest || latest === current || latest === entry || latest.at <= at) this.put(key, entry);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return total;
  }

  private put(
    key: string,
    entry: { at: number; total: Promise<number>; settled: boolean; refreshing: boolean },
  ) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.size) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

/** What the shop's queries filter on, from the validated query. */
export function shopFilters(q: ShopQuery): repo.ShopFilters {
  // core's exact dollars-to-cents: a $1.005 minimum is 101 cents (float arithmetic made it 100).
  const toCents = (dollars: number | undefined) =>
    dollars === undefined ? undefined : (dollarsToCents(dollars) ?? undefined);
  return {
    categorySlug: q.category,
    condition: q.condition === 'any' ? undefined : q.condition,
    minPriceCents: toCents(q.minPrice),
    maxPriceCents: toCents(q.maxPrice),
    location: q.location,
    search: searchTerms(q.q),
    group: q.group,
  };
}

/**
 * One key per distinct shop answer (the response cache, decision 039): the filters as the queries
 * use them (so `?page=1&sort=newest` and `?sort=newest`, `condition=any` and none, or `q= dash  cam`
 * and `q=dash cam` share), the sort and the page or the cursor (which says its page itself).
 */
export function shopCacheKey(q: ShopQuery): string {
  // Grouped pages are numbered only: a cursor there is ignored, so it does not make another answer.
  const at = q.cursor === undefined || q.group || q.sort === 'relevance' ? q.page : `c${q.cursor}`;
  return `${q.sort} ${at} ${q.exact ? 'exact' : ''} ${repo.shopCountKey(shopFilters(q))}`;
}

/** The shop's cursor of `q` (the contract has checked it; a bad one here is still a 400). */
function cursorOf(q: ShopQuery): ShopCursor | null {
  // The grouped listing and relevance page by number only (decisions 092 and 094).
  if (q.cursor === undefined || q.group || q.sort === 'relevance') return null;
  const decoded = decodeShopCursor(q.cursor);
  if (!decoded.ok || decoded.cursor.sort !== q.sort) throw new AppError('validation_failed');
  return decoded.cursor;
}

/**
 * A page of the shop. With a cursor (decision 067) the page starts at its card (keyset paging: the
 * sort's index walked from there, however deep); without one, at `page` (OFFSET: the first pages,
 * and old or typed links). Either way one row more than a page is read, to know whether a next page
 * exists. `countCap` (core's SHOP_COUNT_CAP, the "1,000+" of docs/product.md): the total is exact up
 * to it, else "at least"; 0 always counts exactly. The route always passes the rule; a smaller cap is
 * a test's way to reach "at least" without a thousand lots.
 */
export async function shop(
  db: DbOrTx,
  now: Date,
  q: ShopQuery,
  counts: ShopCountCache | null = null,
  countCap = SHOP_COUNT_CAP,
): Promise<ShopResponse> {
  const found = await shopAsTyped(db, now, q, counts, countCap);
  if (found.items.length > 0 || found.page !== 1 || q.exact || !q.q) return found;
  // Nothing as typed: the lots of the likeliest close spelling that has any (docs/product.md "Search").
  const tokens = searchTokens(q.q);
  const { known, candidates } = await searchRepo.spellingCandidates(db, tokens);
  for (const corrected of correctedQueries(tokens, known, (w) => candidates.get(w) ?? [])) {
    const close = await shopAsTyped(db, now, { ...q, q: corrected }, counts, countCap);
    if (close.items.length > 0) return { ...close, correction: { query: corrected, asTyped: q.q } };
  }
  return found;
}

/** Suggestions as the shopper types (none under core's SUGGEST_MIN_CHARS characters). */
export async function suggest(db: DbOrTx, now: Date, q: string): Promise<SuggestResponse> {
  const serverTime = now.toISOString();
  if (q.trim().length < SUGGEST_MIN_CHARS) return { serverTime, items: [], categories: [] };
  return { serverTime, ...(await searchRepo.suggestions(db, now, q)) };
}

/** A page of the shop for the query as typed, with its facet counts when it searches. */
async function shopAsTyped(
  db: DbOrTx,
  now: Date,
  q: ShopQuery,
  counts: ShopCountCache | null,
  countCap: number,
): Promise<ShopResponse> {
  const filters = shopFilters(q);
  // A search's facet counts (with the total of its filters) are read beside its page.
  const facets =
    filters.search && searches(searchShape(filters.search)) ? repo.shopFacets(db, now, filters) : null;
  facets?.catch(() => {}); // awaited below; a failed page must not leave it unhandled

  const cursor = cursorOf(q);
  let page = cursor ? cursor.page : q.page;
  let rows: repo.ShopRow[];
  let hasNext: boolean;
  if (cursor?.dir === 'before') {
    // Nearest first: one row more than a page says whether a page lies before it.
    const back = await repo.shopRows(db, now, filters, q.sort, SHOP_PAGE_SIZE + 1, 0, cursor);
    if (back.length > SHOP_PAGE_SIZE) {
      rows = back.slice(0, SHOP_PAGE_SIZE).reverse();
      hasNext = true;
    } else {
      // Fewer lots before the card than a page (some ended since): this is the first page, read as such.
      page = 1;
      const first = await repo.shopRows(db, now, filters, q.sort, SHOP_PAGE_SIZE + 1, 0);
      hasNext = first.length > SHOP_PAGE_SIZE;
      rows = first.slice(0, SHOP_PAGE_SIZE);
    }
  } else {
    const offset = cursor ? 0 : (page - 1) * SHOP_PAGE_SIZE;
    const read = await repo.shopRows(db, now, filters, q.sort, SHOP_PAGE_SIZE + 1, offset, cursor);
    hasNext = read.length > SHOP_PAGE_SIZE;
    rows = read.slice(0, SHOP_PAGE_SIZE);
  }
  const before = (page - 1) * SHOP_PAGE_SIZE;
  const cursorAt = (row: repo.ShopRow, dir: 'after' | 'before', to: number) =>
    encodeShopCursor({
      // Only a keyset sort gets cursors (relevance pages by number).
      sort: q.sort === 'relevance' ? 'newest' : q.sort,
      dir,
      page: to,
      at: row.sortAt,
      n: sortNumber(q.sort, row),
      id: row.auctionId,
    });
  const first = rows[0];
  const last = rows[rows.length - 1];
  // A short page that has rows (or the first page) tells the total exactly, without a count.
  const totals =
    !hasNext && (rows.length > 0 || page === 1)
      ? shopTotal(before + rows.length, page, false, SHOP_PAGE_SIZE, 0)
      : shopTotal(
          // The facets' total counts lots: a grouped page counts items (decision 092).
          facets && !q.group
            ? (await facets).total
            : await shopCounted(db, now, filters, before + rows.length, counts, countCap),
          page,
          hasNext,
          SHOP_PAGE_SIZE,
          countCap,
        );
  const numbered = q.group || q.sort === 'relevance';
  return {
    serverTime: now.toISOString(),
    items: rows.map(shopCard),
    ...totals,
    page,
    pageSize: SHOP_PAGE_SIZE,
    nextCursor: hasNext && last && !numbered ? cursorAt(last, 'after', page + 1) : null,
    prevCursor: page > 1 && first && !numbered ? cursorAt(first, 'before', page - 1) : null,
    correction: null,
    facets: facets ? await facets.then(({ categories, conditions }) => ({ categories, conditions })) : null,
  };
}

/** A shop card: the card, how many more of its item are up ('N more like this'), and 'N lots' when grouped. */
function shopCard(row: repo.ShopRow): ShopResponse['items'][number] {
  return {
    ...toCard(row),
    moreOfItem: row.moreOfItem,
    ...(row.itemLots === null ? {} : { itemLots: row.itemLots }),
  };
}

/** The number of a card's sort key (price or bids), null for the time sorts. */
function sortNumber(sort: ShopQuery['sort'], row: repo.ShopRow): number | null {
  if (sort === 'price_asc' || sort === 'price_desc') return row.currentPriceCents;
  return sort === 'bids' ? row.bidCount : null;
}

/**
 * The number of lots the filters match, read up to `cap` + 1 (all when `cap` is 0): the count of
 * the last few seconds (`counts`), unless the page itself shows it is out of date (fewer than the
 * rows up to this page, and under the cap): then it is counted again.
 */
async function shopCounted(
  db: DbOrTx,
  now: Date,
  filters: repo.ShopFilters,
  seen: number,
  counts: ShopCountCache | null,
  cap: number,
): Promise<number> {
  const count = () => repo.shopCount(db, now, filters, cap > 0 ? cap + 1 : 0);
  if (!counts) return count();
  const key = `${cap} ${repo.shopCountKey(filters)}`;
  const cached = await counts.get(key, now, count);
  return cached >= seen || (cap > 0 && cached > cap) ? cached : counts.refresh(key, now, count);
}

export async function drops(db: DbOrTx, now: Date): Promise<DropsResponse> {
  const [featured, { liveCount, earliestEnd }] = await Promise.all([
    repo.featuredLiveCards(db, now, DROPS_FEATURED_LIMIT),
    repo.liveSummary(db, now),
  ]);
  return {
    serverTime: now.toISOString(),
    featured: featured.map(toCard),
    liveCount,
    earliestEndTime: earliestEnd ? earliestEnd.toISOString() : null,
  };
}

export interface ProductPreview {
  slug: string;
  title: string;
  description: string;
  brand: string;
  /** As the page shows it: the seller's SKU, or the one made from the slug. */
  sku: string;
  condition: 'like_new' | 'open_box' | 'gently_used';
  /** The latest auction that was not cancelled (the one the page shows), if any. */
  auction: {
    status: 'scheduled' | 'live' | 'ended' | 'cancelled';
    startTime: Date;
    endTime: Date;
    currentPriceCents: number;
  } | null;
  image: {
    url: string;
    alt: string;
    width: number | null;
    height: number | null;
    /** Resized copies of an uploaded photo (the preview picks its JPEG). */
    variants: ImageVariant[];
  } | null;
}

const Variants = z.array(ImageVariant);
/** The stored variants column, read defensively (null for seeded pictures). */
function variantsOf(value: unknown): ImageVariant[] {
  const parsed = Variants.safeParse(value ?? []);
  return parsed.success ? parsed.data : [];
}

/** The product's auctions as core's product-page rules read them. */
function pageAuctionFacts(rows: repo.PageAuctionRow[]): PageAuctionFacts[] {
  return rows.map((a) => ({
    id: a.id,
    status: a.status,
    startTime: new Date(a.start_time),
    endTime: new Date(a.end_time),
    cancelledAt: a.cancelled_at === null ? null : new Date(a.cancelled_at),
    hasWinner: a.has_winner,
    currentPriceCents: Number(a.current_price_cents),
  }));
}

function endingAnswer(e: LotEnding | null): LotEndingAnswer | null {
  return e ? { outcome: e.outcome, at: e.at.toISOString(), priceCents: e.priceCents } : null;
}

/** The little a shared link's preview shows of a product; null when its page would be a 404. */
export async function productPreview(db: DbOrTx, slug: string, now: Date): Promise<ProductPreview | null> {
  const r = await repo.productPreviewBySlug(db, slug);
  if (!r || !productPageReachable(r.status, pageAuctionFacts(r.pageAuctions), now)) return null;
  return {
    slug: r.slug,
    title: r.title,
    description: r.description,
    brand: r.brand,
    sku: productSku(r),
    condition: r.condition,
    auction: r.auction
      ? {
          status: r.auction.status,
          startTime: new Date(r.auction.start_time),
          endTime: new Date(r.auction.end_time),
          currentPriceCents: Number(r.auction.current_price_cents),
        }
      : null,
    image: r.imageUrl
      ? {
          url: r.imageUrl,
          alt: r.imageAlt || r.title,
          width: r.imageWidth,
          height: r.imageHeight,
          variants: variantsOf(r.imageVariants),
        }
      : null,
  };
}

export async function productDetail(db: DbOrTx, now: Date, slug: string): Promise<ProductDetail> {
  const found = await repo.productBySlug(db, slug);
  const facts = found ? pageAuctionFacts(found.pageAuctions) : [];
  // Unknown, never public or withdrawn: the same 404 (core productPageReachable).
  if (!found || !productPageReachable(found.product.status, facts, now))
    throw new AppError('product_not_found');
  const { product, category, images, auction } = found;
  // productPageReachable has ruled out 'withdrawn'.
  const status = product.status as Exclude<typeof product.status, 'withdrawn'>;
  const lots = pageLots(facts, auction?.auction.id ?? null, now);
  const { moreOfItem, soldBefore: sold } = await itemLots(db, product.itemKey, product.id, now);
  return {
    serverTime: now.toISOString(),
    product: {
      id: product.id,
      slug: product.slug,
      sku: productSku(product),
      title: product.title,
      description: product.description,
      brand: product.brand,
      condition: product.condition,
      status,
      saleTerms: product.saleTerms,
      nonReturnableKind: product.nonReturnableKind,
      retailPriceCents: product.retailPriceCents,
      resalePriceCents: product.resalePriceCents,
      category: category ? { id: category.id, name: category.name, slug: category.slug } : null,
      images: images.map((i) => ({
        url: i.url,
        alt: i.alt || product.title,
        width: i.width,
        height: i.height,
        ...(i.variants ? { variants: variantsOf(i.variants) } : {}),
      })),
    },
    auction: auction
      ? {
          id: auction.auction.id,
          status: auction.auction.status,
          startTime: auction.auction.startTime.toISOString(),
          endTime: auction.auction.endTime.toISOString(),
          startingBidCents: auction.auction.startingBidCents,
          currentPriceCents: auction.auction.currentPriceCents,
          bidCount: auction.auction.bidCount,
          incrementMode: auction.auction.incrementMode,
          bidIncrementCents: auction.auction.bidIncrementCents,
          hasReserve: auction.auction.reservePriceCents !== null,
          reserveMet: summaryReserveMet(auction.auction),
          buyNowPriceCents: auction.auction.buyNowPriceCents,
          softCloseSeconds: auction.auction.softCloseSeconds,
          leaderHandle: auction.leaderHandle,
          seq: auction.auction.seq,
        }
      : null,
    location: auction ? toLocation(auction.location) : null,
    ending: endingAnswer(lots.ending),
    earlierEnding: endingAnswer(lots.earlierEnding),
    moreOfItem,
    soldBefore: sold,
  };
}

/**
 * A product page's 'More of this item' and 'Sold before' (decision 092): two reads on the item's
 * index, at once; nothing for a product that is an item of its own.
 */
async function itemLots(
  db: DbOrTx,
  key: string | null,
  productId: string,
  now: Date,
): Promise<Pick<ProductDetail, 'moreOfItem' | 'soldBefore'>> {
  if (key === null)
    return { moreOfItem: { total: 0, lots: [] }, soldBefore: { sales: [], medianCents: null } };
  const [more, sales] = await Promise.all([
    lotsRepo.moreOfItem(db, key, productId, now, MORE_OF_ITEM_LIMIT),
    lotsRepo.soldBefore(db, key, soldBeforeSince(now), now, SOLD_BEFORE_LIMIT),
  ]);
  // The query has applied the window and the cap; core's rule says them once more, and the median.
  const sold = soldBefore(sales, now);
  return {
    moreOfItem: {
      total: more[0]?.total ?? 0,
      lots: more.map(({ total: _total, startTime, endTime, ...lot }) => ({
        ...lot,
        startTime: startTime.toISOString(),
        endTime: endTime.toISOString(),
      })),
    },
    soldBefore: {
      sales: sold.sales.map((s) => ({
        endedAt: s.endedAt.toISOString(),
        condition: s.condition,
        priceCents: s.priceCents,
      })),
      medianCents: sold.medianCents,
    },
  };
}

/** The categories the shop lists (the filter's choices). */
export async function categories(db: DbOrTx): Promise<{ id: string; name: string; slug: string }[]> {
  return (await repo.listCategories(db)).map(({ id, name, slug }) => ({ id, name, slug }));
}

/** The pickup locations open to shoppers. */
export async function activeLocations(db: DbOrTx): Promise<Location[]> {
  return (await repo.listActiveLocations(db)).map(toLocation);
}
