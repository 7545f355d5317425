import type { CartQuoteResponse, CreateCheckoutResponse } from '@rebound/contract/orders';
import { API } from '@rebound/contract/routes';
import { allInCost, resolveTaxConfig } from '@rebound/core/pricing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { makeOrder } from '../../../test/won-orders';
import type { PaymentProvider } from '../../adapters/payments/types';
import { checkoutSessionOrders, checkoutSessions, users } from '../../db/schema';
import { createCheckout } from './service';

// POST /api/cart/quote and POST /api/checkout: the server rebuilds the cart from the shopper's own
// pending orders, prices it at their pickup location, and refuses anything else.

let bcId: string;
let otherId: string;
const t = useTestApp({}, async (t) => {
  bcId = (await makeLocation(t.db, { name: 'Burnaby Warehouse' })).id;
  // A location with other rates: 12.5 % premium, no PST, 5 % GST, taxes on the item only.
  otherId = (
    await makeLocation(t.db, {
      name: 'Victoria Depot',
      buyersPremiumBp: 1250,
      pstBp: 0,
      gstBp: 500,
      applyTaxesOnPremium: false,
    })
  ).id;
});

async function shopperAt(locationId: string | null): Promise<SignedInUser> {
  const u = await signedInUser(t);
  await t.db.update(users).set({ locationId }).where(eq(users.id, u.user.id));
  return u;
}

const order = (u: SignedInUser, amountCents = 10_000, over: Parameters<typeof makeOrder>[1]['order'] = {}) =>
  makeOrder(t.db, { now: t.clock.now(), userId: u.user.id, locationId: bcId, amountCents, order: over }).then(
    (o) => o.order,
  );

async function quote(u: SignedInUser, orderIds: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: API.cartQuote,
    headers: { cookie: u.cookie },
    payload: { orderIds },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CartQuoteResponse>();
}

const checkout = (u: SignedInUser | null, orderIds: string[]) =>
  t.app.inject({
    method: 'POST',
    url: API.checkout,
    headers: u ? { cookie: u.cookie } : {},
    payload: { orderIds },
  });

