import type { CreateCheckoutResponse, PayAllQuoteResponse } from '@rebound/contract/orders';
import { API } from '@rebound/contract/routes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { makeOrder } from '../../../test/won-orders';
import { checkoutSessionOrders, checkoutSessions, users } from '../../db/schema';

// 'Pay all' (GET and POST /api/checkout/pay-all): the server picks every pending order of the shopper
// whose deadline is ahead, prices it with the cart's computation, and opens one checkout for them all.

let bcId: string;
const t = useTestApp({}, async (t) => {
  bcId = (await makeLocation(t.db, { name: 'Burnaby Warehouse' })).id;
});

async function shopper(locationId: string | null = bcId): Promise<SignedInUser> {
  const u = await signedInUser(t);
  await t.db.update(users).set({ locationId }).where(eq(users.id, u.user.id));
  return u;
}

type OrderOpts = Partial<Pick<Parameters<typeof makeOrder>[1], 'endedAgoMs' | 'order'>>;
const order = (u: SignedInUser, amountCents: number, over: OrderOpts = {}) =>
  makeOrder(t.db, { now: t.clock.now(), userId: u.user.id, locationId: bcId, amountCents, ...over }).then(
    (o) => o.order,
  );

async function payAllQuote(u: SignedInUser) {
  const res = await t.app.inject({ method: 'GET', url: API.checkoutPayAll, headers: { cookie: u.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PayAllQuoteResponse>();
}

const payAll = (u: SignedInUser | null, payload: { expectedTotalCents?: number } = {}) =>
  t.app.inject({
    method: 'POST',
    url: API.checkoutPayAll,
    headers: u ? { cookie: u.cookie } : {},
    payload,
  });

async function cartQuoteTotal(u: SignedInUser, orderIds: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: API.cartQuote,
    headers: { cookie: u.cookie },
    payload: { orderIds },
  });
  return res.json().totals;
}

describe('pay all', () => {
  it('is for signed-in shoppers only', async () => {
    expect((await t.app.inject({ method: 'GET', url: API.checkoutPayAll })).statusCode).toBe(401);
    expect((await payAll(null)).statusCode).toBe(401);
  });

  it('three unpaid wins: one session covering the three, at the total shown; paid, expired and others’ orders left out', async () => {
    const ava = await shopper();
    const bob = await shopper();
    const a = await order(ava, 10_000);
    const b = await order(ava, 2_501);
    const c = await order(ava, 3_333);
    // Paid, cancelled, and pending past its deadline (the deadline job has not run yet): not taken.
    await order(ava, 4_000, { order: { status: 'paid', paidAt: t.clock.now() } });
    await order(ava, 4_000, { order: { status: 'cancelled', cancelledAt: t.clock.now() } });
    const expired = await order(ava, 4_000, { endedAgoMs: 80 * 3_600_000 });
    expect(expired.paymentDueAt.getTime()).toBeLessThan(t.clock.now().getTime());
    await order(bob, 7_000);

    const q = await payAllQuote(ava);
    expect([...q.orderIds].sort()).toEqual([a.id, b.id, c.id].sort());
    expect(q.canCheckout).toBe(true);
    // The cart's own computation for the same three orders, to the cent.
    expect(q.totals).toEqual(await cartQuoteTotal(ava, [a.id, b.id, c.id]));

    const res = await payAll(ava, { expectedTotalCents: q.totals.totalCents });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CreateCheckoutResponse>();
    expect(body.totals).toEqual(q.totals);

    const sessions = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, ava.user.id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.totalCents).toBe(q.totals.totalCents);
    const lines = await t.db
      .select()
      .from(checkoutSessionOrders)
      .where(eq(checkoutSessionOrders.checkoutSessionId, sessions[0]!.id));
    expect(lines.map((l) => l.orderId).sort()).toEqual([a.id, b.id, c.id].sort());
  });

  it('a total that changed since it was shown is refused and nothing is made', async () => {
    const u = await shopper();
    await order(u, 5_000);
    const shown = (await payAllQuote(u)).totals.totalCents;
    await order(u, 1_000); // a new win arrives while the button is on screen
    const res = await payAll(u, { expectedTotalCents: shown });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('pay_all_changed');
    const rows = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, u.user.id));
    expect(rows).toEqual([]);
  });

  it('nothing to pay: an empty quote and cart_empty; no pickup location: no checkout', async () => {
    const u = await shopper();
    await order(u, 5_000, { order: { status: 'paid', paidAt: t.clock.now() } });
    expect(await payAllQuote(u)).toMatchObject({
      orderIds: [],
      canCheckout: false,
      totals: { totalCents: 0 },
    });
    const empty = await payAll(u);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('cart_empty');

    const nowhere = await shopper(null);
    await order(nowhere, 5_000);
    expect((await payAllQuote(nowhere)).canCheckout).toBe(false);
    expect((await payAll(nowhere)).json().error.code).toBe('pickup_location_required');
  });
});
