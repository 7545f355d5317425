import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import type { ProductDetail } from '@rebound/contract/catalog';
import type { MyOrdersResponse, OrderView } from '@rebound/contract/orders';
import type { AppointmentsResponse } from '@rebound/contract/pickup';
import { API } from '@rebound/contract/routes';
import { formatShortCode } from '@rebound/core/pickup';
import { expectNoSeriousA11yViolations } from './support/axe';
import { money, signIn, toast } from './support/shopper';

// The whole pickup day (docs/product.md "Pickup", "Returns from the account", "Account ledger"):
// Ben pays his three wins in one checkout, books one visit for the three, the desk marks one item
// missing (refunded at once) and hands the other two over; Ben asks to return one of them, books a
// drop-off, staff receive and refund it; his Orders tab, his emails and his ledger show every step
// with the right amounts. The seed gives Ben three unpaid wins; the phone project pays them in
// checkout.spec.ts on its own store, so this journey runs on the desktop only.

const SHOPPER = 'ben@rebound.test';
const SHOT = (name: string) => `/tmp/pickup-day-shots/${name}.png`;
const STAFF = { email: 'staff@rebound.test', password: 'staff-demo-2026' };

test.skip(({ isMobile }) => isMobile, 'one store per project: the journey runs once, on a desktop');

type DevMessage = { recipient: string; subject: string | null; body: string };

