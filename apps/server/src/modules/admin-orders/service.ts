// The back-office's orders (docs/decisions/024): search, the order's story, refunds
// and strike removal.
//
// A refund is three steps, so that no money is lost or doubled and no database lock is held while
// the payment provider is asked:
//   1. Reserve (one transaction, the payment row locked FOR UPDATE): the key's earlier refund is
//      replayed (or refused as a conflict when it asked for something else); otherwise the amount is
//      checked against what was paid minus every earlier refund (confirmed or still reserved) and a
//      refunds row is written without a provider id. Two refunds at once queue on the lock; the
//      second sees the first's row.
//   2. Ask the provider with the same key (Stripe: Idempotency-Key; the test checkout: the refund id
//      comes from the key), so a retry never refunds twice.
//   3. Confirm (one transaction): the provider's id is recorded once (only where still empty), the
//      order and payment become 'refunded' when fully refunded, the appointment is freed, the shopper
//      is told and the audit log written. A provider's definite refusal drops the reservation; an
//      unknown outcome keeps it, and the same request (same key) finishes it later.

import type {
  AdminOrderDetail,
  AdminOrdersResponse,
  AdminRefund,
  AdminStrike,
  RefundRequest,
  RefundResponse,
  RemoveStrikeResponse,
  TimelineEvent,
} from '@rebound/contract/admin-orders';
import { locationRoom, userRoom } from '@rebound/contract/rooms';
import { productSku } from '@rebound/core/catalog';
import { deskMarkLabel } from '@rebound/core/desk-notices';
import { formatCents } from '@rebound/core/money';
import { refundIssuedNotice, STRIKE_REMOVED_NOTICE } from '@rebound/core/notices';
import {
  canTransition,
  isSuspendedByStrikes,
  MAX_ACTIVE_STRIKES,
  type OrderStatus,
  orderStatusLabel,
} from '@rebound/core/orders';
import { RETURN_STATE_LABELS, type ReturnState } from '@rebound/core/returns';
import { formatDateKeyShort } from '@rebound/core/shop-clock';
import { slotTimeLabel } from '@rebound/core/slot-label';
import { PAYMENT_WINDOW_HOURS, vancouverDateKey } from '@rebound/core/time';
import type { PaymentProvider } from '../../adapters/payments/types';
import { RefundRefusedError } from '../../adapters/payments/types';
import type { Db, Tx } from '../../db/client';
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

export interface AdminOrdersDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  /** Realtime events, called after each commit (lib/publish.ts). */
  publish: Publisher;
  log?: { error(obj: unknown, msg?: string): void };
}

/** Statuses of an order that was paid and not yet refunded in full (core's transitions to 'refunded'). */
const REFUNDABLE: ReadonlySet<OrderStatus> = new Set([
  'paid',
  'ready_for_pickup',
  'pickup_scheduled',
  'completed',
]);

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const nameOf = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

