// Picks the hosted checkout provider once, at start (decisions.md §4): Stripe Checkout when its
// keys are configured, otherwise the built-in test checkout.
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import { stripePaymentProvider } from './stripe';
import { testPaymentProvider } from './test';
import type { PaymentProvider } from './types';

export type { PaymentProvider } from './types';

export function createPaymentProvider(config: Config, db: Db, clock: Clock = systemClock): PaymentProvider {
  if (config.payments.stripe) return stripePaymentProvider(config.payments.stripe);
  return testPaymentProvider({ publicUrl: config.publicUrl, db, clock });
}
