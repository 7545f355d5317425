// Checkout pricing (docs/product.md "Prices, premium and taxes"). All amounts are integer cents, all rates
// integer basis points (1500 = 15 %). Every order is priced by itself, on its own price:
//   premium = price x buyers' premium rate
//   PST, GST = rate x (subtotal + premium), or x subtotal alone when applyTaxesOnPremium is false
//   total = price + premium + PST + GST
// Each of premium, PST and GST is rounded half-up to the cent exactly once per order, with integer
// arithmetic. The taxes are computed on the premium as charged (already in whole cents), so the
// receipt's lines add up the way a shopper would check them. A checkout of several orders charges the
// sum of the orders' own figures, line by line (priceOrders): the total a shopper was told for one
// order (the won notice, the reminder, the product page's all-in cost) is exactly its part of any
// charge, and the charge is exactly the sum of what each order's texts said
// (docs/decisions/077-one-figure-per-amount.md).

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

export type PricedOrders = {
  /** Each order's own breakdown, in the order given: priceCheckout of its price. */
  orders: PriceBreakdown[];
  /** What the checkout charges: the orders' breakdowns added up, field by field. */
  totals: PriceBreakdown;
};

/**
 * Prices a checkout of several orders: each order on its own price (priceCheckout), the checkout's
 * lines the sums of the orders' lines. So totals.totalCents is exactly the sum of the orders' totals.
 */
export function priceOrders(itemCents: readonly number[], tax: TaxConfig = DEFAULT_TAX_CONFIG): PricedOrders {
  const orders = itemCents.map((item) => {
    assertCents(item, 'item amount');
    return priceCheckout(item, tax);
  });
  const totals: PriceBreakdown = {
    subtotalCents: 0,
    premiumCents: 0,
    pstCents: 0,
    gstCents: 0,
    totalCents: 0,
  };
  for (const o of orders) {
    totals.subtotalCents += o.subtotalCents;
    totals.premiumCents += o.premiumCents;
    totals.pstCents += o.pstCents;
    totals.gstCents += o.gstCents;
    totals.totalCents += o.totalCents;
  }
  return { orders, totals };
}

/** What a checkout of these orders charges (priceOrders' totals): the sum of each order's own figures. */
export function priceLines(
  itemCents: readonly number[],
  tax: TaxConfig = DEFAULT_TAX_CONFIG,
): PriceBreakdown {
  return priceOrders(itemCents, tax).totals;
}

/**
 * The all-in cost of winning at bidCents: the product page before bidding, the won notice, the payment
 * reminders. Identical to that order's part of any checkout it is paid in (priceOrders).
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
