// @vitest-environment jsdom
import type { PayAllQuoteResponse } from '@rebound/contract/orders';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, renderPage } from '../../test/render';
import { PayAllButton } from './PayAllButton';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

function quote(count: number, totalCents: number, canCheckout = true): PayAllQuoteResponse {
  return {
    orderIds: Array.from({ length: count }, (_, i) => id(i + 1)),
    totals: { subtotalCents: 0, premiumCents: 0, pstCents: 0, gstCents: 0, totalCents },
    canCheckout,
  };
}

describe('Pay all', () => {
  it('shows the count and the server’s total, and opens one checkout with that total', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const server = fakeServer({
      'GET /api/checkout/pay-all': quote(3, 12_880),
      'POST /api/checkout/pay-all': {
        url: 'http://rebound.test/test-checkout/cs_test_1',
        sessionId: 'cs_test_1',
        provider: 'test',
        totals: quote(3, 12_880).totals,
      },
    });
    const { user } = renderPage(<PayAllButton />);
    const button = await screen.findByRole('button', { name: 'Pay all (3) — $128.80' });
    await user.click(button);
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://rebound.test/test-checkout/cs_test_1'),
    );
    expect(server.calls('POST', '/api/checkout/pay-all')[0]?.body).toEqual({ expectedTotalCents: 12_880 });
  });

  it.each([0, 1])('is hidden with %i unpaid orders', async (count) => {
    const server = fakeServer({ 'GET /api/checkout/pay-all': quote(count, count * 11_270) });
    renderPage(<PayAllButton />);
    await vi.waitFor(() => expect(server.calls('GET', '/api/checkout/pay-all')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button', { name: /pay all/i })).toBeNull();
  });

  it('without a pickup location: disabled, with the reason', async () => {
    fakeServer({ 'GET /api/checkout/pay-all': quote(2, 5_000, false) });
    renderPage(<PayAllButton />);
    const button = (await screen.findByRole('button', { name: /Pay all \(2\)/ })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText(/select a pickup location/)).toBeTruthy();
  });

  it('a total that changed is refused with the server’s message, and the new total is asked for', async () => {
    let total = 10_000;
    const server = fakeServer({
      'GET /api/checkout/pay-all': () => quote(2, total),
      'POST /api/checkout/pay-all': () => {
        total = 11_000;
        return answer(409, {
          error: {
            code: 'pay_all_changed',
            message: 'Your unpaid orders changed since the total was shown.',
          },
        });
      },
    });
    const { user } = renderPage(<PayAllButton />);
    await user.click(await screen.findByRole('button', { name: 'Pay all (2) — $100.00' }));
    expect(await screen.findByRole('button', { name: 'Pay all (2) — $110.00' })).toBeTruthy();
    expect(server.calls('GET', '/api/checkout/pay-all')).toHaveLength(2);
  });
});
