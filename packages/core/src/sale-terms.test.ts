import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { returnEligibility } from './returns';
import {
  isReturnableLot,
  isSaleTerms,
  NON_RETURNABLE_KINDS,
  type NonReturnableKind,
  SALE_TERMS,
  saleTermsBadge,
  saleTermsText,
} from './sale-terms';

describe('saleTermsText', () => {
  it('says each term in one sentence', () => {
    expect(saleTermsText({ saleTerms: 'final_sale' })).toBe('Final sale: no returns.');
    expect(saleTermsText({ saleTerms: 'as_is' })).toBe('As is: sold as found, no returns.');
    expect(saleTermsText({ saleTerms: 'standard' })).toBe('Standard: free returns within 7 days of pickup.');
    expect(saleTermsText({ saleTerms: 'standard', nonReturnableKind: null })).toBe(
      'Standard: free returns within 7 days of pickup.',
    );
  });

  it('does not promise returns for a kind the policy never takes back', () => {
    expect(saleTermsText({ saleTerms: 'standard', nonReturnableKind: 'perishable' })).toBe(
      'No returns: perishable goods cannot be returned.',
    );
    expect(saleTermsText({ saleTerms: 'standard', nonReturnableKind: 'gift_card' })).toBe(
      'No returns: gift cards cannot be returned.',
    );
    // The terms come first: a Final Sale perishable is said as Final Sale.
    expect(saleTermsText({ saleTerms: 'final_sale', nonReturnableKind: 'perishable' })).toBe(
      'Final sale: no returns.',
    );
  });

  it('promises a return exactly when the returns rules would take the item back', () => {
    const kinds = fc.constantFrom<NonReturnableKind | null>(null, ...NON_RETURNABLE_KINDS);
    fc.assert(
      fc.property(fc.constantFrom(...SALE_TERMS), kinds, (saleTerms, nonReturnableKind) => {
        const handedOverAt = new Date('2026-11-20T20:00:00Z');
        const eligible = returnEligibility({
          orderStatus: 'completed',
          handedOverAt,
          saleTerms,
          nonReturnableKind,
          hasReturn: false,
          now: new Date('2026-11-21T20:00:00Z'),
        }).ok;
        expect(isReturnableLot({ saleTerms, nonReturnableKind })).toBe(eligible);
        expect(
          saleTermsText({ saleTerms, nonReturnableKind }).includes('no returns') ||
            saleTermsText({ saleTerms, nonReturnableKind }).startsWith('No returns'),
        ).toBe(!eligible);
      }),
    );
  });
});

describe('saleTermsBadge', () => {
  it('marks Final Sale and As-Is, not a standard sale', () => {
    expect(saleTermsBadge('final_sale')).toBe('Final Sale');
    expect(saleTermsBadge('as_is')).toBe('As-Is');
    expect(saleTermsBadge('standard')).toBeNull();
  });
});

describe('isSaleTerms', () => {
  it('knows the three terms and nothing else', () => {
    for (const t of SALE_TERMS) expect(isSaleTerms(t)).toBe(true);
    for (const t of ['', 'final sale', 'Final Sale', null, 3]) expect(isSaleTerms(t)).toBe(false);
  });
});
