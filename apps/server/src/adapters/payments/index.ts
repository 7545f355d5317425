// Picks the hosted checkout provider once, at start (docs/decisions/013-payments.md): Stripe Checkout when
// its keys are configured, otherwise the built-in test checkout, which only runs outside production
// (TEST_CHECKOUT). Production without Stripe keys takes no payments: checkout answers 'Failed to create
// checkout session' and the log says why, rather than marking orders paid without money.
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import { stripePaymentProvider } from './stripe';
import { testPaymentProvider } from './test';
import type { PaymentProvider } from './types';

export type { PaymentProvider } from './types';

export function createPaymentProvider(config: Config, db: Db, clock: Clock = systemClock): PaymentProvider {
  if (config.payments.stripe) return stripePaymentProvider(config.payments.stripe);
  if (config.payments.testCheckout) return testPaymentProvider({ publicUrl: config.publicUrl, db, clock });
  return unavailablePaymentProvider();
}

export const PAYMENTS_NOT_CONFIGURED =
  'Payments are not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (the test checkout is off in production)';

/**
 * No payment provider: every call fails with one clear reason. Its sessions are recorded as the
 * test kind and marked failed at once; nothing can be paid through it.
 */
export function unavailablePaymentProvider(): PaymentProvider {
  const refuse = async (): Promise<never> => {
    throw new Error(PAYMENTS_NOT_CONFIGURED);
  };
  return { name: 'test', available: false, createSession: refuse, retrieveSession: refuse, refund: refuse };
}
