import { expect, type Locator, type Page, test } from '@playwright/test';
import { priceCheckout, priceLines } from '@rebound/core/pricing';
import { expectNoSeriousA11yViolations } from './support/axe';
import { money, signIn, toast } from './support/shopper';

// From win to paid: the Orders tab's 'Pay Now', the cart priced by the server, the built-in
// test checkout and the success page. Both projects share one server and paying changes the orders
// for good, so each project pays with its own demo shopper (the seed gives both unpaid orders).

const SHOPPER = { desktop: 'ava@rebound.test', phone: 'ben@rebound.test' } as const;

function shopperFor(projectName: string): string {
  return projectName === 'phone' ? SHOPPER.phone : SHOPPER.desktop;
}

/** Cents from '$1,234.56'. */
function cents(text: string): number {
  return Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
}

function unpaidOrders(page: Page): Locator {
  return page.getByTestId('order').filter({ has: page.getByRole('button', { name: /^Pay Now/ }) });
}

async function openOrders(page: Page) {
  await page.goto('/account?tab=orders');
  await expect(page.getByRole('heading', { name: /^My Orders \(\d+\)$/ })).toBeVisible();
  await expect(page.getByText('Track your order status and schedule pickups')).toBeVisible();
}

/** Puts an order in the cart with 'Pay Now'; returns its id and amount. */
async function payNow(page: Page, order: Locator) {
  const id = await order.getAttribute('data-order-id');
  const amount = cents((await order.getByTestId('order-amount').textContent()) ?? '');
  await order.getByRole('button', { name: /^Pay Now/ }).click();
  await expect(toast(page, 'Added to cart').first()).toBeVisible();
  const row = page.locator(`[data-testid="order"][data-order-id="${id}"]`);
  await expect(row.getByRole('button', { name: 'In Cart' })).toBeDisabled();
  return { id: id!, amount, row };
}

async function fillCard(page: Page, card: string) {
  await expect(page.getByText('TEST MODE').first()).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Demo Shopper');
}

test('pay two orders: Orders tab, cart with the server’s premium and taxes, test checkout, success', async ({
  page,
  isMobile,
}, testInfo) => {
  test.setTimeout(60_000);
  await signIn(page.request, shopperFor(testInfo.project.name));
  await openOrders(page);

  await expect(unpaidOrders(page).first()).toBeVisible();
  expect(await unpaidOrders(page).count()).toBeGreaterThanOrEqual(2);
  // Unpaid orders say when they must be paid by.
  await expect(unpaidOrders(page).first().getByTestId('payment-due')).toContainText(/Pay by .+ left\)/);

  const first = await payNow(page, unpaidOrders(page).first());
  const second = await payNow(page, unpaidOrders(page).first());
  await expect(first.row.getByTestId('order-status')).toHaveText('Payment Required');

  // The header's cart count: on phones the header row keeps the cart in view (app/layout/SignedInHeader.tsx),
  // and the side menu has it too.
  if (isMobile) {
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 2 items' })).toBeInViewport();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByTestId('cart-count')).toHaveText('2');
    await menu.getByTestId('cart-link').click();
  } else {
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  }

  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
  const items = page.getByTestId('cart-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Won on');

  // The server's summary is core's pricing of the two orders (each priced by itself, the lines summed),
  // at the Burnaby rates.
  const price = priceLines([first.amount, second.amount]);
  const summary = page.getByTestId('cart-summary');
  await expect(summary.getByTestId('cart-location')).toHaveText('Rebound Warehouse — Burnaby');
  await expect(summary.getByTestId('cart-subtotal')).toHaveText(money(price.subtotalCents));
  await expect(summary.getByText("Buyer's Premium (15%)")).toBeVisible();
  await expect(summary.getByTestId('cart-premium')).toHaveText(money(price.premiumCents));
  await expect(summary.getByText('PST (7%)')).toBeVisible();
  await expect(summary.getByTestId('cart-pst')).toHaveText(money(price.pstCents));
  await expect(summary.getByText('GST (5%)')).toBeVisible();
  await expect(summary.getByTestId('cart-gst')).toHaveText(money(price.gstCents));
  await expect(summary.getByTestId('cart-total')).toHaveText(money(price.totalCents));
  // The toasts (sonner's own colours, mid-animation) are not the page under test.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousA11yViolations(page, '/cart');

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/test-checkout/);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: `Pay ${money(price.totalCents)}` }).click();

  await expect(page).toHaveURL(/\/checkout\/success\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByTestId('paid-total')).toHaveText(money(price.totalCents));
  await expect(toast(page, 'Payment successful! Your orders have been confirmed.')).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousA11yViolations(page, '/checkout/success');

  await page.getByRole('link', { name: 'View My Orders' }).click();
  await expect(page).toHaveURL(/\/account\?tab=orders/);
  for (const { id } of [first, second]) {
    await expect(
      page.locator(`[data-testid="order"][data-order-id="${id}"]`).getByTestId('order-status'),
    ).toHaveText('Payment Received');
  }
  await expectNoSeriousA11yViolations(page, '/account?tab=orders');

  // The cart forgot the paid orders.
  expect(await page.evaluate(() => localStorage.getItem('auction-cart'))).toBeNull();
  await page.goto('/cart');
  await expect(page.getByText('Your cart is currently empty')).toBeVisible();
});

test('a declined card leaves the order unpaid and in the cart', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signIn(page.request, shopperFor(testInfo.project.name));
  await openOrders(page);

  const order = await payNow(page, unpaidOrders(page).last());
  await page.goto('/cart');
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  const total = priceCheckout(order.amount).totalCents;
  await expect(page.getByTestId('cart-total')).toHaveText(money(total));

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/test-checkout/);
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: `Pay ${money(total)}` }).click();
  await expect(page.getByText('Your card was declined. Please use another card.').first()).toBeVisible();

  await openOrders(page);
  const row = page.locator(`[data-testid="order"][data-order-id="${order.id}"]`);
  await expect(row.getByTestId('order-status')).toHaveText('Payment Required');
  await expect(row.getByRole('button', { name: 'In Cart' })).toBeDisabled();
});

test('the success page without a session id is an error at once', async ({ page }, testInfo) => {
  await signIn(page.request, shopperFor(testInfo.project.name));
  await page.goto('/checkout/success');
  await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
  await expect(page.getByText('Payment verification failed. Please contact support.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/account');
  await page.goto('/checkout/success?session_id=cs_test_made_up');
  await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
});
