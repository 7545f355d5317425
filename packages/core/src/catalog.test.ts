import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  auctionPhase,
  CATEGORY_NAMES,
  categoryNameFromSlug,
  categorySlug,
  conditionLabel,
  DEFAULT_PRICE_RANGE,
  isAuctionOpen,
  normalizePriceRange,
  PRODUCT_CONDITIONS,
  pageCount,
  pagerPages,
  parseCondition,
  productSku,
  SHOP_PAGE_SIZE,
  savingsPercent,
  skuFromSlug,
  slugify,
} from './catalog';

describe('conditions', () => {
  it('has three conditions with their labels', () => {
    expect(PRODUCT_CONDITIONS).toEqual(['like_new', 'open_box', 'gently_used']);
    expect(PRODUCT_CONDITIONS.map(conditionLabel)).toEqual(['Like New', 'Open Box', 'Gently Used']);
  });

  it.each([
    ['Like New', 'like_new'],
    ['like_new', 'like_new'],
    ['like-new', 'like_new'],
    ['  LIKE NEW ', 'like_new'],
    ['Open Box', 'open_box'],
    ['Gently Used', 'gently_used'],
    ['gently_used', 'gently_used'],
  ])('parses %j as %s', (text, condition) => {
    expect(parseCondition(text)).toBe(condition);
  });

  it.each(['', 'any', 'Any', 'new', 'Used', 'likenew', 'constructor'])('does not parse %j', (text) => {
    expect(parseCondition(text)).toBeNull();
  });

  it('parses every label back to its value', () => {
    for (const c of PRODUCT_CONDITIONS) expect(parseCondition(conditionLabel(c))).toBe(c);
    expect(parseCondition(undefined)).toBeNull();
    expect(parseCondition(null)).toBeNull();
  });
});

describe('slugify', () => {
  it.each([
    ['Beauty & Health', 'beauty-health'],
    ['Computer & Office', 'computer-office'],
    ['Garden & Tools', 'garden-tools'],
    ['Automotive', 'automotive'],
    ['  Sony WH-1000XM5 Headphones!  ', 'sony-wh-1000xm5-headphones'],
    ["Levi's 501 Jeans", 'levis-501-jeans'],
    ['Levi\u2019s Jeans', 'levis-jeans'],
    ['Crème Brûlée Torch', 'creme-brulee-torch'],
    ['a -- b', 'a-b'],
    ['日本', ''],
    ['', ''],
  ])('%j -> %j', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it('always yields a clean slug and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const slug = slugify(text);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe('categories', () => {
  it('are the seven tiles of the home page', () => {
    expect(CATEGORY_NAMES).toEqual([
      'Automotive',
      'Beauty & Health',
      'Clothing',
      'Computer & Office',
      'Electronics',
      'Food & Grocery',
      'Garden & Tools',
    ]);
    expect(CATEGORY_NAMES.map(categorySlug)).toEqual([
      'automotive',
      'beauty-health',
      'clothing',
      'computer-office',
      'electronics',
      'food-grocery',
      'garden-tools',
    ]);
  });

  it('reads a slug back to its category', () => {
    for (const name of CATEGORY_NAMES) expect(categoryNameFromSlug(categorySlug(name))).toBe(name);
    expect(categoryNameFromSlug('Beauty-Health')).toBe('Beauty & Health');
    expect(categoryNameFromSlug('toys')).toBeNull();
    expect(categoryNameFromSlug('')).toBeNull();
  });
});

describe('skuFromSlug', () => {
  it('uppercases the slug', () => {
    expect(skuFromSlug('sony-wh-1000xm5')).toBe('SONY-WH-1000XM5');
  });
});

describe('productSku', () => {
  it("is the seller's SKU when there is one, else the slug's", () => {
    expect(productSku({ sku: 'DW-20V-001', slug: 'cordless-drill' })).toBe('DW-20V-001');
    expect(productSku({ sku: null, slug: 'cordless-drill' })).toBe('CORDLESS-DRILL');
  });
});

describe('savingsPercent', () => {
  it.each([
    [10_000, 2_500, 75],
    [10_000, 10_000, 0],
    [10_000, 12_000, 0],
    [0, 500, 0],
    [-100, 50, 0],
    [10_000, 0, 100],
    [300, 200, 33], // 33.33 rounds down
    [300, 100, 66], // 66.67 rounds down, never overstating
    [10_000, 9_999, 0], // 0.01 %
    [10_000, 1, 99], // 99.99 %
  ])('retail %d, price %d -> %d%%', (retail, price, percent) => {
    expect(savingsPercent(retail, price)).toBe(percent);
  });

  it('is a whole number between 0 and 100 that never overstates', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), (retail, price) => {
        const p = savingsPercent(retail, price);
        expect(Number.isInteger(p)).toBe(true);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(100);
        if (retail > 0 && price < retail) expect(p * retail).toBeLessThanOrEqual((retail - price) * 100);
      }),
    );
  });
});

