// Each order's share of a checkout (docs/product.md "Prices, premium and taxes"). A checkout charges the
// sum of its orders' own figures (pricing.ts priceOrders), so each order's share is simply its own
// breakdown (orderShares). Checkouts opened before that rule were priced once on the sum of their items
// (docs/decisions/077-one-figure-per-amount.md); for one of those still paid, every order gets a share of
// each amount, proportional to its own price, in whole cents, by the largest-remainder method
// (checkoutShares):
//   1. each order gets floor(amount x itemCents / subtotal);
//   2. the cents left over (fewer than the number of orders) go one each to the orders with the
//      largest remainders, ties to the earlier order.
// So the shares of premium, PST and GST each add up exactly to the checkout's amounts, and each
// order's total (its price + its shares) adds up exactly to the checkout's total.

import { type PriceBreakdown, priceOrders, type TaxConfig } from './pricing';

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative integer number of cents, got ${value}`);
  }
}

/**
 * Splits `amountCents` into whole-cent parts proportional to `weights`, adding up exactly to it.
 * With all weights zero the amount is split evenly (remainder to the first parts).
 */
export function splitProportionally(amountCents: number, weights: readonly number[]): number[] {
  assertCents(amountCents, 'amount');
  if (weights.length === 0) {
    if (amountCents !== 0) throw new RangeError('cannot split a non-zero amount over no parts');
    return [];
  }
  for (const w of weights) assertCents(w, 'weight');
  const allZero = weights.every((w) => w === 0);
  const ws = (allZero ? weights.map(() => 1) : weights).map(BigInt);
  const sum = ws.reduce((a, b) => a + b, 0n);
  const amount = BigInt(amountCents);
  const parts = ws.map((w) => (amount * w) / sum);
  const remainders = ws.map((w, i) => ({ i, r: (amount * w) % sum }));
  let left = Number(amount - parts.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0) break;
    parts[i]! += 1n;
    left -= 1;
  }
  return parts.map(Number);
}

/**
 * Each order's share of a checkout priced as `totals`, for orders priced `itemCents` (in the same
 * order). Shares add up exactly to `totals`, field by field. `totals.subtotalCents` must be the
 * sum of the items.
 */
export function checkoutShares(totals: PriceBreakdown, itemCents: readonly number[]): PriceBreakdown[] {
  const sum = itemCents.reduce((a, b) => a + b, 0);
  if (sum !== totals.subtotalCents) {
    throw new RangeError(`items add up to ${sum}, not the subtotal ${totals.subtotalCents}`);
  }
  const premium = splitProportionally(totals.premiumCents, itemCents);
  const pst = splitProportionally(totals.pstCents, itemCents);
  const gst = splitProportionally(totals.gstCents, itemCents);
  return itemCents.map((item, i) => ({
    subtotalCents: item,
    premiumCents: premium[i]!,
    pstCents: pst[i]!,
    gstCents: gst[i]!,
    totalCents: item + premium[i]! + pst[i]! + gst[i]!,
  }));
}

const FIELDS = ['subtotalCents', 'premiumCents', 'pstCents', 'gstCents', 'totalCents'] as const;

/**
 * Each order's part of a checkout that charged `totals` at rates `tax`, for orders priced `itemCents`:
 * the order's own breakdown (priceOrders), which is what its texts told the shopper. When the orders'
 * own figures do not add up to `totals` (a checkout priced once on the sum, before that rule), the
 * proportional shares of checkoutShares, which always do.
 */
export function orderShares(
  totals: PriceBreakdown,
  itemCents: readonly number[],
  tax: TaxConfig,
): PriceBreakdown[] {
  const priced = priceOrders(itemCents, tax);
  if (FIELDS.every((f) => priced.totals[f] === totals[f])) return priced.orders;
  return checkoutShares(totals, itemCents);
}
