import type { MyOrdersResponse, OrderView } from '@rebound/contract/orders';
import { deskMarkOrderNote } from '@rebound/core/desk-notices';
import {
  canSchedulePickup,
  isSuspendedByStrikes,
  needsPayment,
  ORDER_STATUS_LABELS,
  wasPaid,
} from '@rebound/core/orders';
import { orderStorageFeeCents, storageFeeStartDateKey } from '@rebound/core/pickup';
import type { PaymentFacts } from '@rebound/core/signals';
import { slotTimeLabel } from '@rebound/core/slot-label';
import { vancouverDateKey } from '@rebound/core/time';
import type { DbOrTx } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import * as repo from './repository';

type OrderRow = Awaited<ReturnType<typeof repo.ordersOf>>[number];

export function toOrderView(r: OrderRow, now: Date): OrderView {
  const o = r.order;
  // Paid for: its totalCents is what was charged.
  const paid = wasPaid(o.status) && o.paidAt !== null;
  return {
    id: o.id,
    number: o.id.slice(0, 8),
    auctionId: o.auctionId,
    product: {
      title: r.title,
      slug: r.slug,
      description: r.description,
      image: r.imageUrl
        ? { url: r.imageUrl, alt: r.imageAlt || r.title, width: r.imageWidth, height: r.imageHeight }
        : null,
    },
    finalAmountCents: o.finalAmountCents,
    totalPaidCents: paid ? (o.totalCents ?? null) : null,
    status: o.status,
    statusLabel: ORDER_STATUS_LABELS[o.status],
    createdAt: o.createdAt.toISOString(),
    auctionEndedAt: r.auctionEndedAt.toISOString(),
    paymentDueAt: o.status === 'pending' ? o.paymentDueAt.toISOString() : null,
    paidAt: o.paidAt?.toISOString() ?? null,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    needsPayment: needsPayment(o.status),
    canSchedulePickup: canSchedulePickup(o.status),
    isPickupScheduled: o.status === 'pickup_scheduled',
    isCompleted: o.status === 'completed',
    pickup:
      r.pickupStartsAt && r.pickupEndsAt && r.pickupAppointmentId
        ? {
            appointmentId: r.pickupAppointmentId,
            date: vancouverDateKey(r.pickupStartsAt),
            timeLabel: slotTimeLabel(r.pickupStartsAt, r.pickupEndsAt),
            startsAt: r.pickupStartsAt.toISOString(),
            notes: r.pickupNotes ?? null,
          }
        : null,
    locationName: r.locationName,
    storageFeeCents: orderStorageFeeCents(
      { status: o.status, auctionEnd: r.auctionEndedAt, completedAt: o.completedAt },
      now,
    ),
    storageFeeFrom: storageFeeStartDateKey(r.auctionEndedAt),
    refundNote:
      o.status === 'refunded' && r.deskMarkKind ? deskMarkOrderNote(r.deskMarkKind, o.totalCents) : null,
  };
}

/** GET /api/me/orders: the signed-in shopper's own orders and strikes. */
export async function myOrders(db: DbOrTx, clock: Clock, user: SessionUser): Promise<MyOrdersResponse> {
  const [rows, strikes] = await Promise.all([repo.ordersOf(db, user.id), repo.strikesOf(db, user.id)]);
  const activeStrikes = strikes.filter((s) => s.removedAt === null).length;
  const now = clock.now();
  return {
    serverTime: now.toISOString(),
    orders: rows.map((r) => toOrderView(r, now)),
    strikes: strikes.map((s) => ({
      id: s.id,
      reason: s.reason,
      createdAt: s.createdAt.toISOString(),
      orderId: s.orderId,
      removedAt: s.removedAt?.toISOString() ?? null,
    })),
    activeStrikes,
    biddingSuspended: isSuspendedByStrikes(activeStrikes),
  };
}

/**
 * What each account did after winning, as the signals' non-payer rule reads it (core signals.ts
 * PaymentFacts): active strikes and orders cancelled unpaid. The store keeps no record of card
 * disputes, so `disputedRefunds` is 0 until one does.
 */
export async function paymentFactsOf(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, PaymentFacts>> {
  const out = new Map<string, PaymentFacts>();
  const rows = await repo.paymentFactRows(db, userIds);
  const get = (id: string) => {
    const f = out.get(id) ?? { strikes: 0, cancelledUnpaid: 0, disputedRefunds: 0, latestAt: null };
    out.set(id, f);
    return f;
  };
  const later = (a: Date | null, b: string) => {
    const d = new Date(b);
    return a && a.getTime() >= d.getTime() ? a : d;
  };
  for (const r of rows.strikes) {
    const f = get(r.userId);
    f.strikes = Number(r.n);
    f.latestAt = later(f.latestAt, r.latest);
  }
  for (const r of rows.cancelled) {
    const f = get(r.userId);
    f.cancelledUnpaid = Number(r.n);
    f.latestAt = later(f.latestAt, r.latest);
  }
  return out;
}
