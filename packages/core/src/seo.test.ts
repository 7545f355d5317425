import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offerAvailability, SCHEMA_ORG_CONDITION, schemaOrgPrice } from './seo';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

describe('schemaOrgPrice', () => {
  it('writes dollars with two decimals', () => {
    expect(schemaOrgPrice(0)).toBe('0.00');
    expect(schemaOrgPrice(5)).toBe('0.05');
    expect(schemaOrgPrice(1000)).toBe('10.00');
    expect(schemaOrgPrice(123456)).toBe('1234.56');
  });

  it('round-trips every amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), (cents) => {
        const s = schemaOrgPrice(cents);
        expect(s).toMatch(/^\d+\.\d{2}$/);
        expect(Number(s.replace('.', ''))).toBe(cents);
      }),
    );
  });

  it('refuses what is not an amount', () => {
    expect(() => schemaOrgPrice(-1)).toThrow(RangeError);
    expect(() => schemaOrgPrice(1.5)).toThrow(RangeError);
  });
});

describe('offerAvailability', () => {
  it('is InStock only while bidding is open', () => {
    expect(offerAvailability({ status: 'live', startTime: at(-60), endTime: at(60) }, NOW)).toBe(
      'https://schema.org/InStock',
    );
  });

  it('is SoldOut once the end time has passed, closed or not yet closed', () => {
    expect(offerAvailability({ status: 'ended', startTime: at(-120), endTime: at(-60) }, NOW)).toBe(
      'https://schema.org/SoldOut',
    );
    expect(offerAvailability({ status: 'live', startTime: at(-120), endTime: at(0) }, NOW)).toBe(
      'https://schema.org/SoldOut',
    );
  });

  it('is SoldOut once staff cancelled it, even before its end time (the lot is no longer for sale)', () => {
    expect(offerAvailability({ status: 'cancelled', startTime: at(-120), endTime: at(600) }, NOW)).toBe(
      'https://schema.org/SoldOut',
    );
  });

  it('is OutOfStock before bidding opens', () => {
    expect(offerAvailability({ status: 'scheduled', startTime: at(60), endTime: at(120) }, NOW)).toBe(
      'https://schema.org/OutOfStock',
    );
    expect(offerAvailability({ status: 'live', startTime: at(5), endTime: at(120) }, NOW)).toBe(
      'https://schema.org/OutOfStock',
    );
  });
});

describe('SCHEMA_ORG_CONDITION', () => {
  it('never calls a returned item new or refurbished', () => {
    for (const value of Object.values(SCHEMA_ORG_CONDITION))
      expect(value).toBe('https://schema.org/UsedCondition');
  });
});
