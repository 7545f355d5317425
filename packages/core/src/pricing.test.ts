import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allInCost,
  applyRateBp,
  checkoutLineLabels,
  DEFAULT_TAX_CONFIG,
  priceCheckout,
  priceLines,
  priceOrders,
  rateLabel,
  resolveTaxConfig,
  type TaxConfig,
} from './pricing';

const NO_TAX_ON_PREMIUM: TaxConfig = { ...DEFAULT_TAX_CONFIG, applyTaxesOnPremium: false };

describe('DEFAULT_TAX_CONFIG', () => {
  it('is the BC default of 15 % / 7 % / 5 % with taxes on the premium', () => {
    expect(DEFAULT_TAX_CONFIG).toEqual({
      buyersPremiumBp: 1500,
      pstBp: 700,
      gstBp: 500,
      applyTaxesOnPremium: true,
    });
    expect(Object.isFrozen(DEFAULT_TAX_CONFIG)).toBe(true);
  });
});

describe('applyRateBp', () => {
  it('rounds half up to the cent', () => {
    expect(applyRateBp(50, 700)).toBe(4); // 3.5
    expect(applyRateBp(49, 700)).toBe(3); // 3.43
    expect(applyRateBp(10, 500)).toBe(1); // 0.5
    expect(applyRateBp(9, 500)).toBe(0); // 0.45
    expect(applyRateBp(10, 1500)).toBe(2); // 1.5
    expect(applyRateBp(0, 1500)).toBe(0);
    expect(applyRateBp(12345, 0)).toBe(0);
  });

  it('stays exact for large amounts', () => {
    // 900 719 925 474 099 cents x 1500 bp overflows 2^53 in float arithmetic.
    expect(applyRateBp(900_719_925_474_099, 1500)).toBe(135_107_988_821_115);
  });

  it('rejects negative or fractional inputs', () => {
    expect(() => applyRateBp(-1, 500)).toThrow(RangeError);
    expect(() => applyRateBp(1.5, 500)).toThrow(RangeError);
    expect(() => applyRateBp(100, -1)).toThrow(RangeError);
    expect(() => applyRateBp(100, 7.5)).toThrow(RangeError);
  });
});

