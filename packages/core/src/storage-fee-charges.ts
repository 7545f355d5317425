// Storage fees settled before the visit (docs/product.md "Pickup"; docs/decisions/059-storage-fees-and-ledger.md).
// The fee itself is pickup.ts's rule ($5 per item per day from the day after the window's last day,
// frozen at the hand-over). What is owed is that fee by the day it is counted up to, less what was
// already paid: the shopper pays up to the visit day booked (today when none is booked, or when the
// booked day is past); the desk counts up to the hand-over. A visit moved to a later day makes the
// extra days owed again. Storage fees are not taxed: they are not a sale of goods, and pricing.ts's
// premium and taxes apply only to an order's price.
import { formatCents } from './money';
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

/** How a storage fee charge was paid (the ledger's `storage_fee_charges.method`). */
export type FeePaymentMethod = 'online' | 'cash' | 'card_terminal';

/** One paid storage fee charge, as the ledger holds it. */
export interface FeePayment {
  amountCents: number;
  method: FeePaymentMethod | null;
}

/** An order's storage fee in the ledger's figures: what accrued, what was paid and how, what is owed. */
export interface StorageFeeFigures extends FeeOwed {
  /** Paid through an online checkout. */
  paidOnlineCents: number;
  /** Recorded by staff at the desk (cash or card terminal). */
  paidAtDeskCents: number;
}

/**
 * The one computation of an order's storage fee figures (docs/decisions/077-one-figure-per-amount.md):
 * the fee accrued by `until` (storageFeeOwed's dueCents), the paid charges of the ledger added up
 * (online and at the desk), and what is still owed. Every view of a fee (the shopper's pickup page,
 * the desk, the ledger's "owed now") reads these figures; none adds its own.
 */
export function storageFeeFigures(
  order: FeeOrder,
  until: Date,
  payments: readonly FeePayment[],
  items = 1,
): StorageFeeFigures {
  let paidOnlineCents = 0;
  let paidAtDeskCents = 0;
  for (const p of payments) {
    if (!Number.isInteger(p.amountCents) || p.amountCents < 0)
      throw new RangeError(`Paid must be whole cents: ${p.amountCents}`);
    if (p.method === 'cash' || p.method === 'card_terminal') paidAtDeskCents += p.amountCents;
    else paidOnlineCents += p.amountCents;
  }
  return {
    ...storageFeeOwed(order, until, paidOnlineCents + paidAtDeskCents, items),
    paidOnlineCents,
    paidAtDeskCents,
  };
}

/** The figures the desk and the shopper read for several orders (a visit): each field added up. */
export function sumStorageFeeFigures(
  figures: readonly Pick<
    StorageFeeFigures,
    'dueCents' | 'paidCents' | 'owedCents' | 'paidOnlineCents' | 'paidAtDeskCents'
  >[],
) {
  const sum = { dueCents: 0, paidCents: 0, owedCents: 0, paidOnlineCents: 0, paidAtDeskCents: 0 };
  for (const f of figures) {
    sum.dueCents += f.dueCents;
    sum.paidCents += f.paidCents;
    sum.owedCents += f.owedCents;
    sum.paidOnlineCents += f.paidOnlineCents;
    sum.paidAtDeskCents += f.paidAtDeskCents;
  }
  return sum;
}

type PaidFigures = Pick<StorageFeeFigures, 'paidCents' | 'paidOnlineCents' | 'paidAtDeskCents'>;

/** '$15.00 online', '$15.00 at the desk', '$20.00: $10.00 online, $10.00 at the desk'. */
function paidHow(f: PaidFigures): string {
  if (f.paidOnlineCents > 0 && f.paidAtDeskCents > 0) {
    return `${formatCents(f.paidCents)}: ${formatCents(f.paidOnlineCents)} online, ${formatCents(f.paidAtDeskCents)} at the desk`;
  }
  return `${formatCents(f.paidCents)} ${f.paidAtDeskCents > 0 ? 'at the desk' : 'online'}`;
}

/**
 * What was paid in storage, from the ledger's figures: 'Paid $15.00 online', 'Paid $15.00 at the
 * desk', 'Paid $20.00: $10.00 online, $10.00 at the desk'; 'Nothing paid' at 0.
 */
export function storageFeePaidText(f: PaidFigures): string {
  return f.paidCents > 0 ? `Paid ${paidHow(f)}` : 'Nothing paid';
}

const alreadyPaid = (f: PaidFigures) => (f.paidCents > 0 ? ` (paid ${paidHow(f)})` : '');

/** What is still owed, and what was paid already: '$10.00 owed', '$10.00 owed (paid $10.00 online)'. */
export function storageFeeOwedText(f: PaidFigures & Pick<StorageFeeFigures, 'owedCents'>): string {
  return `${formatCents(f.owedCents)} owed${alreadyPaid(f)}`;
}

/** The desk's line for one item: 'Collect $10.00 storage (paid $10.00 online)'. */
export function storageFeeCollectText(f: PaidFigures & Pick<StorageFeeFigures, 'owedCents'>): string {
  return `Collect ${formatCents(f.owedCents)} storage${alreadyPaid(f)}`;
}
