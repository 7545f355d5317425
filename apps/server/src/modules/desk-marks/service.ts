// The pickup desk settles a missing or damaged item at the hand-over (docs/decisions/057): staff mark
// the order's item instead of handing it over, and the order is refunded in full at once through the
// one refund path (the refunds module's refundOrder: reserve, ask the provider with an idempotency
// key, confirm; the order becomes 'refunded' there, through transitionOrder, and its booked place is
// released through pickup's releaseAppointment).
//
//   1. The mark (one transaction, the order locked): an order already marked is that mark's replay;
//      else the order must still be at the desk (core canMarkAtDesk) and the mark is written and
//      audited. Two marks at once queue on the order's lock; the second finds the first's row.
//   2. The refund, with the key 'desk:<order id>': whoever asks, however often, the provider is asked
//      with one key and the refund is confirmed once; the shopper gets the desk's notice.
//   3. The mark records its refund. A provider's refusal leaves the mark without a refund: marking
//      again retries with the same key. A refund left reserved by a crash is completed by the job
//      'refunds.resolve-reserved' (with the ordinary refund notice), and the mark finds it by its key.

import type {
  DeskMarkKind,
  DeskMarkResponse,
  DeskMarkView,
  DeskMarkWeek,
} from '@rebound/contract/desk-marks';
import {
  canMarkAtDesk,
  DESK_NOTE_MAX,
  deskMarkLabel,
  deskMarkNotice,
  deskMarkReason,
  deskMarkResult,
} from '@rebound/core/desk-notices';
import { orderStatusLabel } from '@rebound/core/orders';
import { addDaysToDateKey, vancouverDateKey, vancouverDateTime, weekdayOfDateKey } from '@rebound/core/time';
import type { DbOrTx } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';
import {
  type KeyedRefund,
  type RefundsDeps,
  refundByKey,
  refundedCentsByOrder,
  refundOrder,
} from '../refunds';
import { activeReturnOf } from '../returns';
import { recordAudit } from '../staff';
import * as repo from './repository';

/** What the desk's marks need: a refund's (the payment provider, through the refunds module). */
export interface DeskMarksDeps extends RefundsDeps {}

/** The one idempotency key of an order's desk refund: every mark of the order refunds once. */
export const deskRefundKey = (orderId: string) => `desk:${orderId}`;

/**
 * The order's mark with the staff member's name, and the refund held by the desk's key (reserved or
 * confirmed, from the refunds module), or null; in the caller's transaction when it holds a lock.
 */
async function markOf(db: DbOrTx, orderId: string) {
  const mark = await repo.markOf(db, orderId);
  if (!mark) return null;
  return { ...mark, keyRefund: await refundByKey(db, deskRefundKey(orderId)) };
}

type MarkRow = NonNullable<Awaited<ReturnType<typeof repo.markOf>>> & { keyRefund: KeyedRefund | null };

function markView(r: MarkRow): DeskMarkView {
  const staff = `${r.staffFirstName} ${r.staffLastName}`.trim() || r.staffEmail;
  const refundId = r.mark.refundId ?? (r.keyRefund?.confirmed ? r.keyRefund.id : null);
  return {
    orderId: r.mark.orderId,
    kind: r.mark.kind,
    kindLabel: deskMarkLabel(r.mark.kind),
    note: r.mark.note,
    staff,
    markedAt: r.mark.createdAt.toISOString(),
    refundId,
    refundedCents: refundId && r.keyRefund ? r.keyRefund.amountCents : 0,
  };
}

/** The order's desk mark (the back-office order page), or null. */
export async function deskMarkOf(db: DbOrTx, orderId: string): Promise<DeskMarkView | null> {
  const row = await markOf(db, orderId);
  return row ? markView(row) : null;
}

/**
 * The kind of the order's mark, or null: read under the order's row lock by the pickup desk's
 * hand-over and 'staged' step, which refuse a marked item (docs/decisions/075-desk-and-return-races.md).
 * Passed to pickup by app.ts: this module refunds through the refunds module, which frees pickup places.
 */
export async function deskMarkKindOf(db: DbOrTx, orderId: string): Promise<{ kind: DeskMarkKind } | null> {
  const row = await repo.markOf(db, orderId);
  return row ? { kind: row.mark.kind } : null;
}

