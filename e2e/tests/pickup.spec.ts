import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import type { MyOrdersResponse } from '@rebound/contract/orders';
import type { AvailableSlotsResponse } from '@rebound/contract/pickup';
import { signIn, toast } from './support/shopper';

// The pickup journey: the demo shopper opens a paid order's 'Schedule Pickup', picks a
// date and a time showing 'N spots left', confirms, finds the appointment with its QR code and short
// code in the Appointments tab, and moves it to another time. Ava is the only demo shopper with a
// paid order awaiting a booking; each project has its own server and store, so both use her.

const SHOPPER = 'ava@rebound.test';

const dates = (page: Page) => page.getByRole('group', { name: 'Choose a date' }).getByRole('radio');
const openTimes = (page: Page) =>
  page
    .getByRole('group', { name: 'Choose a time' })
    .getByRole('radio', { name: /spots? left/, disabled: false });

/** Picks the first date that has a free time (other than the current one), then that time's label. */
async function pickOpenTime(page: Page): Promise<string> {
  const count = await dates(page).count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await dates(page).nth(i).check();
    if ((await openTimes(page).count()) > 0) {
      const slotId = await openTimes(page).first().getAttribute('value');
      const card = page.locator(`[data-testid="pickup-time"]:has(input[value="${slotId}"])`);
      await card.getByRole('radio').check();
      await expect(card.getByRole('radio')).toBeChecked();
      await expect(card).toContainText(/\d+ spots? left/);
      return ((await card.locator('span').first().textContent()) ?? '').trim();
    }
  }
  throw new Error('No open pickup time on any offered date');
}

