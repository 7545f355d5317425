import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollarText, dollarsToCents, formatDollars } from './dollars';
import { centsToDollars, formatCents, MAX_PARSE_DOLLARS, parseDollarsToCents } from './money';

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [1, '$0.01'],
    [10, '$0.10'],
    [100, '$1.00'],
    [123456, '$1,234.56'],
    [100000000, '$1,000,000.00'],
    [-100, '-$1.00'],
    [-123456, '-$1,234.56'],
    [-0, '$0.00'],
  ])('formats %d as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('rounds stray fractions of a cent', () => {
    expect(formatCents(1234.5)).toBe('$12.35');
    expect(formatCents(-1234.5)).toBe('-$12.35');
  });

  it('throws on non-finite input', () => {
    expect(() => formatCents(Number.NaN)).toThrow(RangeError);
    expect(() => formatCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('agrees with Intl en-CA currency formatting', () => {
    const intl = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' });
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(formatCents(cents)).toBe(intl.format(cents / 100));
      }),
    );
  });
});

describe('parseDollarsToCents', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['12.05', 1205],
    ['12.', 1200],
    ['.5', 50],
    ['0', 0],
    ['0.00', 0],
    ['$1,234.56', 123456],
    ['1,234,567', 123456700],
    [' 7 ', 700],
    ['$ 7', 700],
    ['007.10', 710],
    ['100000000', 10_000_000_000],
  ])('parses %j as %d cents', (text, cents) => {
    expect(parseDollarsToCents(text)).toBe(cents);
  });

  it.each([
    '',
    '   ',
    '.',
    '$',
    'abc',
    '12abc',
    '-1',
    '-$1.00',
    '+1',
    '1.234',
    '12.345',
    '1,23',
    '12,34.00',
    '1,2345',
    '1 000',
    '1e3',
    'NaN',
    'Infinity',
    '100000000.01',
    '999999999999999999999',
  ])('rejects %j', (text) => {
    expect(parseDollarsToCents(text)).toBeNull();
  });

  it('parses numbers without floating drift', () => {
    expect(parseDollarsToCents(12)).toBe(1200);
    expect(parseDollarsToCents(12.5)).toBe(1250);
    expect(parseDollarsToCents(0.29)).toBe(29); // 0.29 * 100 would be 28.999999999999996
    expect(parseDollarsToCents(1.005)).toBeNull(); // three decimals
    expect(parseDollarsToCents(0.1 + 0.2)).toBeNull();
    expect(parseDollarsToCents(-1)).toBeNull();
    expect(parseDollarsToCents(Number.NaN)).toBeNull();
    expect(parseDollarsToCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseDollarsToCents(MAX_PARSE_DOLLARS)).toBe(MAX_PARSE_DOLLARS * 100);
    expect(parseDollarsToCents(MAX_PARSE_DOLLARS + 1)).toBeNull();
  });

  it('round-trips every formatted amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PARSE_DOLLARS * 100 }), (cents) => {
        expect(parseDollarsToCents(formatCents(cents))).toBe(cents);
      }),
    );
  });

  it('parses any dollars.cents text to the exact integer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_PARSE_DOLLARS - 1 }),
        fc.integer({ min: 0, max: 99 }),
        (d, c) => {
          expect(parseDollarsToCents(`${d}.${String(c).padStart(2, '0')}`)).toBe(d * 100 + c);
        },
      ),
    );
  });
});

describe('centsToDollars', () => {
  it('divides by 100', () => {
    expect(centsToDollars(123456)).toBe(1234.56);
    expect(centsToDollars(0)).toBe(0);
    expect(centsToDollars(-5)).toBe(-0.05);
  });
});

describe('dollarsToCents', () => {
  // The float parse it replaces, as the shop, the saved searches and the emails wrote it.
  const floatCents = (dollars: number) => Math.round(dollars * 100);

  it.each([
    [1.005, 101, 100],
    [0.285, 29, 28],
    [1.255, 126, 125],
    [10.075, 1008, 1007],
  ])('rounds %d dollars to %d cents, where the float version says %d', (dollars, exact, float) => {
    expect(dollarsToCents(dollars)).toBe(exact);
    expect(floatCents(dollars)).toBe(float);
  });

  it('gives the typed cents where float arithmetic drifts (4.35 * 100 is 434.99999999999994)', () => {
    expect(4.35 * 100).not.toBe(435);
    expect(0.29 * 100).not.toBe(29);
    expect(dollarsToCents(4.35)).toBe(435);
    expect(dollarsToCents(0.29)).toBe(29);
  });

  it('refuses an amount with no exact answer in cents, which the float version returns as if it had one', () => {
    expect(floatCents(1e21)).toBe(1e23);
    expect(Number.isSafeInteger(floatCents(1e21))).toBe(false);
    expect(dollarsToCents(1e21)).toBeNull();
    expect(dollarsToCents(1e15)).toBeNull();
    expect(dollarsToCents(Number.NaN)).toBeNull();
    expect(dollarsToCents(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it.each([
    [0, 0],
    [12, 1200],
    [12.5, 1250],
    [0.004, 0],
    [0.005, 1],
    [1e-7, 0],
    [1_000_000, 100_000_000],
    [-1.005, -101],
    [-0.001, 0],
  ])('%d dollars is %d cents', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it('agrees with parseDollarsToCents on every amount with at most two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PARSE_DOLLARS * 100 }), (cents) => {
        const dollars = Number(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
        expect(dollarsToCents(dollars)).toBe(cents);
        expect(parseDollarsToCents(dollars)).toBe(cents);
      }),
    );
  });
});

describe('formatDollars', () => {
  it.each([
    [0, '$0'],
    [300, '$300'],
    [12.5, '$12.50'],
    [1.005, '$1.01'],
    [1_000_000, '$1,000,000'],
  ])('shows %d dollars as %s', (dollars, text) => {
    expect(formatDollars(dollars)).toBe(text);
  });

  it('throws on an amount with no exact cents', () => {
    expect(() => formatDollars(Number.NaN)).toThrow(RangeError);
    expect(() => formatDollars(1e21)).toThrow(RangeError);
  });
});

describe('centsToDollarText', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [101, '1.01'],
    [123_450, '1234.50'],
    [10_000_000, '100000.00'],
  ])('writes %d cents as %s', (cents, text) => {
    expect(centsToDollarText(cents)).toBe(text);
  });

  it('reads back through parseDollarsToCents unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PARSE_DOLLARS * 100 }), (cents) => {
        expect(parseDollarsToCents(centsToDollarText(cents))).toBe(cents);
      }),
    );
  });

  it('throws on anything but a non-negative whole number of cents', () => {
    expect(() => centsToDollarText(-1)).toThrow(RangeError);
    expect(() => centsToDollarText(1.5)).toThrow(RangeError);
    expect(() => centsToDollarText(Number.NaN)).toThrow(RangeError);
  });
});
