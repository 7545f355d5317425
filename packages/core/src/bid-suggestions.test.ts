import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { smallestMaxBidFor, suggestedMaxBids } from './bidding';

describe('smallestMaxBidFor', () => {
  it('is the minimum next bid for a shopper without a maximum', () => {
    expect(smallestMaxBidFor(2_550, null)).toBe(2_550);
  });
  it('is one cent above the shopper’s own maximum when that is higher', () => {
    expect(smallestMaxBidFor(2_550, 4_000)).toBe(4_001);
  });
  it('is the minimum next bid when the own maximum is below it', () => {
    expect(smallestMaxBidFor(2_550, 2_000)).toBe(2_550);
    expect(smallestMaxBidFor(2_550, 2_549)).toBe(2_550);
    expect(smallestMaxBidFor(2_550, 2_550)).toBe(2_551);
  });
});

describe('suggestedMaxBids', () => {
  it('starts at the smallest and follows with round amounts', () => {
    expect(suggestedMaxBids(1_225)).toEqual([1_225, 1_300, 1_400]);
    expect(suggestedMaxBids(2_550)).toEqual([2_550, 3_000, 3_500]);
    expect(suggestedMaxBids(10_000)).toEqual([10_000, 11_000, 12_000]);
    expect(suggestedMaxBids(52_500)).toEqual([52_500, 55_000, 60_000]);
  });
  it('skips a round amount equal to the smallest', () => {
    expect(suggestedMaxBids(3_000)).toEqual([3_000, 3_500, 4_000]);
  });
  it('always gives `count` strictly increasing amounts from the smallest', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 6 }),
        (smallest, count) => {
          const out = suggestedMaxBids(smallest, count);
          expect(out).toHaveLength(count);
          expect(out[0]).toBe(smallest);
          for (let i = 1; i < out.length; i++) expect(out[i]!).toBeGreaterThan(out[i - 1]!);
        },
      ),
    );
  });
});
