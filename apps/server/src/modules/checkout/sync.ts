// The one way an order becomes paid (docs/product.md "Prices, premium and taxes"): syncCheckoutSession asks
// the provider for a checkout session's state and applies it to our rows, once. The success page (POST
// /api/checkout/verify), the test checkout's pay handler and the Stripe webhook all call it, in any order,
// any number of times, at the same moment.
//
// - A session we already settled (paid, refunded, expired, failed) answers from our row; the
//   provider is not asked again.
// - Otherwise the provider's answer is applied in one transaction that locks our session row
//   (FOR UPDATE) and re-reads it: only a still-open row changes, so of several syncs racing on one
//   session exactly one applies it and the others see the result.
// - Paid at the provider: the session's orders are locked (FOR UPDATE, in id order, so syncs of
//   sessions sharing orders queue instead of deadlocking). If every one is still `pending` and still
//   the payer's, they become `paid` with their own premium and taxes (core orderShares: each order
//   priced by itself at the session's rates, which add up exactly to the session's amounts), the payments row is
//   written (unique per session) and the session is `paid`; a receipt goes to the shopper (in-app
//   and, through the outbox, email). If any order is no longer pending (cancelled by the payment
//   deadline job, paid through another session from a second tab) or the amount paid is not ours,
//   nothing is applied: the payments row (its total is what the provider captured, whatever it was) and
//   the session are recorded `refunded` with the reason, and after commit exactly what was captured
//   is refunded at the provider (idempotency key 'refund-' + checkout id) and recorded among the
//   payment's refunds, where the back-office shows it on each of the checkout's orders.
//   Until the provider confirms the refund, the session's refunded_at stays empty and every later
//   sync of it tries the refund again.
// - Expired at the provider: the session is `expired`. Open: nothing changes.
// - A session may carry storage fee charges as well as (or instead of) orders (fee-checkout.ts): they
//   are locked with the orders, must all still be pending (else the payment is refunded as above), and
//   become paid in the same transaction; the orders' shares are of the session less the fees.

import type { PriceBreakdown } from '@rebound/contract/orders';
import { userRoom } from '@rebound/contract/rooms';
import { orderShares } from '@rebound/core/checkout-shares';
import { paymentReceivedNotice, storageFeePaidNotice } from '@rebound/core/notices';
import type { PaymentProvider, ProviderSessionState } from '../../adapters/payments/types';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Publisher } from '../../lib/publish';
import { enqueueNotices, notificationsChanged } from '../notifications';
import { recordSessionRefund } from '../refunds';
import { recordCardUse } from '../signals';
import {
  lockSessionCharges,
  markSessionChargesPaid,
  sessionChargeLines,
  voidSessionCharges,
} from '../storage-fees';
import { feeReturnPath } from './fee-return';
import * as repo from './repository';

export interface SyncDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  /** The shopper's open tabs are told their orders changed, after commit (lib/publish.ts). */
  publish: Publisher;
  /** The key of the signals' hashes (config.authSecret): the paying card is recorded with it (signals). */
  sightingSecret: string;
  log?: { error(obj: unknown, msg?: string): void };
}

export type CheckoutStatus = repo.CheckoutSessionRow['status'];

export interface SyncResult {
  checkoutId: string;
  userId: string;
  providerSessionId: string;
  status: CheckoutStatus;
  totalCents: number;
  orderIds: string[];
  /** This call changed our rows (false when it only read them). */
  changed: boolean;
  /** Why the payment was refunded instead of applied (when it was). */
  refundReason: string | null;
}

export const REFUND_REASONS = {
  orderNotPending: 'An order in this checkout was no longer awaiting payment (cancelled or already paid).',
  amountMismatch: 'The amount paid did not match the checkout total.',
  feeNotPending: 'A storage fee in this checkout was already settled (at the desk or by another checkout).',
} as const;

const amounts = (s: repo.CheckoutSessionRow): PriceBreakdown => ({
  subtotalCents: s.subtotalCents,
  premiumCents: s.premiumCents,
  pstCents: s.pstCents,
  gstCents: s.gstCents,
  totalCents: s.totalCents,
});

