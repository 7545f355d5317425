import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  applyPriceRange,
  auctionsLabel,
  clearedShopState,
  DEFAULT_SHOP_STATE,
  formatPriceRange,
  PRICE_MAX_BELOW_MIN,
  PRICE_MIN_BELOW_ZERO,
  priceProblem,
  readShopParams,
  shopSort,
  sortOptionsFor,
  toShopQuery,
  writeShopParams,
} from './search-params';

const read = (qs: string) => readShopParams(new URLSearchParams(qs));

describe('shop address', () => {
  it('reads an empty address as the defaults: all, any condition, any price, newest, page 1', () => {
    expect(read('')).toEqual(DEFAULT_SHOP_STATE);
    expect(writeShopParams(DEFAULT_SHOP_STATE).toString()).toBe('');
  });

  it('reads the home page category tiles', () => {
    expect(read('category=beauty-health').category).toBe('beauty-health');
  });

  it('round-trips every field in a fixed order', () => {
    const state = read(
      'page=3&group=1&sort=ending&location=burnaby&maxPrice=120.5&minPrice=10&condition=open_box&category=electronics&q=sony',
    );
    expect(state).toEqual({
      category: 'electronics',
      condition: 'open_box',
      minPrice: 10,
      maxPrice: 120.5,
      location: 'burnaby',
      q: 'sony',
      exact: false,
      sort: 'ending',
      page: 3,
      group: true,
    });
    expect(writeShopParams(state).toString()).toBe(
      'q=sony&category=electronics&condition=open_box&minPrice=10&maxPrice=120.5&location=burnaby&sort=ending&group=1&page=3',
    );
    expect(toShopQuery(state).group).toBe(true);
    // Off by default: neither in the address nor in the API query.
    expect(read('group=0').group).toBe(false);
    expect(writeShopParams(DEFAULT_SHOP_STATE).toString()).toBe('');
    expect('group' in toShopQuery(DEFAULT_SHOP_STATE)).toBe(false);
  });

  it('orders a search by best match and the rest by newest, leaving the default out of the address', () => {
    expect(shopSort(read('q=drill'))).toBe('relevance');
    expect(shopSort(read(''))).toBe('newest');
    expect(toShopQuery(read('q=drill'))).toEqual({ q: 'drill', sort: 'relevance', page: 1 });
    expect(toShopQuery(read('category=tools'))).toEqual({ category: 'tools', sort: 'newest', page: 1 });
    // The default is never written, whichever way it arrived.
    expect(writeShopParams(read('q=drill&sort=relevance')).toString()).toBe('q=drill');
    expect(writeShopParams(read('sort=newest')).toString()).toBe('');
    // Best match needs keywords: without any, a linked or left-over 'relevance' is newest.
    expect(shopSort(read('sort=relevance'))).toBe('newest');
    expect(writeShopParams({ ...DEFAULT_SHOP_STATE, sort: 'relevance' }).toString()).toBe('');
    // Newest is a choice with keywords, and stays one while they change; it is the default without.
    const byNewest = read('q=drill&sort=newest');
    expect(shopSort(byNewest)).toBe('newest');
    expect(writeShopParams({ ...byNewest, q: 'saw' }).toString()).toBe('q=saw&sort=newest');
    expect(writeShopParams({ ...byNewest, q: '' }).toString()).toBe('');
    // A search typed while browsing by the default order is best match, not the listing's newest.
    expect(writeShopParams({ ...read(''), q: 'drill' }).toString()).toBe('q=drill');
    expect(shopSort(read(writeShopParams({ ...read(''), q: 'drill' }).toString()))).toBe('relevance');
    // Another chosen order stays with a new search.
    expect(writeShopParams({ ...read('sort=ending'), q: 'drill' }).toString()).toBe('q=drill&sort=ending');
  });

  it("offers 'Best match' only with keywords", () => {
    expect(sortOptionsFor('drill').map((o) => o.value)).toContain('relevance');
    expect(sortOptionsFor('').map((o) => o.value)).not.toContain('relevance');
    expect(sortOptionsFor('').map((o) => o.value)).toContain('newest');
  });

  it('keeps searching exactly as typed in the address, with a search only', () => {
    const exact = read('q=hair%20dryr&exact=1');
    expect(exact.exact).toBe(true);
    expect(writeShopParams(exact).toString()).toBe('q=hair+dryr&exact=1');
    expect(toShopQuery(exact)).toEqual({ q: 'hair dryr', exact: true, sort: 'relevance', page: 1 });
    expect(read('q=lamp&exact=0').exact).toBe(false);
    // Without a search there is nothing to search exactly.
    expect(read('exact=1').exact).toBe(false);
    expect(writeShopParams({ ...exact, q: '' }).toString()).toBe('');
    expect('exact' in toShopQuery({ ...exact, q: '' })).toBe(false);
  });

  it('takes defaults for anything unreadable, and applies the price rule to a linked range', () => {
    expect(read('sort=random&page=0&condition=broken&q=%20%20')).toEqual(DEFAULT_SHOP_STATE);
    expect(read('page=abc').page).toBe(1);
    expect(read('condition=Like%20New').condition).toBe('like_new');
    expect(read('minPrice=-20').minPrice).toBe(0);
    // max below min: core's normalizePriceRange raises it, so the API never sees max < min.
    expect(read('minPrice=50&maxPrice=10')).toMatchObject({ minPrice: 50, maxPrice: 50 });
    expect(read('minPrice=abc&maxPrice=')).toMatchObject({ minPrice: 0, maxPrice: null });
    expect(read('minPrice=50')).toMatchObject({ minPrice: 50, maxPrice: null });
    expect(read(`q=${'x'.repeat(150)}`).q).toHaveLength(100);
  });

  it('sends no price unless the shopper chose one: the default hides no lot, whatever its price', () => {
    // The default listing, search and every sort ask for any price (no maxPrice: a $527 lot shows).
    expect(toShopQuery(DEFAULT_SHOP_STATE)).toEqual({ sort: 'newest', page: 1 });
    expect(toShopQuery(read('q=macbook&sort=price_desc'))).toEqual({
      q: 'macbook',
      sort: 'price_desc',
      page: 1,
    });
    expect(toShopQuery(read('category=clothing&q=coat'))).toMatchObject({ category: 'clothing', q: 'coat' });
    // A chosen bound is sent as chosen, including $300 itself.
    expect(toShopQuery(read('maxPrice=300'))).toEqual({ maxPrice: 300, sort: 'newest', page: 1 });
    expect(toShopQuery(read('minPrice=50'))).toEqual({ minPrice: 50, sort: 'newest', page: 1 });
    expect(writeShopParams(read('maxPrice=300')).toString()).toBe('maxPrice=300');
  });

  it('shows the price under filters in use only when the shopper chose it', () => {
    expect(activeFilterCount(DEFAULT_SHOP_STATE)).toBe(0);
    expect(activeFilterCount(read('maxPrice=300'))).toBe(1);
    expect(activeFilterCount(read('minPrice=20'))).toBe(1);
  });

  it('counts filters in use and clears them, keeping the sort', () => {
    const state = read('q=a&category=b&condition=like_new&maxPrice=100&location=c&sort=bids&page=2');
    expect(activeFilterCount(state)).toBe(5);
    expect(activeFilterCount(read('sort=bids&page=4'))).toBe(0);
    expect(clearedShopState(state)).toEqual({ ...DEFAULT_SHOP_STATE, sort: 'bids' });
  });
});

