// Storage fees settled before the visit (docs/product.md "Pickup"; docs/decisions/059-storage-fees-and-ledger.md).
// The fee itself is pickup.ts's rule ($5 per item per day from the day after the window's last day,
// frozen at the hand-over). What is owed is that fee by the day it is counted up to, less what was
// already paid: the shopper pays up to the visit day booked (today when none is booked, or when the
// booked day is past); the desk counts up to the hand-over. A visit moved to a later day makes the
// extra days owed again. Storage fees are not taxed: they are not a sale of goods, and pricing.ts's
// premium and taxes apply only to an order's price.
import type { OrderStatus } from './orders';
import { orderStorageFeeCents, STORAGE_FEE_CENTS_PER_DAY, storageFeeDays } from './pickup';
import { vancouverDateKey } from './time';

export interface FeeOrder {
  status: OrderStatus;
  auctionEnd: Date;
  completedAt: Date | null;
}

/** The instant the shopper's fee is counted up to: the booked visit when it is later than now, else now. */
export function feeCountedUntil(now: Date, visitStartsAt: Date | null): Date {
  return visitStartsAt && visitStartsAt.getTime() > now.getTime() ? visitStartsAt : now;
}

export interface FeeOwed {
  /** The whole fee by `until` (core's orderStorageFeeCents). */
  dueCents: number;
  /** What was paid already (online or at the desk). */
  paidCents: number;
  /** What is still owed: never below 0 (paying for more days than kept is not refunded). */
  owedCents: number;
  /** Charged days counted (0 before the fee starts). */
  days: number;
  /** The Vancouver date the fee is counted through. */
  throughDateKey: string;
}

/** What an order owes in storage at `until`, given what was paid on it. */
export function storageFeeOwed(order: FeeOrder, until: Date, paidCents: number, items = 1): FeeOwed {
  if (!Number.isInteger(paidCents) || paidCents < 0)
    throw new RangeError(`Paid must be whole cents: ${paidCents}`);
  const dueCents = orderStorageFeeCents(order, until, items);
  const counted = order.status === 'completed' && order.completedAt ? order.completedAt : until;
  return {
    dueCents,
    paidCents,
    owedCents: Math.max(0, dueCents - paidCents),
    days: dueCents === 0 ? 0 : storageFeeDays(order.auctionEnd, counted),
    throughDateKey: vancouverDateKey(counted),
  };
}

export { STORAGE_FEE_CENTS_PER_DAY };
