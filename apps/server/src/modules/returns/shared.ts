// The returns module's shared parts (docs/product.md "Returns"; docs/decisions/055-returns.md): its
// deps, the views of a return, a state change's history line and the shopper's notice, what the
// shopper's and the desk's steps both do, and the active return other modules read (decision 075).
// The rules are core's.
import type { ReturnView } from '@rebound/contract/returns';
import type { ReturnErrorCode } from '@rebound/contract/returns-errors';
import { RETURN_ERRORS } from '@rebound/contract/returns-errors';
import { RETURN_API } from '@rebound/contract/returns-routes';
import { locationRoom, userRoom } from '@rebound/contract/rooms';
import { returnNotice } from '@rebound/core/notices-returns';
import {
  isReturnOpen,
  RETURN_REASON_LABELS,
  RETURN_STATE_LABELS,
  type ReturnRefusal,
  type ReturnState,
  returnLastDayLabel,
  returnRefundCents,
  returnSourcesOf,
} from '@rebound/core/returns';
import { formatDateKeyShort, shopDateKey } from '@rebound/core/shop-clock';
import { slotTimeLabel } from '@rebound/core/slot-label';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Published } from '../../realtime/hub';
import { enqueueNotices, notificationsChanged } from '../notifications';
import { releaseSlotPlace } from '../pickup';
import { type RefundsDeps, refundedCentsByOrder } from '../refunds';
import * as repo from './repository';

/** What the returns module needs; a return's refund also needs the payment provider (refunds module). */
export interface ReturnsDeps extends RefundsDeps {}

/** Publishes a change's events after its commit (lib/publish.ts), then gives the answer. */
export async function published<T>(deps: ReturnsDeps, answer: T, events: Published[]): Promise<T> {
  await deps.publish(events);
  return answer;
}

const REFUSAL_ERROR: Record<ReturnRefusal, ReturnErrorCode> = {
  not_collected: 'return_not_collected',
  window_closed: 'return_window_closed',
  final_sale: 'return_final_sale',
  as_is: 'return_as_is',
  non_returnable_kind: 'return_non_returnable_kind',
  already_requested: 'return_already_requested',
};

export const dropOffLabel = (startsAt: Date, endsAt: Date) =>
  `${formatDateKeyShort(shopDateKey(startsAt))}, ${slotTimeLabel(startsAt, endsAt)}`;
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
export const nameOf = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

/** The refusal's sentence, as the error says it. */
export function refusalMessage(reason: ReturnRefusal, lastDayKey: string | null): string {
  const code = REFUSAL_ERROR[reason];
  return RETURN_ERRORS[code].message.replace(
    '{lastDay}',
    lastDayKey ? formatDateKeyShort(lastDayKey) : 'the return window',
  );
}

export function refusalError(reason: ReturnRefusal, lastDayKey: string | null): AppError {
  return new AppError(REFUSAL_ERROR[reason], {
    params: { lastDay: lastDayKey ? formatDateKeyShort(lastDayKey) : 'the return window' },
  });
}

// ── Views ───────────────────────────────────────────────────────────────────────────────────────

export type Loaded = {
  ret: repo.ReturnRow;
  order: repo.ReturnWithOrder['order'];
  title: string;
  slug: string;
  locationName: string;
  events: Awaited<ReturnType<typeof repo.eventsOf>>;
  photos: Awaited<ReturnType<typeof repo.photosOf>>;
  refundableCents: number;
};

export function toView(l: Loaded): ReturnView {
  const r = l.ret;
  const open = isReturnOpen(r.state);
  const refund =
    r.state === 'refunded' && r.refundAmountCents !== null
      ? r.refundAmountCents
      : returnRefundCents({
          finalAmountCents: l.order.finalAmountCents,
          premiumCents: l.order.premiumCents,
          pstCents: l.order.pstCents,
          gstCents: l.order.gstCents,
          refundableCents: r.refundAmountCents ?? l.refundableCents,
        });
  return {
    id: r.id,
    orderId: r.orderId,
    orderNumber: r.orderId.slice(0, 8),
    productTitle: l.title,
    productSlug: l.slug,
    state: r.state,
    stateLabel: RETURN_STATE_LABELS[r.state],
    reason: r.reason,
    reasonLabel: RETURN_REASON_LABELS[r.reason],
    note: r.note,
    // Served by the session-checked photo route, never a public /media address.
    photos: l.photos.map((p) => ({
      id: p.id,
      url: RETURN_API.returnPhoto(l.ret.id, p.id),
      by: p.byStaff ? 'staff' : 'shopper',
    })),
    deadline: r.deadline.toISOString(),
    lastDayLabel: returnLastDayLabel(r.deadline),
    expiresAt: r.expiresAt.toISOString(),
    dropOff:
      r.state === 'drop_off_booked' && r.dropOffSlotId && r.dropOffStartsAt && r.dropOffEndsAt
        ? {
            slotId: `${l.order.locationId}.${compactUtc(r.dropOffStartsAt)}`,
            date: shopDateKey(r.dropOffStartsAt),
            label: dropOffLabel(r.dropOffStartsAt, r.dropOffEndsAt),
            startsAt: r.dropOffStartsAt.toISOString(),
            endsAt: r.dropOffEndsAt.toISOString(),
            locationName: l.locationName,
          }
        : null,
    canBookDropOff: open,
    canWithdraw: open,
    canAddPhotos: open,
    refundCents: refund,
    refusalReason: r.refusalReason,
    createdAt: r.createdAt.toISOString(),
    history: l.events.map((e) => ({
      at: e.at.toISOString(),
      state: e.state,
      label: e.label,
      detail: e.detail,
    })),
  };
}