describe('priceCheckout', () => {
  it('prices $100 with the defaults', () => {
    expect(priceCheckout(10_000, DEFAULT_TAX_CONFIG)).toEqual({
      subtotalCents: 10_000,
      premiumCents: 1_500,
      pstCents: 805,
      gstCents: 575,
      totalCents: 12_880,
    });
  });

  it('uses the defaults when no config is given', () => {
    expect(priceCheckout(10_000)).toEqual(priceCheckout(10_000, DEFAULT_TAX_CONFIG));
  });

  it('rounds each amount once and taxes the premium as charged', () => {
    // $12.34: premium 185.1 -> 185; base 1419; PST 99.33 -> 99; GST 70.95 -> 71.
    expect(priceCheckout(1_234)).toEqual({
      subtotalCents: 1_234,
      premiumCents: 185,
      pstCents: 99,
      gstCents: 71,
      totalCents: 1_589,
    });
    // 10 cents: premium 1.5 -> 2 (half up); base 12; PST 0.84 -> 1; GST 0.6 -> 1.
    expect(priceCheckout(10)).toMatchObject({ premiumCents: 2, pstCents: 1, gstCents: 1, totalCents: 14 });
  });

  it('taxes the subtotal alone when applyTaxesOnPremium is false', () => {
    expect(priceCheckout(10_000, NO_TAX_ON_PREMIUM)).toEqual({
      subtotalCents: 10_000,
      premiumCents: 1_500,
      pstCents: 700,
      gstCents: 500,
      totalCents: 12_700,
    });
  });

  it('uses the given rates', () => {
    const tax: TaxConfig = { buyersPremiumBp: 1000, pstBp: 0, gstBp: 1300, applyTaxesOnPremium: true };
    expect(priceCheckout(20_000, tax)).toEqual({
      subtotalCents: 20_000,
      premiumCents: 2_000,
      pstCents: 0,
      gstCents: 2_860,
      totalCents: 24_860,
    });
  });

  it('prices zero as zero', () => {
    expect(priceCheckout(0).totalCents).toBe(0);
  });

  it('rejects invalid amounts and rates', () => {
    expect(() => priceCheckout(-1)).toThrow(RangeError);
    expect(() => priceCheckout(10.5)).toThrow(RangeError);
    expect(() => priceCheckout(100, { ...DEFAULT_TAX_CONFIG, pstBp: Number.NaN })).toThrow(RangeError);
  });

  const taxConfigs = fc.record({
    buyersPremiumBp: fc.integer({ min: 0, max: 5000 }),
    pstBp: fc.integer({ min: 0, max: 2000 }),
    gstBp: fc.integer({ min: 0, max: 2000 }),
    applyTaxesOnPremium: fc.boolean(),
  });
  const subtotals = fc.integer({ min: 0, max: 1_000_000_000 });

  it('total is always the sum of its parts', () => {
    fc.assert(
      fc.property(subtotals, taxConfigs, (subtotal, tax) => {
        const p = priceCheckout(subtotal, tax);
        expect(p.subtotalCents).toBe(subtotal);
        expect(p.totalCents).toBe(p.subtotalCents + p.premiumCents + p.pstCents + p.gstCents);
      }),
    );
  });

  it('each amount is within half a cent of the exact value, rounding halves up', () => {
    // 2 x (rounded x 10000 - exact x 10000) lies in (-10000, 10000].
    const withinHalfUp = (rounded: number, base: number, bp: number) => {
      const twiceError = 2 * (rounded * 10_000 - base * bp);
      expect(twiceError).toBeGreaterThan(-10_000);
      expect(twiceError).toBeLessThanOrEqual(10_000);
    };
    fc.assert(
      fc.property(subtotals, taxConfigs, (subtotal, tax) => {
        const p = priceCheckout(subtotal, tax);
        const base = tax.applyTaxesOnPremium ? subtotal + p.premiumCents : subtotal;
        withinHalfUp(p.premiumCents, subtotal, tax.buyersPremiumBp);
        withinHalfUp(p.pstCents, base, tax.pstBp);
        withinHalfUp(p.gstCents, base, tax.gstBp);
      }),
    );
  });

  it('never charges less when the subtotal grows', () => {
    fc.assert(
      fc.property(subtotals, fc.integer({ min: 0, max: 100_000 }), taxConfigs, (subtotal, more, tax) => {
        expect(priceCheckout(subtotal + more, tax).totalCents).toBeGreaterThanOrEqual(
          priceCheckout(subtotal, tax).totalCents,
        );
      }),
    );
  });
});

