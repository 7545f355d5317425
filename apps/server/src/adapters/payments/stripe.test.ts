import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  type StripeFake,
  startStripeFake,
} from '../../../test/stripe-fake';
import { loadConfig } from '../../config';
import { orderIdsMetadata, stripeExpiresAt, stripePaymentProvider } from './stripe';
import { type CreateSessionInput, type PaymentProvider, RefundRefusedError } from './types';

// The Stripe adapter against a local stand-in of Stripe's API (no internet): what it sends and how it
// reads Stripe's answers.

let fake: StripeFake;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startStripeFake();
  provider = stripePaymentProvider({
    secretKey: FAKE_STRIPE_KEY,
    webhookSecret: FAKE_WEBHOOK_SECRET,
    apiUrl: fake.url,
  });
});
afterAll(async () => {
  await fake.close();
});

const input = (over: Partial<CreateSessionInput> = {}): CreateSessionInput => ({
  checkoutId: '5c7c1a52-8f62-4a53-9d0e-0b0f5b7b3a11',
  customerEmail: 'ava@example.test',
  lines: [
    { name: 'Espresso machine', amountCents: 12_500 },
    { name: "Buyer's premium (15%)", amountCents: 1_875 },
    { name: 'PST (7%)', amountCents: 1_006 },
    { name: 'GST (5%)', amountCents: 719 },
  ],
  totalCents: 16_100,
  currency: 'cad',
  orderIds: ['0d6f6a4e-3c1b-4a57-8b0e-5c1d2a3b4c5d', '7e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b'],
  successUrl: 'http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost:3000/cart',
  expiresAt: new Date(Date.now() + 60 * 60_000),
  idempotencyKey: 'checkout-5c7c1a52-attempt-1',
  ...over,
});