/**
 * POST /api/admin/pickup/orders/:orderId/mark: the item is missing or damaged; the order is refunded
 * in full (price, premium and taxes as paid; storage fees are never charged online) and the shopper
 * told at once. Marking again, at once or later, refunds nothing more.
 */
export async function markItem(
  deps: DeskMarksDeps,
  staff: SessionUser,
  orderId: string,
  body: { kind: DeskMarkKind; note?: string | undefined },
): Promise<DeskMarkResponse> {
  const key = deskRefundKey(orderId);
  const note = body.note?.trim().slice(0, DESK_NOTE_MAX) || null;

  // 1. The mark.
  const step = await deps.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw new AppError('order_not_found');
    const existing = await markOf(tx, orderId);
    if (existing) {
      const settled =
        existing.mark.refundId !== null ||
        existing.keyRefund?.confirmed === true ||
        order.status === 'refunded';
      return { order, kind: existing.mark.kind, settled, made: false };
    }
    if (!canMarkAtDesk(order.status) || order.totalCents === null) {
      throw new AppError('pickup_handover_not_allowed', {
        message: `This order is ${orderStatusLabel(order.status)}: only a paid order that has not been handed over can be marked missing or damaged.`,
      });
    }
    const now = deps.clock.now();
    await repo.insertMark(tx, { orderId, kind: body.kind, note, staffId: staff.id, createdAt: now });
    await recordAudit(tx, {
      actorId: staff.id,
      action: 'desk.mark',
      entityType: 'order',
      entityId: orderId,
      before: { status: order.status },
      after: { kind: body.kind, note },
      reason: deskMarkReason(body.kind),
    });
    return { order, kind: body.kind, settled: false, made: true };
  });

  // 2. The refund, once per order whoever asks.
  let orderStatus = step.order.status;
  if (!step.settled) {
    const others = await refundedCentsByOrder(deps.db, [orderId], { exceptKey: key });
    const amountCents = (step.order.totalCents ?? 0) - (others.get(orderId) ?? 0);
    if (amountCents <= 0) throw new AppError('refund_not_allowed');
    const kind = step.kind;
    const refunded = await refundOrder(
      { ...deps, openReturnOf: activeReturnOf },
      staff,
      orderId,
      { amountCents, reason: deskMarkReason(kind) },
      key,
      {
        notice: (r) => ({
          userId: r.userId,
          kind: 'auction_won',
          template: 'desk_mark_refund',
          message: deskMarkNotice(kind, r.amountCents, r.productTitle),
          targetUrl: '/account?tab=orders',
          data: { orderId, amountCents: r.amountCents, productTitle: r.productTitle, markKind: kind },
        }),
      },
    );
    orderStatus = refunded.orderStatus;
    // 3. The mark records its refund.
    await repo.setMarkRefund(deps.db, orderId, refunded.refund.id);
  }

  const row = await markOf(deps.db, orderId);
  if (!row) throw new Error(`desk mark of ${orderId} missing after it was made`);
  const mark = markView(row);
  if (step.settled) orderStatus = 'refunded';
  return {
    mark,
    orderStatus,
    replayed: !step.made,
    message: deskMarkResult(mark.refundedCents, !step.made),
  };
}

const WEEKS = 8;

/**
 * The dashboard's missing and damaged items per week, the last 8 weeks (Monday to Sunday by the
 * shop's dates, this week last): a mark at 11:30 p.m. PT on a Sunday counts in the week that Sunday
 * ends. The shop's date of each mark is computed in SQL without the database's zone data.
 */
export async function deskMarkWeeks(db: DbOrTx, now: Date): Promise<DeskMarkWeek[]> {
  const today = vancouverDateKey(now);
  const monday = addDaysToDateKey(today, -((weekdayOfDateKey(today) + 6) % 7));
  const mondays = Array.from({ length: WEEKS }, (_, i) => addDaysToDateKey(monday, -7 * (WEEKS - 1 - i)));
  const weeks = new Map(mondays.map((m) => [m, { weekOf: m, missing: 0, damaged: 0 }]));
  const rows = await repo.marksByShopDay(
    db,
    vancouverDateTime(mondays[0]!, 0, 0),
    vancouverDateTime(addDaysToDateKey(monday, 7), 0, 0),
  );
  for (const r of rows) {
    const weekOf = addDaysToDateKey(r.day, -((weekdayOfDateKey(r.day) + 6) % 7));
    const week = weeks.get(weekOf);
    if (week) week[r.kind] += r.count;
  }
  return [...weeks.values()];
}
