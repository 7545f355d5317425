// Stripe Checkout end to end without the internet: the app is built with Stripe
// keys and STRIPE_API_URL pointing at a local stand-in of Stripe's API; webhooks are signed with the
// SDK's test-header helper. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { API } from '@rebound/contract/routes';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeAuction, makeLocation } from '../../../test/factories';
import { createTestApp, useTestApp } from '../../../test/harness';
import {
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  type FakeSession,
  type StripeFake,
  signStripePayload,
  startStripeFake,
} from '../../../test/stripe-fake';
import { checkoutSessions, notifications, orders, payments, users, webhookEvents } from '../../db/schema';

const HOUR = 3_600_000;
let fake: StripeFake;
let locationId: string;
const env: Record<string, string> = {
  STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
};
// Runs before useTestApp's own beforeAll (hooks run in order), so the app sees the fake's address.
beforeAll(async () => {
  fake = await startStripeFake();
  env.STRIPE_API_URL = fake.url;
});
afterAll(async () => {
  await fake?.close();
});
const t = useTestApp({ env }, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

/** A signed-in shopper with a pickup location (checkout needs one). */
async function shopper(): Promise<SignedInUser> {
  const s = await signedInUser(t);
  await t.db.update(users).set({ locationId }).where(eq(users.id, s.user.id));
  return s;
}

/** A won, unpaid order of `userId` for an auction that ended an hour ago. */
async function wonOrder(userId: string, priceCents = 12_500, title = 'Espresso machine') {
  const now = t.clock.now();
  const end = new Date(now.getTime() - HOUR);
  const { auction } = await makeAuction(t.db, {
    now,
    locationId,
    product: { title, status: 'sold' },
    auction: {
      status: 'ended',
      startTime: new Date(end.getTime() - 24 * HOUR),
      endTime: end,
      leaderUserId: userId,
      winnerUserId: userId,
      currentPriceCents: priceCents,
    },
  });
  const [order] = await t.db
    .insert(orders)
    .values({
      auctionId: auction.id,
      userId,
      locationId,
      finalAmountCents: priceCents,
      paymentDueAt: new Date(end.getTime() + 72 * HOUR),
      createdAt: end,
    })
    .returning();
  return order!;
}

async function checkout(s: SignedInUser, orderIds: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: API.checkout,
    headers: { cookie: s.cookie },
    payload: { orderIds },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ url: string; sessionId: string; provider: string; totals: { totalCents: number } }>();
}

/** One webhook delivery as Stripe makes it: these exact bytes, this signature header (null: none). */
function deliver(body: string, signature: string | null = signStripePayload(body)) {
  return t.app.inject({
    method: 'POST',
    url: API.stripeWebhook,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload: body,
  });
}

const eventBody = (type: string, session: FakeSession) => JSON.stringify(fake.event(type, session), null, 2);

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const sessionRow = async (providerSessionId: string) =>
  (
    await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, providerSessionId))
  )[0]!;
const paymentsOf = (checkoutId: string) =>
  t.db.select().from(payments).where(eq(payments.checkoutSessionId, checkoutId));
const receiptsOf = async (userId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).filter((n) =>
    n.message.startsWith('Payment received'),
  );
