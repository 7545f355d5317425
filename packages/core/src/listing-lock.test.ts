import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDescriptionAddition, type ListingFacts, refusedListingChanges } from './listing-lock';

const facts: ListingFacts = {
  title: 'Cordless Drill Kit',
  brand: 'DeWalt',
  description: 'A 20V drill with two batteries.',
  condition: 'open_box',
  retailPriceCents: 19_999,
  resalePriceCents: 9_999,
};

describe('refusedListingChanges', () => {
  it('allows no change, and additions to the description', () => {
    expect(refusedListingChanges(facts, facts)).toEqual([]);
    expect(
      refusedListingChanges(facts, {
        ...facts,
        description: `${facts.description}\n\nUpdate: charger included.`,
      }),
    ).toEqual([]);
  });

  it('refuses changes to what bidders relied on, naming each', () => {
    expect(
      refusedListingChanges(facts, {
        ...facts,
        title: 'Cordless Drill',
        condition: 'used_good',
        retailPriceCents: 29_999,
      }),
    ).toEqual(['Title', 'Condition', 'Retail price']);
    expect(refusedListingChanges(facts, { ...facts, brand: 'Makita', resalePriceCents: 1 })).toEqual([
      'Brand',
      'Resale price',
    ]);
    expect(refusedListingChanges(facts, { ...facts, description: 'A 20V drill, one battery.' })).toEqual([
      'Description (only additions)',
    ]);
  });

  it('any appended text is an addition; a changed first letter is not', () => {
    const text = fc
      .string({ minLength: 1 })
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    fc.assert(
      fc.property(text, fc.string(), (before, extra) => {
        expect(isDescriptionAddition(before, `${before} ${extra}`)).toBe(true);
        const first = before[0] === 'x' ? 'y' : 'x';
        expect(isDescriptionAddition(before, `${first}${before.slice(1)}${extra}`)).toBe(false);
      }),
    );
  });
});
