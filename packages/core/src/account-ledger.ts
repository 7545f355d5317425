// The account's one ledger (docs/product.md "Account ledger"; docs/decisions/059-storage-fees-and-ledger.md):
// payments, refunds, storage fees charged and paid, and strikes, oldest first. The running figure
// is what is owed in storage fees after each line: a charge adds to it, a fee paid takes it off;
// payments, refunds and strikes leave it as it is (an order's payment settles that order at once).
import { formatCents } from './money';

export type LedgerKind = 'payment' | 'refund' | 'storage_fee_charged' | 'storage_fee_paid' | 'strike';

export interface LedgerItem {
  id: string;
  kind: LedgerKind;
  at: Date;
  amountCents: number | null;
}

/** Same instant: a fee is charged before it is paid, and money before strikes. */
const KIND_ORDER: Record<LedgerKind, number> = {
  storage_fee_charged: 0,
  storage_fee_paid: 1,
  payment: 2,
  refund: 3,
  strike: 4,
};

/** The items in date order (ties by kind, then id) with the storage owed after each. */
export function ledgerInOrder<T extends LedgerItem>(
  items: readonly T[],
): (T & { storageOwedAfterCents: number })[] {
  const sorted = [...items].sort(
    (a, b) =>
      a.at.getTime() - b.at.getTime() ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  let owed = 0;
  return sorted.map((item) => {
    if (item.kind === 'storage_fee_charged') owed += item.amountCents ?? 0;
    if (item.kind === 'storage_fee_paid') owed = Math.max(0, owed - (item.amountCents ?? 0));
    return { ...item, storageOwedAfterCents: owed };
  });
}

/**
 * The ledger's words for a payment of orders (docs/product.md "Account ledger"). `applied`: the
 * payment paid its orders. One that was applied stays 'You paid …' even when the order was refunded
 * later (a desk mark, a staff refund): the refund is a line of its own. Only a payment that was never
 * applied (its order was no longer awaiting payment) says it was sent back.
 */
export function ledgerPaymentText(p: { amountCents: number; orderCount: number; applied: boolean }): string {
  const orders = `${p.orderCount} ${p.orderCount === 1 ? 'order' : 'orders'}`;
  const paid = `You paid ${formatCents(p.amountCents)} for ${orders}`;
  return p.applied ? `${paid}.` : `${paid}; it could not be applied and is refunded.`;
}
