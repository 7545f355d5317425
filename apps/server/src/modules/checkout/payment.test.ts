import type { AdminOrderDetail } from '@rebound/contract/admin-orders';
import type { CartQuoteResponse, VerifyPaymentResponse } from '@rebound/contract/orders';
import { API } from '@rebound/contract/routes';
import { allInCost } from '@rebound/core/pricing';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { startCheckout as startCheckoutFor } from '../../../test/paid-orders';
import { makeOrder } from '../../../test/won-orders';
import { recordTestPayment } from '../../adapters/payments/test';
import {
  accountSightings,
  checkoutSessions,
  notifications,
  orders,
  outbox,
  payments,
  refunds,
  testCheckoutPayments,
  users,
} from '../../db/schema';
import { syncCheckoutSession } from './sync';

// Paying: the built-in test checkout page, POST /api/checkout/verify and the one sync function.
// An order becomes paid once, whatever is retried or raced; a payment that cannot be applied is
// refunded, never applied.

let locationId: string;
// The seller's tax numbers as production sets them (config SELLER_GST_NUMBER, SELLER_PST_NUMBER).
const t = useTestApp(
  { env: { SELLER_GST_NUMBER: '987654321 RT0001', SELLER_PST_NUMBER: 'PST-8765-4321' } },
  async (t) => {
    locationId = (await makeLocation(t.db, { name: 'Burnaby Warehouse' })).id;
  },
);

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const GOOD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ava Shopper' };
const deps = () => ({
  db: t.db,
  clock: t.clock,
  provider: t.app.deps.payments,
  publish: t.app.deps.publish,
  sightingSecret: t.app.deps.config.authSecret,
});

async function shopper(): Promise<SignedInUser> {
  const u = await signedInUser(t);
  await t.db.update(users).set({ locationId }).where(eq(users.id, u.user.id));
  return u;
}

async function orderFor(u: SignedInUser, amountCents = 10_000, title?: string) {
  const { order } = await makeOrder(t.db, {
    now: t.clock.now(),
    userId: u.user.id,
    locationId,
    amountCents,
    ...(title ? { title } : {}),
  });
  return order;
}

const startCheckout = (u: SignedInUser, orderIds: string[]) => startCheckoutFor(t, u, orderIds);

