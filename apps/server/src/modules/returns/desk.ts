// The desk's side of a return (docs/decisions/055-returns.md, 075): the list and a return's page,
// receiving the item with a checklist, then refunding it through the refunds module (once, under the
// key `return:<id>`) or refusing it with a reason. Staff actions are audited.
import type {
  AdminReturnDetail,
  AdminReturnRow,
  AdminReturnsQuery as AdminReturnsQuerySchema,
  AdminReturnsResponse,
  ReceiveReturnBody,
  RefuseReturnBody,
} from '@rebound/contract/returns';
import { productSku } from '@rebound/core/catalog';
import { formatCents } from '@rebound/core/money';
import { returnRefundReason } from '@rebound/core/notices-returns';
import {
  isReturnOpen,
  RETURN_REASON_LABELS,
  RETURN_STATE_LABELS,
  returnRefundCents,
  returnSourcesOf,
} from '@rebound/core/returns';
import { shopDateKey } from '@rebound/core/shop-clock';
import { addDaysToDateKey, vancouverDateTime } from '@rebound/core/time';
import type { z } from 'zod';
import type { SessionUser } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';
import type { Published } from '../../realtime/hub';
import { releaseSlotPlace } from '../pickup';
import { refundByKey, refundedCentsByOrder, refundOrder } from '../refunds';
import { recordAudit } from '../staff';
import * as repo from './repository';
import {
  activeReturnOf,
  changed,
  dropOffLabel,
  iso,
  loadOne,
  nameOf,
  notOpen,
  published,
  type ReturnsDeps,
  recordChange,
  relist,
  toView,
} from './shared';

export async function adminList(
  deps: ReturnsDeps,
  query: z.output<typeof AdminReturnsQuerySchema>,
): Promise<AdminReturnsResponse> {
  const now = deps.clock.now();
  const today = shopDateKey(now);
  const due =
    query.dueToday === 'true'
      ? { from: vancouverDateTime(today, 0, 0), to: vancouverDateTime(addDaysToDateKey(today, 1), 0, 0) }
      : null;
  const { rows, total } = await repo.listReturns(
    deps.db,
    {
      page: query.page,
      pageSize: query.pageSize,
      q: query.q,
      state: query.state,
      locationId: query.locationId,
      sort: query.sort,
      dir: query.dir,
    },
    due,
  );
  const items: AdminReturnRow[] = rows.map((r) => ({
    id: r.ret.id,
    orderId: r.order.id,
    orderNumber: r.order.id.slice(0, 8),
    productTitle: r.title,
    sku: productSku({ sku: r.sku, slug: r.slug }),
    shopper: { id: r.shopper.id, email: r.shopper.email, handle: r.shopper.handle, name: nameOf(r.shopper) },
    state: r.ret.state,
    stateLabel: RETURN_STATE_LABELS[r.ret.state],
    reason: r.ret.reason,
    reasonLabel: RETURN_REASON_LABELS[r.ret.reason],
    dropOffLabel:
      r.ret.state === 'drop_off_booked' && r.ret.dropOffStartsAt && r.ret.dropOffEndsAt
        ? dropOffLabel(r.ret.dropOffStartsAt, r.ret.dropOffEndsAt)
        : null,
    dropOffStartsAt: r.ret.state === 'drop_off_booked' ? iso(r.ret.dropOffStartsAt) : null,
    locationName: r.locationName,
    expiresAt: r.ret.expiresAt.toISOString(),
    createdAt: r.ret.createdAt.toISOString(),
  }));
  return { items, total, page: query.page, pageSize: query.pageSize ?? 25 };
}

export async function adminDetail(deps: ReturnsDeps, id: string): Promise<AdminReturnDetail> {
  const { row, loaded } = await loadOne(deps.db, id);
  const r = row.ret;
  const names = await repo.namesOf(
    deps.db,
    [r.receivedBy, r.decidedBy].filter((x): x is string => x !== null),
  );
  return {
    ...toView(loaded),
    shopper: {
      id: row.shopper.id,
      email: row.shopper.email,
      handle: row.shopper.handle,
      name: nameOf(row.shopper),
    },
    productId: row.productId,
    sku: productSku({ sku: row.sku, slug: row.slug }),
    locationName: row.locationName,
    checklist: (r.checklist as AdminReturnDetail['checklist']) ?? null,
    staffNote: r.staffNote,
    receivedAt: iso(r.receivedAt),
    receivedBy: r.receivedBy ? (names.get(r.receivedBy) ?? null) : null,
    decidedAt: iso(r.decidedAt),
    decidedBy: r.decidedBy ? (names.get(r.decidedBy) ?? null) : null,
    refundId: r.refundId,
    itemKept: r.itemKept,
    canReceive: isReturnOpen(r.state),
    canDecide: r.state === 'received',
  };
}

