// The built-in test checkout (decisions.md §4): plays Stripe Checkout's part when no Stripe keys are
// set. Its "sessions" are our checkout_sessions rows (the provider session id is 'cs_test_…'), its
// payments are test_checkout_payments rows written by the hosted test page (checkout/test-page.ts)
// when the test card is used. Like Stripe it only answers what a session's state is; the one sync
// function decides what that means for the orders.
import { randomBytes } from 'node:crypto';
import { testCheckoutPage } from '@rebound/contract/routes';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkoutSessions, testCheckoutPayments } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { CreatedSession, CreateSessionInput, PaymentProvider, ProviderSessionState } from './types';

export class TestProviderError extends Error {}

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
      };
    },

    async refund(paymentId: string, _amountCents: number, _idempotencyKey: string): Promise<void> {
      const [row] = await db
        .select({ status: testCheckoutPayments.status })
        .from(testCheckoutPayments)
        .where(eq(testCheckoutPayments.paymentId, paymentId))
        .limit(1);
      if (!row) throw new TestProviderError(`No such payment: ${paymentId}`);
      // Refunding twice is a no-op, like a repeated Stripe refund with the same idempotency key.
      await db
        .update(testCheckoutPayments)
        .set({ status: 'refunded', refundedAt: clock.now() })
        .where(and(eq(testCheckoutPayments.paymentId, paymentId), eq(testCheckoutPayments.status, 'paid')));
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