/** Applies the provider's state for one session. Returns null for a session we never made. */
export async function syncCheckoutSession(
  deps: SyncDeps,
  providerSessionId: string,
): Promise<SyncResult | null> {
  const { db, provider } = deps;
  const current = await repo.sessionByProviderId(db, providerSessionId);
  if (!current) return null;
  const orderIds = (await repo.sessionOrders(db, current.id)).map((o) => o.orderId);
  const answer = (row: repo.CheckoutSessionRow, changed: boolean, refundReason: string | null = null) => ({
    checkoutId: row.id,
    userId: row.userId,
    providerSessionId,
    status: row.status,
    totalCents: row.totalCents,
    orderIds,
    changed,
    refundReason,
  });

  if (current.status !== 'open') {
    // Settled. The one thing left to do is a refund the provider has not confirmed yet.
    if (current.status === 'refunded' && current.refundedAt === null) await refundNow(deps, current);
    return answer(current, false);
  }
  // A session made by another provider (the configuration changed) cannot be asked about here.
  if (current.provider !== provider.name) return answer(current, false);

  const state = await provider.retrieveSession(providerSessionId);
  const paid = state.status === 'complete' && state.paymentStatus === 'paid';
  if (!paid && state.status !== 'expired') return answer(current, false);

  const outcome = await db.transaction(async (tx) => {
    const row = await repo.lockSession(tx, current.id);
    if (!row) throw new Error(`checkout session ${current.id} vanished`);
    // Someone else settled it while we asked the provider: their answer stands.
    if (row.status !== 'open') return { row, changed: false, refund: false, reason: null };
    const now = deps.clock.now();
    if (!paid) {
      await repo.updateSession(tx, row.id, { status: 'expired', updatedAt: now });
      await voidSessionCharges(tx, row.id, now);
      return { row: { ...row, status: 'expired' as const }, changed: true, refund: false, reason: null };
    }
    // The card that paid, for the signals of linked accounts (stored as a keyed hash, decision 098),
    // applied or refunded alike: the card was used by this account.
    if (state.cardFingerprint) {
      await recordCardUse(tx, deps.clock, deps.sightingSecret, {
        userId: row.userId,
        fingerprint: state.cardFingerprint,
      });
    }
    return applyPayment(tx, row, state, orderIds, now);
  });

  if (outcome.refund) await refundNow(deps, outcome.row);
  if (outcome.changed && (outcome.row.status === 'paid' || outcome.row.status === 'refunded')) {
    const event = { type: 'OrdersChangedV1', serverTime: deps.clock.now().toISOString() } as const;
    // A payment applied wrote the receipt notice: the Mail menu refetches too.
    const notices =
      outcome.row.status === 'paid' ? notificationsChanged([outcome.row.userId], deps.clock.now()) : [];
    await deps.publish([{ room: userRoom(outcome.row.userId), event }, ...notices]);
  }
  return answer(outcome.row, outcome.changed, outcome.reason);
}

