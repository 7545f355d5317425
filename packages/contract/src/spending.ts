// What you could owe (docs/product.md "What you could owe"; rules in core spending.ts).
// GET /api/me/spending: 'Winning now' (the lots the shopper leads with the reserve met, all-in at their
// prices), 'At most' (all-in if every maximum of theirs won) and their spending limit.
import { z } from 'zod';
import { Cents, Instant, Uuid } from './common';

export { MAX_SPENDING_LIMIT_CENTS, MIN_SPENDING_LIMIT_CENTS } from '@rebound/core/spending';

export const WinningNowLot = z.object({
  auctionId: Uuid,
  title: z.string(),
  slug: z.string(),
  /** The lot's current price. */
  priceCents: Cents,
  /** All-in at that price: price + buyer's premium + PST + GST, as the cart would charge it. */
  totalCents: Cents,
});
export type WinningNowLot = z.infer<typeof WinningNowLot>;

export const MySpendingResponse = z.object({
  serverTime: Instant,
  winningNow: z.object({ lots: z.array(WinningNowLot), totalCents: Cents }),
  /** All-in if every maximum won (a bid group counts only as many lots as it may still win). */
  atMost: z.object({ totalCents: Cents, lots: z.number().int() }),
  /** The shopper's spending limit, all-in; null: none. */
  limitCents: Cents.nullable(),
});
export type MySpendingResponse = z.infer<typeof MySpendingResponse>;

/** The one-line explanations My Bids and the header give (docs/product.md "What you could owe"). */
export const SPENDING_TEXT = {
  winningNowLabel: 'Winning now',
  atMostLabel: 'At most',
  winningNowHelp:
    'The lots you lead with the reserve met, at their current prices, taxes and buyer’s premium included.',
  atMostHelp: 'If every maximum of yours wins, taxes and buyer’s premium included.',
  limitLabel: 'Spending limit',
  limitHelp:
    'Optional. A maximum bid or bid group that would bring “At most” above your limit is refused. Lowering it never touches bids already placed.',
  limitSaved: 'Spending limit saved',
  limitRemoved: 'Spending limit removed',
} as const;
