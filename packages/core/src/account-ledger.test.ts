import { describe, expect, it } from 'vitest';
import { type LedgerItem, ledgerInOrder } from './account-ledger';

const at = (iso: string) => new Date(iso);

describe('the account ledger', () => {
  it('puts lines in date order, a charge before its payment at the same instant, with the storage owed after each', () => {
    const items: LedgerItem[] = [
      { id: 's1', kind: 'strike', at: at('2026-06-01T10:00:00Z'), amountCents: null },
      { id: 'f2', kind: 'storage_fee_paid', at: at('2026-06-25T10:00:00Z'), amountCents: 1500 },
      { id: 'p1', kind: 'payment', at: at('2026-06-16T10:00:00Z'), amountCents: 11_500 },
      { id: 'f1', kind: 'storage_fee_charged', at: at('2026-06-25T10:00:00Z'), amountCents: 1500 },
      { id: 'r1', kind: 'refund', at: at('2026-06-20T10:00:00Z'), amountCents: 2000 },
      { id: 'f3', kind: 'storage_fee_charged', at: at('2026-06-28T10:00:00Z'), amountCents: 1000 },
    ];
    expect(ledgerInOrder(items).map((i) => [i.id, i.storageOwedAfterCents])).toEqual([
      ['s1', 0],
      ['p1', 0],
      ['r1', 0],
      ['f1', 1500],
      ['f2', 0],
      ['f3', 1000],
    ]);
  });

  it('is empty for no items', () => {
    expect(ledgerInOrder([])).toEqual([]);
  });
});