async function applyPayment(
  tx: Tx,
  row: repo.CheckoutSessionRow,
  state: ProviderSessionState,
  orderIds: string[],
  now: Date,
) {
  const locked = await repo.lockOrders(tx, orderIds);
  const lines = await repo.sessionOrders(tx, row.id);
  const fees = await lockSessionCharges(tx, row.id);
  const payable =
    locked.length === orderIds.length &&
    locked.every((o) => o.status === 'pending' && o.userId === row.userId);
  const reason = !payable
    ? REFUND_REASONS.orderNotPending
    : !fees.payable
      ? REFUND_REASONS.feeNotPending
      : state.amountTotalCents !== row.totalCents
        ? REFUND_REASONS.amountMismatch
        : null;

  const payment = {
    checkoutSessionId: row.id,
    userId: row.userId,
    provider: row.provider,
    providerSessionId: state.providerSessionId,
    providerPaymentId: state.paymentId,
    ...amounts(row),
    currency: row.currency,
    paidAt: now,
  };

  if (reason) {
    // Never applied: recorded as refunded now, refunded at the provider right after commit. The
    // payment's total is what was captured (it is what goes back), not the checkout's total.
    const captured = { ...payment, totalCents: state.amountTotalCents };
    if (!(await repo.insertPayment(tx, { ...captured, status: 'refunded', refundReason: reason }))) {
      throw new Error(`checkout ${row.id} already has a payment`);
    }
    await repo.updateSession(tx, row.id, {
      status: 'refunded',
      providerPaymentId: state.paymentId,
      paidAt: now,
      updatedAt: now,
    });
    const refunded = { ...row, status: 'refunded' as const, providerPaymentId: state.paymentId, paidAt: now };
    return { row: refunded, changed: true, refund: true, reason };
  }

  // Each order's own premium and taxes, at the session's rates: the figure its texts told the shopper;
  // they add up exactly to the session's (less its storage fees, which carry neither).
  const orderPart = {
    ...amounts(row),
    subtotalCents: row.subtotalCents - fees.totalCents,
    totalCents: row.totalCents - fees.totalCents,
  };
  const shares =
    lines.length === 0
      ? []
      : orderShares(
          orderPart,
          lines.map((l) => l.amountCents),
          {
            buyersPremiumBp: row.buyersPremiumBp,
            pstBp: row.pstBp,
            gstBp: row.gstBp,
            applyTaxesOnPremium: row.applyTaxesOnPremium,
          },
        );
  for (const [i, line] of lines.entries()) {
    const share = shares[i]!;
    const updated = await repo.markOrderPaid(tx, line.orderId, {
      checkoutSessionId: row.id,
      paidAt: now,
      premiumCents: share.premiumCents,
      pstCents: share.pstCents,
      gstCents: share.gstCents,
      totalCents: share.totalCents,
    });
    if (!updated) throw new Error(`order ${line.orderId} was not pending under lock`);
  }
  if (fees.count > 0) await markSessionChargesPaid(tx, row.id, now);
  if (!(await repo.insertPayment(tx, payment))) throw new Error(`checkout ${row.id} already has a payment`);
  await repo.updateSession(tx, row.id, {
    status: 'paid',
    providerPaymentId: state.paymentId,
    paidAt: now,
    failureMessage: null,
    updatedAt: now,
  });

  const orderLines = await repo.sessionLines(tx, row.id);
  const feeLines = await sessionChargeLines(tx, row.id);
  const titles = [...orderLines, ...feeLines];
  // A storage-fee payment says what was paid for; it paid no order and books nothing.
  const feesOnly = orderLines.length === 0 && feeLines.length > 0;
  await enqueueNotices(tx, now, [
    {
      userId: row.userId,
      // The win's follow-up: its defaults send email (docs/product.md "Notifications"), as the deadline
      // notices do.
      kind: 'auction_won',
      template: 'payment_receipt',
      message: feesOnly
        ? storageFeePaidNotice(
            row.totalCents,
            feeLines.map((f) => f.productTitle),
          )
        : paymentReceivedNotice(row.totalCents, orderLines.length),
      targetUrl: feesOnly ? feeReturnPath(feeLines.map((f) => f.orderId)) : '/account?tab=orders',
      data: {
        ...(feesOnly ? { storageFeesOnly: true } : {}),
        checkoutId: row.id,
        providerSessionId: state.providerSessionId,
        paidAt: now.toISOString(),
        ...amounts(row),
        lines: titles.map((t) => ({ orderId: t.orderId, title: t.title, amountCents: t.amountCents })),
      },
    },
  ]);
  return {
    row: { ...row, status: 'paid' as const, providerPaymentId: state.paymentId, paidAt: now },
    changed: true,
    refund: false,
    reason: null,
  };
}

/**
 * Refunds a payment that was not applied: exactly what the provider captured (the payments row's
 * total), with one key per checkout so a retry is the same refund. Once the provider confirms, the
 * refund is recorded among the payment's refunds and the payment and session say when.
 */
async function refundNow(deps: SyncDeps, row: repo.CheckoutSessionRow): Promise<void> {
  if (!row.providerPaymentId || row.provider !== deps.provider.name) return;
  const payment = await repo.paymentOfSession(deps.db, row.id);
  if (!payment) return;
  const idempotencyKey = `refund-${row.id}`;
  const now = deps.clock.now();
  const done = (providerRefundId: string | null) =>
    deps.db.transaction(async (tx) => {
      const refund =
        providerRefundId && payment.totalCents > 0
          ? {
              paymentId: payment.id,
              amountCents: payment.totalCents,
              reason: payment.refundReason ?? 'Payment not applied.',
              idempotencyKey,
              providerRefundId,
            }
          : null;
      // Recorded among the payment's refunds by their owner (the refunds module).
      if (refund) await recordSessionRefund(tx, refund, now);
      await repo.markRefundDone(tx, row.id, now);
    });
  // Nothing was captured: there is nothing to give back.
  if (payment.totalCents <= 0) return done(null);
  let providerRefundId: string;
  try {
    ({ providerRefundId } = await deps.provider.refund(
      row.providerPaymentId,
      payment.totalCents,
      idempotencyKey,
    ));
  } catch (err) {
    // Left for the next sync of this session (webhook retry, success page, a later visit).
    deps.log?.error({ err, checkoutId: row.id }, 'refund failed; retried on the next sync');
    return;
  }
  await done(providerRefundId);
}
