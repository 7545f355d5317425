// The built-in test checkout (docs/decisions/013-payments.md): plays Stripe Checkout's part when no Stripe
// keys are set. Its "sessions" are our checkout_sessions rows (the provider session id is 'cs_test_…'), its
// payments are test_checkout_payments rows written by the hosted test page (checkout/test-page.ts) when the
// test card is used. Like Stripe it only answers what a session's state is; the one sync function decides
// what that means for the orders.
import { createHash, randomBytes } from 'node:crypto';
import { testCheckoutPage } from '@rebound/contract/routes';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkoutSessions, payments, refunds, testCheckoutPayments } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import {
  type CreatedSession,
  type CreateSessionInput,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderSessionState,
  RefundRefusedError,
} from './types';

export class TestProviderError extends Error {}

/**
 * The test checkout's cards that pay, by their last four digits (checkout/test-page.ts): Stripe's
 * own test numbers, so a person who knows them can use them here.
 */
export const TEST_CARDS_THAT_PAY = ['4242424242424242', '5555555555554444', '4000056655665556'] as const;

/** A test card's fixed fingerprint (one per card number, the same on every account: as Stripe's). */
export const testCardFingerprint = (last4: string) => `fp_test_${last4}`;

export function testPaymentProvider(opts: { publicUrl: string; db: Db; clock: Clock }): PaymentProvider {
  const { db, clock } = opts;
  const base = opts.publicUrl.replace(/\/+$/, '');
  // Like Stripe's idempotency keys: a retried create answers the session made the first time.
  const created = new Map<string, CreatedSession>();

  return {
    name: 'test',

    async createSession(input: CreateSessionInput): Promise<CreatedSession> {
      const known = created.get(input.idempotencyKey);
      if (known) return known;
      const providerSessionId = `cs_test_${randomBytes(18).toString('base64url')}`;
      const session = { providerSessionId, url: `${base}${testCheckoutPage(providerSessionId)}` };
      if (created.size >= 1_000) created.delete(created.keys().next().value!);
      created.set(input.idempotencyKey, session);
      return session;
    },

    async retrieveSession(providerSessionId: string): Promise<ProviderSessionState> {
      const [row] = await db
        .select({
          id: checkoutSessions.id,
          totalCents: checkoutSessions.totalCents,
          expiresAt: checkoutSessions.expiresAt,
          paymentId: testCheckoutPayments.paymentId,
          paidCents: testCheckoutPayments.amountCents,
          cardLast4: testCheckoutPayments.cardLast4,
        })
        .from(checkoutSessions)
        .leftJoin(
          testCheckoutPayments,
          eq(testCheckoutPayments.providerSessionId, checkoutSessions.providerSessionId),
        )
        .where(
          and(
            eq(checkoutSessions.providerSessionId, providerSessionId),
            eq(checkoutSessions.provider, 'test'),
          ),
        )
        .limit(1);
      if (!row) throw new TestProviderError(`No such checkout session: ${providerSessionId}`);
      // Paid stays paid (a refunded payment was still paid, as at Stripe).
      if (row.paymentId) {
        return {
          providerSessionId,
          status: 'complete',
          paymentStatus: 'paid',
          amountTotalCents: row.paidCents ?? row.totalCents,
          paymentId: row.paymentId,
          checkoutId: row.id,
          // Each test card has a fixed fingerprint of its own, as a real card has at Stripe.
          cardFingerprint: row.cardLast4 ? testCardFingerprint(row.cardLast4) : null,
        };
      }
      const expired = row.expiresAt !== null && clock.now().getTime() >= row.expiresAt.getTime();
      return {
        providerSessionId,
        status: expired ? 'expired' : 'open',
        paymentStatus: 'unpaid',
        amountTotalCents: row.totalCents,
        paymentId: null,
        checkoutId: row.id,
        cardFingerprint: null,
      };
    },

    async refund(paymentId: string, amountCents: number, idempotencyKey: string): Promise<ProviderRefund> {
      // Like Stripe: the same key is the same refund (its id comes from the key), a refund never
      // exceeds what was paid minus earlier refunds, and a fully refunded payment is 'refunded'.
      const providerRefundId = `re_test_${createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 24)}`;
      const [row] = await db
        .select({ status: testCheckoutPayments.status, amountCents: testCheckoutPayments.amountCents })
        .from(testCheckoutPayments)
        .where(eq(testCheckoutPayments.paymentId, paymentId))
        .limit(1);
      if (!row) throw new RefundRefusedError(`No such payment: ${paymentId}`);
      // Earlier confirmed refunds of this payment with other keys (the back-office's, partial or full).
      const [earlier] = await db
        .select({ sum: sql<string | null>`sum(${refunds.amountCents})` })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(
          and(
            eq(payments.providerPaymentId, paymentId),
            isNotNull(refunds.providerRefundId),
            ne(refunds.idempotencyKey, idempotencyKey),
          ),
        );
      const already = Number(earlier?.sum ?? 0);
      // Refunding in full twice (the checkout's refund after cancellation) is a no-op, as at Stripe.
      if (row.status === 'refunded' && already === 0 && amountCents <= row.amountCents) {
        return { providerRefundId };
      }
      if (amountCents <= 0 || already + amountCents > row.amountCents) {
        throw new RefundRefusedError(
          `Amount ${amountCents} is greater than the unrefunded amount ${row.amountCents - already}`,
        );
      }
      if (already + amountCents === row.amountCents) {
        await db
          .update(testCheckoutPayments)
          .set({ status: 'refunded', refundedAt: clock.now() })
          .where(and(eq(testCheckoutPayments.paymentId, paymentId), eq(testCheckoutPayments.status, 'paid')));
      }
      return { providerRefundId };
    },
  };
}

/**
 * The test card went through on the hosted page: the session is now paid at the "provider". One
 * payment per session, whatever is submitted twice. Returns the payment id.
 */
export async function recordTestPayment(
  db: Db,
  now: Date,
  p: { providerSessionId: string; amountCents: number; cardLast4: string },
): Promise<string> {
  await db
    .insert(testCheckoutPayments)
    .values({
      providerSessionId: p.providerSessionId,
      paymentId: `pi_test_${randomBytes(12).toString('base64url')}`,
      amountCents: p.amountCents,
      cardLast4: p.cardLast4,
      paidAt: now,
    })
    .onConflictDoNothing({ target: testCheckoutPayments.providerSessionId });
  const [row] = await db
    .select({ paymentId: testCheckoutPayments.paymentId })
    .from(testCheckoutPayments)
    .where(eq(testCheckoutPayments.providerSessionId, p.providerSessionId));
  return row!.paymentId;
}