export async function listOrders(
  deps: AdminOrdersDeps,
  query: Parameters<typeof repo.listOrders>[1],
): Promise<AdminOrdersResponse> {
  const { rows, total } = await repo.listOrders(deps.db, query);
  return {
    items: rows.map((r) => ({
      id: r.id,
      number: r.id.slice(0, 8),
      status: r.status,
      statusLabel: orderStatusLabel(r.status),
      productTitle: r.title,
      sku: productSku(r),
      shopper: { id: r.userId, email: r.email, handle: r.handle, name: nameOf(r) },
      finalAmountCents: r.finalAmountCents,
      totalCents: r.totalCents,
      refundedCents: Number(r.refundedCents),
      createdAt: r.createdAt.toISOString(),
      paidAt: iso(r.paidAt),
      paymentDueAt: r.paymentDueAt.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

type RefundRow = Awaited<ReturnType<typeof repo.refundsOf>>[number];

function refundView(r: RefundRow['refund'], createdBy: string | null): AdminRefund {
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

type StrikeRow = Awaited<ReturnType<typeof repo.strikesOf>>[number];

function strikeView(s: StrikeRow['strike'], removedBy: string | null, orderId: string | null): AdminStrike {
  return {
    id: s.id,
    orderId: s.orderId,
    thisOrder: orderId !== null && s.orderId === orderId,
    reason: s.reason,
    createdAt: s.createdAt.toISOString(),
    removedAt: iso(s.removedAt),
    removedReason: s.removedReason,
    removedBy,
  };
}

/** What may still be refunded on the order, and why nothing can when it is 0. */
function refundable(
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

export async function orderDetail(deps: AdminOrdersDeps, orderId: string): Promise<AdminOrderDetail> {
  const { db } = deps;
  const now = deps.clock.now();
  const row = await repo.orderRow(db, orderId);
  if (!row) throw new AppError('order_not_found');
  const o = row.order;
  const [paymentRows, strikeRows, appt, mark, activeReturn] = await Promise.all([
    repo.paymentsOfOrder(db, orderId),
    repo.strikesOf(db, o.userId),
    repo.appointmentOf(db, orderId),
    repo.deskMarkOf(db, orderId),
    repo.activeReturnOf(db, orderId),
  ]);
  const refundRows = await repo.refundsOf(
    db,
    paymentRows.map((p) => p.payment.id),
  );
  const applied = paymentRows.find((p) => p.payment.checkoutSessionId === o.checkoutSessionId) ?? null;
  const orderRefunds = refundRows.filter((r) => r.refund.orderId === orderId || r.refund.orderId === null);
  const sums = {
    payment: applied ? applied.refundedCents : 0,
    order: refundRows
      .filter((r) => r.refund.orderId === orderId)
      .reduce((s, r) => s + r.refund.amountCents, 0),
  };
  const can = refundable(o, applied?.payment ?? null, sums, activeReturn);
  const strikes = strikeRows.map((s) => strikeView(s.strike, s.removedBy, orderId));

  const timeline: TimelineEvent[] = [];
  const add = (at: Date | null, kind: TimelineEvent['kind'], label: string, detail: string | null = null) => {
    if (at) timeline.push({ at: at.toISOString(), kind, label, detail });
  };
  add(
    o.createdAt,
    'won',
    `Won at ${formatCents(o.finalAmountCents)}`,
    `Pay by ${o.paymentDueAt.toISOString()}`,
  );
  add(o.reminder24hSentAt, 'reminder', 'Payment reminder sent (24 hours left)');
  add(o.reminder2hSentAt, 'reminder', 'Payment reminder sent (2 hours left)');
  for (const p of paymentRows) {
    const applies = p.payment.checkoutSessionId === o.checkoutSessionId;
    add(
      p.payment.paidAt,
      'paid',
      applies
        ? `Paid ${formatCents(o.totalCents ?? p.payment.totalCents)}`
        : `Payment of ${formatCents(p.payment.totalCents)} not applied`,
      applies
        ? p.orderCount > 1
          ? `Part of one payment of ${formatCents(p.payment.totalCents)} for ${p.orderCount} orders`
          : null
        : p.payment.refundReason,
    );
  }
  add(o.readyAt, 'staged', 'Staged at the desk');
  if (appt) {
    add(
      appt.appointment.createdAt,
      'scheduled',
      `Pickup booked for ${formatDateKeyShort(vancouverDateKey(appt.slot.startsAt))}, ${slotTimeLabel(appt.slot.startsAt, appt.slot.endsAt)}`,
      appt.appointment.notes,
    );
  }
  add(o.completedAt, 'completed', 'Handed over (ID checked)');
  if (mark) {
    add(
      mark.mark.createdAt,
      'staged',
      `Marked ${deskMarkLabel(mark.mark.kind).toLowerCase()} at the pickup desk`,
      mark.mark.note,
    );
  }
  add(o.cancelledAt, 'cancelled', `Cancelled: not paid within ${PAYMENT_WINDOW_HOURS} hours`);
  for (const s of strikes.filter((x) => x.thisOrder)) {
    add(new Date(s.createdAt), 'strike', 'Non-payment strike given', s.reason);
    if (s.removedAt) {
      add(
        new Date(s.removedAt),
        'strike_removed',
        'Strike removed',
        `${s.removedReason ?? ''}${s.removedBy ? ` (${s.removedBy})` : ''}`,
      );
    }
  }
  for (const r of orderRefunds) {
    add(
      r.refund.createdAt,
      'refund',
      `Refunded ${formatCents(r.refund.amountCents)}${r.refund.providerRefundId ? '' : ' (awaiting the provider)'}`,
      `${r.refund.reason}${r.createdBy ? ` (${r.createdBy})` : ''}`,
    );
  }
  add(o.refundedAt, 'refunded', 'Order refunded in full');
  timeline.sort((a, b) => a.at.localeCompare(b.at));

  return {
    serverTime: now.toISOString(),
    order: {
      id: o.id,
      number: o.id.slice(0, 8),
      status: o.status,
      statusLabel: orderStatusLabel(o.status),
      finalAmountCents: o.finalAmountCents,
      premiumCents: o.premiumCents,
      pstCents: o.pstCents,
      gstCents: o.gstCents,
      totalCents: o.totalCents,
      createdAt: o.createdAt.toISOString(),
      paymentDueAt: o.paymentDueAt.toISOString(),
      paidAt: iso(o.paidAt),
      readyAt: iso(o.readyAt),
      completedAt: iso(o.completedAt),
      cancelledAt: iso(o.cancelledAt),
      refundedAt: iso(o.refundedAt),
      locationName: row.locationName,
      product: {
        id: row.product.id,
        title: row.product.title,
        slug: row.product.slug,
        sku: productSku(row.product),
      },
    },
    shopper: {
      id: row.user.id,
      email: row.user.email,
      handle: row.user.handle,
      name: nameOf(row.user),
      status: row.user.status,
      activeStrikes: strikes.filter((s) => s.removedAt === null).length,
    },
    refundedCents: sums.order,
    refundableCents: can.cents,
    refundBlockedReason: can.blocked,
    payments: paymentRows.map((p) => ({
      id: p.payment.id,
      provider: p.payment.provider,
      providerPaymentId: p.payment.providerPaymentId,
      status: p.payment.status,
      totalCents: p.payment.totalCents,
      refundedCents: p.refundedCents,
      paidAt: p.payment.paidAt.toISOString(),
      refundedAt: iso(p.payment.refundedAt),
      orderCount: p.orderCount,
    })),
    refunds: orderRefunds.map((r) => refundView(r.refund, r.createdBy)),
    strikes,
    appointment: appt
      ? {
          status: appt.appointment.status,
          shortCode: appt.appointment.shortCode,
          startsAt: appt.slot.startsAt.toISOString(),
          timeLabel: slotTimeLabel(appt.slot.startsAt, appt.slot.endsAt),
          date: vancouverDateKey(appt.slot.startsAt),
          completedAt: iso(appt.appointment.completedAt),
        }
      : null,
    timeline,
    deskMark: mark
      ? {
          orderId,
          kind: mark.mark.kind,
          kindLabel: deskMarkLabel(mark.mark.kind),
          note: mark.mark.note,
          staff: nameOf(mark),
          markedAt: mark.mark.createdAt.toISOString(),
        }
      : null,
  };
}

// ── Refunds ─────────────────────────────────────────────────────────────────────────────────────

type Reserved =
  | { kind: 'done'; refund: NonNullable<Awaited<ReturnType<typeof repo.refundByKey>>> }
  | {
      kind: 'call';
      refund: NonNullable<Awaited<ReturnType<typeof repo.refundByKey>>>;
      providerPaymentId: string;
    };

/** Step 1: the payment row locked, the key checked, the amount checked and reserved. */
async function reserve(
  deps: AdminOrdersDeps,
  staff: SessionUser,
  orderId: string,
  body: RefundRequest,
  key: string,
  returnId: string | undefined,
): Promise<Reserved> {
  return deps.db.transaction(async (tx) => {
    const first = await repo.orderRow(tx, orderId);
    if (!first) throw new AppError('order_not_found');
    const paymentId = await repo.appliedPaymentId(tx, first.order.checkoutSessionId);
    if (!paymentId) throw new AppError('refund_not_allowed');
    // The payment first, then the order: every refund of this payment queues on the first lock.
    const payment = await repo.lockPayment(tx, paymentId);
    const row = await repo.orderRow(tx, orderId, true);
    if (!payment || !row) throw new AppError('refund_not_allowed');

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
    const open = await repo.activeReturnOf(tx, orderId);
    if (open && open.id !== returnId) throw returnOpenError(open.state);
    const sums = await repo.refundedSums(tx, payment.id, orderId);
    const can = refundable(row.order, payment, sums);
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
 * POST /api/admin/orders/:id/refunds: refunds `amountCents` of the order's payment, once per key.
 */
export async function refundOrder(
  deps: AdminOrdersDeps,
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
async function confirmReserved(
  deps: AdminOrdersDeps,
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
    const row = await repo.orderRow(tx, orderId, true);
    if (!row) throw new AppError('order_not_found');
    const sums = await repo.refundedSums(tx, payment.id, orderId);
    const before = { status: row.order.status, refundedCents: sums.order - confirmed.amountCents };
    let status = row.order.status;
    const out: Published[] = [];
    if (
      row.order.totalCents !== null &&
      sums.order >= row.order.totalCents &&
      canTransition(status, 'refunded')
    ) {
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
      productTitle: row.product.title,
      userId: row.order.userId,
    };
    await enqueueNotices(tx, now, [
      opts.notice?.(told) ?? {
        userId: row.order.userId,
        kind: 'auction_won',
        template: 'refund_issued',
        message: refundIssuedNotice(confirmed.amountCents, row.product.title),
        targetUrl: '/account?tab=orders',
        data: {
          orderId,
          amountCents: confirmed.amountCents,
          reason: confirmed.reason,
          productTitle: row.product.title,
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
      { room: userRoom(row.order.userId), event: { type: 'OrdersChangedV1', serverTime: now.toISOString() } },
      ...notificationsChanged([row.order.userId], now),
    );
    return out;
  });
  await deps.publish(events);
}

async function refundAnswer(
  deps: AdminOrdersDeps,
  orderId: string,
  refundId: string,
  replayed: boolean,
): Promise<RefundResponse> {
  const detail = await orderDetail(deps, orderId);
  const refund = detail.refunds.find((r) => r.id === refundId);
  if (!refund) throw new Error(`refund ${refundId} missing after it was made`);
  return {
    refund,
    replayed,
    orderStatus: detail.order.status,
    refundableCents: detail.refundableCents,
    message: replayed
      ? `This refund of ${formatCents(refund.amountCents)} was already made.`
      : detail.order.status === 'refunded'
        ? `Refunded ${formatCents(refund.amountCents)}. The order is now refunded in full.`
        : `Refunded ${formatCents(refund.amountCents)}.`,
  };
}

// ── Refunds nobody heard back about ─────────────────────────────────────────────────────────────

/**
 * How long a reserved refund may wait for its provider's answer before the job asks again. Far
 * longer than any provider call (Stripe's client gives up after 80 s), so a request still on its
 * way is never raced.
 */
export const REFUND_RESERVATION_LEASE_MS = 10 * 60_000;
const RESOLVE_BATCH = 50;

export interface ResolveRun {
  confirmed: number;
  failed: number;
  /** Still no answer: asked again on the next run. */
  unknown: number;
}

/**
 * The job 'refunds.resolve-reserved': a refund whose provider call got no answer (the server
 * stopped between reserving the row and confirming it, or the provider timed out) stays reserved,
 * holding its amount, until someone retries it with the same key. This asks the provider again
 * with the row's own idempotency key, so the provider refunds at most once: an answer confirms the
 * row (order and payment marked, shopper told, audited under the staff member who asked); a definite
 * refusal drops the reservation (the schema has no status column: a refused refund is no refund),
 * recorded in the audit log as 'refund.fail'; silence leaves it for the next run.
 */
export async function resolveReservedRefunds(
  deps: AdminOrdersDeps,
  opts: { leaseMs?: number } = {},
): Promise<ResolveRun> {
  const run: ResolveRun = { confirmed: 0, failed: 0, unknown: 0 };
  const before = new Date(deps.clock.now().getTime() - (opts.leaseMs ?? REFUND_RESERVATION_LEASE_MS));
  const stale = await repo.staleReservedRefunds(deps.db, before, RESOLVE_BATCH);
  for (const r of stale) {
    // Every reservation names its staff member (reserve() sets it); one without cannot be audited.
    if (!r.providerPaymentId || !r.orderId || !r.createdBy) {
      run.unknown += 1;
      continue;
    }
    let providerRefundId: string;
    try {
      ({ providerRefundId } = await deps.provider.refund(
        r.providerPaymentId,
        r.amountCents,
        r.idempotencyKey,
      ));
    } catch (err) {
      if (err instanceof RefundRefusedError) {
        await deps.db.transaction(async (tx) => {
          const gone = await repo.dropUnconfirmedRefundReturning(tx, r.id);
          if (!gone || !r.createdBy || !r.orderId) return;
          await recordAudit(tx, {
            actorId: r.createdBy,
            action: 'refund.fail',
            entityType: 'order',
            entityId: r.orderId,
            before: { refundId: r.id, amountCents: r.amountCents, idempotencyKey: r.idempotencyKey },
            after: { refused: err.message, resolvedBy: 'refunds.resolve-reserved job' },
            reason: r.reason,
          });
        });
        run.failed += 1;
      } else {
        deps.log?.error({ err, refundId: r.id }, 'reserved refund still not answered by the provider');
        run.unknown += 1;
      }
      continue;
    }
    await confirmReserved(
      deps,
      r.createdBy,
      r.orderId,
      { id: r.id, paymentId: r.paymentId },
      providerRefundId,
      true,
    );
    run.confirmed += 1;
  }
  return run;
}

// ── Strikes ─────────────────────────────────────────────────────────────────────────────────────

/**
 * POST /api/admin/orders/:id/strikes/:strikeId/remove: the strike no longer counts; the shopper's
 * strike count is recomputed. Decision 014: only staff lift a strikes suspension, and they do it by
 * removing a strike. Below the threshold again, a suspension the strikes caused is lifted; one a
 * staff member set by hand (People's suspend, in the audit log) stays until People restores it.
 */
export async function removeStrike(
  deps: AdminOrdersDeps,
  staff: SessionUser,
  orderId: string,
  strikeId: string,
  reason: string,
): Promise<RemoveStrikeResponse> {
  const { answer, events } = await deps.db.transaction(async (tx) => {
    const order = await repo.orderRow(tx, orderId);
    if (!order) throw new AppError('order_not_found');
    return removeStrikeIn(tx, deps, staff, order.order.userId, strikeId, reason);
  });
  await deps.publish(events);
  return answer;
}

/**
 * The one way a strike is removed, from an order's page or a person's page (People): the same
 * rule for lifting a strikes suspension (decision 014), the same audit entry, the same notice.
 */
export async function removeUserStrike(
  deps: Pick<AdminOrdersDeps, 'db' | 'clock' | 'publish'>,
  staff: SessionUser,
  userId: string,
  strikeId: string,
  reason: string,
): Promise<RemoveStrikeResponse> {
  const { answer, events } = await deps.db.transaction((tx) =>
    removeStrikeIn(tx, deps, staff, userId, strikeId, reason),
  );
  await deps.publish(events);
  return answer;
}

async function removeStrikeIn(
  tx: Tx,
  deps: Pick<AdminOrdersDeps, 'db' | 'clock'>,
  staff: SessionUser,
  userId: string,
  strikeId: string,
  reason: string,
): Promise<{ answer: RemoveStrikeResponse; events: Published[] }> {
  {
    const now = deps.clock.now();
    const user = await repo.lockUser(tx, userId);
    const strike = await repo.strikeOf(tx, userId, strikeId);
    if (!user || !strike || strike.removedAt) throw new AppError('strike_not_found');
    const removed = await repo.removeStrike(tx, strikeId, staff.id, reason, now);
    if (!removed) throw new AppError('strike_not_found');
    const active = await repo.activeStrikeCount(tx, userId);

    let suspension: RemoveStrikeResponse['suspension'] = 'not_suspended';
    let status = user.status;
    if (user.status === 'suspended') {
      if (isSuspendedByStrikes(active)) suspension = 'still_suspended';
      else if ((await repo.lastManualSuspension(tx, userId)) === 'user.suspend') suspension = 'kept_by_staff';
      else {
        suspension = 'lifted';
        status = 'active';
      }
    }
    await repo.setUser(tx, userId, { strikes: active, status }, now);
    const messages: Record<RemoveStrikeResponse['suspension'], string> = {
      not_suspended: `Strike removed. ${user.email} has ${active} active ${active === 1 ? 'strike' : 'strikes'}.`,
      lifted: `Strike removed. ${user.email} is below ${MAX_ACTIVE_STRIKES} strikes again and can bid.`,
      still_suspended: `Strike removed. ${user.email} still has ${active} active strikes, so bidding stays suspended.`,
      kept_by_staff: `Strike removed. The account stays suspended: a staff member suspended it by hand (restore it in People).`,
    };
    await recordAudit(tx, {
      actorId: staff.id,
      action: 'strike.remove',
      entityType: 'user',
      entityId: userId,
      before: { strikeId, activeStrikes: user.strikes, status: user.status },
      after: { strikeId, activeStrikes: active, status, suspension, orderId: strike.orderId },
      reason,
    });
    const events: Published[] = [];
    if (suspension === 'lifted') {
      await enqueueNotices(tx, now, [
        {
          userId,
          kind: 'auction_won',
          template: 'generic',
          message: STRIKE_REMOVED_NOTICE,
          targetUrl: '/account?tab=orders',
          data: {},
        },
      ]);
      events.push(...notificationsChanged([userId], now));
      // Their open pages drop the suspension banner (the session is asked again).
      events.push({
        room: userRoom(userId),
        event: { type: 'AccountChangedV1', serverTime: now.toISOString() },
      });
    }
    events.push({
      room: userRoom(userId),
      event: { type: 'OrdersChangedV1', serverTime: now.toISOString() },
    });
    return {
      answer: {
        strike: strikeView(removed, staff.email, strike.orderId),
        activeStrikes: active,
        userStatus: status,
        suspension,
        message: messages[suspension],
      },
      events,
    };
  }
}