/** POST /api/admin/returns/:id/receive: the item is at the desk (a booked place is given back). */
export async function receiveReturn(
  deps: ReturnsDeps,
  staff: SessionUser,
  id: string,
  body: ReceiveReturnBody,
): Promise<AdminReturnDetail> {
  const now = deps.clock.now();
  const { userId, locationId } = await deps.db.transaction(async (tx) => {
    const ret = await repo.lockReturn(tx, id);
    if (!ret) throw new AppError('return_not_found');
    if (!isReturnOpen(ret.state)) throw notOpen(ret.state);
    const order = await repo.orderForReturn(tx, ret.orderId);
    const updated = await repo.updateReturn(tx, id, returnSourcesOf('received'), {
      state: 'received',
      checklist: body.checklist,
      staffNote: body.note ?? null,
      receivedAt: now,
      receivedBy: staff.id,
      updatedAt: now,
    });
    if (!updated) throw notOpen(ret.state);
    // The booked place has done its job: the slot's count holds bookings still to come.
    if (ret.state === 'drop_off_booked' && ret.dropOffSlotId) await releaseSlotPlace(tx, ret.dropOffSlotId);
    const failed = Object.entries(body.checklist)
      .filter(([, ok]) => !ok)
      .map(([k]) => k.replace(/_/g, ' '));
    await recordChange(
      tx,
      now,
      ret,
      order?.title ?? 'your item',
      'received',
      {
        label: 'Received at the desk',
        detail: failed.length > 0 ? `Not passed: ${failed.join(', ')}` : null,
        actorId: staff.id,
      },
      {},
    );
    await recordAudit(tx, {
      actorId: staff.id,
      action: 'return.receive',
      entityType: 'return',
      entityId: id,
      before: { state: ret.state },
      after: { state: 'received', checklist: body.checklist, note: body.note ?? null },
    });
    return {
      userId: ret.userId,
      locationId: ret.state === 'drop_off_booked' ? (order?.order.locationId ?? null) : null,
    };
  });
  return published(deps, await adminDetail(deps, id), changed(userId, now, locationId));
}

/** Marks a received return refunded once (the refund made); false when it already was. */
export async function markRefunded(
  deps: ReturnsDeps,
  id: string,
  refund: { id: string; amountCents: number },
  actorId: string | null,
): Promise<Published[]> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const ret = await repo.lockReturn(tx, id);
    if (ret?.state !== 'received') return [];
    const row = await repo.orderForReturn(tx, ret.orderId);
    if (!row) return [];
    await repo.updateReturn(tx, id, ['received'], {
      state: 'refunded',
      refundId: refund.id,
      refundAmountCents: refund.amountCents,
      decidedAt: now,
      decidedBy: ret.decidedBy ?? actorId,
      updatedAt: now,
    });
    await relist(tx, row, ret, now, 'refunded');
    await recordChange(
      tx,
      now,
      ret,
      row.title,
      'refunded',
      { label: `Refunded ${formatCents(refund.amountCents)}`, actorId },
      { amountCents: refund.amountCents },
    );
    if (actorId) {
      await recordAudit(tx, {
        actorId,
        action: 'return.refund',
        entityType: 'return',
        entityId: id,
        before: { state: 'received' },
        after: { state: 'refunded', refundId: refund.id, amountCents: refund.amountCents },
      });
    }
    return changed(ret.userId, now);
  });
}

/**
 * POST /api/admin/returns/:id/refund: the amount is fixed on the first press (under the return's
 * lock), then refunded through the refunds module with the key `return:<id>`: any number of presses,
 * at once or later, make one refund.
 */
