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

const fee = (owedCents: number, paidOnlineCents: number, paidAtDeskCents = 0, orderId = ORDER) => ({
  orderId,
  owedCents,
  paidCents: paidOnlineCents + paidAtDeskCents,
  paidOnlineCents,
  paidAtDeskCents,
  dueCents: owedCents + paidOnlineCents + paidAtDeskCents,
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
    const line = await screen.findByText('Paid $15.00 online');
    expect(line.className).not.toContain('danger');
    expect(screen.queryByText(/owed/)).toBeNull();
  });

  it('after the hand-over says what the ledger holds as paid, online and at the desk, not the fee accrued', async () => {
    // $10.00 paid online, $10.00 in cash; the item is handed over. The day list's storageFeeCents
    // (what accrued, counted its own way) is not what was paid: the line reads the fee answer.
    const SECOND = '00000000-0000-4000-8000-0000000000a2';
    fakeServer({
      [`GET /api/admin/storage-fees/orders/${ORDER}`]: fee(0, 1_000, 1_000),
      [`GET /api/admin/storage-fees/orders/${SECOND}`]: fee(0, 0, 0, SECOND),
    });
    renderPage(
      <dl>
        <DeskStorageTotal
          items={[
            item({ orderStatus: 'completed', storageFeeCents: 2_500 }),
            item({ orderId: SECOND, orderStatus: 'pickup_scheduled', storageFeeCents: 0 }),
          ]}
        />
      </dl>,
    );
    expect((await screen.findByTestId('desk-storage-total')).textContent).toBe(
      'Paid $20.00: $10.00 online, $10.00 at the desk',
    );
  });

  it('while part is owed, names what is owed and what was paid already', async () => {
    fakeServer({ [`GET /api/admin/storage-fees/orders/${ORDER}`]: fee(1_000, 1_000) });
    renderPage(
      <dl>
        <DeskStorageTotal items={[item()]} />
      </dl>,
    );
    expect(await screen.findByText('$10.00 owed (paid $10.00 online)')).toBeTruthy();
  });
});