describe('Stripe adapter', () => {
  it('creates a Checkout Session with one line per amount, the ids in metadata and the idempotency key', async () => {
    const before = fake.requests.length;
    const expiresAt = new Date(Math.floor(Date.now() / 1000 + 3600) * 1000);
    const created = await provider.createSession(input({ expiresAt }));
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotencyKey: 'checkout-5c7c1a52-attempt-1',
    });
    expect(sent[0]!.params).toMatchObject({
      mode: 'payment',
      currency: 'cad',
      client_reference_id: '5c7c1a52-8f62-4a53-9d0e-0b0f5b7b3a11',
      customer_email: 'ava@example.test',
      success_url: 'http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/cart',
      expires_at: String(expiresAt.getTime() / 1000),
      metadata: {
        checkoutId: '5c7c1a52-8f62-4a53-9d0e-0b0f5b7b3a11',
        orderIds: '0d6f6a4e-3c1b-4a57-8b0e-5c1d2a3b4c5d,7e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
      },
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'cad', unit_amount: '12500', product_data: { name: 'Espresso machine' } },
        },
        {
          quantity: '1',
          price_data: {
            currency: 'cad',
            unit_amount: '1875',
            product_data: { name: "Buyer's premium (15%)" },
          },
        },
        {
          quantity: '1',
          price_data: { currency: 'cad', unit_amount: '1006', product_data: { name: 'PST (7%)' } },
        },
        {
          quantity: '1',
          price_data: { currency: 'cad', unit_amount: '719', product_data: { name: 'GST (5%)' } },
        },
      ],
    });
    expect(created.providerSessionId).toMatch(/^cs_test_/);
    expect(created.url).toBe(`https://checkout.stripe.com/c/pay/${created.providerSessionId}`);
  });

  it('a retried create with the same key gets the same session', async () => {
    const key = `retry-${Date.now()}`;
    const a = await provider.createSession(input({ idempotencyKey: key }));
    const b = await provider.createSession(input({ idempotencyKey: key }));
    expect(b.providerSessionId).toBe(a.providerSessionId);
  });

  it("retries once through Stripe's 500 with the same idempotency key", async () => {
    const key = `flaky-${Date.now()}`;
    const before = fake.requests.length;
    fake.failNext(1);
    const created = await provider.createSession(input({ idempotencyKey: key }));
    const sent = fake.requests.slice(before);
    expect(sent.map((r) => r.idempotencyKey)).toEqual([key, key]);
    expect(fake.sessions.has(created.providerSessionId)).toBe(true);
  });

  it("reads a session's state: open, then complete and paid with its PaymentIntent, or expired", async () => {
    const { providerSessionId } = await provider.createSession(
      input({ idempotencyKey: `state-${Date.now()}` }),
    );
    expect(await provider.retrieveSession(providerSessionId)).toEqual({
      providerSessionId,
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotalCents: 16_100,
      paymentId: null,
      checkoutId: '5c7c1a52-8f62-4a53-9d0e-0b0f5b7b3a11',
      cardFingerprint: null,
    });
    const paid = fake.complete(providerSessionId, 'fp_ava_card');
    expect(await provider.retrieveSession(providerSessionId)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      paymentId: paid.payment_intent,
      // The card's fingerprint, read with the PaymentIntent's method expanded in the same call.
      cardFingerprint: 'fp_ava_card',
    });
    const other = await provider.createSession(input({ idempotencyKey: `expire-${Date.now()}` }));
    fake.expire(other.providerSessionId);
    expect(await provider.retrieveSession(other.providerSessionId)).toMatchObject({
      status: 'expired',
      paymentStatus: 'unpaid',
    });
  });

  it('an unknown session is an error (never a state)', async () => {
    await expect(provider.retrieveSession('cs_test_nope')).rejects.toThrow(/No such checkout.session/);
  });

  it('refunds a PaymentIntent in full with the idempotency key; a retry refunds nothing more', async () => {
    await provider.refund('pi_test_123', 16_100, 'refund-abc');
    await provider.refund('pi_test_123', 16_100, 'refund-abc');
    const sent = fake.requests.filter((r) => r.path === '/v1/refunds' && r.idempotencyKey === 'refund-abc');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.params).toMatchObject({ payment_intent: 'pi_test_123', amount: '16100' });
    expect(fake.refunds.filter((r) => r.payment_intent === 'pi_test_123')).toHaveLength(1);
  });

  it('refunds part of a payment, answers the refund id, and a refund beyond what is left is refused', async () => {
    const { providerSessionId } = await provider.createSession(
      input({ idempotencyKey: `partial-${Date.now()}` }),
    );
    const paid = fake.complete(providerSessionId);
    const first = await provider.refund(paid.payment_intent, 6_000, `part-1-${Date.now()}`);
    expect(first.providerRefundId).toMatch(/^re_test_/);
    const sent = fake.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(sent.params).toMatchObject({ payment_intent: paid.payment_intent, amount: '6000' });
    expect(sent.idempotencyKey).toMatch(/^part-1-/);
    // 16,100 paid, 6,000 refunded: 10,101 is one cent too many, and Stripe's 400 is a definite no.
    await expect(provider.refund(paid.payment_intent, 10_101, `part-2-${Date.now()}`)).rejects.toBeInstanceOf(
      RefundRefusedError,
    );
    const rest = await provider.refund(paid.payment_intent, 10_100, `part-3-${Date.now()}`);
    expect(rest.providerRefundId).not.toBe(first.providerRefundId);
  });

  it('a refund Stripe could not answer (500s) is not called refused: its outcome is unknown', async () => {
    fake.failNext(3);
    const err = await provider
      .refund('pi_test_unknown', 100, `flaky-refund-${Date.now()}`)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(RefundRefusedError);
  });

  it("keeps expires_at inside Stripe's window (30 min to 24 h of real time), whatever the app's clock says", async () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0);
    expect(stripeExpiresAt(new Date(now + 60 * 60_000), now)).toBe((now + 60 * 60_000) / 1000);
    expect(stripeExpiresAt(new Date(now - 86_400_000), now)).toBe((now + 31 * 60_000) / 1000);
    expect(stripeExpiresAt(new Date(now + 3 * 86_400_000), now)).toBe((now + 1439 * 60_000) / 1000);
    // The fake refuses what Stripe refuses, so this goes through only because it was clamped.
    const created = await provider.createSession(
      input({ expiresAt: new Date('2026-01-01T00:00:00Z'), idempotencyKey: `past-${Date.now()}` }),
    );
    expect(fake.sessions.get(created.providerSessionId)!.expires_at).toBeGreaterThan(
      Date.now() / 1000 + 1800,
    );
  });

  it('splits long order-id lists over several metadata values of at most 500 characters', () => {
    const ids = Array.from(
      { length: 30 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const meta = orderIdsMetadata(ids);
    expect(Object.values(meta).every((v) => v.length <= 500)).toBe(true);
    expect(Object.keys(meta)).toEqual(['orderIds', 'orderIds_2', 'orderIds_3']);
    expect(Object.values(meta).join(',').split(',')).toEqual(ids);
  });
});

describe('Stripe configuration', () => {
  const keys = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };

  it('both secrets, or neither', () => {
    expect(loadConfig({}).payments.stripe).toBeNull();
    expect(loadConfig(keys).payments.stripe).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
      apiUrl: null,
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(
      'Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together',
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc123' })).toThrow(
      'Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together',
    );
  });

  it('refuses a publishable key, a malformed secret and a non-http API address, in one line each', () => {
    expect(() => loadConfig({ ...keys, STRIPE_SECRET_KEY: 'pk_test_abc123' })).toThrow(
      /^Invalid configuration: STRIPE_SECRET_KEY must be a Stripe secret key/,
    );
    expect(() => loadConfig({ ...keys, STRIPE_WEBHOOK_SECRET: 'abc123' })).toThrow(
      /^Invalid configuration: STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret/,
    );
    expect(() => loadConfig({ ...keys, STRIPE_API_URL: 'ftp://127.0.0.1:1' })).toThrow(
      'Invalid configuration: STRIPE_API_URL must be an http(s) URL',
    );
    expect(loadConfig({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:12111' }).payments.stripe?.apiUrl).toBe(
      'http://127.0.0.1:12111',
    );
  });
});
