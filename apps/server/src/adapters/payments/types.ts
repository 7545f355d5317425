// A hosted checkout provider: Stripe Checkout when configured, the built-in test checkout otherwise.
// The checkout service creates sessions through it and, to learn what happened, only ever asks it
// for a session's current state (the webhook and the success page both end in the same sync).

export interface CheckoutLine {
  /** e.g. the product title, or a rate line as core's checkoutLineLabels words it ("PST (…)"). */
  name: string;
  amountCents: number;
}

export interface CreateSessionInput {
  /** Our checkout_sessions row id (put in the provider's metadata and the idempotency key). */
  checkoutId: string;
  customerEmail: string;
  lines: CheckoutLine[];
  totalCents: number;
  currency: 'cad';
  orderIds: string[];
  /** Absolute URLs. Stripe's success URL carries `{CHECKOUT_SESSION_ID}`. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** One per checkout attempt: a retried create makes no second session. */
  idempotencyKey: string;
}

export interface CreatedSession {
  providerSessionId: string;
  /** Where the shopper pays. */
  url: string;
}

export interface ProviderSessionState {
  providerSessionId: string;
  /** open: not paid yet; complete: paid; expired: can no longer be paid. */
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid';
  amountTotalCents: number;
  /** Stripe's PaymentIntent id, or the test checkout's payment id, once paid. */
  paymentId: string | null;
  /** Our checkout id, from the metadata set at creation. */
  checkoutId: string | null;
  /**
   * The provider's fingerprint of the card that paid (the same card gives the same value on any
   * account; not the card number), once paid and when the provider tells it. Only ever stored as a
   * keyed hash, for the signals of linked accounts (docs/decisions/098).
   */
  cardFingerprint: string | null;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** False for the stand-in used when no provider is configured (production without Stripe keys). */
  readonly available?: boolean;
  createSession(input: CreateSessionInput): Promise<CreatedSession>;
  /** The session's current state at the provider. */
  retrieveSession(providerSessionId: string): Promise<ProviderSessionState>;
  /**
   * Refunds `amountCents` of a completed payment (all of it, or part). Safe to call twice with the
   * same key: the second call answers the first refund. Throws RefundRefusedError when the provider
   * definitely said no (nothing was refunded); any other error leaves the outcome unknown.
   */
  refund(paymentId: string, amountCents: number, idempotencyKey: string): Promise<ProviderRefund>;
}

export interface ProviderRefund {
  /** Stripe's re_… id, or the test checkout's re_test_… id. */
  providerRefundId: string;
}

/** The provider refused a refund (too much, unknown payment): nothing was refunded. */
export class RefundRefusedError extends Error {}
