import { describe, expect, it } from 'vitest';
import { checkoutShares, orderShares, splitProportionally } from './checkout-shares';
import { allInCost, priceCheckout, priceLines, resolveTaxConfig } from './pricing';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('splitProportionally', () => {
  it('splits in proportion and hands the left-over cents to the largest remainders', () => {
    expect(splitProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitProportionally(10, [1, 2])).toEqual([3, 7]);
    expect(splitProportionally(1, [5, 5])).toEqual([1, 0]);
    expect(splitProportionally(0, [3, 4])).toEqual([0, 0]);
    expect(splitProportionally(7, [0, 0])).toEqual([4, 3]);
    expect(splitProportionally(0, [])).toEqual([]);
  });

  it('refuses what cannot be split', () => {
    expect(() => splitProportionally(5, [])).toThrow(RangeError);
    expect(() => splitProportionally(-1, [1])).toThrow(RangeError);
    expect(() => splitProportionally(1.5, [1])).toThrow(RangeError);
    expect(() => splitProportionally(5, [1, -1])).toThrow(RangeError);
  });

  it('always adds up exactly (random amounts and weights)', () => {
    let seed = 42;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let k = 0; k < 2_000; k++) {
      const weights = Array.from({ length: 1 + rnd(8) }, () => rnd(1_000_000));
      const amount = rnd(10_000_000);
      const parts = splitProportionally(amount, weights);
      expect(sum(parts)).toBe(amount);
      const total = sum(weights);
      parts.forEach((p, i) => {
        // Never more than one cent away from the exact proportion.
        const exact = total === 0 ? amount / weights.length : (amount * weights[i]!) / total;
        expect(Math.abs(p - exact)).toBeLessThan(1);
      });
    }
  });
});

describe('checkoutShares', () => {
  it('gives each order its price and shares that add up to the checkout, field by field', () => {
    const tax = resolveTaxConfig({ buyersPremiumBp: 1250, pstBp: 700, gstBp: 500 });
    for (const items of [[1_001], [1_001, 2_003, 999], [333, 333, 334], [123_457, 1, 99_999, 50]]) {
      const totals = priceLines(items, tax);
      const shares = checkoutShares(totals, items);
      expect(shares.map((s) => s.subtotalCents)).toEqual(items);
      for (const key of ['subtotalCents', 'premiumCents', 'pstCents', 'gstCents', 'totalCents'] as const) {
        expect(sum(shares.map((s) => s[key])), key).toBe(totals[key]);
      }
      for (const s of shares) {
        expect(s.totalCents).toBe(s.subtotalCents + s.premiumCents + s.pstCents + s.gstCents);
      }
    }
  });

  it('one order takes the whole checkout', () => {
    const totals = priceLines([4_999]);
    expect(checkoutShares(totals, [4_999])).toEqual([totals]);
  });

  it('refuses items that do not add up to the subtotal', () => {
    expect(() => checkoutShares(priceLines([100, 200]), [100, 201])).toThrow(RangeError);
  });
});

describe('orderShares', () => {
  it('gives each order exactly the figure its texts told, adding up to the charge', () => {
    const tax = resolveTaxConfig(null);
    const items = [3_000, 1_000, 999];
    const totals = priceLines(items, tax);
    const shares = orderShares(totals, items, tax);
    expect(shares.map((s) => s.totalCents)).toEqual(items.map((c) => allInCost(c, tax).totalCents));
    expect(sum(shares.map((s) => s.totalCents))).toBe(totals.totalCents);
  });

  it('splits a checkout priced once on the sum (opened before the per-order rule) proportionally', () => {
    const tax = resolveTaxConfig(null);
    const items = [3_000, 1_000];
    const old = priceCheckout(4_000, tax);
    const shares = orderShares(old, items, tax);
    expect(shares).toEqual(checkoutShares(old, items));
    expect(sum(shares.map((s) => s.totalCents))).toBe(old.totalCents);
  });
});
