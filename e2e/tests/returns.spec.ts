import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import type { MyOrdersResponse } from '@rebound/contract/orders';
import type { AvailableSlotsResponse } from '@rebound/contract/pickup';
import { expectNoSeriousA11yViolations } from './support/axe';
import { signIn, toast } from './support/shopper';

// The return journey: Ava collects a paid order at the desk (booked, staged and handed over through
// the API, as the desk journey does it in the browser), asks for a return from her Orders tab with a
// reason and a note, books a drop-off time; staff receive the item with the checklist and refund
// it; her Orders tab then says 'Refunded' with the amount.

const SHOPPER = 'ava@rebound.test';
const STAFF = { email: 'staff@rebound.test', password: 'staff-demo-2026' };

test.skip(({ isMobile }) => isMobile, 'one store per project: the journey runs once, on a desktop');

async function staffApi(baseURL: string | undefined): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/auth/sign-in', { data: STAFF });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/** One of Ava's paid orders, booked, staged and handed over: its id and number. */
async function handedOverOrder(baseURL: string | undefined): Promise<{ id: string; number: string }> {
  const ava = await request.newContext({ baseURL });
  await signIn(ava, SHOPPER);
  const mine = (await (await ava.get('/api/me/orders')).json()) as MyOrdersResponse;
  const order = mine.orders.find((o) => o.canSchedulePickup || o.isPickupScheduled);
  expect(order, 'Ava has a paid order to collect').toBeTruthy();
  if (order!.canSchedulePickup) {
    const slots = (await (
      await ava.get(`/api/pickup/slots?orderId=${order!.id}&days=14`)
    ).json()) as AvailableSlotsResponse;
    const slot = Object.values(slots.slots)
      .flat()
      .find((s) => !s.isFull && s.slotId !== slots.currentSlotId);
    expect(slot).toBeTruthy();
    const booked = await ava.post('/api/pickup/appointments', {
      data: { orderId: order!.id, slotId: slot!.slotId },
    });
    expect(booked.status(), await booked.text()).toBe(200);
  }
  await ava.dispose();

  const staff = await staffApi(baseURL);
  if (order!.status === 'paid' || order!.status === 'pickup_scheduled') {
    const ready = await staff.post(`/api/admin/pickup/orders/${order!.id}/ready`);
    expect([200, 409], await ready.text()).toContain(ready.status());
  }
  const done = await staff.post(`/api/admin/pickup/orders/${order!.id}/complete`, {
    data: { idChecked: true, early: true },
  });
  expect(done.status(), await done.text()).toBe(200);
  await staff.dispose();
  return { id: order!.id, number: order!.number };
}

/** Picks the first date with a free time, then that time. */
async function pickDropOff(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Choose a drop-off time' });
  const dates = form.getByRole('group', { name: 'Choose a date' }).getByRole('radio');
  const open = form.getByRole('group', { name: 'Choose a time' }).getByRole('radio', { disabled: false });
  // The times load after the picker opens: wait for the dates before counting them.
  await expect(dates.first()).toBeVisible();
  const count = await dates.count();
  for (let i = 0; i < count; i++) {
    await dates.nth(i).check();
    await expect(dates.nth(i)).toBeChecked();
    // The date's times are drawn after the check: wait for them before counting the open ones.
    await expect(
      form.getByRole('group', { name: 'Choose a time' }).getByRole('radio').first(),
    ).toBeAttached();
    if ((await open.count()) > 0) {
      await open.first().check();
      await expect(open.first()).toBeChecked();
      return;
    }
  }
  throw new Error('No open drop-off time');
}

test('a handed-over order is returned: asked, booked, received and refunded', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const order = await handedOverOrder(baseURL);

  // Ava asks for the return from her Orders tab.
  await signIn(page.context().request, SHOPPER);
  await page.goto('/account?tab=orders');
  const row = page.locator(`[data-testid="order"][data-order-id="${order.id}"]`);
  await expect(row.getByTestId('order-status')).toHaveText('Completed');
  await expect(row).toContainText(/Return it free by the end of \w{3}, \w{3} \d{1,2} \(PT\)\./);
  await row.getByRole('button', { name: 'Request a return' }).click();
  const form = row.getByRole('form', { name: /^Request a return of / });
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(form.getByText('Please choose a reason for the return.')).toBeVisible();
  await form.getByLabel('Reason').selectOption('missing_parts');
  await form.getByLabel(/Note/).fill('The charger was not in the box.');
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(toast(page, 'Return requested. Book a time to bring the item back.')).toBeVisible();
  const ret = row.getByTestId('order-return');
  await expect(ret.getByTestId('return-state')).toHaveText('Return requested');

  // She books a drop-off time.
  const picker = page.getByRole('form', { name: 'Choose a drop-off time' });
  if (!(await picker.isVisible())) await ret.getByRole('button', { name: 'Book drop-off' }).click();
  await pickDropOff(page);
  await picker.getByRole('button', { name: 'Book drop-off' }).click();
  await expect(ret.getByTestId('return-state')).toHaveText('Drop-off booked');
  await expect(ret.getByTestId('return-drop-off')).toContainText('PT');

  // Staff receive the item and refund it.
  const staffContext = await browser.newContext({ baseURL });
  const desk = await staffContext.newPage();
  const signedIn = await desk.request.post('/api/auth/sign-in', { data: STAFF });
  expect(signedIn.status()).toBe(200);
  await desk.goto('/admin/returns');
  await expect(desk.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  await expect(desk.getByRole('table', { name: 'Returns' })).toBeVisible();
  await expectNoSeriousA11yViolations(desk, 'admin returns list');
  await desk.getByLabel('Search returns').fill(order.number);
  await desk
    .getByRole('table', { name: 'Returns' })
    .getByRole('link', { name: new RegExp(`#${order.number}`) })
    .click();
  await expect(
    desk.getByRole('heading', { level: 1, name: `Return for order #${order.number}` }),
  ).toBeVisible();
  await expect(desk.getByRole('region', { name: 'What the shopper said' })).toContainText(
    'The charger was not in the box.',
  );
  await expectNoSeriousA11yViolations(desk, 'admin return detail');
  const step = desk.getByRole('region', { name: 'Desk' });
  await step.getByRole('checkbox', { name: 'Undamaged' }).check();
  await step.getByRole('checkbox', { name: 'Matches the listing' }).check();
  await step.getByRole('button', { name: 'Receive return' }).click();
  const refund = step.getByRole('button', { name: /^Refund \$/ });
  await expect(refund).toBeVisible();
  const amount = ((await refund.textContent()) ?? '').replace('Refund ', '').trim();
  await refund.click();
  await step.getByRole('button', { name: `Confirm refund of ${amount}` }).click();
  // The answer's refetch shows the settled return: who refunded it and when.
  await expect(step.getByRole('status')).toContainText(`Refunded ${amount}`);
  await staffContext.close();

  // Ava's Orders tab says so.
  await page.reload();
  await expect(ret.getByTestId('return-state')).toHaveText('Refunded');
  await expect(ret.getByTestId('return-refund')).toContainText(amount);
});