/** Every email to Ben so far (the development mailbox, newest first). */
async function emails(api: APIRequestContext): Promise<DevMessage[]> {
  const query = new URLSearchParams({ recipient: SHOPPER, channel: 'email', limit: '100' });
  const response = await api.get(`/api/dev/messages?${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { messages: DevMessage[] }).messages;
}

/** Reloads the account page and waits for the Orders tab (the account loads its parts at once). */
async function reloadOrders(page: Page): Promise<void> {
  await page.reload();
  await expect(page.getByRole('heading', { name: /^My Orders \(\d+\)$/ })).toBeVisible({ timeout: 20_000 });
}

/** Waits for an email to Ben whose subject or body has every one of `parts`. */
async function expectEmail(api: APIRequestContext, parts: string[]): Promise<void> {
  await expect
    .poll(
      async () =>
        (await emails(api)).some((m) => parts.every((p) => `${m.subject ?? ''}\n${m.body}`.includes(p))),
      { message: `an email to Ben with ${parts.join(' + ')}`, timeout: 15_000 },
    )
    .toBe(true);
}

async function myOrders(api: APIRequestContext): Promise<OrderView[]> {
  return ((await (await api.get('/api/me/orders')).json()) as MyOrdersResponse).orders;
}

function orderRow(page: Page, id: string) {
  return page.locator(`[data-testid="order"][data-order-id="${id}"]`);
}

/** A full-page picture at desktop width and at a phone's (390 px), then back to the desktop. */
async function shots(p: Page, name: string): Promise<void> {
  const size = p.viewportSize() ?? { width: 1280, height: 720 };
  await p.screenshot({ path: SHOT(`${name}-1280`), fullPage: true });
  await p.setViewportSize({ width: 390, height: 844 });
  await p.screenshot({ path: SHOT(`${name}-390`), fullPage: true });
  await p.setViewportSize(size);
}

async function staffPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const signedIn = await page.request.post('/api/auth/sign-in', { data: STAFF });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return page;
}

test('three wins: one visit, one missing and refunded at the desk, one returned and refunded', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const ben = page.context().request;
  await signIn(ben, SHOPPER);

  // 1. Ben pays his three wins in one checkout. Only returnable lots: an earlier journey's test
  // clock may have closed a live auction Ben led, and that lot may be Final Sale (food, beauty).
  const unpaid: OrderView[] = [];
  for (const o of (await myOrders(ben)).filter((x) => x.status === 'pending')) {
    const detail = (await (await ben.get(API.product(o.product.slug))).json()) as ProductDetail;
    if (detail.product.saleTerms === 'standard' && detail.product.nonReturnableKind === null) unpaid.push(o);
  }
  expect(unpaid.length, 'the seed gives Ben at least three unpaid, returnable wins').toBeGreaterThanOrEqual(
    3,
  );
  const ids = unpaid.slice(0, 3).map((o) => o.id);
  await page.goto('/account?tab=orders');
  for (const id of ids) {
    await orderRow(page, id)
      .getByRole('button', { name: /^Pay Now/ })
      .click();
    await expect(orderRow(page, id).getByRole('button', { name: 'In Cart' })).toBeDisabled();
  }
  await page.goto('/cart');
  await expect(page.getByTestId('cart-item')).toHaveCount(3);
  const total = ((await page.getByTestId('cart-total').textContent()) ?? '').trim();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/test-checkout/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ben Demo');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByTestId('paid-total')).toHaveText(total);

  const paid = (await myOrders(ben)).filter((o) => ids.includes(o.id));
  expect(paid.map((o) => o.status)).toEqual(['paid', 'paid', 'paid']);
  const paidSum = paid.reduce((n, o) => n + (o.totalPaidCents ?? 0), 0);
  expect(money(paidSum)).toBe(total);

  // 2. One visit for the three: the pickup page lists them, all ticked; any other order stays out.
  await page.goto(`/pickup-schedule/${ids[0]}`);
  const visitList = page.getByTestId('pickup-visit-orders');
  await expect(visitList).toBeVisible();
  for (const box of await visitList.getByRole('checkbox').all()) {
    const boxId = ((await box.getAttribute('id')) ?? '').replace(/^visit-/, '');
    if (ids.includes(boxId)) await expect(box).toBeChecked();
    else {
      // The times are asked again for the orders left ticked.
      const asked = page.waitForResponse((r) => r.url().includes('/api/pickup/slots?') && r.ok());
      await box.uncheck();
      await asked;
    }
  }
  for (const o of paid) await expect(visitList).toContainText(o.product.title);
  const dates = page.getByRole('group', { name: 'Choose a date' }).getByRole('radio');
  const open = page
    .getByRole('group', { name: 'Choose a time' })
    .getByRole('radio', { name: /spots? left/, disabled: false });
  let picked = false;
  await expect(dates.first()).toBeVisible();
  for (let i = 0; i < (await dates.count()) && !picked; i++) {
    await dates.nth(i).check();
    await expect(page.getByTestId('pickup-time').first()).toBeAttached();
    if ((await open.count()) > 0) {
      await open.first().check();
      picked = true;
    }
  }
  expect(picked, 'an open pickup time for the three').toBe(true);
  await expect(page.getByTestId('pickup-summary')).toContainText('3 orders in one visit');
  await shots(page, 'pickup-visit');
  await expectNoSeriousA11yViolations(page, 'pickup page, a visit of three');
  await page.getByRole('button', { name: 'Confirm Pickup Appointment' }).click();
  await expect(toast(page, 'Pickup scheduled successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/account\?tab=orders$/);
  for (const id of ids) {
    await expect(orderRow(page, id).getByTestId('order-status')).toHaveText('Pickup Scheduled');
  }
  const appts = ((await (await ben.get('/api/me/appointments')).json()) as AppointmentsResponse).appointments;
  const visit = appts.find((a) => a.orderId === ids[0])!;
  expect([...visit.visitOrderIds].sort()).toEqual([...ids].sort());
  const codes = new Set(appts.filter((a) => ids.includes(a.orderId)).map((a) => a.shortCode));
  expect(codes.size, 'one pickup code for the visit').toBe(1);
  await expectEmail(ben, [formatShortCode(visit.shortCode!)]);

  // 3. At the desk: the visit under one code; one item is missing and refunded at once, two go home.
  const [lost, kept, back] = paid as [OrderView, OrderView, OrderView];
  const desk = await staffPage(browser, baseURL);
  await desk.goto('/admin/pickup');
  await expect(desk.getByRole('heading', { level: 1, name: 'Pickup desk' })).toBeVisible();
  const code = desk.getByLabel('Pickup code or scanned QR');
  await code.fill(formatShortCode(visit.shortCode!));
  await code.press('Enter');
  const handover = desk.getByRole('region', { name: /^Hand over/ });
  const items = handover.getByTestId('desk-items');
  for (const o of paid) await expect(items).toContainText(o.product.title);
  await shots(desk, 'desk-visit');
  const itemRow = (o: OrderView) => items.getByRole('listitem').filter({ hasText: o.product.title });
  await itemRow(lost)
    .getByRole('button', { name: /^Missing/ })
    .click();
  const confirm = itemRow(lost).getByRole('group', { name: /^Mark .+ missing$/ });
  await confirm.getByLabel('Note for staff (optional)').fill('Not on shelf B4.');
  await confirm.getByRole('button', { name: 'Refund in full: missing' }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'marked missing' })).toContainText(
    lost.product.title,
  );
  await expectEmail(ben, [lost.product.title, money(lost.totalPaidCents!)]);

  await handover.getByRole('checkbox', { name: /ID checked/ }).check();
  const early = handover.getByRole('checkbox', { name: /Hand over early/ });
  if (await early.isVisible()) await early.check();
  await expectNoSeriousA11yViolations(desk, 'admin pickup desk, a visit');
  for (const o of [kept, back]) {
    await itemRow(o)
      .getByRole('button', { name: /^Hand over/ })
      .click();
    await expect(itemRow(o)).toContainText('Handed over');
  }
  await expect(handover.getByRole('status')).toHaveText('Every item handed over. The visit is complete.');

  // Ben's Orders tab: one refunded with the reason, two completed.
  await reloadOrders(page);
  await expect(orderRow(page, lost.id).getByTestId('order-status')).toHaveText('Refunded');
  await expect(orderRow(page, lost.id).getByTestId('order-refund-note')).toHaveText(
    `Refunded ${money(lost.totalPaidCents!)} in full: the item could not be found at pickup.`,
  );
  for (const o of [kept, back]) {
    await expect(orderRow(page, o.id).getByTestId('order-status')).toHaveText('Completed');
  }

  // 4. Ben returns one of the two he took home and books a drop-off.
  const row = orderRow(page, back.id);
  await row.getByRole('button', { name: 'Request a return' }).click();
  const form = row.getByRole('form', { name: /^Request a return of / });
  await form.getByLabel('Reason').selectOption('not_as_described');
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(toast(page, 'Return requested. Book a time to bring the item back.')).toBeVisible();
  const ret = row.getByTestId('order-return');
  await expect(ret.getByTestId('return-state')).toHaveText('Return requested');
  const picker = page.getByRole('form', { name: 'Choose a drop-off time' });
  if (!(await picker.isVisible())) await ret.getByRole('button', { name: 'Book drop-off' }).click();
  const dropDates = picker.getByRole('group', { name: 'Choose a date' }).getByRole('radio');
  const dropOpen = picker
    .getByRole('group', { name: 'Choose a time' })
    .getByRole('radio', { disabled: false });
  picked = false;
  await expect(dropDates.first()).toBeVisible();
  for (let i = 0; i < (await dropDates.count()) && !picked; i++) {
    await dropDates.nth(i).check();
    await expect(
      picker.getByRole('group', { name: 'Choose a time' }).getByRole('radio').first(),
    ).toBeAttached();
    if ((await dropOpen.count()) > 0) {
      await dropOpen.first().check();
      picked = true;
    }
  }
  expect(picked, 'an open drop-off time').toBe(true);
  await picker.getByRole('button', { name: 'Book drop-off' }).click();
  await expect(ret.getByTestId('return-state')).toHaveText('Drop-off booked');
  await expectEmail(ben, ['Drop-off booked', back.product.title]);

  // 5. Staff receive the item and refund it.
  await desk.goto('/admin/returns');
  await desk.getByLabel('Search returns').fill(back.number);
  await desk
    .getByRole('table', { name: 'Returns' })
    .getByRole('link', { name: new RegExp(`#${back.number}`) })
    .click();
  const step = desk.getByRole('region', { name: 'Desk' });
  await step.getByRole('checkbox', { name: 'Undamaged' }).check();
  await step.getByRole('checkbox', { name: 'Matches the listing' }).check();
  await step.getByRole('button', { name: 'Receive return' }).click();
  const refund = step.getByRole('button', { name: /^Refund \$/ });
  await expect(refund).toBeVisible();
  const returnAmount = ((await refund.textContent()) ?? '').replace('Refund ', '').trim();
  // The item's price with its share of premium and taxes, as charged: the order's total.
  expect(returnAmount).toBe(money(back.totalPaidCents!));
  await refund.click();
  await step.getByRole('button', { name: `Confirm refund of ${returnAmount}` }).click();
  await expect(step.getByRole('status')).toContainText(`Refunded ${returnAmount}`);
  await desk.context().close();
  await expectEmail(ben, ['Return accepted', returnAmount, back.product.title]);

  // 6. Ben's Orders tab and ledger: every step with its amount.
  await reloadOrders(page);
  await expect(ret.getByTestId('return-state')).toHaveText('Refunded');
  await expect(ret.getByTestId('return-refund')).toContainText(returnAmount);
  await expect(orderRow(page, kept.id).getByTestId('order-status')).toHaveText('Completed');
  const ledger = page.getByTestId('account-ledger');
  const entries = ledger.getByTestId('ledger-entry');
  await expect(entries.filter({ hasText: 'Payment' }).filter({ hasText: total })).toHaveCount(1);
  await expect(
    entries.filter({ hasText: 'Refund' }).filter({ hasText: money(lost.totalPaidCents!) }),
  ).not.toHaveCount(0);
  await expect(entries.filter({ hasText: 'Refund' }).filter({ hasText: returnAmount })).not.toHaveCount(0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await shots(page, 'orders-and-ledger');
  await expectNoSeriousA11yViolations(page, 'account: orders with a return, and the ledger');
});
