import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import type { MyOrdersResponse } from '@rebound/contract/orders';
import type { AppointmentsResponse, AvailableSlotsResponse } from '@rebound/contract/pickup';
import { formatShortCode } from '@rebound/core/pickup';
import { expectNoSeriousA11yViolations } from './support/axe';
import { signIn } from './support/shopper';

// The back-office's orders and pickup desk, as the demo staff account on a
// desktop: find an unpaid order, refund part of a paid one, and hand over a pickup booked by Ava
// (booked here through the API, as the pickup journey does) at the desk: stage it, type its code,
// check the ID, complete.

const STAFF = { email: 'staff@rebound.test', password: 'staff-demo-2026' };
const SHOT = (name: string) => `/tmp/ord-shots/${name}.png`;

test.skip(({ isMobile }) => isMobile, 'the back-office journeys run on a desktop');

async function signInStaff(page: Page) {
  const res = await page.request.post('/api/auth/sign-in', { data: STAFF });
  expect(res.status(), await res.text()).toBe(200);
}

async function avaApi(baseURL: string | undefined): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  await signIn(api, 'ava@rebound.test');
  return api;
}

test('staff find an unpaid order and refund part of a paid one', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signInStaff(page);
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  // Unpaid orders of the demo shoppers.
  await page.getByLabel('Status').selectOption('pending');
  await page.getByLabel('Search orders').fill('ava@rebound.test');
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(page.getByRole('status').filter({ hasText: /of \d+/ })).toBeVisible();
  const unpaid = table.getByRole('row').filter({ hasText: 'Payment Required' });
  await expect(unpaid.first()).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Payment Received' })).toHaveCount(0);
  await page.screenshot({ path: SHOT('orders-unpaid'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'admin orders list');
  await unpaid.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order #/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Refund' })).toContainText('This order has not been paid.');
  await page.getByRole('link', { name: 'All orders' }).click();

  // A paid order of Ava's: refund $5.00 of it, with a reason, after the confirmation step.
  const ava = await avaApi(baseURL);
  const mine = (await (await ava.get('/api/me/orders')).json()) as MyOrdersResponse;
  const paid = mine.orders.find((o) => o.status === 'paid' || o.status === 'ready_for_pickup');
  expect(paid, 'Ava has a paid order in the demo data').toBeTruthy();
  await page.getByLabel('Status').selectOption('');
  await page.getByLabel('Search orders').fill(`#${paid!.number}`);
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: new RegExp(`#${paid!.number}`) }).click();

  const refund = page.getByRole('region', { name: 'Refund' });
  const amount = refund.getByLabel('Amount (CAD)');
  await expect(amount).toHaveValue(/^\d+\.\d\d$/);
  expect(Number(await amount.inputValue()) * 100).toBeCloseTo(paid!.totalPaidCents ?? 0, 0);
  await amount.fill('5');
  await refund.getByRole('button', { name: 'Review refund' }).click();
  await expect(refund.getByText('Please give a reason (at least 3 characters).')).toBeVisible();
  await refund.getByLabel('Reason').fill('Missing power cable, agreed partial refund');
  await refund.getByRole('button', { name: 'Review refund' }).click();
  await expect(refund).toContainText('Refund $5.00 to ava@rebound.test?');
  await page.screenshot({ path: SHOT('refund-confirm'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'admin order refund confirmation');
  await refund.getByRole('button', { name: 'Refund $5.00' }).click();
  await expect(refund.getByRole('status')).toContainText('Refunded $5.00.');
  // What the shopper was told, in plain words.
  await expect(refund.getByRole('status')).toContainText(
    "We've told the shopper in their account's messages, and by email, text or push if they have those turned on for 'Auction won' messages.",
  );
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText('Missing power cable, agreed partial refund');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Refunded $5.00');
  await page.screenshot({ path: SHOT('refund-done'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'admin order detail');
  await ava.dispose();
});

test('a pickup booked by Ava is staged and handed over at the desk after the ID check', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const ava = await avaApi(baseURL);
  const mine = (await (await ava.get('/api/me/orders')).json()) as MyOrdersResponse;
  // An order not staged yet if there is one (the desk stages it first), else any bookable one.
  const order =
    mine.orders.find((o) => o.status === 'paid' && o.canSchedulePickup) ??
    mine.orders.find((o) => o.canSchedulePickup || o.isPickupScheduled);
  expect(order, 'Ava has a paid order to book').toBeTruthy();
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
  const appts = (await (await ava.get('/api/me/appointments')).json()) as AppointmentsResponse;
  const appt = appts.appointments.find((a) => a.orderId === order!.id)!;
  expect(appt.shortCode).toBeTruthy();
  await ava.dispose();

  await signInStaff(page);
  await page.goto('/admin/pickup');
  await expect(page.getByRole('heading', { level: 1, name: 'Pickup desk' })).toBeVisible();
  // The desk opens on the server's today.
  await expect(page.getByLabel('Day')).not.toHaveValue('');
  const today = await page.getByLabel('Day').inputValue();
  await page.getByLabel('Day').fill(appt.date!);
  const row = page
    .getByRole('listitem')
    .filter({ hasText: formatShortCode(appt.shortCode!) })
    .last();
  await expect(row).toBeVisible();
  await expect(row).toContainText(appt.productTitle);
  if (order!.status === 'paid') {
    await row.getByRole('button', { name: /^Mark staged/ }).click();
  }
  await expect(row.getByText('Staged', { exact: true })).toBeVisible();
  await page.screenshot({ path: SHOT('desk-day'), fullPage: true });

  // A scanner types the QR text and Enter.
  const code = page.getByLabel('Pickup code or scanned QR');
  await code.fill(`REBOUND-PICKUP:${appt.shortCode}`);
  await code.press('Enter');
  const handover = page.getByRole('region', { name: /^Hand over/ });
  await expect(handover).toContainText(appt.productTitle);
  await expect(handover).toContainText('ava@rebound.test');
  const complete = handover.getByRole('button', { name: 'Complete hand-over' });
  await expect(complete).toBeDisabled();
  await handover.getByRole('checkbox', { name: /ID checked/ }).check();
  // A pickup booked for a later day says so, and is handed over only on purpose.
  if (appt.date! > today) {
    await expect(handover.getByTestId('desk-early')).toContainText('not today');
    await expect(complete).toBeDisabled();
    await handover.getByRole('checkbox', { name: /Hand over early/ }).check();
  } else {
    await expect(handover.getByTestId('desk-early')).toHaveCount(0);
  }
  await page.screenshot({ path: SHOT('desk-handover'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'admin pickup desk');
  await complete.click();
  await expect(handover.getByRole('status')).toHaveText('Handed over. The order is completed.');
  await expect(row).toContainText('Handed over');

  // The order now reads Completed in the back-office.
  await page.goto(`/admin/orders/${order!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Order #/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Handed over (ID checked)');
});

test('the schedule editor warns before a change strands a booked pickup', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const ava = await avaApi(baseURL);
  const appts = (await (await ava.get('/api/me/appointments')).json()) as AppointmentsResponse;
  const booked = appts.appointments.find(
    (a) => a.status === 'scheduled' && a.date && a.startsAt && Date.parse(a.startsAt) > Date.now(),
  );
  await ava.dispose();
  expect(booked, 'Ava has a booked pickup in the demo data').toBeTruthy();

  await signInStaff(page);
  await page.goto('/admin/schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Pickup schedule' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save schedule' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Add a closed date').fill(booked!.date!);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await save.click();
  const warning = page.getByRole('alert').filter({ hasText: /booked pickups? outside the new hours/ });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('ava@rebound.test');
  await expect(warning).toContainText('that day would be closed');
  await page.screenshot({ path: SHOT('schedule-warning'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'admin schedule warning');
  // Nothing saved until 'Save anyway': discarding leaves the schedule as it was.
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(warning).toHaveCount(0);
  await expect(save).toBeDisabled();
});
