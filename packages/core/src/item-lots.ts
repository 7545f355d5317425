// What a shopper sees of the other units of an item (docs/product.md "The shopper: more of this
// item, sold before"; decision 092): the other lots of the same item still to bid on, and what the
// item sold for lately, with the median of those prices.

import type { OrderStatus } from './orders';

/** 'More of this item' lists at most this many lots (soonest ending first) and says how many in all. */
export const MORE_OF_ITEM_LIMIT = 12;
/** 'Sold before' looks back this many days from now, by the lot's end. */
export const SOLD_BEFORE_DAYS = 180;
/** 'Sold before' lists at most this many sales, newest first; the median is of those listed. */
export const SOLD_BEFORE_LIMIT = 10;

/**
 * An order that says its lot was paid for and the sale stands: paid, and on to pickup or handed
 * over. Pending (not paid yet), cancelled (never paid) and refunded (the money went back) do not.
 */
export const SOLD_BEFORE_ORDER_STATUSES = [
  'paid',
  'ready_for_pickup',
  'pickup_scheduled',
  'completed',
] as const satisfies readonly OrderStatus[];

/** The start of 'Sold before''s window at `now`: lots that ended after it (and by `now`) count. */
export function soldBeforeSince(now: Date): Date {
  return new Date(now.getTime() - SOLD_BEFORE_DAYS * 24 * 60 * 60_000);
}

/**
 * The median of prices in cents: the middle one of an odd count; of an even count the mean of the
 * two middle ones, a half cent rounded up ($10.00 and $10.01 give $10.01). Null for none.
 */
export function medianCents(prices: readonly number[]): number | null {
  if (prices.length === 0) return null;
  const sorted = [...prices].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[mid]!;
  const sum = sorted[mid - 1]! + sorted[mid]!;
  // Whole cents: the sum is odd exactly when the mean has a half cent, which goes up.
  return Math.ceil(sum / 2);
}

export interface Sale {
  /** When the lot ended (the day of the sale). */
  endedAt: Date;
  priceCents: number;
}

/**
 * 'Sold before' from sales the database found (won, paid, any order): those that ended within
 * SOLD_BEFORE_DAYS before `now` (and not after it), newest first, at most SOLD_BEFORE_LIMIT; and the
 * median of their prices (null when there are none).
 */
export function soldBefore<S extends Sale>(
  sales: readonly S[],
  now: Date,
): { sales: S[]; medianCents: number | null } {
  const since = soldBeforeSince(now).getTime();
  const t = now.getTime();
  const kept = sales
    .filter((s) => s.endedAt.getTime() > since && s.endedAt.getTime() <= t)
    .sort((a, b) => b.endedAt.getTime() - a.endedAt.getTime())
    .slice(0, SOLD_BEFORE_LIMIT);
  return { sales: kept, medianCents: medianCents(kept.map((s) => s.priceCents)) };
}
