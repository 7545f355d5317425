import type { CreateCheckoutResponse } from '@rebound/contract/orders';
import { API } from '@rebound/contract/routes';
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders, users } from '../src/db/schema';
import { type SignedInUser, signedInUser } from './auth';
import type { TestApp } from './harness';
import { makeOrder } from './won-orders';

// Paid orders the way a shopper pays them: the real checkout (POST /api/checkout) and the built-in
// test checkout page, for the tests of what comes after payment (the desk, refunds, returns).

/** The test checkout page's form with a card it accepts. */
export const TEST_CARD_FORM = 'cardNumber=4242+4242+4242+4242&expiry=12+%2F+34&cvc=123&name=Ava+Shopper';

/** A signed-in shopper whose pickup location is `locationId`. */
export async function shopperAt(
  t: TestApp,
  locationId: string,
  over: { handle?: string; email?: string } = {},
): Promise<SignedInUser> {
  const u = await signedInUser(t, over);
  await t.db.update(users).set({ locationId }).where(eq(users.id, u.user.id));
  return u;
}

/** POST /api/checkout for the shopper's orders: the hosted checkout it opened. */
export async function startCheckout(t: TestApp, u: SignedInUser, orderIds: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: API.checkout,
    headers: { cookie: u.cookie },
    payload: { orderIds },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CreateCheckoutResponse>();
}

/** Pays the shopper's orders in one checkout through the test checkout page; their rows, now paid. */
export async function payOrders(t: TestApp, u: SignedInUser, orderIds: string[]) {
  const { sessionId } = await startCheckout(t, u, orderIds);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/test-checkout/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: TEST_CARD_FORM,
  });
  expect(paid.statusCode, paid.body).toBeLessThan(400);
  const rows = await t.db.select().from(orders).where(inArray(orders.id, orderIds));
  return orderIds.map((id) => {
    const row = rows.find((r) => r.id === id)!;
    expect(row.status).toBe('paid');
    return row;
  });
}

/** Won orders of these amounts at `locationId`, paid in one checkout; each with its product. */
export async function paidOrdersAt(t: TestApp, u: SignedInUser, locationId: string, amounts: number[]) {
  const made = [];
  for (const amountCents of amounts) {
    made.push(await makeOrder(t.db, { now: t.clock.now(), userId: u.user.id, locationId, amountCents }));
  }
  const paid = await payOrders(
    t,
    u,
    made.map((m) => m.order.id),
  );
  return made.map((m, i) => ({ order: paid[i]!, product: m.product }));
}
