import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MatchableLot, passesSavedSearchFilters, savedSearchHref } from './saved-searches';

const lot: MatchableLot = {
  categorySlug: 'home',
  condition: 'open_box',
  priceCents: 12_500,
  locationId: '7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  locationSlug: 'burnaby',
};

describe('passesSavedSearchFilters', () => {
  it('a search without filters lets every lot through', () => {
    expect(passesSavedSearchFilters({}, lot)).toBe(true);
  });

  it('does not read the words: the database matches them with the shop search', () => {
    expect(passesSavedSearchFilters({ q: 'kettle' }, lot)).toBe(true);
    expect(passesSavedSearchFilters({ q: 'kettle', category: 'electronics' }, lot)).toBe(false);
  });

  it('every filter given must pass', () => {
    expect(
      passesSavedSearchFilters({ category: 'home', condition: 'open_box', location: 'burnaby' }, lot),
    ).toBe(true);
    expect(
      passesSavedSearchFilters({ category: 'home', condition: 'open_box', location: 'surrey' }, lot),
    ).toBe(false);
    expect(passesSavedSearchFilters({ category: 'home', location: 'burnaby', maxPrice: 100 }, lot)).toBe(
      false,
    );
  });

  it('category, condition and location must be the same', () => {
    expect(passesSavedSearchFilters({ category: 'home' }, lot)).toBe(true);
    expect(passesSavedSearchFilters({ category: 'electronics' }, lot)).toBe(false);
    expect(passesSavedSearchFilters({ condition: 'open_box' }, lot)).toBe(true);
    expect(passesSavedSearchFilters({ condition: 'any' }, lot)).toBe(true);
    expect(passesSavedSearchFilters({ condition: 'like_new' }, lot)).toBe(false);
    expect(passesSavedSearchFilters({ location: 'burnaby' }, lot)).toBe(true);
    expect(passesSavedSearchFilters({ location: lot.locationId.toUpperCase() }, lot)).toBe(true);
    expect(passesSavedSearchFilters({ location: 'surrey' }, lot)).toBe(false);
    expect(passesSavedSearchFilters({ location: '00000000-0000-4000-8000-000000000000' }, lot)).toBe(false);
  });

  it('the price range is in dollars, both ends included', () => {
    expect(passesSavedSearchFilters({ minPrice: 125, maxPrice: 125 }, lot)).toBe(true);
    expect(passesSavedSearchFilters({ minPrice: 125.01 }, lot)).toBe(false);
    expect(passesSavedSearchFilters({ maxPrice: 124.99 }, lot)).toBe(false);
    expect(passesSavedSearchFilters({ minPrice: 0, maxPrice: 300 }, lot)).toBe(true);
  });

  it('reads a dollar bound to the cent exactly, as the shop does: $1.005 is $1.01, not $1.00', () => {
    // Math.round(1.005 * 100) is 100: the float parse dropped a $1.01 lot from a "$1.005 or less" search.
    expect(passesSavedSearchFilters({ maxPrice: 1.005 }, { ...lot, priceCents: 101 })).toBe(true);
    expect(passesSavedSearchFilters({ minPrice: 1.005 }, { ...lot, priceCents: 100 })).toBe(false);
  });

  it('property: dropping a filter never loses a match', () => {
    const query = fc.record(
      {
        category: fc.constantFrom('home', 'electronics'),
        condition: fc.constantFrom('like_new', 'open_box', 'gently_used', 'any' as const),
        minPrice: fc.integer({ min: 0, max: 300 }),
        maxPrice: fc.integer({ min: 0, max: 300 }),
        location: fc.constantFrom('burnaby', 'surrey'),
      },
      { requiredKeys: [] },
    );
    const keys = ['category', 'condition', 'minPrice', 'maxPrice', 'location'] as const;
    fc.assert(
      fc.property(query, fc.constantFrom(...keys), fc.integer({ min: 0, max: 40_000 }), (q, key, price) => {
        const l = { ...lot, priceCents: price };
        const { [key]: _dropped, ...wider } = q;
        if (passesSavedSearchFilters(q, l)) expect(passesSavedSearchFilters(wider, l)).toBe(true);
      }),
    );
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
