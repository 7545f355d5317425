// What the built-in test checkout's page (test-page.ts) reads and writes, so the route file goes
// through a service and never reaches the repository itself.
import { checkoutLineLabels, resolveTaxConfig } from '@rebound/core/pricing';
import { recordTestPayment } from '../../adapters/payments/test';
import type { Db } from '../../db/client';
import { sessionChargeLines } from '../storage-fees';
import { feeReturnPath } from './fee-return';
import * as repo from './repository';
import { type SyncDeps, syncCheckoutSession } from './sync';
import { CART_BACK, type PageBack, type PageLine } from './test-page-html';

export type TestPageSession = repo.CheckoutSessionRow;

/** A test-provider session and the lines its page shows (items, premium, taxes); null otherwise. */
export async function testPageSession(
  db: Db,
  providerSessionId: string,
): Promise<{ session: TestPageSession; lines: PageLine[]; back: PageBack } | null> {
  const session = await repo.sessionByProviderId(db, providerSessionId);
  if (session?.provider !== 'test') return null;
  const labels = checkoutLineLabels(
    resolveTaxConfig({
      buyersPremiumBp: session.buyersPremiumBp,
      pstBp: session.pstBp,
      gstBp: session.gstBp,
      applyTaxesOnPremium: session.applyTaxesOnPremium,
    }),
  );
  const orders = await repo.sessionLines(db, session.id);
  const fees = await sessionChargeLines(db, session.id);
  const lines: PageLine[] = [
    ...orders.map((o) => ({ name: o.title, amountCents: o.amountCents })),
    ...fees.map((f) => ({ name: f.title, amountCents: f.amountCents })),
    { name: labels.premium, amountCents: session.premiumCents },
    { name: labels.pst, amountCents: session.pstCents },
    { name: labels.gst, amountCents: session.gstCents },
    // A storage-fee-only session has no premium or tax lines.
  ].filter((l) => orders.length > 0 || l.amountCents > 0);
  // A storage-fee payment was started from the pickup page: 'Cancel' goes back there.
  const back =
    orders.length === 0 && fees.length > 0
      ? { href: feeReturnPath(fees.map((f) => f.orderId)), place: 'your pickup page' }
      : CART_BACK;
  return { session, lines, back };
}

/** The declined test card: the session keeps the message its page shows again. */
export async function declineTestPayment(
  db: Db,
  checkoutId: string,
  message: string,
  now: Date,
): Promise<void> {
  await repo.updateSession(db, checkoutId, { failureMessage: message, updatedAt: now });
}

/**
 * The test card paid: the payment is recorded at the test provider, then the one sync applies it
 * (and publishes after its commit), exactly as the success page and a webhook would.
 */
export async function payTestSession(
  deps: SyncDeps,
  session: { providerSessionId: string; totalCents: number },
  cardLast4: string,
  now: Date,
): Promise<void> {
  await recordTestPayment(deps.db, now, {
    providerSessionId: session.providerSessionId,
    amountCents: session.totalCents,
    cardLast4,
  });
  await syncCheckoutSession(deps, session.providerSessionId);
}
