// The back-office's orders (docs/decisions/024): search and the order's story. Refunds are made
// through the refunds module (docs/decisions/084-refunds-module.md), strikes removed in ./strikes.ts.

import type { AdminOrderDetail, AdminOrdersResponse, TimelineEvent } from '@rebound/contract/admin-orders';
import { productSku } from '@rebound/core/catalog';
import { deskMarkLabel } from '@rebound/core/desk-notices';
import { formatCents } from '@rebound/core/money';
import { orderStatusLabel, PAYMENT_REMINDERS_HOURS } from '@rebound/core/orders';
import { formatDateKeyShort } from '@rebound/core/shop-clock';
import { slotTimeLabel } from '@rebound/core/slot-label';
import { PAYMENT_WINDOW_HOURS, vancouverDateKey } from '@rebound/core/time';
import { AppError } from '../../lib/errors';
import { deskMarkOf } from '../desk-marks';
import { type RefundOrderDeps, refundableOf, refundedCentsByOrder, refundsOfPayments } from '../refunds';
import * as repo from './repository';
import { strikeView } from './strikes';

const [FIRST_REMINDER_HOURS, LAST_REMINDER_HOURS] = PAYMENT_REMINDERS_HOURS;

/**
 * What the back-office's orders need: a refund's (the payment provider; the returns module's
 * `activeReturnOf` as `openReturnOf`, also read for the page).
 */
export interface AdminOrdersDeps extends RefundOrderDeps {}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const nameOf = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

export async function listOrders(
  deps: AdminOrdersDeps,
  query: Parameters<typeof repo.listOrders>[1],
): Promise<AdminOrdersResponse> {
  const { rows, total } = await repo.listOrders(deps.db, query);
  const refunded = await refundedCentsByOrder(
    deps.db,
    rows.map((r) => r.id),
  );
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
      refundedCents: refunded.get(r.id) ?? 0,
      createdAt: r.createdAt.toISOString(),
      paidAt: iso(r.paidAt),
      paymentDueAt: r.paymentDueAt.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
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
    deskMarkOf(db, orderId),
    deps.openReturnOf(db, orderId),
  ]);
  const refundRows = await refundsOfPayments(
    db,
    paymentRows.map((p) => p.payment.id),
  );
  const refundedOfPayment = (paymentId: string) =>
    refundRows.filter((r) => r.paymentId === paymentId).reduce((s, r) => s + r.amountCents, 0);
  const applied = paymentRows.find((p) => p.payment.checkoutSessionId === o.checkoutSessionId) ?? null;
  const orderRefunds = refundRows.filter((r) => r.orderId === orderId || r.orderId === null);
  const sums = {
    payment: applied ? refundedOfPayment(applied.payment.id) : 0,
    order: refundRows.filter((r) => r.orderId === orderId).reduce((s, r) => s + r.amountCents, 0),
  };
  const can = refundableOf(o, applied?.payment ?? null, sums, activeReturn);
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
  add(o.reminder24hSentAt, 'reminder', `Payment reminder sent (${FIRST_REMINDER_HOURS} hours left)`);
  add(o.reminder2hSentAt, 'reminder', `Payment reminder sent (${LAST_REMINDER_HOURS} hours left)`);
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
      new Date(mark.markedAt),
      'staged',
      `Marked ${deskMarkLabel(mark.kind).toLowerCase()} at the pickup desk`,
      mark.note,
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
      new Date(r.createdAt),
      'refund',
      `Refunded ${formatCents(r.amountCents)}${r.providerRefundId ? '' : ' (awaiting the provider)'}`,
      `${r.reason}${r.createdBy ? ` (${r.createdBy})` : ''}`,
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
      refundedCents: refundedOfPayment(p.payment.id),
      paidAt: p.payment.paidAt.toISOString(),
      refundedAt: iso(p.payment.refundedAt),
      orderCount: p.orderCount,
    })),
    refunds: orderRefunds,
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
          kind: mark.kind,
          kindLabel: deskMarkLabel(mark.kind),
          note: mark.note,
          staff: mark.staff,
          markedAt: mark.markedAt,
        }
      : null,
  };
}
