// Refunds of an order's payment, by an idempotency key (docs/decisions/024, 027, 075, 084). The
// back-office's order page, the pickup desk's missing or damaged items (desk-marks) and returns all
// refund through refundOrder here.
//
// A refund is three steps, so that no money is lost or doubled and no database lock is held while
// the payment provider is asked:
//   1. Reserve (one transaction, the payment row locked FOR UPDATE, then the order's): the key's
//      earlier refund is replayed (or refused as a conflict when it asked for something else);
//      otherwise the amount is checked against what was paid minus every earlier refund (confirmed
//      or still reserved) and a refunds row is written without a provider id. Two refunds at once
//      queue on the lock; the second sees the first's row.
//   2. Ask the provider with the same key (Stripe: Idempotency-Key; the test checkout: the refund id
//      comes from the key), so a retry never refunds twice.
//   3. Confirm (one transaction): the provider's id is recorded once (only where still empty), the
//      order and payment become 'refunded' when fully refunded, the appointment is freed, the shopper
//      is told and the audit log written. A provider's definite refusal drops the reservation; an
//      unknown outcome keeps it, and the same request (same key) finishes it later (or the job
//      'refunds.resolve-reserved', ./resolve.ts).

import type { AdminRefund, RefundRequest, RefundResponse } from '@rebound/contract/admin-orders';
import { locationRoom, userRoom } from '@rebound/contract/rooms';
import { formatCents } from '@rebound/core/money';
import { refundIssuedNotice } from '@rebound/core/notices';
import { canTransition, type OrderStatus } from '@rebound/core/orders';
import { RETURN_STATE_LABELS, type ReturnState } from '@rebound/core/returns';
import type { PaymentProvider } from '../../adapters/payments/types';
import { RefundRefusedError } from '../../adapters/payments/types';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Publisher } from '../../lib/publish';
import type { Published } from '../../realtime/hub';
import { enqueueNotices, notificationsChanged } from '../notifications';
import { transitionOrder } from '../orders';
import { releaseAppointment } from '../pickup';
import { recordAudit } from '../staff';
import * as repo from './repository';

/** What every refund needs: the database, the clock, the payment provider and the publisher. */
export interface RefundsDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  /** Realtime events, called after each commit (lib/publish.ts). */
  publish: Publisher;
  log?: { error(obj: unknown, msg?: string): void };
}

/**
 * The order's return that is not settled yet (requested, drop-off booked or received), or null:
 * the returns module's `activeReturnOf`, passed in because returns refunds through this module
 * (an import of returns here would be a loop). Read under the order's lock by the reservation.
 */
export type OpenReturnOf = (
  db: DbOrTx,
  orderId: string,
) => Promise<{ id: string; state: ReturnState } | null>;

/** What refunding an order needs: the above and the returns module's look-up (decision 075). */
export interface RefundOrderDeps extends RefundsDeps {
  openReturnOf: OpenReturnOf;
}

/** Statuses of an order that was paid and not yet refunded in full (core's transitions to 'refunded'). */
const REFUNDABLE: ReadonlySet<OrderStatus> = new Set([
  'paid',
  'ready_for_pickup',
  'pickup_scheduled',
  'completed',
]);

/**
 * What may still be refunded on the order, and why nothing can when it is 0: `sums` are what refunds
 * (confirmed or reserved) took of the applied payment and of this order.
 */
export function refundableOf(
  order: { status: OrderStatus; totalCents: number | null },
  payment: { status: string; totalCents: number } | null,
  sums: { payment: number; order: number },
  activeReturn: { state: ReturnState } | null = null,
): { cents: number; blocked: string | null } {
  if (!payment || order.totalCents === null) {
    return { cents: 0, blocked: 'This order has not been paid.' };
  }
  if (activeReturn) return { cents: 0, blocked: returnOpenError(activeReturn.state).message };
  if (!REFUNDABLE.has(order.status)) {
    return {
      cents: 0,
      blocked:
        order.status === 'refunded' ? 'This order is refunded in full.' : 'This order cannot be refunded.',
    };
  }
  const cents = Math.max(0, Math.min(order.totalCents - sums.order, payment.totalCents - sums.payment));
  return { cents, blocked: cents === 0 ? 'Everything paid for this order has been refunded.' : null };
}

/** A refund of an order whose return is under way: refused, the return settles it (decision 075). */
function returnOpenError(state: ReturnState): AppError {
  return new AppError('refund_return_open', { params: { state: RETURN_STATE_LABELS[state].toLowerCase() } });
}

type RefundRow = Awaited<ReturnType<typeof repo.refundsOfPayments>>[number];

/** A refund as the back-office shows it (the order page, a refund's answer). */
export function refundView(r: RefundRow['refund'], createdBy: string | null): AdminRefund {
  const pending = r.providerRefundId === null;
  return {
    id: r.id,
    paymentId: r.paymentId,
    orderId: r.orderId,
    amountCents: r.amountCents,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    createdBy,
    providerRefundId: r.providerRefundId,
    pending,
    idempotencyKey: pending ? r.idempotencyKey : null,
  };
}