describe('priceOrders and priceLines', () => {
  it('prices every order by itself and charges the sum of their own figures', () => {
    // Each 10-cent item alone: premium 1.5 -> 2, so two of them carry 4 cents of premium, as each
    // order's own texts say (priced once on their 20-cent sum it would have been 3).
    expect(priceLines([10, 10]).premiumCents).toBe(4);
    // $30.00 and $10.00: each told $38.65 and $12.89 all-in; the checkout charges $51.54, not the
    // $51.52 that pricing the $40.00 sum once gives.
    const { orders, totals } = priceOrders([3_000, 1_000]);
    expect(orders.map((o) => o.totalCents)).toEqual([3_865, 1_289]);
    expect(totals.totalCents).toBe(5_154);
    expect(priceCheckout(4_000).totalCents).toBe(5_152);
  });

  const prices = fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 20 });
  const rates = fc.record({
    buyersPremiumBp: fc.integer({ min: 0, max: 10_000 }),
    pstBp: fc.integer({ min: 0, max: 10_000 }),
    gstBp: fc.integer({ min: 0, max: 10_000 }),
    applyTaxesOnPremium: fc.boolean(),
  });

  it('charges exactly the sum of the figures each order was told (any prices, any rates)', () => {
    fc.assert(
      fc.property(prices, rates, (items, tax) => {
        const told = items.map((c) => allInCost(c, tax).totalCents);
        const { orders, totals } = priceOrders(items, tax);
        expect(orders.map((o) => o.totalCents)).toEqual(told);
        expect(totals.totalCents).toBe(told.reduce((a, b) => a + b, 0));
        expect(priceLines(items, tax)).toEqual(totals);
        expect(totals.subtotalCents).toBe(items.reduce((a, b) => a + b, 0));
        for (const key of ['premiumCents', 'pstCents', 'gstCents'] as const) {
          expect(totals[key]).toBe(orders.reduce((a, o) => a + o[key], 0));
        }
        expect(totals.totalCents).toBe(
          totals.subtotalCents + totals.premiumCents + totals.pstCents + totals.gstCents,
        );
      }),
    );
  });

  it('prices one order as a checkout of it alone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), rates, (c, tax) => {
        expect(priceLines([c], tax)).toEqual(priceCheckout(c, tax));
      }),
    );
  });

  it('prices an empty cart as zero and rejects bad items', () => {
    expect(priceLines([])).toEqual({
      subtotalCents: 0,
      premiumCents: 0,
      pstCents: 0,
      gstCents: 0,
      totalCents: 0,
    });
    expect(() => priceLines([100, -5])).toThrow(RangeError);
  });
});

describe('allInCost', () => {
  it('is the breakdown of a checkout of that one bid', () => {
    expect(allInCost(2_500)).toEqual({
      subtotalCents: 2_500,
      premiumCents: 375,
      pstCents: 201, // 2875 x 7 % = 201.25
      gstCents: 144, // 2875 x 5 % = 143.75
      totalCents: 3_220,
    });
    expect(allInCost(2_500, NO_TAX_ON_PREMIUM)).toEqual(priceCheckout(2_500, NO_TAX_ON_PREMIUM));
  });
});

describe('resolveTaxConfig', () => {
  it('fills missing values with the defaults', () => {
    expect(resolveTaxConfig(undefined)).toEqual(DEFAULT_TAX_CONFIG);
    expect(resolveTaxConfig(null)).toEqual(DEFAULT_TAX_CONFIG);
    expect(resolveTaxConfig({ pstBp: 0 })).toEqual({ ...DEFAULT_TAX_CONFIG, pstBp: 0 });
  });

  it('taxes the premium unless applyTaxesOnPremium is explicitly false', () => {
    expect(resolveTaxConfig({}).applyTaxesOnPremium).toBe(true);
    expect(resolveTaxConfig({ applyTaxesOnPremium: true }).applyTaxesOnPremium).toBe(true);
    expect(resolveTaxConfig({ applyTaxesOnPremium: false }).applyTaxesOnPremium).toBe(false);
  });
});

describe('rateLabel', () => {
  it.each([
    [1500, '15%'],
    [700, '7%'],
    [500, '5%'],
    [750, '7.5%'],
    [1225, '12.25%'],
    [1205, '12.05%'],
    [5, '0.05%'],
    [0, '0%'],
    [10_000, '100%'],
  ])('labels %d bp as %s', (bp, label) => {
    expect(rateLabel(bp)).toBe(label);
  });
});

describe('checkoutLineLabels', () => {
  it('reads as the usual fixed labels with the defaults', () => {
    expect(checkoutLineLabels()).toEqual({
      premium: "Buyer's Premium (15%)",
      pst: 'PST (7%)',
      gst: 'GST (5%)',
    });
  });

  it("shows the location's real rates", () => {
    expect(
      checkoutLineLabels({ buyersPremiumBp: 1250, pstBp: 0, gstBp: 500, applyTaxesOnPremium: false }),
    ).toEqual({
      premium: "Buyer's Premium (12.5%)",
      pst: 'PST (0%)',
      gst: 'GST (5%)',
    });
  });
});
