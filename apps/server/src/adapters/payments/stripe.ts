import Stripe from 'stripe';
import {
  type CreatedSession,
  type CreateSessionInput,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderSessionState,
  RefundRefusedError,
} from './types';

// Stripe Checkout behind the PaymentProvider interface. The checkout service only creates sessions,
// reads a session's current state and refunds; webhooks (modules/checkout/webhook.ts) verify the
// signature with `verifyStripeEvent` and then read the session through `retrieveSession` like the
// success page does, so nothing in an event's payload is ever trusted.

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another address for the API (a local fake in tests); null means api.stripe.com. */
  apiUrl: string | null;
}

/** Stripe's value limit for one metadata entry. */
const METADATA_VALUE_MAX = 500;
/** Signatures older than this are refused (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function stripeClient(settings: StripeSettings): Stripe {
  const address = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    // Retries reuse the request's idempotency key, so a retried create or refund happens once.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Rebound' },
    ...(address
      ? {
          host: address.hostname,
          port: address.port || (address.protocol === 'https:' ? 443 : 80),
          protocol: address.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** Order ids joined with commas, split over orderIds, orderIds_2, … when one value would be too long. */
export function orderIdsMetadata(orderIds: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  let chunk = '';
  let n = 1;
  const flush = () => {
    out[n === 1 ? 'orderIds' : `orderIds_${n}`] = chunk;
    n += 1;
    chunk = '';
  };
  for (const id of orderIds) {
    const next = chunk ? `${chunk},${id}` : id;
    if (next.length > METADATA_VALUE_MAX && chunk) {
      flush();
      chunk = id;
    } else {
      chunk = next;
    }
  }
  if (chunk || n === 1) flush();
  return out;
}

/**
 * Stripe takes an expiry between 30 minutes and 24 hours after it receives the request, in real
 * time (the app's clock may be moved in development): clamp into that window with a minute to spare.
 */
export function stripeExpiresAt(expiresAt: Date, nowMs: number): number {
  const min = nowMs + 31 * 60_000;
  const max = nowMs + (24 * 60 - 1) * 60_000;
  return Math.floor(Math.min(max, Math.max(min, expiresAt.getTime())) / 1000);
}

/** The paying card's fingerprint, when the session was read with its PaymentIntent's method expanded. */
function cardFingerprintOf(intent: Stripe.Checkout.Session['payment_intent']): string | null {
  if (!intent || typeof intent === 'string') return null;
  const method = intent.payment_method;
  if (!method || typeof method === 'string') return null;
  return method.card?.fingerprint ?? null;
}

function sessionState(session: Stripe.Checkout.Session): ProviderSessionState {
  const intent = session.payment_intent;
  return {
    providerSessionId: session.id,
    // Anything but complete or expired (null on old API versions, a status added later) is still open.
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    // 'no_payment_required' never applies to our sessions (every line costs something); only money
    // actually collected counts as paid.
    paymentStatus: session.payment_status === 'paid' ? 'paid' : 'unpaid',
    amountTotalCents: session.amount_total ?? 0,
    paymentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    checkoutId: session.metadata?.checkoutId ?? session.client_reference_id ?? null,
    cardFingerprint: cardFingerprintOf(intent),
  };
}

export function stripePaymentProvider(
  settings: StripeSettings,
  client = stripeClient(settings),
): PaymentProvider {
  return {
    name: 'stripe',

    async createSession(input: CreateSessionInput): Promise<CreatedSession> {
      const session = await client.checkout.sessions.create(
        {
          mode: 'payment',
          currency: input.currency,
          line_items: input.lines.map((line) => ({
            quantity: 1,
            price_data: {
              currency: input.currency,
              unit_amount: line.amountCents,
              product_data: { name: line.name },
            },
          })),
          client_reference_id: input.checkoutId,
          customer_email: input.customerEmail,
          metadata: { checkoutId: input.checkoutId, ...orderIdsMetadata(input.orderIds) },
          // The PaymentIntent carries the checkout id too, so a payment found in the dashboard leads back.
          payment_intent_data: { metadata: { checkoutId: input.checkoutId } },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: stripeExpiresAt(input.expiresAt, Date.now()),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      if (session.amount_total !== null && session.amount_total !== input.totalCents) {
        // Our lines are the whole price: a different total means the lines and the total disagree.
        throw new Error(
          `Stripe checkout session ${session.id} totals ${session.amount_total}, expected ${input.totalCents}`,
        );
      }
      return { providerSessionId: session.id, url: session.url };
    },

    async retrieveSession(providerSessionId: string): Promise<ProviderSessionState> {
      // The PaymentIntent's method expanded: the card's fingerprint comes with the state, in one call.
      return sessionState(
        await client.checkout.sessions.retrieve(providerSessionId, {
          expand: ['payment_intent.payment_method'],
        }),
      );
    },

    async refund(paymentId: string, amountCents: number, idempotencyKey: string): Promise<ProviderRefund> {
      try {
        const refund = await client.refunds.create(
          { payment_intent: paymentId, amount: amountCents },
          { idempotencyKey },
        );
        return { providerRefundId: refund.id };
      } catch (err) {
        // A 4xx that is not about timing (409 idempotency in flight, 429 rate limit) is Stripe's
        // final word: nothing was refunded. Anything else (network, 5xx) leaves it unknown.
        const status = err instanceof Stripe.errors.StripeError ? err.statusCode : undefined;
        if (status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 429) {
          throw new RefundRefusedError((err as Error).message);
        }
        throw err;
      }
    },
  };
}

/**
 * Verifies a webhook's `Stripe-Signature` over the raw body (300 s tolerance) and returns the event;
 * throws Stripe's signature error otherwise (and a SyntaxError for a signed body that is not JSON).
 */
export function verifyStripeEvent(raw: Buffer, signature: string, webhookSecret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(raw, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
}