type RefundRecord = NonNullable<Awaited<ReturnType<typeof repo.refundByKey>>>;

type Reserved =
  | { kind: 'done'; refund: RefundRecord }
  | { kind: 'call'; refund: RefundRecord; providerPaymentId: string };

/** Step 1: the payment row locked, the key checked, the amount checked and reserved. */
async function reserve(
  deps: RefundOrderDeps,
  staff: SessionUser,
  orderId: string,
  body: RefundRequest,
  key: string,
  returnId: string | undefined,
): Promise<Reserved> {
  return deps.db.transaction(async (tx) => {
    const first = await repo.orderOf(tx, orderId);
    if (!first) throw new AppError('order_not_found');
    const applied = await repo.appliedPayment(tx, first.checkoutSessionId);
    if (!applied) throw new AppError('refund_not_allowed');
    // The payment first, then the order: every refund of this payment queues on the first lock.
    const payment = await repo.lockPayment(tx, applied.id);
    const order = await repo.orderOf(tx, orderId, true);
    if (!payment || !order) throw new AppError('refund_not_allowed');

    const earlier = await repo.refundByKey(tx, key);
    if (earlier) {
      if (earlier.orderId !== orderId || earlier.amountCents !== body.amountCents) {
        throw new AppError('idempotency_conflict');
      }
      if (earlier.providerRefundId) return { kind: 'done', refund: earlier };
      if (!payment.providerPaymentId) throw new AppError('refund_not_allowed');
      return { kind: 'call', refund: earlier, providerPaymentId: payment.providerPaymentId };
    }

    if (!payment.providerPaymentId || payment.status !== 'paid') throw new AppError('refund_not_allowed');
    // A return under way settles the order itself: no other refund races it (its amount was fixed
    // from what was left to refund). The return's state is read under the order's lock, which the
    // return takes too when it fixes its amount.
    const open = await deps.openReturnOf(tx, orderId);
    if (open && open.id !== returnId) throw returnOpenError(open.state);
    const sums = await repo.refundedSums(tx, payment.id, orderId);
    const can = refundableOf(order, payment, sums);
    if (can.cents === 0) throw new AppError('refund_not_allowed', { message: can.blocked ?? undefined });
    if (body.amountCents > can.cents) {
      throw new AppError('refund_too_large', { params: { amount: formatCents(can.cents) } });
    }
    const refund = await repo.insertRefund(tx, {
      paymentId: payment.id,
      orderId,
      amountCents: body.amountCents,
      reason: body.reason,
      idempotencyKey: key,
      createdBy: staff.id,
      createdAt: deps.clock.now(),
    });
    return { kind: 'call', refund, providerPaymentId: payment.providerPaymentId };
  });
}

/** A notice the shopper is sent when a refund is confirmed (by template name, as enqueueNotices takes it). */
export type RefundNotice = Parameters<typeof enqueueNotices>[2][number];

export interface RefundOptions {
  /**
   * The return this refund settles (the returns module's own refund). Any other refund of an order
   * whose return is under way is refused with 'refund_return_open'.
   */
  returnId?: string;
  /**
   * The shopper's notice in place of 'refund_issued' (the pickup desk's own words, decision 057).
   * A reservation the job 'refunds.resolve-reserved' completes later sends 'refund_issued'.
   */
  notice?: (refund: {
    amountCents: number;
    reason: string;
    productTitle: string;
    userId: string;
  }) => RefundNotice;
}

/**
 * Refunds `amountCents` of the order's payment, once per key: the back-office's
 * POST /api/admin/orders/:id/refunds, a desk mark's refund and a return's.
 */
export async function refundOrder(
  deps: RefundOrderDeps,
  staff: SessionUser,
  orderId: string,
  body: RefundRequest,
  key: string,
  opts: RefundOptions = {},
): Promise<RefundResponse> {
  let reserved: Reserved;
  try {
    reserved = await reserve(deps, staff, orderId, body, key, opts.returnId);
  } catch (err) {
    // Two first uses of one key at the same moment: the loser reads the winner's row.
    if (isUniqueViolation(err)) {
      reserved = await reserve(deps, staff, orderId, body, key, opts.returnId);
    } else throw err;
  }
  if (reserved.kind === 'done') {
    return refundAnswer(deps, orderId, reserved.refund.id, true);
  }

  let providerRefundId: string;
  try {
    ({ providerRefundId } = await deps.provider.refund(reserved.providerPaymentId, body.amountCents, key));
  } catch (err) {
    if (err instanceof RefundRefusedError) {
      await repo.dropUnconfirmedRefund(deps.db, reserved.refund.id);
      throw new AppError('refund_refused', { params: { reason: err.message } });
    }
    deps.log?.error({ err, refundId: reserved.refund.id }, 'refund not confirmed by the provider');
    throw new AppError('refund_unconfirmed');
  }

  await confirmReserved(deps, staff.id, orderId, reserved.refund, providerRefundId, false, opts);
  return refundAnswer(deps, orderId, reserved.refund.id, false);
}