export async function refundReturn(
  deps: ReturnsDeps,
  staff: SessionUser,
  id: string,
): Promise<AdminReturnDetail> {
  const fixed = await deps.db.transaction(async (tx) => {
    const ret = await repo.lockReturn(tx, id);
    if (!ret) throw new AppError('return_not_found');
    if (ret.state === 'refunded') return null;
    if (ret.state !== 'received') {
      throw new AppError('return_not_received', {
        params: { state: RETURN_STATE_LABELS[ret.state].toLowerCase() },
      });
    }
    if (ret.refundAmountCents !== null) return ret.refundAmountCents;
    const row = await repo.orderForReturn(tx, ret.orderId, true);
    if (!row) throw new AppError('return_not_found');
    const refunded = (await refundedCentsByOrder(tx, [row.order.id])).get(row.order.id) ?? 0;
    const amount = returnRefundCents({
      finalAmountCents: row.order.finalAmountCents,
      premiumCents: row.order.premiumCents,
      pstCents: row.order.pstCents,
      gstCents: row.order.gstCents,
      refundableCents: Math.max(0, (row.order.totalCents ?? 0) - refunded),
    });
    if (amount <= 0) throw new AppError('return_nothing_to_refund');
    await repo.updateReturn(tx, id, ['received'], {
      refundAmountCents: amount,
      decidedBy: staff.id,
      updatedAt: deps.clock.now(),
    });
    return amount;
  });
  if (fixed === null) return published(deps, await adminDetail(deps, id), []);
  const ret = await repo.returnRow(deps.db, id);
  if (!ret) throw new AppError('return_not_found');
  const item = await repo.orderForReturn(deps.db, ret.orderId);
  let refund: Awaited<ReturnType<typeof refundOrder>>;
  try {
    refund = await refundOrder(
      { ...deps, openReturnOf: activeReturnOf },
      staff,
      ret.orderId,
      { amountCents: fixed, reason: returnRefundReason(item?.title ?? 'your item') },
      `return:${id}`,
      { returnId: id },
    );
  } catch (err) {
    // Nothing left to pay back (the order was refunded another way before returns and order refunds
    // were made exclusive): the fixed amount is let go, so staff can still refuse and close it.
    if (err instanceof AppError && (err.code === 'refund_not_allowed' || err.code === 'refund_too_large')) {
      if (await unfixAmount(deps, id)) throw new AppError('return_nothing_to_refund');
    }
    throw err;
  }
  const more = await markRefunded(
    deps,
    id,
    { id: refund.refund.id, amountCents: refund.refund.amountCents },
    staff.id,
  );
  return published(deps, await adminDetail(deps, id), more);
}

/**
 * Lets go of a received return's fixed refund amount when no refund was ever made under its key, so
 * the return is not held by an amount nothing can pay (Refuse then closes it); true when let go.
 */
async function unfixAmount(deps: ReturnsDeps, id: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const ret = await repo.lockReturn(tx, id);
    if (ret?.state !== 'received' || ret.refundAmountCents === null) return false;
    if (await refundByKey(tx, `return:${id}`)) return false;
    await repo.updateReturn(tx, id, ['received'], { refundAmountCents: null, updatedAt: deps.clock.now() });
    return true;
  });
}

/** POST /api/admin/returns/:id/refuse: with a reason the shopper reads; a kept item goes to relist. */
export async function refuseReturn(
  deps: ReturnsDeps,
  staff: SessionUser,
  id: string,
  body: RefuseReturnBody,
): Promise<AdminReturnDetail> {
  const now = deps.clock.now();
  const userId = await deps.db.transaction(async (tx) => {
    const ret = await repo.lockReturn(tx, id);
    if (!ret) throw new AppError('return_not_found');
    // A refund already under way (its amount fixed) is not refused underneath it.
    if (ret.state !== 'received' || ret.refundAmountCents !== null) {
      throw new AppError('return_not_received', {
        params: { state: RETURN_STATE_LABELS[ret.state].toLowerCase() },
      });
    }
    const row = await repo.orderForReturn(tx, ret.orderId);
    if (!row) throw new AppError('return_not_found');
    await repo.updateReturn(tx, id, ['received'], {
      state: 'refused',
      refusalReason: body.reason,
      itemKept: body.itemKept,
      decidedAt: now,
      decidedBy: staff.id,
      updatedAt: now,
    });
    if (body.itemKept) await relist(tx, row, ret, now, 'refused, item kept');
    await recordChange(
      tx,
      now,
      ret,
      row.title,
      'refused',
      { label: 'Return refused', detail: body.reason, actorId: staff.id },
      { refusalReason: body.reason, itemKept: body.itemKept },
    );
    await recordAudit(tx, {
      actorId: staff.id,
      action: 'return.refuse',
      entityType: 'return',
      entityId: id,
      before: { state: 'received' },
      after: { state: 'refused', itemKept: body.itemKept },
      reason: body.reason,
    });
    return ret.userId;
  });
  return published(deps, await adminDetail(deps, id), changed(userId, now));
}
