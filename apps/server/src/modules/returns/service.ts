// Returns (docs/product.md "Returns"; docs/decisions/055-returns.md): the shopper asks, books a
// drop-off (one place in a pickup slot, through pickup's door), may move it or withdraw; the desk
// receives the item with a checklist, then refunds it (admin-orders' refund path, once, under the
// key `return:<id>`) or refuses it with a reason. Every state change is one transaction with its
// history line and the shopper's notice; staff actions are audited. The rules are core's.
import { randomUUID } from 'node:crypto';
import type {
  AdminReturnDetail,
  AdminReturnRow,
  AdminReturnsQuery as AdminReturnsQuerySchema,
  AdminReturnsResponse,
  CreateReturnBody,
  DropOffSlotsQuery,
  DropOffSlotsResponse,
  OrderReturnInfo,
  ReceiveReturnBody,
  RefuseReturnBody,
  ReturnView,
} from '@rebound/contract/returns';
import type { ReturnErrorCode } from '@rebound/contract/returns-errors';
import { RETURN_ERRORS } from '@rebound/contract/returns-errors';
import { RETURN_API } from '@rebound/contract/returns-routes';
import { locationRoom, userRoom } from '@rebound/contract/rooms';
import { productSku } from '@rebound/core/catalog';
import { formatCents } from '@rebound/core/money';
import { returnNotice, returnRefundReason } from '@rebound/core/notices-returns';
import {
  isReturnOpen,
  RETURN_PHOTOS_MAX,
  RETURN_REASON_LABELS,
  RETURN_STATE_LABELS,
  type ReturnRefusal,
  type ReturnState,
  returnEligibility,
  returnExpiresAt,
  returnLastDayKey,
  returnLastDayLabel,
  returnRefundCents,
  returnSourcesOf,
} from '@rebound/core/returns';
import { formatDateKeyShort, shopDateKey } from '@rebound/core/shop-clock';
import { slotTimeLabel } from '@rebound/core/slot-label';
import { addDaysToDateKey, vancouverDateTime } from '@rebound/core/time';
import type { z } from 'zod';
import type { MediaStorage } from '../../adapters/storage/types';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { SessionUser } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';
import type { UploadedPhoto } from '../../lib/photo-upload';
import type { Published } from '../../realtime/hub';
import { processImage, variantKeys } from '../admin-catalogue';
import { type AdminOrdersDeps, refundOrder } from '../admin-orders';
import { enqueueNotices, notificationsChanged } from '../notifications';
import { releaseSlotPlace, slotsBefore, takeSlotPlace } from '../pickup';
import { recordAudit } from '../staff';
import * as repo from './repository';

export interface ReturnsDeps extends AdminOrdersDeps {}

