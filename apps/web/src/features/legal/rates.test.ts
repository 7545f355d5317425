import { DEFAULT_TAX_CONFIG } from '@rebound/core/pricing';
import { describe, expect, it } from 'vitest';
import { namesList, rateGroups } from './rates';

const bc = { buyersPremiumBp: 1500, pstBp: 700, gstBp: 500, applyTaxesOnPremium: true };
const other = { buyersPremiumBp: 1250, pstBp: 0, gstBp: 500, applyTaxesOnPremium: false };

describe('the Terms read the pickup locations’ rates', () => {
  it('prices the $100.00 example at a location’s own rates, not at fixed ones', () => {
    const [group] = rateGroups([{ name: 'Kelowna', taxConfig: other }]);
    expect(group?.tax).toEqual(other);
    expect(group?.locations).toEqual(['Kelowna']);
    // 12.5 % premium, no PST, 5 % GST on the bid alone: 100 + 12.50 + 0 + 5.00.
    expect(group?.example).toEqual({
      subtotalCents: 10_000,
      premiumCents: 1_250,
      pstCents: 0,
      gstCents: 500,
      totalCents: 11_750,
    });
  });

  it('groups locations that share rates, in the order they first appear', () => {
    const groups = rateGroups([
      { name: 'Burnaby', taxConfig: bc },
      { name: 'Kelowna', taxConfig: other },
      { name: 'Surrey', taxConfig: bc },
    ]);
    expect(groups.map((g) => g.locations)).toEqual([['Burnaby', 'Surrey'], ['Kelowna']]);
    expect(groups[0]?.example.totalCents).toBe(12_880);
  });

  it('falls back to core’s defaults when no location is known', () => {
    const groups = rateGroups([]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.tax).toEqual(DEFAULT_TAX_CONFIG);
    expect(groups[0]?.locations).toEqual([]);
  });
});

describe('namesList', () => {
  it.each([
    [[], ''],
    [['Burnaby'], 'Burnaby'],
    [['Burnaby', 'Surrey'], 'Burnaby and Surrey'],
    [['Burnaby', 'Surrey', 'Victoria'], 'Burnaby, Surrey and Victoria'],
  ])('%j reads %j', (names, text) => {
    expect(namesList(names)).toBe(text);
  });
});