const page = (sessionId: string) => t.app.inject({ url: `/test-checkout/${sessionId}` });
const pay = (sessionId: string, fields: Record<string, string> = GOOD) =>
  t.app.inject({
    method: 'POST',
    url: `/test-checkout/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });

async function verify(u: SignedInUser, sessionId: string) {
  return t.app.inject({
    method: 'POST',
    url: API.checkoutVerify,
    headers: { cookie: u.cookie },
    payload: { sessionId },
  });
}

const ordersById = (ids: string[]) => t.db.select().from(orders).where(inArray(orders.id, ids));
const sessionRow = async (providerSessionId: string) =>
  (
    await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, providerSessionId))
  )[0]!;
const paymentsOf = (checkoutId: string) =>
  t.db.select().from(payments).where(eq(payments.checkoutSessionId, checkoutId));

describe('the test checkout page', () => {
  it('is marked TEST MODE and shows the lines, the total, the labelled fields and the pay button', async () => {
    const u = await shopper();
    const a = await orderFor(u, 10_000, 'Espresso <machine> & grinder');
    const b = await orderFor(u, 2_501, 'Desk lamp');
    const c = await startCheckout(u, [a.id, b.id]);
    const res = await page(c.sessionId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('TEST MODE');
    expect(html).toContain('Espresso &lt;machine&gt; &amp; grinder');
    expect(html).not.toContain('<machine>');
    expect(html).toContain('Desk lamp');
    for (const label of ['Card number', 'Expiry', 'CVC', 'Name on card']) {
      expect(html).toMatch(new RegExp(`<label for="\\w+">${label}</label>`));
    }
    expect(html).toContain('Buyer&#39;s Premium (15%)');
    expect(html).toContain('PST (7%)');
    expect(html).toContain('GST (5%)');
    expect(html).toContain('$161.01'); // the total of 125.01 priced once
    expect(html).toContain('>Pay $161.01</button>');
    expect(html).toContain('href="/cart"');
    expect(html).not.toMatch(/<script/i);
    expect((await page('cs_test_nothing')).statusCode).toBe(404);
  });

  it('4242 pays: orders paid with shares that add up, one payment row, a receipt, then the success page', async () => {
    const u = await shopper();
    const a = await orderFor(u, 3_333);
    const b = await orderFor(u, 3_333);
    const c = await orderFor(u, 3_334);
    const co = await startCheckout(u, [a.id, b.id, c.id]);
    const res = await pay(co.sessionId);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/checkout/success?session_id=${co.sessionId}`);

    const paid = await ordersById([a.id, b.id, c.id]);
    expect(paid.every((o) => o.status === 'paid' && o.paidAt !== null)).toBe(true);
    const session = await sessionRow(co.sessionId);
    expect(session.status).toBe('paid');
    expect(paid.every((o) => o.checkoutSessionId === session.id)).toBe(true);
    const sum = (k: 'premiumCents' | 'pstCents' | 'gstCents' | 'totalCents') =>
      paid.reduce((s, o) => s + (o[k] ?? 0), 0);
    expect([sum('premiumCents'), sum('pstCents'), sum('gstCents'), sum('totalCents')]).toEqual([
      co.totals.premiumCents,
      co.totals.pstCents,
      co.totals.gstCents,
      co.totals.totalCents,
    ]);
    const rows = await paymentsOf(session.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'paid',
      provider: 'test',
      providerSessionId: co.sessionId,
      providerPaymentId: expect.stringMatching(/^pi_test_/),
      subtotalCents: 10_000,
      totalCents: co.totals.totalCents,
      refundedAt: null,
    });
    const inApp = await t.db.select().from(notifications).where(eq(notifications.userId, u.user.id));
    expect(inApp.map((n) => n.message)).toEqual([expect.stringContaining('Payment received')]);
    const mail = await t.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.userId, u.user.id),
          eq(outbox.template, 'payment_receipt'),
          eq(outbox.channel, 'email'),
        ),
      );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.payload).toMatchObject({ totalCents: co.totals.totalCents });

    // The success page's check, three times: the same answer, nothing changes again.
    for (let i = 0; i < 3; i++) {
      const v = await verify(u, co.sessionId);
      expect(v.statusCode, v.body).toBe(200);
      expect(v.json<VerifyPaymentResponse>()).toEqual({
        success: true,
        paymentStatus: 'paid',
        amountCents: co.totals.totalCents,
        orderIds: [a.id, b.id, c.id].sort(),
        message: 'Payment successful! Your orders have been confirmed.',
        storageFees: [],
        // The receipt page prints them.
        taxRegistration: { gstNumber: '987654321 RT0001', pstNumber: 'PST-8765-4321' },
      });
    }
    expect(await paymentsOf(session.id)).toHaveLength(1);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, u.user.id))).toHaveLength(
      1,
    );

    // Paying again and the page afterwards: already paid.
    expect((await pay(co.sessionId)).headers.location).toBe(`/checkout/success?session_id=${co.sessionId}`);
    const after = await page(co.sessionId);
    expect(after.body).toContain('already been paid');
    expect(after.body).toContain(`/checkout/success?session_id=${co.sessionId}`);
    expect(after.body).not.toContain('>Pay $');
  });

  it("one checkout of several orders charges exactly the sum of the all-in figures each order's texts told", async () => {
    // $30.00 and $10.00: the won notices (auctions/lifecycle.ts) and the bid form said $38.65 and $12.89
    // all-in (core allInCost); priced once on the $40.00 sum the charge would have been $51.52.
    const u = await shopper();
    const a = await orderFor(u, 3_000);
    const b = await orderFor(u, 1_000);
    const told = [allInCost(3_000).totalCents, allInCost(1_000).totalCents];
    expect(told).toEqual([3_865, 1_289]);
    const quoted = await t.app.inject({
      method: 'POST',
      url: API.cartQuote,
      headers: { cookie: u.cookie },
      payload: { orderIds: [a.id, b.id] },
    });
    expect(quoted.json<CartQuoteResponse>().totals.totalCents).toBe(5_154);
    const co = await startCheckout(u, [a.id, b.id]);
    expect(co.totals.totalCents).toBe(5_154);
    expect((await pay(co.sessionId)).statusCode).toBe(303);
    const paid = await ordersById([a.id, b.id]);
    expect(paid.find((o) => o.id === a.id)!.totalCents).toBe(3_865);
    expect(paid.find((o) => o.id === b.id)!.totalCents).toBe(1_289);
    const session = await sessionRow(co.sessionId);
    expect((await paymentsOf(session.id))[0]!.totalCents).toBe(5_154);
    const inApp = await t.db.select().from(notifications).where(eq(notifications.userId, u.user.id));
    expect(inApp.map((n) => n.message)).toEqual([
      expect.stringContaining('Payment received: $51.54 for 2 orders'),
    ]);
  });

  it('4000…0002 is declined and pays nothing; other input gets clear messages', async () => {
    const u = await shopper();
    const o = await orderFor(u, 5_000);
    const co = await startCheckout(u, [o.id]);
    const declined = await pay(co.sessionId, { ...GOOD, cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined. Please use another card.');
    expect(declined.body).toContain('TEST MODE');
    expect(declined.body).toContain('>Pay $');

    const bad = await pay(co.sessionId, { cardNumber: '1234', expiry: '13/30', cvc: 'x', name: ' ' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Enter your card number');
    expect(bad.body).toContain('Enter the expiry date as MM / YY.');
    expect(bad.body).toContain('Enter the 3 or 4 digit CVC.');
    expect(bad.body).toContain('Enter the name on the card.');
    expect(bad.body).toContain('aria-invalid="true"');
    const other = await pay(co.sessionId, { ...GOOD, cardNumber: '5105 1051 0510 5100' });
    expect(other.statusCode).toBe(422);
    expect(other.body).toContain('use the test card 4242 4242 4242 4242');

    expect((await ordersById([o.id]))[0]!.status).toBe('pending');
    expect((await sessionRow(co.sessionId)).status).toBe('open');
    expect(
      await t.db
        .select()
        .from(testCheckoutPayments)
        .where(eq(testCheckoutPayments.providerSessionId, co.sessionId)),
    ).toEqual([]);
    const v = (await verify(u, co.sessionId)).json<VerifyPaymentResponse>();
    expect(v).toMatchObject({
      success: false,
      paymentStatus: 'unpaid',
      message: 'Payment verification failed. Please contact support.',
    });
  });

  it('an expired session says so and links back to the cart; verify reports it expired', async () => {
    const u = await shopper();
    const o = await orderFor(u, 5_000);
    const co = await startCheckout(u, [o.id]);
    t.clock.advance(61 * 60_000);
    const res = await page(co.sessionId);
    expect(res.body).toContain('This checkout has expired');
    expect(res.body).toContain('href="/cart"');
    expect((await pay(co.sessionId)).statusCode).toBe(409);
    const v = (await verify(u, co.sessionId)).json<VerifyPaymentResponse>();
    expect(v).toMatchObject({ success: false, paymentStatus: 'expired' });
    expect((await sessionRow(co.sessionId)).status).toBe('expired');
    expect((await ordersById([o.id]))[0]!.status).toBe('pending');
  });
});

describe('the card that paid, for the signals of linked accounts', () => {
  it('is kept as a keyed hash of its fingerprint: two accounts paying with one card share it, another card does not', async () => {
    const [ava, ben, cy] = [await shopper(), await shopper(), await shopper()];
    const payWith = async (u: SignedInUser, cardNumber: string) => {
      const co = await startCheckout(u, [(await orderFor(u)).id]);
      expect((await pay(co.sessionId, { ...GOOD, cardNumber })).statusCode).toBe(303);
    };
    await payWith(ava, '5555 5555 5555 4444');
    await payWith(ben, '5555 5555 5555 4444');
    await payWith(cy, '4000 0566 5566 5556');
    const cards = await t.db
      .select()
      .from(accountSightings)
      .where(
        and(
          eq(accountSightings.kind, 'card'),
          inArray(accountSightings.userId, [ava.user.id, ben.user.id, cy.user.id]),
        ),
      );
    const hashOf = (id: string) => cards.filter((c) => c.userId === id).map((c) => c.valueHash);
    expect(hashOf(ava.user.id)).toHaveLength(1);
    expect(hashOf(ben.user.id)).toEqual(hashOf(ava.user.id));
    expect(hashOf(cy.user.id)).toHaveLength(1);
    expect(hashOf(cy.user.id)).not.toEqual(hashOf(ava.user.id));
    // Neither the card's number nor the provider's fingerprint is stored.
    for (const c of cards) {
      expect(c.valueHash).not.toContain('4444');
      expect(c.valueHash).not.toContain('fp_test');
    }
  });
});

describe('verify', () => {
  it("answers only the session's owner; anyone else hears what an unknown session gets", async () => {
    const u = await shopper();
    const other = await shopper();
    const o = await orderFor(u, 5_000);
    const co = await startCheckout(u, [o.id]);
    await pay(co.sessionId);
    const stranger = await verify(other, co.sessionId);
    const unknown = await verify(other, 'cs_test_unknown');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(unknown.json());
    expect(stranger.json().error.code).toBe('checkout_not_found');
    const signedOut = await t.app.inject({
      method: 'POST',
      url: API.checkoutVerify,
      payload: { sessionId: co.sessionId },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('exactly once', () => {
  it('the sync run twice changes things once', async () => {
    const u = await shopper();
    const o = await orderFor(u, 5_000);
    const co = await startCheckout(u, [o.id]);
    await recordTestPayment(t.db, t.clock.now(), {
      providerSessionId: co.sessionId,
      amountCents: co.totals.totalCents,
      cardLast4: '4242',
    });
    const first = await syncCheckoutSession(deps(), co.sessionId);
    const second = await syncCheckoutSession(deps(), co.sessionId);
    expect([first?.changed, second?.changed]).toEqual([true, false]);
    expect([first?.status, second?.status]).toEqual(['paid', 'paid']);
    expect(await syncCheckoutSession(deps(), 'cs_test_never')).toBeNull();
  });

  it('the success page and the pay handler racing: paid once, one payments row, one receipt', async () => {
    const u = await shopper();
    const a = await orderFor(u, 1_001);
    const b = await orderFor(u, 2_002);
    const co = await startCheckout(u, [a.id, b.id]);
    await recordTestPayment(t.db, t.clock.now(), {
      providerSessionId: co.sessionId,
      amountCents: co.totals.totalCents,
      cardLast4: '4242',
    });
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => syncCheckoutSession(deps(), co.sessionId)),
      verify(u, co.sessionId).then((r) => r.json<VerifyPaymentResponse>()),
      verify(u, co.sessionId).then((r) => r.json<VerifyPaymentResponse>()),
    ]);
    const syncs = results.slice(0, 6) as Awaited<ReturnType<typeof syncCheckoutSession>>[];
    expect(syncs.filter((r) => r?.changed)).toHaveLength(syncs.some((r) => r?.changed) ? 1 : 0);
    expect(syncs.every((r) => r?.status === 'paid')).toBe(true);
    expect((results.slice(6) as VerifyPaymentResponse[]).every((v) => v.success)).toBe(true);
    const session = await sessionRow(co.sessionId);
    expect(await paymentsOf(session.id)).toHaveLength(1);
    expect(
      (await ordersById([a.id, b.id])).every(
        (o) => o.status === 'paid' && o.checkoutSessionId === session.id,
      ),
    ).toBe(true);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, u.user.id))).toHaveLength(
      1,
    );
  });

  it('20 concurrent checkouts of the same cart, all paid at once: one applies, the rest are refunded', async () => {
    const u = await shopper();
    const a = await orderFor(u, 4_321);
    const b = await orderFor(u, 1_234);
    const cos = await Promise.all(Array.from({ length: 20 }, () => startCheckout(u, [a.id, b.id])));
    expect(new Set(cos.map((c) => c.sessionId)).size).toBe(20);
    for (const co of cos) {
      await recordTestPayment(t.db, t.clock.now(), {
        providerSessionId: co.sessionId,
        amountCents: co.totals.totalCents,
        cardLast4: '4242',
      });
    }
    const results = await Promise.all(cos.map((co) => syncCheckoutSession(deps(), co.sessionId)));
    expect(results.filter((r) => r?.status === 'paid')).toHaveLength(1);
    expect(results.filter((r) => r?.status === 'refunded')).toHaveLength(19);
    const winner = results.find((r) => r?.status === 'paid')!;
    const paidOrders = await ordersById([a.id, b.id]);
    expect(paidOrders.every((o) => o.status === 'paid' && o.checkoutSessionId === winner.checkoutId)).toBe(
      true,
    );

    const all = await t.db.select().from(payments).where(eq(payments.userId, u.user.id));
    expect(all).toHaveLength(20);
    expect(all.filter((p) => p.status === 'paid')).toHaveLength(1);
    const refunds = all.filter((p) => p.status === 'refunded');
    expect(refunds.every((p) => p.refundReason && p.refundedAt !== null)).toBe(true);
    // Each refunded at the "provider" too.
    const testPays = await t.db
      .select()
      .from(testCheckoutPayments)
      .where(
        inArray(
          testCheckoutPayments.providerSessionId,
          cos.map((c) => c.sessionId),
        ),
      );
    expect(testPays.filter((p) => p.status === 'refunded')).toHaveLength(19);
    // A verify of a refunded session says so.
    const lost = cos.find((c) => c.sessionId !== winner.providerSessionId)!;
    expect((await verify(u, lost.sessionId)).json<VerifyPaymentResponse>()).toMatchObject({
      success: false,
      paymentStatus: 'refunded',
    });
  });

  it('a checkout whose order is cancelled before the payment completes is refunded, never applied', async () => {
    const u = await shopper();
    const o = await orderFor(u, 8_000);
    const co = await startCheckout(u, [o.id]);
    // The 72-hour job cancels it while the shopper is on the checkout page.
    await t.db
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: t.clock.now() })
      .where(eq(orders.id, o.id));
    const res = await pay(co.sessionId);
    expect(res.statusCode).toBe(303);
    const after = (await ordersById([o.id]))[0]!;
    expect(after).toMatchObject({ status: 'cancelled', paidAt: null, checkoutSessionId: null });
    const session = await sessionRow(co.sessionId);
    expect(session.status).toBe('refunded');
    expect(session.refundedAt).not.toBeNull();
    const [p] = await paymentsOf(session.id);
    expect(p).toMatchObject({
      status: 'refunded',
      refundReason: expect.stringMatching(/no longer awaiting payment/),
    });
    const [tp] = await t.db
      .select()
      .from(testCheckoutPayments)
      .where(eq(testCheckoutPayments.providerSessionId, co.sessionId));
    expect(tp!.status).toBe('refunded');
    const v = (await verify(u, co.sessionId)).json<VerifyPaymentResponse>();
    expect(v).toMatchObject({ success: false, paymentStatus: 'refunded' });
    // No receipt for a payment that was not applied.
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.userId, u.user.id), eq(outbox.template, 'payment_receipt'))),
    ).toEqual([]);
  });
});