test('a paid order gets a pickup time, shows in Appointments with its QR code, and moves', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signIn(context.request, SHOPPER);

  await page.goto('/account?tab=orders');
  const row = page
    .getByTestId('order')
    .filter({ has: page.getByRole('link', { name: 'Schedule Pickup' }) })
    .first();
  await expect(row).toBeVisible();
  const orderId = await row.getAttribute('data-order-id');
  expect(orderId).toBeTruthy();
  const title = ((await row.getByRole('heading').textContent()) ?? '').trim();
  const status = ((await row.getByTestId('order-status').textContent()) ?? '').trim();
  expect(['Payment Received', 'Ready for Pickup']).toContain(status);
  await row.getByRole('link', { name: 'Schedule Pickup' }).click();

  // The page: back link, the order card, then dates and times.
  await expect(page).toHaveURL(new RegExp(`/pickup-schedule/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule Pickup' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Orders' })).toHaveAttribute(
    'href',
    '/account?tab=orders',
  );
  await expect(page.getByTestId('pickup-order')).toContainText(title);
  await expect(page.getByTestId('pickup-order')).toContainText(status);

  // No time until a date is picked; picking a date clears the time.
  await expect(page.getByText('Pick a date to see its times.')).toBeVisible();
  const timeLabel = await pickOpenTime(page);
  await page.getByLabel(/Pickup Notes/).fill('  Bringing a van  ');
  await expect(page.getByTestId('pickup-summary')).toContainText(timeLabel);

  await page.getByRole('button', { name: 'Confirm Pickup Appointment' }).click();
  const booked = toast(page, 'Pickup scheduled successfully!');
  await expect(booked).toBeVisible();
  // Closed as a shopper would, so the move below must raise a toast of its own (this one can still be
  // on screen within its 4 seconds when the move is confirmed).
  await booked.getByRole('button', { name: 'Close toast' }).click();
  await expect(booked).toHaveCount(0);
  await expect(page).toHaveURL(/\/account\?tab=orders$/);
  const ordered = page.locator(`[data-testid="order"][data-order-id="${orderId}"]`);
  await expect(ordered.getByTestId('order-status')).toHaveText('Pickup Scheduled');
  await expect(ordered.getByTestId('order-pickup')).toContainText(timeLabel);

  // The Appointments tab: the time, the notes (trimmed), the short code and the QR code.
  await page.getByRole('tab', { name: 'Appointments' }).click();
  await expect(page).toHaveURL(/tab=appointments/);
  // A card stands for a visit: the order is one of its orders.
  const appointment = page.locator(`[data-testid="appointment"][data-order-ids~="${orderId}"]`);
  await expect(appointment.getByTestId('appointment-time')).toHaveText(timeLabel);
  await expect(appointment).toContainText('Bringing a van');
  await expect(appointment).toContainText(orderId!.slice(0, 8));
  await expect(appointment.getByTestId('appointment-relative-day')).toHaveText(
    /^(Today|Tomorrow|In \d+ days)$/,
  );
  await expect(appointment.getByTestId('appointment-code')).toHaveText(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/);
  const qr = appointment.getByRole('img', { name: /^QR code for pickup code / });
  await expect(qr).toBeVisible();
  await expect(qr.locator('svg path').first()).toBeAttached();

  // Move it: the page marks the current time (not choosable) and books another.
  // The visit moves as one: its page is reached through any of its orders.
  const visitOrders = ((await appointment.getAttribute('data-order-ids')) ?? '').split(' ');
  expect(visitOrders).toContain(orderId);
  await appointment.getByRole('link', { name: /^Reschedule/ }).click();
  await expect(page).toHaveURL(new RegExp(`/pickup-schedule/(${visitOrders.join('|')})$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Reschedule Pickup' })).toBeVisible();
  const current = page.locator('[data-testid="pickup-time"][data-current]');
  await expect(current).toContainText(timeLabel);
  await expect(current.getByRole('radio')).toBeDisabled();
  const newLabel = await pickOpenTime(page);
  await page.getByRole('button', { name: 'Confirm Pickup Appointment' }).click();
  await expect(booked).toBeVisible();
  await expect(page).toHaveURL(/\/account\?tab=orders$/);

  await page.getByRole('tab', { name: 'Appointments' }).click();
  await expect(appointment.getByTestId('appointment-time')).toHaveText(newLabel);
  await expect(appointment.getByTestId('appointment-code')).toHaveText(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/);
});

test('signed out, the pickup page sends the visitor to sign in; an unknown order goes to the orders', async ({
  page,
  context,
}) => {
  await page.goto('/pickup-schedule/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/auth$/);

  await signIn(context.request, SHOPPER);
  await page.goto('/pickup-schedule/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/account\?tab=orders$/);
});

/** An order of this shopper's that can be booked or moved, and its slots. */
async function bookableOrder(api: APIRequestContext) {
  const mine = (await (await api.get('/api/me/orders')).json()) as MyOrdersResponse;
  const order = mine.orders.find((o) => o.canSchedulePickup || o.isPickupScheduled);
  if (!order) return null;
  const slots = (await (
    await api.get(`/api/pickup/slots?orderId=${order.id}&days=14`)
  ).json()) as AvailableSlotsResponse;
  return { order, slots };
}

test("the open pickup page counts another shopper's booking without a reload", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await signIn(context.request, SHOPPER);
  const ava = await bookableOrder(context.request);
  expect(ava).not.toBeNull();

  // Another demo shopper with a paid order at the same warehouse, and a time both can book.
  let other: { api: APIRequestContext; orderId: string; slotId: string; date: string; spots: number } | null =
    null;
  for (const email of ['hiro', 'emma', 'felix', 'grace', 'dev', 'isla', 'jonah', 'ben', 'chloe']) {
    const api = await request.newContext({ baseURL });
    await signIn(api, `${email}@rebound.test`);
    const theirs = await bookableOrder(api);
    const shared = theirs
      ? Object.entries(theirs.slots.slots)
          .flatMap(([date, list]) => list.map((s) => ({ date, ...s })))
          .map((s) => ({ ...s, mine: ava!.slots.slots[s.date]?.find((m) => m.slotId === s.slotId) }))
          .find((s) => s.mine && s.mine.availableSpots >= 2 && s.slotId !== ava!.slots.currentSlotId)
      : undefined;
    if (theirs && shared?.mine && theirs.order.status !== 'pickup_scheduled') {
      other = {
        api,
        orderId: theirs.order.id,
        slotId: shared.slotId,
        date: shared.date,
        spots: shared.mine.availableSpots,
      };
      break;
    }
    await api.dispose();
  }
  if (!other) throw new Error('no other demo shopper can book a time Ava is offered');

  await page.goto(`/pickup-schedule/${ava!.order.id}`);
  await page
    .locator(`[data-testid="pickup-date"]:has(input[value="${other.date}"])`)
    .getByRole('radio')
    .check();
  const card = page.locator(`[data-testid="pickup-time"]:has(input[value="${other.slotId}"])`);
  await expect(card).toContainText(`${other.spots} spots left`);

  const booked = await other.api.post('/api/pickup/appointments', {
    data: { orderId: other.orderId, slotId: other.slotId },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  // The page polls only every 2 minutes: this comes over the WebSocket.
  const left = other.spots - 1;
  await expect(card).toContainText(left === 1 ? '1 spot left' : `${left} spots left`, { timeout: 5_000 });
  await other.api.dispose();
});
