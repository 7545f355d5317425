// @vitest-environment jsdom
import type { CartItem, CartQuoteResponse } from '@rebound/contract/orders';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, renderPage } from '../../../../test/render';
import { addToCart, CART_STORAGE_KEY, forgetCartIds } from '../../../lib/cart';
import { CartPage } from './CartPage';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const GONE = '00000000-0000-4000-8000-00000000000c';

function item(orderId: string, title: string, cents: number): CartItem {
  return {
    id: `order-${orderId}`,
    orderId,
    auctionId: orderId.replace(/.$/, 'f'),
    productTitle: title,
    productSlug: title.toLowerCase().replace(/\s+/g, '-'),
    productImage: null,
    finalAmountCents: cents,
    wonDate: '2026-11-25T20:00:00.000Z',
    paymentDueAt: '2026-11-27T20:00:00.000Z',
  };
}

const lamp = item(A, 'Brass Desk Lamp', 4_000);
const kettle = item(B, 'Steel Kettle', 2_000);

/** The server's quote for the ids asked: prices at the Surrey location's rates (12% premium, no PST). */
function quoteFor(ids: string[], extra: Partial<CartQuoteResponse> = {}): CartQuoteResponse {
  const items = [lamp, kettle].filter((i) => ids.includes(i.orderId));
  const subtotal = items.reduce((s, i) => s + i.finalAmountCents, 0);
  const premium = Math.round(subtotal * 0.12);
  const gst = Math.round((subtotal + premium) * 0.05);
  return {
    items,
    dropped: ids.includes(GONE)
      ? [{ orderId: GONE, reason: 'paid', message: 'Order #00000000 was paid already.' }]
      : [],
    location: { id: '00000000-0000-4000-8000-0000000000d1', name: 'Surrey Depot' },
    rates: { buyersPremiumBp: 1200, pstBp: 0, gstBp: 500, applyTaxesOnPremium: true },
    totals: {
      subtotalCents: subtotal,
      premiumCents: premium,
      pstCents: 0,
      gstCents: gst,
      totalCents: subtotal + premium + gst,
    },
    canCheckout: items.length > 0,
    ...extra,
  };
}

/** The cart holds these ids, as the Pay Now buttons leave them. */
function cartOf(...ids: string[]) {
  for (const id of ids) addToCart(id);
}

/** The ids the cart keeps in local storage (what the next visit starts from). */
function storedIds(): string[] {
  return JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]');
}

// The cart store keeps what it read; each test starts from an empty cart.
beforeEach(() => forgetCartIds(storedIds()));

const summary = () => screen.getByRole('region', { name: 'Order Summary' });
const line = (label: string | RegExp) => within(summary()).getByText(label).nextElementSibling?.textContent;

describe('the cart summary', () => {
  it('shows the server’s totals under labels at the location’s own rates', async () => {
    cartOf(A, B);
    const server = fakeServer({
      'POST /api/cart/quote': ({ body }) => quoteFor((body as { orderIds: string[] }).orderIds),
    });
    renderPage(<CartPage />);
    expect(await screen.findByRole('region', { name: 'Order Summary' })).toBeTruthy();
    expect(within(summary()).getByText('Surrey Depot')).toBeTruthy();
    expect(line('Subtotal')).toBe('$60.00');
    expect(line("Buyer's Premium (12%)")).toBe('$7.20');
    expect(line('PST (0%)')).toBe('$0.00');
    expect(line('GST (5%)')).toBe('$3.36');
    expect(line('Total')).toBe('$70.56');
    expect(screen.getByText('2 orders waiting for payment')).toBeTruthy();
    expect(server.calls('POST', '/api/cart/quote')[0]?.body).toEqual({ orderIds: [A, B] });
  });

  it('removing a line asks for a new quote with the ids left and shows its totals', async () => {
    cartOf(A, B);
    const server = fakeServer({
      'POST /api/cart/quote': ({ body }) => quoteFor((body as { orderIds: string[] }).orderIds),
    });
    const { user } = renderPage(<CartPage />);
    await screen.findByRole('region', { name: 'Order Summary' });
    await user.click(screen.getByRole('button', { name: 'Remove Brass Desk Lamp from cart' }));
    await vi.waitFor(() => expect(line('Total')).toBe('$23.52'));
    expect(screen.getByText('1 order waiting for payment')).toBeTruthy();
    expect(screen.queryByText('Brass Desk Lamp')).toBeNull();
    expect(server.calls('POST', '/api/cart/quote').at(-1)?.body).toEqual({ orderIds: [B] });
    expect(storedIds()).toEqual([B]);
  });

  it('says why a dropped id left, and forgets it', async () => {
    cartOf(A, GONE);
    fakeServer({ 'POST /api/cart/quote': ({ body }) => quoteFor((body as { orderIds: string[] }).orderIds) });
    renderPage(<CartPage />);
    expect(await screen.findByText('Order #00000000 was paid already.')).toBeTruthy();
    expect(screen.getByText('An item was removed from your cart')).toBeTruthy();
    await vi.waitFor(() => expect(storedIds()).toEqual([A]));
  });

  it('without a pickup location: says so and checkout stays closed', async () => {
    cartOf(A);
    const server = fakeServer({
      'POST /api/cart/quote': quoteFor([A], { location: null, canCheckout: false }),
    });
    const { user } = renderPage(<CartPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Please select a pickup location in your account settings before checking out',
    );
    const proceed = screen.getByRole('button', { name: /proceed to checkout/i }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(true);
    await user.click(proceed);
    expect(server.calls('POST', '/api/checkout')).toHaveLength(0);
  });

  it('a checkout the server refuses shows its message; an answer without a page shows the catalogue’s', async () => {
    cartOf(A);
    let refuse = true;
    const server = fakeServer({
      'POST /api/cart/quote': quoteFor([A]),
      'POST /api/checkout': () =>
        refuse
          ? answer(409, {
              error: { code: 'order_not_payable', message: 'The payment window for this order has closed.' },
            })
          : { url: '', sessionId: 's1', provider: 'test', totals: quoteFor([A]).totals },
    });
    const { user } = renderPage(<CartPage />);
    await user.click(await screen.findByRole('button', { name: /proceed to checkout/i }));
    expect(await screen.findByText('The payment window for this order has closed.')).toBeTruthy();
    expect(server.calls('POST', '/api/checkout')[0]?.body).toEqual({ orderIds: [A] });

    refuse = false;
    await user.click(screen.getByRole('button', { name: /proceed to checkout/i }));
    expect(await screen.findByText('Failed to create checkout session. Please try again.')).toBeTruthy();
  });

  it('an empty cart asks the server nothing', async () => {
    const server = fakeServer({});
    renderPage(<CartPage />);
    expect(screen.getByText('Your cart is currently empty')).toBeTruthy();
    expect(server.seen).toHaveLength(0);
  });
});
