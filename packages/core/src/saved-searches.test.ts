import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MatchableLot, matchesSavedSearch, savedSearchHref, searchWords } from './saved-searches';

const lot: MatchableLot = {
  title: 'Dyson V8 Cordless Vacuum',
  brand: 'Dyson',
  categorySlug: 'home',
  condition: 'open_box',
  priceCents: 12_500,
  locationId: '7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  locationSlug: 'burnaby',
};

describe('matchesSavedSearch', () => {
  it('an empty search matches everything', () => {
    expect(matchesSavedSearch({}, lot)).toBe(true);
  });

  it('every keyword must appear in the title or the brand, in any case', () => {
    expect(matchesSavedSearch({ q: 'dyson vacuum' }, lot)).toBe(true);
    expect(matchesSavedSearch({ q: '  CORDLESS  ' }, lot)).toBe(true);
    expect(matchesSavedSearch({ q: 'dyson kettle' }, lot)).toBe(false);
    expect(matchesSavedSearch({ q: 'v8%' }, lot)).toBe(false);
  });

  it('category, condition and location must be the same', () => {
    expect(matchesSavedSearch({ category: 'home' }, lot)).toBe(true);
    expect(matchesSavedSearch({ category: 'electronics' }, lot)).toBe(false);
    expect(matchesSavedSearch({ condition: 'open_box' }, lot)).toBe(true);
    expect(matchesSavedSearch({ condition: 'any' }, lot)).toBe(true);
    expect(matchesSavedSearch({ condition: 'like_new' }, lot)).toBe(false);
    expect(matchesSavedSearch({ location: 'burnaby' }, lot)).toBe(true);
    expect(matchesSavedSearch({ location: lot.locationId.toUpperCase() }, lot)).toBe(true);
    expect(matchesSavedSearch({ location: 'surrey' }, lot)).toBe(false);
    expect(matchesSavedSearch({ location: '00000000-0000-4000-8000-000000000000' }, lot)).toBe(false);
  });

  it('the price range is in dollars, both ends included', () => {
    expect(matchesSavedSearch({ minPrice: 125, maxPrice: 125 }, lot)).toBe(true);
    expect(matchesSavedSearch({ minPrice: 125.01 }, lot)).toBe(false);
    expect(matchesSavedSearch({ maxPrice: 124.99 }, lot)).toBe(false);
    expect(matchesSavedSearch({ minPrice: 0, maxPrice: 300 }, lot)).toBe(true);
  });

  it('reads a dollar bound to the cent exactly, as the shop does: $1.005 is $1.01, not $1.00', () => {
    // Math.round(1.005 * 100) is 100: the float parse dropped a $1.01 lot from a "$1.005 or less" search.
    expect(matchesSavedSearch({ maxPrice: 1.005 }, { ...lot, priceCents: 101 })).toBe(true);
    expect(matchesSavedSearch({ minPrice: 1.005 }, { ...lot, priceCents: 100 })).toBe(false);
  });

  it('property: dropping a filter never loses a match', () => {
    const query = fc.record(
      {
        q: fc.constantFrom('dyson', 'vacuum', 'lamp', 'v8 dyson', ''),
        category: fc.constantFrom('home', 'electronics'),
        condition: fc.constantFrom('like_new', 'open_box', 'gently_used', 'any' as const),
        minPrice: fc.integer({ min: 0, max: 300 }),
        maxPrice: fc.integer({ min: 0, max: 300 }),
        location: fc.constantFrom('burnaby', 'surrey'),
      },
      { requiredKeys: [] },
    );
    const keys = ['q', 'category', 'condition', 'minPrice', 'maxPrice', 'location'] as const;
    fc.assert(
      fc.property(query, fc.constantFrom(...keys), fc.integer({ min: 0, max: 40_000 }), (q, key, price) => {
        const l = { ...lot, priceCents: price };
        const { [key]: _dropped, ...wider } = q;
        if (matchesSavedSearch(q, l)) expect(matchesSavedSearch(wider, l)).toBe(true);
      }),
    );
  });

  it('uses the first 8 words, like the shop', () => {
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('savedSearchHref', () => {
  it('is the shop address of the search', () => {
    expect(savedSearchHref({})).toBe('/shop');
    expect(
      savedSearchHref({ q: 'desk lamp', category: 'home', minPrice: 0, maxPrice: 300, sort: 'newest' }),
    ).toBe('/shop?q=desk+lamp&category=home&minPrice=0&maxPrice=300');
    expect(savedSearchHref({ condition: 'any', location: 'burnaby', sort: 'ending' })).toBe(
      '/shop?location=burnaby&sort=ending',
    );
  });
});
