// Checkout pricing (docs/product.md "Prices, premium and taxes"). All amounts are integer cents, all rates
// integer basis points (1500 = 15 %). For a checkout, on the sum of the items:
//   premium = subtotal x buyers' premium rate
//   PST, GST = rate x (subtotal + premium), or x subtotal alone when applyTaxesOnPremium is false
//   total = subtotal + premium + PST + GST
// Each of premium, PST and GST is rounded half-up to the cent exactly once, with integer
// arithmetic. The taxes are computed on the premium as charged (already in whole cents), so the
// receipt's lines add up the way a shopper would check them.

export type TaxConfig = {
  buyersPremiumBp: number;
  pstBp: number;
  gstBp: number;
  applyTaxesOnPremium: boolean;
};

export type PriceBreakdown = {
  subtotalCents: number;
  premiumCents: number;
  pstCents: number;
  gstCents: number;
  totalCents: number;
};

/** British Columbia defaults: 15 % buyer's premium, 7 % PST, 5 % GST, taxes on the premium too. */
export const DEFAULT_TAX_CONFIG: Readonly<TaxConfig> = Object.freeze({
  buyersPremiumBp: 1500,
  pstBp: 700,
  gstBp: 500,
  applyTaxesOnPremium: true,
});

const BP_PER_UNIT = 10_000n;
const HALF_BP_UNIT = 5_000n;

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative integer number of cents, got ${value}`);
  }
}

function assertBp(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative integer number of basis points, got ${value}`);
  }
}

/** amount x bp / 10000, rounded half-up to a whole cent, exactly (BigInt, no float). */
export function applyRateBp(amountCents: number, bp: number): number {
  assertCents(amountCents, 'amount');
  assertBp(bp, 'rate');
  return Number((BigInt(amountCents) * BigInt(bp) + HALF_BP_UNIT) / BP_PER_UNIT);
}

/**
 * Fills a location's partial tax settings with the defaults. Taxes apply to the
 * premium unless applyTaxesOnPremium is explicitly false.
 */
export function resolveTaxConfig(partial?: Partial<TaxConfig> | null): TaxConfig {
  return {
    buyersPremiumBp: partial?.buyersPremiumBp ?? DEFAULT_TAX_CONFIG.buyersPremiumBp,
    pstBp: partial?.pstBp ?? DEFAULT_TAX_CONFIG.pstBp,
    gstBp: partial?.gstBp ?? DEFAULT_TAX_CONFIG.gstBp,
    applyTaxesOnPremium: partial?.applyTaxesOnPremium !== false,
  };
}

/** Prices a checkout whose items add up to subtotalCents. */
export function priceCheckout(subtotalCents: number, tax: TaxConfig = DEFAULT_TAX_CONFIG): PriceBreakdown {
  assertCents(subtotalCents, 'subtotal');
  assertBp(tax.buyersPremiumBp, 'buyersPremiumBp');
  assertBp(tax.pstBp, 'pstBp');
  assertBp(tax.gstBp, 'gstBp');
  const premiumCents = applyRateBp(subtotalCents, tax.buyersPremiumBp);
  const taxBase = tax.applyTaxesOnPremium ? subtotalCents + premiumCents : subtotalCents;
  const pstCents = applyRateBp(taxBase, tax.pstBp);
  const gstCents = applyRateBp(taxBase, tax.gstBp);
  return {
    subtotalCents,
    premiumCents,
    pstCents,
    gstCents,
    totalCents: subtotalCents + premiumCents + pstCents + gstCents,
  };
}

/** Prices a checkout of several items: the items are summed first, then priced once. */
export function priceLines(
  itemCents: readonly number[],
  tax: TaxConfig = DEFAULT_TAX_CONFIG,
): PriceBreakdown {
  let subtotal = 0;
  for (const item of itemCents) {
    assertCents(item, 'item amount');
    subtotal += item;
  }
  return priceCheckout(subtotal, tax);
}

/**
 * The all-in cost of winning at bidCents, shown on the product page before bidding. Identical to a
 * checkout of that single item (a cart of several items is priced on their sum, so its total can
 * differ from the sum of the single-item totals by rounding cents).
 */
export function allInCost(bidCents: number, tax: TaxConfig = DEFAULT_TAX_CONFIG): PriceBreakdown {
  return priceCheckout(bidCents, tax);
}

/** 1500 -> '15%', 750 -> '7.5%', 1225 -> '12.25%', 0 -> '0%'. */
export function rateLabel(bp: number): string {
  assertBp(bp, 'rate');
  const whole = Math.floor(bp / 100);
  const fraction = bp % 100;
  if (fraction === 0) return `${whole}%`;
  const fractionText = String(fraction).padStart(2, '0').replace(/0$/, '');
  return `${whole}.${fractionText}%`;
}

export type CheckoutLineLabels = { premium: string; pst: string; gst: string };

/** The cart summary's line labels with the location's real rates. */
export function checkoutLineLabels(tax: TaxConfig = DEFAULT_TAX_CONFIG): CheckoutLineLabels {
  return {
    premium: `Buyer's Premium (${rateLabel(tax.buyersPremiumBp)})`,
    pst: `PST (${rateLabel(tax.pstBp)})`,
    gst: `GST (${rateLabel(tax.gstBp)})`,
  };
}
