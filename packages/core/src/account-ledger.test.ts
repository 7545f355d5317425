import { describe, expect, it } from 'vitest';
import { type LedgerItem, ledgerInOrder, ledgerPaymentText } from './account-ledger';

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

describe('the ledger words for a payment', () => {
  it('an applied payment reads as paid, whatever happened to its order later', () => {
    expect(ledgerPaymentText({ amountCents: 12_880, orderCount: 1, applied: true })).toBe(
      'You paid $128.80 for 1 order.',
    );
    expect(ledgerPaymentText({ amountCents: 25_760, orderCount: 2, applied: true })).toBe(
      'You paid $257.60 for 2 orders.',
    );
  });

  it('only a payment never applied says it is sent back', () => {
    expect(ledgerPaymentText({ amountCents: 12_880, orderCount: 1, applied: false })).toBe(
      'You paid $128.80 for 1 order; it could not be applied and is refunded.',
    );
  });
});