/**
 * Step 3: the provider's id recorded once (only where still empty), the order and payment marked,
 * the appointment freed, the shopper told, the audit written; one transaction. Nothing happens when
 * another call with the same key confirmed it first. Its events are published after the commit.
 */
export async function confirmReserved(
  deps: RefundsDeps,
  actorId: string,
  orderId: string,
  refund: { id: string; paymentId: string },
  providerRefundId: string,
  resolvedLate = false,
  opts: RefundOptions = {},
): Promise<void> {
  const events = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const payment = await repo.lockPayment(tx, refund.paymentId);
    const confirmed = await repo.confirmRefund(tx, refund.id, providerRefundId);
    // Another call with this key confirmed it first: it did the rest.
    if (!confirmed || !payment) return [] as Published[];
    const order = await repo.orderOf(tx, orderId, true);
    if (!order) throw new AppError('order_not_found');
    const sums = await repo.refundedSums(tx, payment.id, orderId);
    const before = { status: order.status, refundedCents: sums.order - confirmed.amountCents };
    let status = order.status;
    const out: Published[] = [];
    if (order.totalCents !== null && sums.order >= order.totalCents && canTransition(status, 'refunded')) {
      const refunded = await transitionOrder(tx, orderId, {
        from: status,
        to: 'refunded',
        at: now,
        set: { refundedAt: now },
      });
      if (!refunded) throw new Error(`order ${orderId} left its status under lock`);
      status = 'refunded';
      const freedAt = (await releaseAppointment(tx, orderId, now))?.locationId;
      if (freedAt) {
        out.push({
          room: locationRoom(freedAt),
          event: { type: 'PickupSlotsChangedV1', locationId: freedAt, serverTime: now.toISOString() },
        });
      }
    }
    if (sums.payment >= payment.totalCents)
      await repo.setPaymentRefunded(tx, payment.id, now, confirmed.reason);
    const told = {
      amountCents: confirmed.amountCents,
      reason: confirmed.reason,
      productTitle: order.productTitle,
      userId: order.userId,
    };
    await enqueueNotices(tx, now, [
      opts.notice?.(told) ?? {
        userId: order.userId,
        kind: 'auction_won',
        template: 'refund_issued',
        message: refundIssuedNotice(confirmed.amountCents, order.productTitle),
        targetUrl: '/account?tab=orders',
        data: {
          orderId,
          amountCents: confirmed.amountCents,
          reason: confirmed.reason,
          productTitle: order.productTitle,
        },
      },
    ]);
    await recordAudit(tx, {
      actorId,
      action: 'refund.create',
      entityType: 'order',
      entityId: orderId,
      before,
      after: {
        status,
        refundedCents: sums.order,
        refundId: confirmed.id,
        amountCents: confirmed.amountCents,
        paymentId: payment.id,
        providerRefundId,
        ...(resolvedLate ? { resolvedBy: 'refunds.resolve-reserved job' } : {}),
      },
      reason: confirmed.reason,
    });
    out.push(
      { room: userRoom(order.userId), event: { type: 'OrdersChangedV1', serverTime: now.toISOString() } },
      ...notificationsChanged([order.userId], now),
    );
    return out;
  });
  await deps.publish(events);
}

/**
 * The answer to a refund: the refund as the order page shows it, the order's status and what is
 * left to refund (the same figures as the page's, read after the commit), and a sentence.
 */
async function refundAnswer(
  deps: RefundOrderDeps,
  orderId: string,
  refundId: string,
  replayed: boolean,
): Promise<RefundResponse> {
  const { db } = deps;
  const [order, row] = await Promise.all([repo.orderOf(db, orderId), repo.refundWithCreator(db, refundId)]);
  if (!order) throw new AppError('order_not_found');
  if (!row) throw new Error(`refund ${refundId} missing after it was made`);
  const payment = await repo.appliedPayment(db, order.checkoutSessionId);
  const [onPayment, onOrder, activeReturn] = await Promise.all([
    payment ? repo.refundedSums(db, payment.id, orderId) : null,
    repo.refundedByOrder(db, [orderId]),
    deps.openReturnOf(db, orderId),
  ]);
  const sums = { payment: onPayment?.payment ?? 0, order: onOrder.get(orderId) ?? 0 };
  const can = refundableOf(order, payment, sums, activeReturn);
  const refund = refundView(row.refund, row.createdBy);
  return {
    refund,
    replayed,
    orderStatus: order.status,
    refundableCents: can.cents,
    message: replayed
      ? `This refund of ${formatCents(refund.amountCents)} was already made.`
      : order.status === 'refunded'
        ? `Refunded ${formatCents(refund.amountCents)}. The order is now refunded in full.`
        : `Refunded ${formatCents(refund.amountCents)}.`,
  };
}
