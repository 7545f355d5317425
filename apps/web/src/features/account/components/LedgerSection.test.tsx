// @vitest-environment jsdom
import type { LedgerEntry } from '@rebound/contract/storage-fees';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderPage } from '../../../../test/render';
import { LedgerSection } from './LedgerSection';

function entry(id: string, over: Partial<LedgerEntry>): LedgerEntry {
  return {
    id,
    kind: 'payment',
    at: '2026-11-20T19:00:00.000Z',
    amountCents: 12_075,
    description: 'Order #a1b2c3d4',
    storageOwedAfterCents: 0,
    removed: false,
    ...over,
  } as LedgerEntry;
}

describe('the account ledger', () => {
  it('shows a payment as a positive amount labelled paid, a refund signed +, a fee charged labelled', async () => {
    fakeServer({
      'GET /api/account/ledger': {
        serverTime: '2026-11-27T19:00:00.000Z',
        storageOwedNowCents: 0,
        entries: [
          entry('p', { kind: 'payment', amountCents: 12_075 }),
          entry('c', { kind: 'storage_fee_charged', amountCents: 1_500, storageOwedAfterCents: 1_500 }),
          entry('f', { kind: 'storage_fee_paid', amountCents: 1_500 }),
          entry('r', { kind: 'refund', amountCents: 12_075 }),
        ],
      },
    });
    renderPage(<LedgerSection />);
    const amounts = (await screen.findAllByTestId('ledger-amount')).map((a) => a.textContent);
    // Newest first: the refund, the fee paid, the fee charged, the payment.
    expect(amounts).toEqual(['+$120.75refunded', '$15.00paid', '$15.00chargedowed $15.00', '$120.75paid']);
    expect(amounts.join(' ')).not.toMatch(/[−-]\$/);
  });
});