describe('cart quote', () => {
  it('is for signed-in shoppers only', async () => {
    const res = await t.app.inject({ method: 'POST', url: API.cartQuote, payload: { orderIds: [] } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('auth_required');
  });

  it("rebuilds lines from the shopper's own pending orders and drops everything else with a note", async () => {
    const ava = await shopperAt(bcId);
    const bob = await shopperAt(bcId);
    const a1 = await order(ava, 10_000);
    const a2 = await order(ava, 2_501);
    const paid = await order(ava, 3_000, { status: 'paid', paidAt: t.clock.now() });
    const cancelled = await order(ava, 4_000, { status: 'cancelled', cancelledAt: t.clock.now() });
    const refunded = await order(ava, 4_000, { status: 'refunded' });
    const bobs = await order(bob, 5_000);
    const madeUp = '0b0e7a52-9a43-4a8e-8f0e-0d7e3c2a1b00';

    const q = await quote(ava, [
      a1.id,
      bobs.id,
      a2.id,
      paid.id,
      cancelled.id,
      refunded.id,
      madeUp,
      'nonsense',
      a1.id,
    ]);
    expect(q.items.map((i) => i.orderId)).toEqual([a1.id, a2.id]);
    expect(q.items[0]).toMatchObject({
      id: `order-${a1.id}`,
      finalAmountCents: 10_000,
      productImage: { url: expect.any(String) },
    });
    const reasons = Object.fromEntries(q.dropped.map((d) => [d.orderId, d.reason]));
    expect(reasons).toEqual({
      [bobs.id]: 'not_found',
      [paid.id]: 'paid',
      [cancelled.id]: 'cancelled',
      [refunded.id]: 'not_payable',
      [madeUp]: 'not_found',
      nonsense: 'not_found',
    });
    // Someone else's order reads exactly like a made-up id.
    const note = (id: string) => q.dropped.find((d) => d.orderId === id)!.message;
    expect(note(bobs.id)).toBe(note(madeUp));
    for (const d of q.dropped) expect(d.message.length).toBeGreaterThan(10);
    expect(q.location).toEqual({ id: bcId, name: 'Burnaby Warehouse' });
    // Priced once on the sum: 12,501 -> premium 1,875.15 -> 1875; taxes on 14,376.
    expect(q.totals).toEqual({
      subtotalCents: 12_501,
      premiumCents: 1_875,
      pstCents: 1_006,
      gstCents: 719,
      totalCents: 16_101,
    });
    expect(q.canCheckout).toBe(true);
  });

  it('without a pickup location: default rates and no checkout', async () => {
    const u = await shopperAt(null);
    const o = await order(u, 10_000);
    const q = await quote(u, [o.id]);
    expect(q.location).toBeNull();
    expect(q.rates).toEqual(resolveTaxConfig(null));
    expect(q.totals.totalCents).toBe(12_880); // 100 + 15 + 12 % of 115
    expect(q.canCheckout).toBe(false);
    const empty = await quote(u, []);
    expect(empty).toMatchObject({ items: [], dropped: [], canCheckout: false, totals: { totalCents: 0 } });
  });

  it("the bid form's all-in cost equals, to the cent, the total of a cart holding only that order", async () => {
    for (const [locationId, rates] of [
      [bcId, resolveTaxConfig(null)],
      [
        otherId,
        resolveTaxConfig({ buyersPremiumBp: 1250, pstBp: 0, gstBp: 500, applyTaxesOnPremium: false }),
      ],
    ] as const) {
      const u = await shopperAt(locationId);
      for (const cents of [100, 101, 999, 1_003, 2_501, 4_999, 12_345, 33_333, 99_999, 1_234_567]) {
        const o = await order(u, cents);
        const q = await quote(u, [o.id]);
        expect(q.rates).toEqual(rates);
        // What BidForm shows for this amount at this location (apps/web .../BidForm.tsx: allInCost).
        expect(q.totals, `${cents} at ${locationId}`).toEqual(allInCost(cents, rates));
      }
    }
  });
});

describe('checkout', () => {
  it('refuses signed-out shoppers, an empty cart, no pickup location and ids that are not payable', async () => {
    expect((await checkout(null, ['x'])).json().error.code).toBe('auth_required');

    const u = await shopperAt(bcId);
    const empty = await checkout(u, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toEqual({ code: 'cart_empty', message: 'Your cart is empty' });

    const mine = await order(u, 5_000);
    const nowhere = await shopperAt(null);
    const theirs = await order(nowhere, 5_000);
    const noLocation = await checkout(nowhere, [theirs.id]);
    expect(noLocation.statusCode).toBe(400);
    expect(noLocation.json().error).toEqual({
      code: 'pickup_location_required',
      message: 'Please select a pickup location in your account settings before checking out',
    });

    const foreign = await checkout(u, [mine.id, theirs.id]);
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().error).toMatchObject({
      code: 'cart_items_unavailable',
      details: [{ path: theirs.id, message: expect.stringMatching(/not one of your orders/) }],
    });
    const paid = await order(u, 5_000, { status: 'paid', paidAt: t.clock.now() });
    expect((await checkout(u, [paid.id])).statusCode).toBe(409);
    expect((await checkout(u, ['made-up'])).statusCode).toBe(409);
    // Nothing was created for any refusal.
    const rows = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, u.user.id));
    expect(rows).toEqual([]);
  });

  it('creates an open session at the location rates with its orders and the test checkout url', async () => {
    const u = await shopperAt(otherId);
    const a = await order(u, 10_001);
    const b = await order(u, 2_000);
    const res = await checkout(u, [a.id, b.id]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CreateCheckoutResponse>();
    expect(body.provider).toBe('test');
    expect(body.sessionId).toMatch(/^cs_test_/);
    expect(body.url).toBe(`${t.config.publicUrl}/test-checkout/${body.sessionId}`);
    expect(body.totals).toEqual(
      allInCost(
        12_001,
        resolveTaxConfig({ buyersPremiumBp: 1250, pstBp: 0, gstBp: 500, applyTaxesOnPremium: false }),
      ),
    );
    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, body.sessionId));
    expect(row).toMatchObject({
      userId: u.user.id,
      locationId: otherId,
      provider: 'test',
      status: 'open',
      totalCents: body.totals.totalCents,
      buyersPremiumBp: 1250,
      pstBp: 0,
      url: body.url,
    });
    expect(row!.expiresAt!.getTime() - row!.createdAt.getTime()).toBe(3_600_000);
    const lines = await t.db
      .select()
      .from(checkoutSessionOrders)
      .where(eq(checkoutSessionOrders.checkoutSessionId, row!.id));
    expect(lines.map((l) => [l.orderId, l.amountCents]).sort()).toEqual(
      [
        [a.id, 10_001],
        [b.id, 2_000],
      ].sort(),
    );
  });

  it('a provider failure answers checkout_failed and marks the session failed', async () => {
    const u = await shopperAt(bcId);
    const o = await order(u, 7_000);
    const seen: Parameters<PaymentProvider['createSession']>[0][] = [];
    const failing: PaymentProvider = {
      name: 'test',
      async createSession(input) {
        seen.push(input);
        throw new Error('provider down');
      },
      retrieveSession: () => Promise.reject(new Error('unused')),
      refund: () => Promise.reject(new Error('unused')),
    };
    const deps = {
      db: t.db,
      clock: t.clock,
      provider: failing,
      publicUrl: 'https://shop.example',
      publish: t.app.deps.publish,
      sightingSecret: t.app.deps.config.authSecret,
    };
    await expect(createCheckout(deps, u.user, [o.id])).rejects.toMatchObject({
      code: 'checkout_failed',
      message: 'Failed to create checkout session. Please try again.',
    });
    // The lines the provider was given: the order, then the fees with their real rates.
    expect(seen[0]!.lines.map((l) => l.name)).toEqual([
      expect.any(String),
      "Buyer's Premium (15%)",
      'PST (7%)',
      'GST (5%)',
    ]);
    expect(seen[0]!.idempotencyKey).toBe(seen[0]!.checkoutId);
    expect(seen[0]!.successUrl).toBe(
      'https://shop.example/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    );
    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, seen[0]!.checkoutId));
    expect(row).toMatchObject({ status: 'failed', providerSessionId: null });
  });
});