describe('price filter', () => {
  it('names the problem and the box it is in', () => {
    expect(priceProblem('0', '300')).toBeNull();
    expect(priceProblem('', '')).toBeNull();
    expect(priceProblem('-1', '300')).toEqual({ field: 'min', message: PRICE_MIN_BELOW_ZERO });
    expect(priceProblem('50', '20')).toEqual({ field: 'max', message: PRICE_MAX_BELOW_MIN });
    expect(priceProblem('', '-5')).toEqual({ field: 'max', message: PRICE_MAX_BELOW_MIN });
    expect(priceProblem('50', '50')).toBeNull();
  });

  it('corrects a range with core’s rule and says why', () => {
    expect(applyPriceRange('-5', '100')).toEqual({ min: 0, max: 100, problem: PRICE_MIN_BELOW_ZERO });
    expect(applyPriceRange('80', '20')).toEqual({ min: 80, max: 80, problem: PRICE_MAX_BELOW_MIN });
    expect(applyPriceRange('', '')).toEqual({ min: 0, max: null, problem: null });
    expect(applyPriceRange('40', '')).toEqual({ min: 40, max: null, problem: null });
    expect(applyPriceRange('19.999', '25')).toEqual({ min: 20, max: 25, problem: null });
    // To the cent by core's exact rule: Math.round(1.005 * 100) / 100 was 1.
    expect(applyPriceRange('1.005', '')).toEqual({ min: 1.01, max: null, problem: null });
  });

  it('formats ranges and counts', () => {
    expect(formatPriceRange(0, 300)).toBe('$0 – $300');
    expect(formatPriceRange(12.5, 1500)).toBe('$12.50 – $1,500');
    expect(formatPriceRange(50, null)).toBe('$50+');
    expect(formatPriceRange(0, null)).toBe('Any price');
    expect(formatPriceRange(1.005, null)).toBe('$1.01+');
    expect(auctionsLabel(1)).toBe('1 auction');
    expect(auctionsLabel(1234)).toBe('1,234 auctions');
    expect(auctionsLabel(1000, true)).toBe('1,000+ auctions');
  });
});