const retrievesOf = (sessionId: string) =>
  fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`).length;

function shuffle<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomBytes(1)[0]! % (i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

describe('Stripe Checkout', () => {
  it('creates the session at Stripe: one line per order plus premium and taxes, ids in metadata, the idempotency key', async () => {
    const ava = await shopper();
    const a = await wonOrder(ava.user.id, 12_500, 'Espresso machine');
    const b = await wonOrder(ava.user.id, 4_000, 'Desk lamp');
    const before = fake.requests.length;
    const created = await checkout(ava, [a.id, b.id]);
    expect(created.provider).toBe('stripe');
    expect(created.url).toBe(`https://checkout.stripe.com/c/pay/${created.sessionId}`);

    const row = await sessionRow(created.sessionId);
    const sent = fake.requests.slice(before).filter((r) => r.path === '/v1/checkout/sessions');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.idempotencyKey).toBe(row.id);
    const p = sent[0]!.params as {
      metadata: Record<string, string>;
      line_items: { price_data: { unit_amount: string; product_data: { name: string } } }[];
      expires_at: string;
    };
    expect(p).toMatchObject({
      mode: 'payment',
      currency: 'cad',
      client_reference_id: row.id,
      customer_email: ava.user.email,
      metadata: { checkoutId: row.id },
      success_url: `${t.config.publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(p.metadata.orderIds!.split(',').sort()).toEqual([a.id, b.id].sort());
    const lines = p.line_items.map(
      (l) => [l.price_data.product_data.name, Number(l.price_data.unit_amount)] as const,
    );
    expect(lines.map((l) => l[0])).toEqual([
      expect.any(String),
      expect.any(String),
      expect.stringMatching(/^Buyer's Premium/),
      expect.stringMatching(/^PST/),
      expect.stringMatching(/^GST/),
    ]);
    expect(
      lines
        .slice(0, 2)
        .map((l) => l[1])
        .sort((x, y) => x - y),
    ).toEqual([4_000, 12_500]);
    expect(lines.reduce((sum, l) => sum + l[1], 0)).toBe(created.totals.totalCents);
    expect(row.totalCents).toBe(created.totals.totalCents);
    // Real seconds, inside Stripe's window (the fake refuses anything else).
    expect(Number(p.expires_at)).toBeGreaterThan(Date.now() / 1000 + 1800);
  });

  it('a completed-session webhook makes the orders paid, once', async () => {
    const ava = await shopper();
    const order = await wonOrder(ava.user.id);
    const { sessionId } = await checkout(ava, [order.id]);
    const session = fake.complete(sessionId);
    const body = eventBody('checkout.session.completed', session);

    const first = await deliver(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'synced', changed: true });
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid' });
    const row = await sessionRow(sessionId);
    expect(row).toMatchObject({ status: 'paid', providerPaymentId: session.payment_intent });
    expect(await paymentsOf(row.id)).toHaveLength(1);
    expect(await receiptsOf(ava.user.id)).toHaveLength(1);

    const again = await deliver(body, signStripePayload(body));
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate', changed: false });
    expect(await paymentsOf(row.id)).toHaveLength(1);
    expect(await receiptsOf(ava.user.id)).toHaveLength(1);
  });

  it('three replays of each event in shuffled order, at once: one state change per event', async () => {
    const ava = await shopper();
    const paidOrder = await wonOrder(ava.user.id);
    const expiringOrder = await wonOrder(ava.user.id, 3_000);
    const paid = await checkout(ava, [paidOrder.id]);
    const expiring = await checkout(ava, [expiringOrder.id]);
    const completed = eventBody('checkout.session.completed', fake.complete(paid.sessionId));
    const expired = eventBody('checkout.session.expired', fake.expire(expiring.sessionId));
    const ids = [completed, expired].map((b) => JSON.parse(b).id as string);

    const deliveries = shuffle([completed, completed, completed, expired, expired, expired]);
    const answers = await Promise.all(deliveries.map((body) => deliver(body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const body of [completed, expired]) {
      const mine = answers.filter((_, i) => deliveries[i] === body).map((a) => a.json());
      expect(mine.filter((a) => a.changed)).toHaveLength(1);
    }
    // And once more, one after another: all recognised.
    for (const body of shuffle([completed, expired, completed, expired])) {
      expect((await deliver(body)).json()).toMatchObject({ outcome: 'duplicate', changed: false });
    }

    expect(await orderRow(paidOrder.id)).toMatchObject({ status: 'paid' });
    expect(await orderRow(expiringOrder.id)).toMatchObject({ status: 'pending', checkoutSessionId: null });
    expect((await sessionRow(paid.sessionId)).status).toBe('paid');
    expect((await sessionRow(expiring.sessionId)).status).toBe('expired');
    expect(await paymentsOf((await sessionRow(paid.sessionId)).id)).toHaveLength(1);
    expect(await paymentsOf((await sessionRow(expiring.sessionId)).id)).toHaveLength(0);
    expect(await receiptsOf(ava.user.id)).toHaveLength(1);
    const recorded = await t.db.select().from(webhookEvents).where(inArray(webhookEvents.id, ids));
    expect(recorded.map((r) => r.type).sort()).toEqual([
      'checkout.session.completed',
      'checkout.session.expired',
    ]);
  });

  it('refuses every forged, tampered, stale or unsigned delivery (100 %), and nothing changes', async () => {
    const ava = await shopper();
    const order = await wonOrder(ava.user.id);
    const { sessionId } = await checkout(ava, [order.id]);
    // Paid at Stripe: a delivery that got through would make the order paid.
    const session = fake.complete(sessionId);
    const body = eventBody('checkout.session.completed', session);
    const eventId = JSON.parse(body).id as string;
    const now = Math.floor(Date.now() / 1000);
    const good = signStripePayload(body, { timestamp: now });
    const v1 = good.split(',v1=')[1]!;

    const forged: { name: string; body: string; signature: string | null }[] = [];
    for (let i = 0; i < 40; i++) {
      const secret = `whsec_${randomBytes(24).toString('base64url').replace(/-/g, 'x')}`;
      forged.push({ name: `wrong secret ${i}`, body, signature: signStripePayload(body, { secret }) });
    }
    for (let i = 0; i < 30; i++) {
      // One changed byte somewhere in the body, the genuine signature kept.
      const at = 1 + ((i * 37) % (body.length - 2));
      const swapped = body[at] === 'a' ? 'b' : 'a';
      forged.push({
        name: `tampered byte ${at}`,
        body: body.slice(0, at) + swapped + body.slice(at + 1),
        signature: good,
      });
    }
    forged.push(
      {
        name: 'other session id',
        body: body.replaceAll(sessionId, `cs_test_${'x'.repeat(24)}`),
        signature: good,
      },
      { name: 'whitespace added', body: `${body}\n`, signature: good },
      { name: 're-serialised', body: JSON.stringify(JSON.parse(body)), signature: good },
    );
    for (const age of [301, 302, 600, 3_600, 86_400, 30 * 86_400]) {
      forged.push({
        name: `stale by ${age} s`,
        body,
        signature: signStripePayload(body, { timestamp: now - age }),
      });
    }
    forged.push(
      { name: 'no header', body, signature: null },
      { name: 'empty header', body, signature: '' },
      { name: 'garbage header', body, signature: 'not a signature' },
      { name: 'no timestamp', body, signature: `v1=${v1}` },
      { name: 'no v1', body, signature: `t=${now}` },
      { name: 'v0 scheme only', body, signature: `t=${now},v0=${v1}` },
      { name: 'bad timestamp', body, signature: `t=abc,v1=${v1}` },
      { name: 'timestamp moved', body, signature: `t=${now - 1},v1=${v1}` },
      { name: 'truncated signature', body, signature: `t=${now},v1=${v1.slice(0, -1)}` },
      { name: 'upper-cased signature', body, signature: `t=${now},v1=${v1.toUpperCase()}` },
      {
        name: 'signature of another body',
        body,
        signature: signStripePayload('{"id":"evt_other"}', { timestamp: now }),
      },
      { name: 'secret as signature', body, signature: `t=${now},v1=${FAKE_WEBHOOK_SECRET}` },
      { name: 'empty body', body: '', signature: signStripePayload(body, { timestamp: now }) },
    );
    for (let i = 0; forged.length < 120; i++) {
      forged.push({
        name: `random v1 ${i}`,
        body,
        signature: `t=${now},v1=${randomBytes(32).toString('hex')}`,
      });
    }

    let refused = 0;
    for (const f of forged) {
      const res = await deliver(f.body, f.signature);
      if (res.statusCode === 400 && res.json().error.code === 'webhook_signature_invalid') refused += 1;
      else expect.fail(`${f.name}: answered ${res.statusCode} ${res.body}`);
    }
    expect(refused).toBe(forged.length);
    expect(forged.length).toBeGreaterThanOrEqual(100);

    // Nothing was fetched, recorded or applied.
    expect(retrievesOf(sessionId)).toBe(0);
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId))).toHaveLength(0);
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending' });
    expect((await sessionRow(sessionId)).status).toBe('open');

    // The genuine delivery of the same bytes still goes through.
    const genuine = await deliver(body, good);
    expect(genuine.json()).toMatchObject({ outcome: 'synced', changed: true });
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid' });
  });

  it('the webhook and the success page racing: paid once, one payments row', async () => {
    for (let round = 0; round < 5; round++) {
      const ava = await shopper();
      const order = await wonOrder(ava.user.id);
      const { sessionId } = await checkout(ava, [order.id]);
      const body = eventBody('checkout.session.completed', fake.complete(sessionId));
      const verify = () =>
        t.app.inject({
          method: 'POST',
          url: API.checkoutVerify,
          headers: { cookie: ava.cookie },
          payload: { sessionId },
        });
      const [hook, page, hook2, page2] = await Promise.all([
        deliver(body),
        verify(),
        deliver(body),
        verify(),
      ]);
      expect([hook, page, hook2, page2].map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(page.json()).toMatchObject({ success: true, paymentStatus: 'paid' });
      expect(page2.json()).toMatchObject({ success: true, paymentStatus: 'paid' });
      expect(await orderRow(order.id)).toMatchObject({ status: 'paid' });
      const row = await sessionRow(sessionId);
      expect(await paymentsOf(row.id)).toHaveLength(1);
      expect(await receiptsOf(ava.user.id)).toHaveLength(1);
    }
  });

  it('a payment that completes after its order was cancelled is refunded at Stripe, never applied', async () => {
    const ava = await shopper();
    const order = await wonOrder(ava.user.id);
    const { sessionId, totals } = await checkout(ava, [order.id]);
    // The 72-hour job cancelled the order while the shopper sat on Stripe's page.
    await t.db
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: t.clock.now() })
      .where(eq(orders.id, order.id));
    const session = fake.complete(sessionId);
    const body = eventBody('checkout.session.completed', session);

    const res = await deliver(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', paidAt: null });
    const row = await sessionRow(sessionId);
    expect(row.status).toBe('refunded');
    expect(row.refundedAt).not.toBeNull();
    const [payment] = await paymentsOf(row.id);
    expect(payment).toMatchObject({ status: 'refunded', providerPaymentId: session.payment_intent });

    const refunds = fake.requests.filter(
      (r) => r.path === '/v1/refunds' && r.params.payment_intent === session.payment_intent,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      idempotencyKey: `refund-${row.id}`,
      params: { payment_intent: session.payment_intent, amount: String(totals.totalCents) },
    });

    // Replays and the success page refund nothing more.
    await deliver(body);
    await deliver(eventBody('checkout.session.completed', session));
    await t.app.inject({
      method: 'POST',
      url: API.checkoutVerify,
      headers: { cookie: ava.cookie },
      payload: { sessionId },
    });
    expect(fake.refunds.filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
    expect(await receiptsOf(ava.user.id)).toHaveLength(0);
  });

  it('when Stripe fails while syncing, the event is not recorded and its redelivery applies it', async () => {
    const ava = await shopper();
    const order = await wonOrder(ava.user.id);
    const { sessionId } = await checkout(ava, [order.id]);
    const body = eventBody('checkout.session.completed', fake.complete(sessionId));
    const eventId = JSON.parse(body).id as string;

    fake.failNext(3); // the first try and the SDK's two retries
    const failed = await deliver(body);
    expect(failed.statusCode).toBe(500);
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId))).toHaveLength(0);
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending' });

    const retried = await deliver(body);
    expect(retried.json()).toMatchObject({ outcome: 'synced', changed: true });
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid' });
  });

  it('other event types and sessions we never made are acknowledged and change nothing', async () => {
    const before = fake.requests.length;
    const other = JSON.stringify({
      ...fake.event('payment_intent.succeeded', { id: 'pi_test_123', object: 'payment_intent' }),
    });
    expect((await deliver(other)).json()).toEqual({ received: true, outcome: 'ignored', changed: false });
    expect(
      await t.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.id, JSON.parse(other).id)),
    ).toHaveLength(0);

    const stranger = eventBody('checkout.session.completed', {
      id: 'cs_test_not_ours',
      object: 'checkout.session',
    });
    expect((await deliver(stranger)).json()).toEqual({
      received: true,
      outcome: 'unknown_session',
      changed: false,
    });
    // Neither was looked up at Stripe: the sync knows the session is not ours from our own rows.
    expect(fake.requests.length).toBe(before);
  });

  it('the rest of the app still parses JSON and guards against NUL characters', async () => {
    const ava = await shopper();
    const res = await t.app.inject({
      method: 'POST',
      url: API.cartQuote,
      headers: { cookie: ava.cookie },
      payload: { orderIds: ['a\u0000b'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_characters');
  });

  it('a signed body of any shape never gets a 500', async () => {
    const shapes: unknown[] = [
      null,
      [],
      {},
      'text',
      42,
      { type: 'checkout.session.completed' },
      { id: 'evt_test_1', type: 'checkout.session.completed', data: null },
      { id: 'evt_test_2', type: 'checkout.session.completed', data: { object: null } },
      { id: 'evt_test_3', type: 'checkout.session.completed', data: { object: { id: 42 } } },
      {
        id: 'evt_test_4',
        type: 'checkout.session.expired',
        data: { object: { id: "cs_'; drop table orders; --" } },
      },
      { id: 42, type: 'checkout.session.completed', data: { object: { id: 'cs_test_x' } } },
      { id: 'evt_\u0000', type: 'checkout.session.completed', data: { object: { id: 'cs_test_x' } } },
      { id: 'evt_test_5', type: 7, data: { object: { id: 'cs_test_x' } } },
    ];
    for (const shape of shapes) {
      const res = await deliver(JSON.stringify(shape));
      expect(res.statusCode, `${JSON.stringify(shape)}: ${res.body}`).toBeLessThan(500);
    }
    const notJson = await deliver('{"id": "evt_test_6", "type": ');
    expect(notJson.statusCode).toBe(400);
  });

  it('accepts a signed event larger than the app-wide body limit (this route has its own, 256 KiB)', async () => {
    const big = JSON.stringify({
      ...fake.event('customer.updated', { id: 'cus_test_1', object: 'customer' }),
      padding: 'x'.repeat(200 * 1024),
    });
    expect(big.length).toBeGreaterThan(t.config.bodyLimitBytes);
    const res = await deliver(big);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'ignored' });
  });

  it('refuses a body over its limit before reading the signature', async () => {
    const big = JSON.stringify({ id: 'evt_big', padding: 'x'.repeat(300 * 1024) });
    const res = await deliver(big);
    expect(res.statusCode).toBe(413);
  });
});

describe('without Stripe keys', () => {
  it('the webhook is not there (404) and checkout uses the built-in test page', async () => {
    const plain = await createTestApp();
    try {
      const body = JSON.stringify({
        id: 'evt_x',
        type: 'checkout.session.completed',
        data: { object: { id: 'cs_x' } },
      });
      const res = await plain.app.inject({
        method: 'POST',
        url: API.stripeWebhook,
        headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(body) },
        payload: body,
      });
      expect(res.statusCode).toBe(404);
      expect(plain.app.deps.payments.name).toBe('test');
    } finally {
      await plain.close();
    }
  });
});
