// @vitest-environment jsdom
import type { DeskAppointment } from '@rebound/contract/pickup';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderPage } from '../../../../test/render';
import { DeskStorageTotal } from './DeskStorageFee';

const ORDER = '00000000-0000-4000-8000-0000000000a1';

function item(over: Partial<DeskAppointment> = {}): DeskAppointment {
  return {
    orderId: ORDER,
    orderStatus: 'pickup_scheduled',
    storageFeeCents: 1_500,
    ...over,
  } as DeskAppointment;
}

const fee = (owedCents: number, paidCents: number) => ({
  orderId: ORDER,
  owedCents,
  paidCents,
  dueCents: owedCents + paidCents,
  days: 3,
});

describe("the hand-over's storage fee line", () => {
  it('says what is owed, in red, while the fee is unpaid', async () => {
    fakeServer({ [`GET /api/admin/storage-fees/orders/${ORDER}`]: fee(1_500, 0) });
    renderPage(
      <dl>
        <DeskStorageTotal items={[item()]} />
      </dl>,
    );
    const line = await screen.findByText('$15.00 owed');
    expect(line.className).toContain('text-danger-700');
  });

  it('says the fee is paid, not in red, once nothing is owed (paid online or at the desk)', async () => {
    fakeServer({ [`GET /api/admin/storage-fees/orders/${ORDER}`]: fee(0, 1_500) });
    renderPage(
      <dl>
        <DeskStorageTotal items={[item()]} />
      </dl>,
    );
    const line = await screen.findByText('Paid $15.00');
    expect(line.className).not.toContain('danger');
    expect(screen.queryByText(/owed/)).toBeNull();
  });
});
