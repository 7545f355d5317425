// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderPage } from '../../../../test/render';
import { CheckoutSuccessPage } from './CheckoutSuccessPage';

const ORDER = '00000000-0000-4000-8000-0000000000a1';
const TAX = { gstNumber: '987654321 RT0001', pstNumber: 'PST-8765-4321' };
const TAX_LINE =
  'Rebound Marketplace Inc. · GST/HST registration no. 987654321 RT0001 · PST registration no. PST-8765-4321';

describe('the payment confirmation', () => {
  it('a storage-fee payment says which storage fee was paid, with no order confirmed and nothing to book', async () => {
    fakeServer({
      'POST /api/checkout/verify': {
        success: true,
        paymentStatus: 'paid',
        amountCents: 1_500,
        orderIds: [],
        message: 'Storage fee paid. Thank you!',
        storageFees: [{ orderId: ORDER, title: 'Storage: Desk lamp (3 days)', amountCents: 1_500 }],
        taxRegistration: TAX,
      },
    });
    renderPage(<CheckoutSuccessPage />, { path: '/checkout/success?session_id=cs_test_1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Storage fee paid' })).toBeTruthy();
    expect(screen.getByTestId('paid-fee').textContent).toBe('Storage: Desk lamp (3 days)$15.00');
    expect(screen.getByTestId('paid-total').textContent).toBe('$15.00');
    expect(document.body.textContent).not.toMatch(/orders? (is|are) paid|Book a pickup|schedule/i);
    expect(screen.getByRole('link', { name: 'Back to your pickup' }).getAttribute('href')).toBe(
      `/pickup-schedule/${ORDER}`,
    );
    expect(screen.getByTestId('receipt-tax-numbers').textContent).toBe(TAX_LINE);
  });

  it('an order payment still confirms the orders and points to booking a pickup', async () => {
    fakeServer({
      'POST /api/checkout/verify': {
        success: true,
        paymentStatus: 'paid',
        amountCents: 12_075,
        orderIds: [ORDER],
        message: 'Payment successful! Your orders have been confirmed.',
        storageFees: [],
        taxRegistration: TAX,
      },
    });
    renderPage(<CheckoutSuccessPage />, { path: '/checkout/success?session_id=cs_test_2' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeTruthy();
    expect(document.body.textContent).toContain('Your order is paid and confirmed.');
    expect(document.body.textContent).toContain('Book a pickup time');
    expect(screen.getByTestId('receipt-tax-numbers').textContent).toBe(TAX_LINE);
  });
});
