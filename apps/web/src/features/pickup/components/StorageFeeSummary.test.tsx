// @vitest-environment jsdom
import type { StorageFeeLine } from '@rebound/contract/storage-fees';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StorageFeeSummary } from './StorageFeeSummary';

afterEach(cleanup);

const line: StorageFeeLine = {
  orderId: '00000000-0000-4000-8000-0000000000e1',
  title: 'Oak Bookshelf',
  dueCents: 2_500,
  paidCents: 1_000,
  paidOnlineCents: 1_000,
  paidAtDeskCents: 0,
  owedCents: 1_500,
  days: 5,
  fromDate: '2026-06-23',
  throughDate: '2026-06-27',
  visitStartsAt: '2026-06-27T18:00:00.000Z',
};

describe('the storage fee summary before the visit', () => {
  it('says what is owed through the visit day and pays that order online', async () => {
    const onPay = vi.fn();
    render(<StorageFeeSummary line={line} onPay={onPay} />);
    const box = screen.getByTestId('storage-fee-summary');
    expect(screen.getByRole('heading').textContent).toBe('Storage owed: $15.00');
    expect(box.textContent).toContain(
      '$5.00 per day from Tue, Jun 23 through Sat, Jun 27 (your visit): 5 days, $25.00, paid $10.00 online.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pay $15.00 online' }));
    expect(onPay).toHaveBeenCalledWith(line.orderId);
  });

  it('says it is paid with no button when nothing is owed, and shows nothing before the fee starts', () => {
    const { rerender } = render(
      <StorageFeeSummary
        line={{ ...line, paidCents: 2_500, paidOnlineCents: 2_500, owedCents: 0 }}
        onPay={() => {}}
      />,
    );
    expect(screen.getByRole('heading').textContent).toBe('Storage paid');
    expect(screen.queryByRole('button')).toBeNull();
    rerender(
      <StorageFeeSummary line={{ ...line, dueCents: 0, owedCents: 0, paidCents: 0 }} onPay={() => {}} />,
    );
    expect(screen.queryByTestId('storage-fee-summary')).toBeNull();
  });

  it("shows the server's refusal", () => {
    render(<StorageFeeSummary line={line} onPay={() => {}} error={new Error('x')} />);
    expect(screen.getByRole('alert').textContent).toBeTruthy();
  });
});
