// A shopper's return (docs/product.md "Returns"; docs/decisions/055-returns.md): ask to return a
// collected order, book or move a drop-off (one place in a pickup slot, through pickup's door),
// withdraw. Every state change is one transaction with its history line and the shopper's notice.
import type {
  CreateReturnBody,
  DropOffSlotsQuery,
  DropOffSlotsResponse,
  ReturnView,
} from '@rebound/contract/returns';
import {
  isReturnOpen,
  RETURN_REASON_LABELS,
  RETURN_STATE_LABELS,
  returnEligibility,
  returnExpiresAt,
  returnLastDayLabel,
} from '@rebound/core/returns';
import { isUniqueViolation } from '../../db/errors';
import type { SessionUser } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';
import { slotDaysJson, slotsBefore, takeSlotPlace } from '../pickup';
import * as repo from './repository';
import {
  changed,
  closeOpen,
  compactUtc,
  dropOffLabel,
  loadOne,
  notOpen,
  published,
  type ReturnsDeps,
  recordChange,
  refusalError,
  toView,
} from './shared';

/** POST /api/me/returns: ask to return a collected order within its window. */
export async function createReturn(
  deps: ReturnsDeps,
  user: SessionUser,
  body: CreateReturnBody,
): Promise<ReturnView> {
  const now = deps.clock.now();
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const row = await repo.orderForReturn(tx, body.orderId, true);
      if (!row || row.order.userId !== user.id) throw new AppError('order_not_found');
      const blocking = await repo.blockingReturnOf(tx, row.order.id);
      const check = returnEligibility({
        orderStatus: row.order.status,
        handedOverAt: row.order.completedAt,
        saleTerms: row.saleTerms,
        nonReturnableKind: row.nonReturnableKind,
        hasReturn: blocking !== null,
        now,
      });
      if (!check.ok) throw refusalError(check.reason, check.lastDayKey);
      const ret = await repo.insertReturn(tx, {
        orderId: row.order.id,
        userId: user.id,
        state: 'requested',
        reason: body.reason,
        note: body.note ?? null,
        deadline: check.deadline,
        expiresAt: returnExpiresAt(check.deadline, null),
        createdAt: now,
        updatedAt: now,
      });
      await recordChange(
        tx,
        now,
        ret,
        row.title,
        'requested',
        {
          label: `Return requested: ${RETURN_REASON_LABELS[body.reason]}`,
          detail: body.note ?? null,
          actorId: user.id,
        },
        {},
      );
      return ret.id;
    });
  } catch (err) {
    // Two requests at once: the unique index lets one in.
    if (isUniqueViolation(err, 'returns_order_active_uq')) throw new AppError('return_already_requested');
    throw err;
  }
  return published(deps, toView((await loadOne(deps.db, id)).loaded), changed(user.id, now));
}

async function ownReturn(deps: ReturnsDeps, user: SessionUser, id: string) {
  const one = await loadOne(deps.db, id);
  if (one.row.ret.userId !== user.id) throw new AppError('return_not_found');
  return one;
}

export async function myReturn(deps: ReturnsDeps, user: SessionUser, id: string): Promise<ReturnView> {
  return toView((await ownReturn(deps, user, id)).loaded);
}

export async function myReturns(deps: ReturnsDeps, user: SessionUser): Promise<ReturnView[]> {
  const ids = await repo.returnsOfUser(deps.db, user.id);
  const out: ReturnView[] = [];
  for (const id of ids) out.push(toView((await loadOne(deps.db, id)).loaded));
  return out;
}

/** GET /api/me/returns/:id/drop-off-slots: the location's times before the deadline. */
export async function dropOffSlots(
  deps: ReturnsDeps,
  user: SessionUser,
  id: string,
  query: DropOffSlotsQuery,
): Promise<DropOffSlotsResponse> {
  const { row } = await ownReturn(deps, user, id);
  if (!isReturnOpen(row.ret.state)) {
    throw new AppError('return_not_open', {
      params: { state: RETURN_STATE_LABELS[row.ret.state].toLowerCase() },
    });
  }
  const now = deps.clock.now();
  const days = await slotsBefore(deps.db, row.order.locationId, now, row.ret.deadline, query);
  const slots: DropOffSlotsResponse['slots'] = slotDaysJson(days);
  return {
    serverTime: now.toISOString(),
    returnId: id,
    locationId: row.order.locationId,
    slots,
    currentSlotId:
      row.ret.state === 'drop_off_booked' && row.ret.dropOffStartsAt
        ? `${row.order.locationId}.${compactUtc(row.ret.dropOffStartsAt)}`
        : null,
    lastDayLabel: returnLastDayLabel(row.ret.deadline),
  };
}

/** PUT /api/me/returns/:id/drop-off: books the drop-off, or moves it (the old place is freed). */
export async function bookDropOff(
  deps: ReturnsDeps,
  user: SessionUser,
  id: string,
  slotId: string,
): Promise<ReturnView> {
  const now = deps.clock.now();
  const locationId = await deps.db.transaction(async (tx) => {
    const ret = await repo.lockReturn(tx, id);
    if (!ret || ret.userId !== user.id) throw new AppError('return_not_found');
    if (!isReturnOpen(ret.state)) throw notOpen(ret.state);
    const order = await repo.orderForReturn(tx, ret.orderId);
    if (!order) throw new AppError('return_not_found');
    const current = ret.state === 'drop_off_booked' ? ret.dropOffSlotId : null;
    let place: Awaited<ReturnType<typeof takeSlotPlace>>;
    try {
      place = await takeSlotPlace(tx, {
        locationId: order.order.locationId,
        slotId,
        now,
        before: ret.deadline,
        current,
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'slot_unavailable') {
        throw new AppError('return_drop_off_slot_invalid');
      }
      throw err;
    }
    const updated = await repo.updateReturn(tx, id, ['requested', 'drop_off_booked'], {
      state: 'drop_off_booked',
      dropOffSlotId: place.slotRowId,
      dropOffStartsAt: place.startsAt,
      dropOffEndsAt: place.endsAt,
      dropOffBookedAt: now,
      expiresAt: returnExpiresAt(ret.deadline, place.endsAt),
      updatedAt: now,
    });
    if (!updated) throw notOpen(ret.state);
    const label = dropOffLabel(place.startsAt, place.endsAt);
    await recordChange(
      tx,
      now,
      ret,
      order.title,
      'drop_off_booked',
      { label: `${current ? 'Drop-off moved to' : 'Drop-off booked for'} ${label}`, actorId: user.id },
      { dropOffLabel: label, moved: current !== null },
    );
    return order.order.locationId;
  });
  return published(deps, await myReturn(deps, user, id), changed(user.id, now, locationId));
}

/** POST /api/me/returns/:id/withdraw: the shopper keeps the item; a booked place is freed. */
export async function withdrawReturn(deps: ReturnsDeps, user: SessionUser, id: string): Promise<ReturnView> {
  const now = deps.clock.now();
  const locationId = await deps.db.transaction(async (tx) => {
    const ret = await repo.lockReturn(tx, id);
    if (!ret || ret.userId !== user.id) throw new AppError('return_not_found');
    if (!isReturnOpen(ret.state)) throw notOpen(ret.state);
    return closeOpen(tx, now, ret, 'withdrawn', { label: 'Withdrawn by the shopper', actorId: user.id });
  });
  return published(deps, await myReturn(deps, user, id), changed(user.id, now, locationId));
}