describe('a paid amount that is not the checkout total', () => {
  // 1 cent, or a dollar more than the total: never applied, and exactly what was captured goes back,
  // recorded among the payment's refunds (shown on the order in the back-office), once.
  for (const [label, paidOf] of [
    ['1 cent', () => 1],
    ['a dollar more', (total: number) => total + 100],
  ] as const) {
    it(`refunds exactly what was captured (${label}) and records the refund once`, async () => {
      const staff = await signedInUser(t, { role: 'staff' });
      const u = await shopper();
      const o = await orderFor(u, 5_600);
      const co = await startCheckout(u, [o.id]);
      const paid = paidOf(co.totals.totalCents);
      await recordTestPayment(t.db, t.clock.now(), {
        providerSessionId: co.sessionId,
        amountCents: paid,
        cardLast4: '4242',
      });
      const results = await Promise.all([1, 2, 3].map(() => syncCheckoutSession(deps(), co.sessionId)));
      expect(results.map((r) => r?.status)).toEqual(['refunded', 'refunded', 'refunded']);
      const session = await sessionRow(co.sessionId);
      expect(session.refundedAt).not.toBeNull();
      const [payment] = await paymentsOf(session.id);
      expect(payment).toMatchObject({
        status: 'refunded',
        totalCents: paid,
        refundReason: 'The amount paid did not match the checkout total.',
      });
      // The "provider" refunded it all: more than captured would have been refused, less kept.
      const [tp] = await t.db
        .select()
        .from(testCheckoutPayments)
        .where(eq(testCheckoutPayments.providerSessionId, co.sessionId));
      expect(tp).toMatchObject({ amountCents: paid, status: 'refunded' });

      // A later sync that finds the refund unconfirmed asks again with the same key: still one refund.
      await t.db
        .update(checkoutSessions)
        .set({ refundedAt: null })
        .where(eq(checkoutSessions.id, session.id));
      await syncCheckoutSession(deps(), co.sessionId);
      const rows = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
      expect(rows).toEqual([
        expect.objectContaining({
          amountCents: paid,
          orderId: null,
          idempotencyKey: `refund-${session.id}`,
          providerRefundId: expect.stringMatching(/^re_test_/),
        }),
      ]);
      const detail = await t.app.inject({ url: API.adminOrder(o.id), headers: { cookie: staff.cookie } });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json<AdminOrderDetail>().refunds).toEqual([
        expect.objectContaining({ amountCents: paid, pending: false }),
      ]);
      expect((await ordersById([o.id]))[0]).toMatchObject({ status: 'pending', paidAt: null });
    });
  }
});