/** Publishes a change's events after its commit (lib/publish.ts), then gives the answer. */
async function published<T>(deps: ReturnsDeps, answer: T, events: Published[]): Promise<T> {
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

const dropOffLabel = (startsAt: Date, endsAt: Date) =>
  `${formatDateKeyShort(shopDateKey(startsAt))}, ${slotTimeLabel(startsAt, endsAt)}`;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const nameOf = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

/** The refusal's sentence, as the error says it. */
function refusalMessage(reason: ReturnRefusal, lastDayKey: string | null): string {
  const code = REFUSAL_ERROR[reason];
  return RETURN_ERRORS[code].message.replace(
    '{lastDay}',
    lastDayKey ? formatDateKeyShort(lastDayKey) : 'the return window',
  );
}

function refusalError(reason: ReturnRefusal, lastDayKey: string | null): AppError {
  return new AppError(REFUSAL_ERROR[reason], {
    params: { lastDay: lastDayKey ? formatDateKeyShort(lastDayKey) : 'the return window' },
  });
}

// ── Views ───────────────────────────────────────────────────────────────────────────────────────

type Loaded = {
  ret: repo.ReturnRow;
  order: repo.ReturnWithOrder['order'];
  title: string;
  slug: string;
  locationName: string;
  events: Awaited<ReturnType<typeof repo.eventsOf>>;
  photos: Awaited<ReturnType<typeof repo.photosOf>>;
  refundableCents: number;
};

function toView(l: Loaded): ReturnView {
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
function compactUtc(d: Date): string {
  const s = d.toISOString();
  return `${s.slice(0, 4)}${s.slice(5, 7)}${s.slice(8, 10)}T${s.slice(11, 13)}${s.slice(14, 16)}Z`;
}

async function loadOne(db: Db | Tx, id: string) {
  const row = await repo.returnWithOrder(db, id);
  if (!row) throw new AppError('return_not_found');
  const [events, photos, refunded] = await Promise.all([
    repo.eventsOf(db, [id]),
    repo.photosOf(db, [id]),
    repo.refundedForOrder(db, row.order.id),
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

// ── Shopper ─────────────────────────────────────────────────────────────────────────────────────

/** A history line and the shopper's notice for a state change, in the caller's transaction. */
async function recordChange(
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

function changed(userId: string, now: Date, locationId?: string | null): Published[] {
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
  const slots: DropOffSlotsResponse['slots'] = {};
  for (const [k, list] of Object.entries(days)) {
    slots[k] = list.map((s) => ({
      slotId: s.slotId,
      timeLabel: s.timeLabel,
      availableSpots: s.availableSpots,
      isFull: s.isFull,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
    }));
  }
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

function notOpen(state: ReturnState): AppError {
  return new AppError('return_not_open', { params: { state: RETURN_STATE_LABELS[state].toLowerCase() } });
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

/** Withdraws or expires an open return (locked by the caller): frees its place; the location, if any. */
async function closeOpen(
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

// ── Photos ──────────────────────────────────────────────────────────────────────────────────────

/** Whether `actor` may add photos to `ret`: the shopper to their own open return, staff before it is settled. */
function checkMayAddPhotos(
  ret: { userId: string; state: ReturnState },
  actor: SessionUser,
  byStaff: boolean,
) {
  if (!byStaff && ret.userId !== actor.id) throw new AppError('return_not_found');
  if (!byStaff && !isReturnOpen(ret.state)) throw notOpen(ret.state);
  if (byStaff && (ret.state === 'refunded' || ret.state === 'refused')) throw notOpen(ret.state);
}

/**
 * How many more photos `actor` may add to the return (404 for someone else's or no return, the
 * state's refusal, or too many already): the routes ask before they read a byte of the upload
 * (lib/photo-upload.ts). addPhotos checks again with the files in hand, and under the lock.
 */
export async function photoRoom(
  deps: Pick<ReturnsDeps, 'db'>,
  actor: SessionUser,
  id: string,
  byStaff: boolean,
): Promise<number> {
  const row = await repo.returnWithOrder(deps.db, id);
  if (!row) throw new AppError('return_not_found');
  checkMayAddPhotos(row.ret, actor, byStaff);
  const mine = (await repo.photosOf(deps.db, [id])).filter((p) => p.byStaff === byStaff).length;
  if (mine >= RETURN_PHOTOS_MAX) {
    throw new AppError('return_too_many_photos', { params: { max: String(RETURN_PHOTOS_MAX) } });
  }
  return RETURN_PHOTOS_MAX - mine;
}

/** Adds photos (the shopper's while open, staff's any time before it is settled); at most 4 per side. */
export async function addPhotos(
  deps: ReturnsDeps,
  storage: MediaStorage,
  actor: SessionUser,
  id: string,
  byStaff: boolean,
  files: UploadedPhoto[],
): Promise<void> {
  const one = await loadOne(deps.db, id);
  checkMayAddPhotos(one.row.ret, actor, byStaff);
  const mine = one.loaded.photos.filter((p) => p.byStaff === byStaff).length;
  if (files.length === 0 || mine + files.length > RETURN_PHOTOS_MAX) {
    throw new AppError('return_too_many_photos', { params: { max: String(RETURN_PHOTOS_MAX) } });
  }
  const made: { storageKey: string; url: string; variants: Parameters<typeof variantKeys>[1] }[] = [];
  try {
    for (const f of files) {
      const storageKey = `returns/${id}/${randomUUID()}`;
      const processed = await processImage(storage, storageKey, f.name, f.bytes);
      made.push({ storageKey, url: processed.fallbackUrl, variants: processed.variants });
    }
    await deps.db.transaction(async (tx) => {
      const locked = await repo.lockReturn(tx, id);
      if (!locked) throw new AppError('return_not_found');
      const now = deps.clock.now();
      const count = (await repo.photosOf(tx, [id])).filter((p) => p.byStaff === byStaff).length;
      if (count + made.length > RETURN_PHOTOS_MAX) {
        throw new AppError('return_too_many_photos', { params: { max: String(RETURN_PHOTOS_MAX) } });
      }
      await repo.insertPhotos(
        tx,
        made.map((m) => ({ returnId: id, byStaff, storageKey: m.storageKey, url: m.url, createdAt: now })),
      );
      if (byStaff) {
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'return.photos',
          entityType: 'return',
          entityId: id,
          after: { added: made.length },
        });
      }
    });
  } catch (err) {
    for (const m of made)
      await Promise.all(variantKeys(m.storageKey, m.variants).map((k) => storage.delete(k)));
    throw err;
  }
}

/**
 * One photo's bytes (its largest JPEG copy) for the shopper who owns the return or for staff; to
 * anyone else the return does not exist (404), so its photos cannot be fetched by guessing.
 */
export async function photoFile(
  deps: Pick<ReturnsDeps, 'db'>,
  storage: MediaStorage,
  user: SessionUser,
  id: string,
  photoId: string,
): Promise<Uint8Array> {
  const row = await repo.returnWithOrder(deps.db, id);
  if (!row || (user.role !== 'staff' && row.ret.userId !== user.id)) throw new AppError('return_not_found');
  const photo = (await repo.photosOf(deps.db, [id])).find((p) => p.id === photoId);
  if (!photo) throw new AppError('return_not_found');
  // `url` is the storage's address of the largest JPEG: `<storageKey>/<width>.jpg`.
  const bytes = await storage.get(`${photo.storageKey}/${photo.url.slice(photo.url.lastIndexOf('/') + 1)}`);
  if (!bytes) throw new AppError('return_not_found');
  return bytes;
}

// ── Staff ───────────────────────────────────────────────────────────────────────────────────────

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

/** The product goes back to the catalogue 'to relist', the return's notes added to its desk notes. */
async function relist(tx: Tx, row: repo.OrderForReturn, ret: repo.ReturnRow, now: Date, outcome: string) {
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

/** Marks a received return refunded once (the refund made); false when it already was. */
async function markRefunded(
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
 * lock), then refunded through admin-orders' path with the key `return:<id>`: any number of presses,
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
    const refunded = await repo.refundedForOrder(tx, row.order.id);
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
      deps,
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
    if (await repo.refundKeyUsed(tx, `return:${id}`)) return false;
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

// ── Jobs ────────────────────────────────────────────────────────────────────────────────────────

export interface ReturnsRun {
  expired: number;
  settled: number;
}

/**
 * The job 'returns.expire': open returns past their expiry close (a booked place is freed, the
 * shopper told); received returns whose refund the provider confirmed after the request that made
 * it stopped (resolveReservedRefunds finished it) are marked refunded. Safe on several servers.
 */
export async function runReturnJobs(deps: ReturnsDeps): Promise<ReturnsRun> {
  const run: ReturnsRun = { expired: 0, settled: 0 };
  const events: Published[] = [];
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    for (const ret of await repo.claimExpired(tx, now, 100)) {
      const locationId = await closeOpen(tx, now, ret, 'expired', {
        label: 'Expired: nothing was brought back in time',
      });
      events.push(...changed(ret.userId, now, locationId));
      run.expired += 1;
    }
  });
  for (const r of await repo.refundedButNotMarked(deps.db, 100)) {
    const more = await markRefunded(deps, r.id, { id: r.refundId, amountCents: r.amountCents }, null);
    if (more.length > 0) run.settled += 1;
    events.push(...more);
  }
  await deps.publish(events);
  return run;
}

// ── The Orders tab ──────────────────────────────────────────────────────────────────────────────

/** The return part of each of the shopper's orders (GET /api/me/orders' returnInfo). */
export async function returnInfoForOrders(
  deps: Pick<ReturnsDeps, 'db' | 'clock'>,
  orders: { id: string; status: string }[],
): Promise<Map<string, OrderReturnInfo>> {
  const out = new Map<string, OrderReturnInfo>();
  const completed = orders.filter((o) => o.status === 'completed' || o.status === 'refunded');
  if (completed.length === 0) return out;
  const rets = await repo.returnsOfOrders(
    deps.db,
    completed.map((o) => o.id),
  );
  const latest = new Map<string, repo.ReturnRow>();
  for (const r of rets) if (!latest.has(r.orderId)) latest.set(r.orderId, r);
  const now = deps.clock.now();
  for (const o of completed) {
    const current = latest.get(o.id) ?? null;
    const one = current ? await loadOne(deps.db as Db, current.id) : null;
    const row = one?.row ?? (await repo.orderForReturn(deps.db, o.id));
    if (!row) continue;
    const check = returnEligibility({
      orderStatus: row.order.status,
      handedOverAt: row.order.completedAt,
      saleTerms: row.saleTerms,
      nonReturnableKind: row.nonReturnableKind,
      hasReturn: current !== null && current.state !== 'withdrawn' && current.state !== 'expired',
      now,
    });
    const lastDayKey = row.order.completedAt ? returnLastDayKey(row.order.completedAt) : null;
    out.set(o.id, {
      canRequest: check.ok,
      refusal: check.ok ? null : check.reason,
      refusalMessage: check.ok ? null : refusalMessage(check.reason, check.lastDayKey),
      deadline: check.deadline?.toISOString() ?? null,
      lastDayLabel: lastDayKey ? formatDateKeyShort(lastDayKey) : null,
      current: one ? toView(one.loaded) : null,
    });
  }
  return out;
}