describe('shop constants', () => {
  it('match the product rules; the price filter starts at any price (no upper bound)', () => {
    expect(SHOP_PAGE_SIZE).toBe(40);
    expect(DEFAULT_PRICE_RANGE).toEqual({ min: 0, max: null });
  });
});

describe('pageCount', () => {
  it('rounds up', () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(1)).toBe(1);
    expect(pageCount(40)).toBe(1);
    expect(pageCount(41)).toBe(2);
    expect(pageCount(10, 3)).toBe(4);
    expect(pageCount(10, 0)).toBe(0);
  });
});

describe('pagerPages', () => {
  it.each([
    [1, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [6, 10, [4, 5, 6, 7, 8]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    [1, 3, [1, 2, 3]],
    [2, 1, [1]],
    [1, 0, []],
    [0, 10, [1, 2, 3, 4, 5]], // clamped
    [99, 10, [6, 7, 8, 9, 10]], // clamped
  ])('page %d of %d -> %j', (current, pages, expected) => {
    expect(pagerPages(current, pages)).toEqual(expected);
  });

  it('honours a different window size', () => {
    expect(pagerPages(5, 10, 3)).toEqual([4, 5, 6]);
    expect(pagerPages(5, 10, 1)).toEqual([5]);
    expect(pagerPages(5, 10, 0)).toEqual([]);
  });

  it('always shows the current page in a run of consecutive pages within range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 9 }),
        (current, pages, max) => {
          const shown = pagerPages(current, pages, max);
          expect(shown.length).toBe(Math.min(max, pages));
          expect(shown).toContain(Math.min(current, pages));
          shown.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(1);
            expect(p).toBeLessThanOrEqual(pages);
            if (i > 0) expect(p).toBe((shown[i - 1] ?? 0) + 1);
          });
        },
      ),
    );
  });
});

describe('normalizePriceRange', () => {
  it('defaults to $0 and no upper bound: a lot past $300 is never hidden by default', () => {
    expect(normalizePriceRange()).toEqual({ min: 0, max: null });
    expect(normalizePriceRange(null, null)).toEqual({ min: 0, max: null });
    expect(normalizePriceRange(Number.NaN, Number.NaN)).toEqual({ min: 0, max: null });
    expect(normalizePriceRange(-5)).toEqual({ min: 0, max: null });
  });

  it('keeps min at or above 0 and max at or above min', () => {
    expect(normalizePriceRange(-20, 100)).toEqual({ min: 0, max: 100 });
    expect(normalizePriceRange(50, 20)).toEqual({ min: 50, max: 50 });
    expect(normalizePriceRange(400)).toEqual({ min: 400, max: null });
    expect(normalizePriceRange(400, 300)).toEqual({ min: 400, max: 400 });
    expect(normalizePriceRange(10, 1000)).toEqual({ min: 10, max: 1000 });
  });
});

describe('auctionPhase', () => {
  const a = {
    status: 'live' as const,
    startTime: '2026-11-21T10:00:00.000Z',
    endTime: '2026-11-21T12:00:00.000Z',
  };
  const at = (iso: string) => Date.parse(iso);
  it('follows the clock between start and end, whatever the stored status lags behind', () => {
    expect(auctionPhase(a, at('2026-11-21T11:00:00.000Z'))).toBe('live');
    expect(auctionPhase({ ...a, status: 'scheduled' }, at('2026-11-21T09:00:00.000Z'))).toBe('scheduled');
    expect(auctionPhase({ ...a, status: 'live' }, at('2026-11-21T09:59:59.999Z'))).toBe('scheduled');
    expect(auctionPhase(a, at('2026-11-21T12:00:00.000Z'))).toBe('ended');
    expect(auctionPhase({ ...a, status: 'ended' }, at('2026-11-21T11:00:00.000Z'))).toBe('ended');
    expect(auctionPhase({ ...a, status: 'cancelled' }, at('2026-11-21T11:00:00.000Z'))).toBe('cancelled');
  });
  it('reads Date instants as well as ISO text', () => {
    const dates = { ...a, startTime: new Date(a.startTime), endTime: new Date(a.endTime) };
    expect(auctionPhase(dates, at('2026-11-21T11:59:59.999Z'))).toBe('live');
    expect(auctionPhase(dates, at('2026-11-21T12:00:00.000Z'))).toBe('ended');
  });
  it('calls scheduled and live auctions open, ended and cancelled ones not', () => {
    expect(isAuctionOpen(a, at('2026-11-21T09:00:00.000Z'))).toBe(true);
    expect(isAuctionOpen(a, at('2026-11-21T11:00:00.000Z'))).toBe(true);
    expect(isAuctionOpen(a, at('2026-11-21T12:00:00.000Z'))).toBe(false);
    expect(isAuctionOpen({ ...a, status: 'cancelled' }, at('2026-11-21T11:00:00.000Z'))).toBe(false);
  });
});
