// Checkout: the cart's orders (revalidated exactly as the quote) become one checkout session at the
// provider; the success page's verification runs the one sync (sync.ts).
import {
  type CreateCheckoutResponse,
  ORDER_TEXT,
  type VerifyPaymentResponse,
} from '@rebound/contract/orders';
import { checkoutLineLabels } from '@rebound/core/pricing';
import type { CheckoutLine, PaymentProvider } from '../../adapters/payments/types';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Publisher } from '../../lib/publish';
import { sessionChargeLines } from '../storage-fees';
import { buildCart } from './cart';
import * as repo from './repository';
import { type SyncResult, syncCheckoutSession } from './sync';

/** How long a checkout session can be paid. */
export const CHECKOUT_SESSION_MS = 60 * 60_000;

export interface CheckoutDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  publicUrl: string;
  /** Realtime events, called after each commit (lib/publish.ts). */
  publish: Publisher;
  /** The key of the signals' hashes (config.authSecret; checkout/sync.ts records the paying card). */
  sightingSecret: string;
  log?: { error(obj: unknown, msg?: string): void };
}

/**
 * Opens the provider's hosted checkout for a session just recorded (orders or storage fees) and keeps
 * its id and URL on the session. A provider failure marks the session failed and answers
 * checkout_failed (nothing was charged).
 */
export async function openAtProvider(
  deps: CheckoutDeps,
  user: SessionUser,
  session: { id: string; totalCents: number; expiresAt: Date | null },
  what: { lines: CheckoutLine[]; orderIds: string[]; cancelPath: string; failureLog: string },
): Promise<{ providerSessionId: string; url: string }> {
  const { db, clock, provider } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');
  let created: Awaited<ReturnType<PaymentProvider['createSession']>>;
  try {
    created = await provider.createSession({
      checkoutId: session.id,
      customerEmail: user.email,
      lines: what.lines,
      totalCents: session.totalCents,
      currency: 'cad',
      orderIds: what.orderIds,
      successUrl: `${base}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}${what.cancelPath}`,
      expiresAt: session.expiresAt!,
      idempotencyKey: session.id,
    });
  } catch (err) {
    deps.log?.error({ err, checkoutId: session.id }, what.failureLog);
    await repo.updateSession(db, session.id, {
      status: 'failed',
      failureMessage: err instanceof Error ? err.message.slice(0, 500) : 'provider error',
      updatedAt: clock.now(),
    });
    throw new AppError('checkout_failed');
  }
  await repo.updateSession(db, session.id, {
    providerSessionId: created.providerSessionId,
    url: created.url,
    updatedAt: clock.now(),
  });
  return created;
}

/**
 * 'Pay all' instead of a list of ids: the server takes every pending order of the shopper whose
 * deadline is ahead (repository payableOrderIdsOf); `expectedTotalCents`, when given, is the total the
 * shopper was shown, and a different total now is refused (pay_all_changed) before anything is made.
 */
export interface PayAllOrders {
  allUnpaid: true;
  expectedTotalCents?: number | undefined;
}

/**
 * POST /api/checkout (and /api/checkout/pay-all): a hosted checkout for the shopper's own pending
 * orders, or a clear refusal.
 */
export async function createCheckout(
  deps: CheckoutDeps,
  user: SessionUser,
  which: readonly string[] | PayAllOrders,
): Promise<CreateCheckoutResponse> {
  const { db, clock, provider } = deps;
  const payAll = 'allUnpaid' in which ? which : null;
  if (!payAll && (which as readonly string[]).length === 0) throw new AppError('cart_empty');

  const created = await db.transaction(async (tx) => {
    const orderIds = payAll
      ? await repo.payableOrderIdsOf(tx, user.id, clock.now())
      : (which as readonly string[]);
    if (orderIds.length === 0) throw new AppError('cart_empty');
    const cart = await buildCart(tx, user.id, orderIds);
    if (payAll?.expectedTotalCents !== undefined && payAll.expectedTotalCents !== cart.totals.totalCents) {
      throw new AppError('pay_all_changed');
    }
    if (cart.dropped.length > 0) {
      throw new AppError('cart_items_unavailable', {
        details: cart.dropped.map((d) => ({ path: d.orderId, message: d.message })),
      });
    }
    if (cart.items.length === 0) throw new AppError('cart_empty');
    if (!cart.location) throw new AppError('pickup_location_required');
    const now = clock.now();
    const session = await repo.insertSession(tx, {
      userId: user.id,
      locationId: cart.location.id,
      provider: provider.name,
      status: 'open',
      ...cart.totals,
      buyersPremiumBp: cart.rates.buyersPremiumBp,
      pstBp: cart.rates.pstBp,
      gstBp: cart.rates.gstBp,
      applyTaxesOnPremium: cart.rates.applyTaxesOnPremium,
      currency: 'cad',
      expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_MS),
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertSessionOrders(
      tx,
      session.id,
      cart.items.map((i) => ({ orderId: i.orderId, amountCents: i.finalAmountCents })),
    );
    return { session, cart };
  });

  const { session, cart } = created;
  const labels = checkoutLineLabels(cart.rates);
  const lines: CheckoutLine[] = [
    ...cart.items.map((i) => ({ name: i.productTitle, amountCents: i.finalAmountCents })),
    { name: labels.premium, amountCents: cart.totals.premiumCents },
    { name: labels.pst, amountCents: cart.totals.pstCents },
    { name: labels.gst, amountCents: cart.totals.gstCents },
  ].filter((l) => l.amountCents > 0);

  const providerSession = await openAtProvider(deps, user, session, {
    lines,
    orderIds: cart.items.map((i) => i.orderId),
    cancelPath: '/cart',
    failureLog: 'creating the checkout session failed',
  });
  return {
    url: providerSession.url,
    sessionId: providerSession.providerSessionId,
    provider: provider.name,
    totals: cart.totals,
  };
}

/** The verify answer less the seller's tax numbers, which the route adds from its config. */
export type PaymentVerdict = Omit<VerifyPaymentResponse, 'taxRegistration'>;

export function verifyAnswer(
  r: SyncResult,
  storageFees: VerifyPaymentResponse['storageFees'] = [],
): PaymentVerdict {
  const paid = r.status === 'paid';
  return {
    success: paid,
    paymentStatus:
      r.status === 'paid'
        ? 'paid'
        : r.status === 'refunded'
          ? 'refunded'
          : r.status === 'expired'
            ? 'expired'
            : 'unpaid',
    amountCents: r.totalCents,
    orderIds: r.orderIds,
    message: paid
      ? r.orderIds.length === 0 && (storageFees?.length ?? 0) > 0
        ? 'Storage fee paid. Thank you!'
        : ORDER_TEXT.paymentSuccess
      : ORDER_TEXT.notPaid,
    storageFees,
  };
}

/** POST /api/checkout/verify: the owner's check of a session; anyone else is told it is unknown. */
export async function verifyPayment(
  deps: CheckoutDeps,
  user: SessionUser,
  providerSessionId: string,
): Promise<PaymentVerdict> {
  const row = await repo.sessionByProviderId(deps.db, providerSessionId);
  if (!row || row.userId !== user.id) throw new AppError('checkout_not_found');
  const result = await syncCheckoutSession(deps, providerSessionId);
  if (!result) throw new AppError('checkout_not_found');
  const fees = await sessionChargeLines(deps.db, result.checkoutId);
  return verifyAnswer(
    result,
    fees.map((f) => ({ orderId: f.orderId, title: f.title, amountCents: f.amountCents })),
  );
}