/** Core's slot id format (`<location>.<YYYYMMDDTHHMMZ>`). */
export function compactUtc(d: Date): string {
  const s = d.toISOString();
  return `${s.slice(0, 4)}${s.slice(5, 7)}${s.slice(8, 10)}T${s.slice(11, 13)}${s.slice(14, 16)}Z`;
}

export async function loadOne(db: Db | Tx, id: string) {
  const row = await repo.returnWithOrder(db, id);
  if (!row) throw new AppError('return_not_found');
  const [events, photos, refunded] = await Promise.all([
    repo.eventsOf(db, [id]),
    repo.photosOf(db, [id]),
    refundedCentsByOrder(db, [row.order.id]).then((m) => m.get(row.order.id) ?? 0),
  ]);
  const loaded: Loaded = {
    ret: row.ret,
    order: row.order,
    title: row.title,
    slug: row.slug,
    locationName: row.locationName,
    events,
    photos,
    refundableCents: Math.max(0, (row.order.totalCents ?? 0) - refunded),
  };
  return { row, loaded };
}

// ── Changes ─────────────────────────────────────────────────────────────────────────────────────

/** A history line and the shopper's notice for a state change, in the caller's transaction. */
export async function recordChange(
  tx: Tx,
  now: Date,
  r: { id: string; orderId: string; userId: string; deadline: Date },
  title: string,
  state: ReturnState,
  line: { label: string; detail?: string | null; actorId?: string | null },
  facts: {
    dropOffLabel?: string | null;
    amountCents?: number | null;
    refusalReason?: string | null;
    itemKept?: boolean | null;
    moved?: boolean;
  },
) {
  await repo.insertEvent(tx, {
    returnId: r.id,
    state,
    label: line.label,
    detail: line.detail ?? null,
    actorId: line.actorId ?? null,
    at: now,
  });
  await enqueueNotices(tx, now, [
    {
      userId: r.userId,
      kind: 'auction_won',
      template: 'return_update',
      message: returnNotice(state, {
        productTitle: title,
        lastDayLabel: returnLastDayLabel(r.deadline),
        ...facts,
      }),
      targetUrl: '/account?tab=orders',
      data: { returnId: r.id, orderId: r.orderId, state, productTitle: title },
    },
  ]);
}

export function changed(userId: string, now: Date, locationId?: string | null): Published[] {
  const serverTime = now.toISOString();
  return [
    { room: userRoom(userId), event: { type: 'OrdersChangedV1', serverTime } },
    ...(locationId
      ? [
          {
            room: locationRoom(locationId),
            event: { type: 'PickupSlotsChangedV1' as const, locationId, serverTime },
          },
        ]
      : []),
    ...notificationsChanged([userId], now),
  ];
}

export function notOpen(state: ReturnState): AppError {
  return new AppError('return_not_open', { params: { state: RETURN_STATE_LABELS[state].toLowerCase() } });
}

/** Withdraws or expires an open return (locked by the caller): frees its place; the location, if any. */
export async function closeOpen(
  tx: Tx,
  now: Date,
  ret: repo.ReturnRow,
  to: 'withdrawn' | 'expired',
  line: { label: string; actorId?: string | null },
): Promise<string | null> {
  const updated = await repo.updateReturn(tx, ret.id, returnSourcesOf(to), {
    state: to,
    ...(to === 'withdrawn' ? { withdrawnAt: now } : { expiredAt: now }),
    dropOffSlotId: null,
    updatedAt: now,
  });
  if (!updated) throw notOpen(ret.state);
  const order = await repo.orderForReturn(tx, ret.orderId);
  if (ret.state === 'drop_off_booked' && ret.dropOffSlotId) await releaseSlotPlace(tx, ret.dropOffSlotId);
  await recordChange(tx, now, ret, order?.title ?? 'your item', to, line, {});
  return ret.state === 'drop_off_booked' ? (order?.order.locationId ?? null) : null;
}

/** The product goes back to the catalogue 'to relist', the return's notes added to its desk notes. */
export async function relist(
  tx: Tx,
  row: repo.OrderForReturn,
  ret: repo.ReturnRow,
  now: Date,
  outcome: string,
) {
  const line = [
    `Returned ${shopDateKey(now)} (${outcome}): ${RETURN_REASON_LABELS[ret.reason]}`,
    ret.note ? `shopper: ${ret.note}` : null,
    ret.staffNote ? `desk: ${ret.staffNote}` : null,
  ]
    .filter(Boolean)
    .join('; ');
  const notes = [row.deskNotes, line].filter(Boolean).join('\n');
  await repo.productToRelist(tx, row.productId, notes.slice(-1000), now);
}

/**
 * The order's return that is not settled yet (requested, drop-off booked or received), or null: what
 * blocks every other refund of the order (docs/decisions/075-desk-and-return-races.md). The refunds
 * module reads it under the order's lock, through this module's door, passed in as a dependency.
 */
export function activeReturnOf(
  db: DbOrTx,
  orderId: string,
): Promise<{ id: string; state: ReturnState } | null> {
  return repo.activeReturnOf(db, orderId);
}
