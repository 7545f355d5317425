// Back-office auctions and drops (docs/decisions/025-auctions-and-drops.md):
// schedule, edit before opening, cancel with bidders told, relist, second-chance offers. The rules
// are packages/core/src/scheduling.ts; every staff change writes the audit log in its transaction.

import type {
  AdminAuctionDetail,
  AdminAuctionList,
  AdminAuctionQuery,
  AuctionSettingsInput,
  CreateDropInput,
  DropCreated,
  DropList,
} from '@rebound/contract/admin-auctions';
import { MAX_BID_CENTS } from '@rebound/contract/bidding';
import { ERRORS, type ErrorCode } from '@rebound/contract/errors';
import { auctionRoom, userRoom } from '@rebound/contract/rooms';
import { productSku } from '@rebound/core/catalog';
import { auctionCancelledNotice, secondChanceOfferNotice } from '@rebound/core/notices';
import {
  dropLotAmounts,
  dropLotEnd,
  dropProblems,
  effectiveStart,
  isCancellable,
  isEditable,
  lotMoneyProblems,
  offerExpiresAt,
  productStatusAfterCancel,
  type ScheduleProblem,
  scheduleProblems,
  secondChanceCandidates,
  shopDateTimeLabel,
} from '@rebound/core/scheduling';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Publisher } from '../../lib/publish';
import type { Published } from '../../realtime/hub';
import { liveState } from '../bidding';
import { enqueueNotices, type Notice, notificationsChanged } from '../notifications';
import { lockOffer, updateOffer } from '../offers';
import { recordAudit } from '../staff';
import * as repo from './repository';

type Db = Database['db'];
type Settings = Required<Omit<AuctionSettingsInput, 'reservePriceCents'>> & {
  reservePriceCents: number | null;
};

const SCHEDULABLE = new Set(['draft', 'unsold', 'to_relist']);
const PRODUCT_STATUS_WORDS: Record<string, string> = {
  auctioned: 'already on auction',
  sold: 'sold',
  withdrawn: 'withdrawn',
};

function throwProblems(problems: ScheduleProblem[]) {
  const first = problems[0];
  if (first) throw new AppError(`schedule_${first}` as ErrorCode);
}

/** The settings as an audit entry shows them. */
function snapshot(a: repo.AuctionRow) {
  return {
    status: a.status,
    startTime: a.startTime.toISOString(),
    endTime: a.endTime.toISOString(),
    startingBidCents: a.startingBidCents,
    incrementMode: a.incrementMode,
    bidIncrementCents: a.bidIncrementCents,
    reservePriceCents: a.reservePriceCents,
    softCloseSeconds: a.softCloseSeconds,
    locationId: a.locationId,
  };
}

export async function listAuctions(db: DbOrTx, q: AdminAuctionQuery): Promise<AdminAuctionList> {
  const { rows, total } = await repo.listAuctions(db, q);
  return {
    items: rows.map(({ slug, ...r }) => ({
      ...r,
      sku: productSku({ sku: r.sku, slug }),
      startTime: r.startTime.toISOString(),
      endTime: r.endTime.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function listDrops(db: DbOrTx): Promise<DropList> {
  const rows = await repo.listDrops(db, 100);
  return {
    items: rows.map((d) => ({
      ...d,
      lotCount: Number(d.lotCount),
      startTime: d.startTime.toISOString(),
      firstEndTime: d.firstEndTime.toISOString(),
    })),
  };
}

/** The columns of a new or edited auction from the settings (no bids yet: the price is the start). */
function auctionValues(s: Settings, start: Date, end: Date) {
  return {
    locationId: s.locationId,
    startTime: start,
    endTime: end,
    originalEndTime: end,
    startingBidCents: s.startingBidCents,
    incrementMode: s.incrementMode,
    bidIncrementCents: s.bidIncrementCents,
    reservePriceCents: s.reservePriceCents,
    softCloseSeconds: s.softCloseSeconds,
    currentPriceCents: s.startingBidCents,
  };
}

function checkSchedule(s: Settings, now: Date) {
  throwProblems(
    scheduleProblems(
      {
        startMs: Date.parse(s.startTime),
        endMs: Date.parse(s.endTime),
        startingBidCents: s.startingBidCents,
        increment:
          s.incrementMode === 'table' ? { mode: 'table' } : { mode: 'fixed', cents: s.bidIncrementCents },
        reserveCents: s.reservePriceCents,
        softCloseSeconds: s.softCloseSeconds,
      },
      now.getTime(),
      MAX_BID_CENTS,
    ),
  );
}

/** Locks the products and checks each may be auctioned now (status, no open auction). */
async function lockSchedulable(tx: DbOrTx, productIds: string[]) {
  const locked = await repo.lockProducts(tx, productIds);
  if (locked.length !== productIds.length) {
    if (productIds.length === 1) throw new AppError('product_not_found');
    throw new AppError('drop_products_not_found', {
      params: { count: String(productIds.length - locked.length) },
    });
  }
  for (const p of locked) {
    if (!SCHEDULABLE.has(p.status)) {
      throw new AppError('product_not_schedulable', {
        params: { title: p.title, status: PRODUCT_STATUS_WORDS[p.status] ?? p.status },
      });
    }
  }
  const open = await repo.openAuctionsOf(tx, productIds);
  if (open.length > 0) {
    const title = locked.find((p) => p.id === open[0]!.productId)?.title ?? 'This product';
    throw new AppError('product_has_open_auction', { params: { title } });
  }
  if ((await repo.openOffersOf(tx, productIds)).length > 0) throw new AppError('offer_already_open');
  return locked;
}

async function insertOne(
  tx: DbOrTx,
  actorId: string,
  productId: string,
  s: Settings,
  now: Date,
  extra: { relistedFromId?: string } = {},
) {
  checkSchedule(s, now);
  if (!(await repo.locationExists(tx, s.locationId))) throw new AppError('auction_location_not_found');
  await lockSchedulable(tx, [productId]);
  const start = new Date(effectiveStart(Date.parse(s.startTime), now.getTime()));
  const [row] = await repo.insertAuctions(tx, [
    {
      ...auctionValues(s, start, new Date(s.endTime)),
      productId,
      status: 'scheduled',
      createdBy: actorId,
      relistedFromId: extra.relistedFromId ?? null,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  await repo.setProductStatus(tx, [productId], 'auctioned', now);
  return row!;
}

export async function createAuction(
  db: Db,
  actorId: string,
  input: Settings & { productId: string },
  now: Date,
) {
  const id = await db.transaction(async (tx) => {
    const row = await insertOne(tx, actorId, input.productId, input, now);
    await recordAudit(tx, {
      actorId,
      action: 'auction.create',
      entityType: 'auction',
      entityId: row.id,
      after: { ...snapshot(row), productId: row.productId },
    });
    return row.id;
  });
  return getAuction(db, id, now);
}

type DropLotOwn = NonNullable<CreateDropInput['lots']>[number];

/** The lots' own amounts by product; one naming a product outside the drop, or twice, is refused. */
function lotsByProduct(productIds: readonly string[], lots: readonly DropLotOwn[] | undefined) {
  const inDrop = new Set(productIds);
  const own = new Map<string, DropLotOwn>();
  for (const lot of lots ?? []) {
    if (!inDrop.has(lot.productId) || own.has(lot.productId)) throw new AppError('drop_lot_not_in_drop');
    own.set(lot.productId, lot);
  }
  return own;
}

/**
 * Each lot's starting bid and reserve (its own, or the drop's common one), checked with one auction's
 * rules (core lotMoneyProblems); the first lot refused is named by its number and title.
 */
function lotAmountsChecked(
  input: { productIds: readonly string[]; startingBidCents: number; reservePriceCents: number | null },
  own: Map<string, DropLotOwn>,
  locked: readonly { id: string; title: string }[],
): { startingBidCents: number; reservePriceCents: number | null }[] {
  const titles = new Map(locked.map((p) => [p.id, p.title]));
  const common = { startingBidCents: input.startingBidCents, reserveCents: input.reservePriceCents };
  return input.productIds.map((productId, i) => {
    const lot = own.get(productId);
    const amounts = dropLotAmounts(
      common,
      lot && { startingBidCents: lot.startingBidCents, reserveCents: lot.reservePriceCents },
    );
    const problem = lotMoneyProblems(amounts, MAX_BID_CENTS)[0];
    if (problem) {
      const code = `schedule_${problem}` as const;
      const field = problem === 'starting_bid_out_of_range' ? 'startingBidCents' : 'reservePriceCents';
      throw new AppError('drop_lot_invalid', {
        params: {
          number: String(i + 1),
          title: titles.get(productId) ?? productId,
          problem: ERRORS[code].message,
        },
        details: [{ path: `lots.${productId}.${field}`, message: ERRORS[code].message }],
      });
    }
    return { startingBidCents: amounts.startingBidCents, reservePriceCents: amounts.reserveCents };
  });
}

/** A drop: every lot in one transaction, lot i ending `i * stagger` seconds after the first end. */
export async function createDrop(
  db: Db,
  actorId: string,
  input: Omit<Required<CreateDropInput>, 'reservePriceCents' | 'lots'> & {
    reservePriceCents: number | null;
    lots?: CreateDropInput['lots'];
  },
  now: Date,
): Promise<DropCreated> {
  const startMs = Date.parse(input.startTime);
  const firstEndMs = Date.parse(input.firstEndTime);
  throwProblems(
    dropProblems(
      {
        startMs,
        endMs: firstEndMs,
        startingBidCents: input.startingBidCents,
        increment:
          input.incrementMode === 'table'
            ? { mode: 'table' }
            : { mode: 'fixed', cents: input.bidIncrementCents },
        reserveCents: input.reservePriceCents,
        softCloseSeconds: input.softCloseSeconds,
        staggerSeconds: input.staggerSeconds,
        lotCount: input.productIds.length,
      },
      now.getTime(),
      MAX_BID_CENTS,
    ),
  );
  const own = lotsByProduct(input.productIds, input.lots);
  return db.transaction(async (tx) => {
    if (!(await repo.locationExists(tx, input.locationId))) throw new AppError('auction_location_not_found');
    const locked = await lockSchedulable(tx, input.productIds);
    const amounts = lotAmountsChecked(input, own, locked);
    const start = new Date(effectiveStart(startMs, now.getTime()));
    const drop = await repo.insertDrop(tx, {
      title: input.title,
      startTime: start,
      firstEndTime: new Date(firstEndMs),
      staggerSeconds: input.staggerSeconds,
      createdBy: actorId,
      createdAt: now,
      updatedAt: now,
    });
    const settings: Settings = { ...input, endTime: input.firstEndTime };
    const rows = await repo.insertAuctions(
      tx,
      input.productIds.map((productId, i) => ({
        ...auctionValues(
          { ...settings, ...amounts[i]! },
          start,
          new Date(dropLotEnd(firstEndMs, input.staggerSeconds, i)),
        ),
        productId,
        status: 'scheduled' as const,
        dropId: drop.id,
        createdBy: actorId,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await repo.setProductStatus(tx, input.productIds, 'auctioned', now);
    const byProduct = new Map(rows.map((r) => [r.productId, r]));
    const lots = input.productIds.map((productId) => {
      const r = byProduct.get(productId)!;
      return { auctionId: r.id, productId, endTime: r.endTime.toISOString() };
    });
    await recordAudit(tx, {
      actorId,
      action: 'drop.create',
      entityType: 'drop',
      entityId: drop.id,
      after: {
        title: drop.title,
        startTime: start.toISOString(),
        firstEndTime: drop.firstEndTime.toISOString(),
        staggerSeconds: drop.staggerSeconds,
        lots: lots.length,
        auctionIds: lots.map((l) => l.auctionId),
        settings: rows[0] ? snapshot(rows[0]) : null,
        // Lots with amounts of their own (the others have the drop's).
        lotAmounts: rows
          .filter((_, i) => own.has(input.productIds[i]!))
          .map((r) => ({
            auctionId: r.id,
            startingBidCents: r.startingBidCents,
            reservePriceCents: r.reservePriceCents,
          })),
      },
    });
    return { id: drop.id, title: drop.title, lots };
  });
}

/** Edits a scheduled auction before it opens; refused once it is live (or its start has come). */
export async function updateAuction(db: Db, actorId: string, id: string, s: Settings, now: Date) {
  await db.transaction(async (tx) => {
    const before = await repo.lockAuction(tx, id);
    if (!before) throw new AppError('auction_not_found');
    if (!isEditable(before.status, before.startTime.getTime(), now.getTime()))
      throw new AppError('auction_not_editable');
    checkSchedule(s, now);
    if (!(await repo.locationExists(tx, s.locationId))) throw new AppError('auction_location_not_found');
    const start = new Date(effectiveStart(Date.parse(s.startTime), now.getTime()));
    const after = await repo.updateAuction(tx, id, {
      ...auctionValues(s, start, new Date(s.endTime)),
      updatedAt: now,
    });
    await recordAudit(tx, {
      actorId,
      action: 'auction.update',
      entityType: 'auction',
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
  });
  return getAuction(db, id, now);
}

/**
 * Cancels a scheduled or live auction with a reason. The row is locked first, so a bid arriving at
 * the same moment waits and then finds it cancelled. Every bidder gets an in-app notice and an email
 * (by their settings for bid alerts); open product pages hear the end at once.
 */
export async function cancelAuction(
  db: Db,
  actorId: string,
  id: string,
  reason: string,
  now: Date,
  publish: Publisher,
): Promise<AdminAuctionDetail> {
  const published = await db.transaction(async (tx) => {
    const before = await repo.lockAuction(tx, id);
    if (!before) throw new AppError('auction_not_found');
    if (!isCancellable(before.status)) throw new AppError('auction_not_cancellable');
    const after = await repo.updateAuction(tx, id, {
      status: 'cancelled',
      cancelReason: reason,
      cancelledAt: now,
      cancelledBy: actorId,
      closedAt: now,
      updatedAt: now,
    });
    const productStatus = productStatusAfterCancel(before.bidCount);
    await repo.setProductStatus(tx, [before.productId], productStatus, now);
    const product = await repo.productOf(tx, before.productId);
    const bidders = await repo.bidderIds(tx, id);
    const message = auctionCancelledNotice(product.title, reason.endsWith('.') ? reason : `${reason}.`);
    const notices: Notice[] = bidders.map((userId) => ({
      userId,
      kind: 'outbid_alerts',
      template: 'auction_cancelled',
      message,
      targetUrl: `/product/${product.slug}`,
      data: { productTitle: product.title, reason, auctionId: id },
    }));
    await enqueueNotices(tx, now, notices);
    await recordAudit(tx, {
      actorId,
      action: 'auction.cancel',
      entityType: 'auction',
      entityId: id,
      before: snapshot(before),
      after: { ...snapshot(after), productStatus, biddersNotified: bidders.length },
      reason,
    });
    const serverTime = now.toISOString();
    return [
      {
        room: auctionRoom(id),
        event: { type: 'AuctionEndedV1', serverTime, auction: liveState(after, null), winnerHandle: null },
      },
      ...bidders.map(
        (userId): Published => ({
          room: userRoom(userId),
          event: { type: 'StandingChangedV1', serverTime, auctionId: id, seq: after.seq },
        }),
      ),
      ...notificationsChanged(bidders, now),
    ] satisfies Published[];
  });
  await publish(published);
  return getAuction(db, id, now);
}

/** Why an ended or cancelled auction may be relisted (or null): unsold, cancelled, or unpaid. */
function relistable(
  a: repo.AuctionRow,
  productStatus: string,
  orders: { status: string }[],
  offers: { status: string }[],
) {
  if (!SCHEDULABLE.has(productStatus)) return false;
  if (offers.some((o) => o.status === 'open')) return false;
  if (a.status === 'cancelled') return true;
  if (a.status !== 'ended') return false;
  // Unsold (no winner), or every order of it cancelled (not paid).
  return orders.every((o) => o.status === 'cancelled');
}

/** Who may get a second-chance offer: an ended auction whose only orders were cancelled, no open offer. */
function offerable(
  a: repo.AuctionRow,
  productStatus: string,
  orders: { status: string }[],
  offers: { status: string }[],
) {
  return (
    a.status === 'ended' &&
    a.winnerUserId !== null &&
    productStatus === 'to_relist' &&
    orders.length > 0 &&
    orders.every((o) => o.status === 'cancelled') &&
    !offers.some((o) => o.status === 'open')
  );
}

/** A new scheduled auction of the same item, pointing back at this one. */
export async function relistAuction(db: Db, actorId: string, id: string, s: Settings, now: Date) {
  const newId = await db.transaction(async (tx) => {
    const from = await repo.lockAuction(tx, id);
    if (!from) throw new AppError('auction_not_found');
    // One after another: a transaction's connection runs one query at a time.
    const product = await repo.productOf(tx, from.productId);
    const orders = await repo.ordersOf(tx, id);
    const offers = await repo.offersOf(tx, id);
    if (!relistable(from, product.status, orders, offers)) throw new AppError('auction_not_relistable');
    const row = await insertOne(tx, actorId, from.productId, s, now, { relistedFromId: id });
    await recordAudit(tx, {
      actorId,
      action: 'auction.relist',
      entityType: 'auction',
      entityId: row.id,
      before: { auctionId: id, status: from.status, productStatus: product.status },
      after: { ...snapshot(row), productId: row.productId, relistedFromId: id },
    });
    return row.id;
  });
  return getAuction(db, newId, now);
}

/**
 * A second-chance offer: after the winner's order was cancelled for non-payment, the item goes to
 * another bidder (default: the next highest maximum) at their maximum bid, open until a deadline.
 * One open offer per auction: the auction row is locked and a partial unique index backs it.
 */
export async function createOffer(
  db: Db,
  actorId: string,
  id: string,
  input: { userId?: string | undefined; hours: number },
  now: Date,
  publish: Publisher,
): Promise<AdminAuctionDetail> {
  const published = await db.transaction(async (tx) => {
    const a = await repo.lockAuction(tx, id);
    if (!a) throw new AppError('auction_not_found');
    // One after another: a transaction's connection runs one query at a time.
    const product = await repo.productOf(tx, a.productId);
    const orders = await repo.ordersOf(tx, id);
    const offers = await repo.offersOf(tx, id);
    const maxes = await repo.maxBidsOf(tx, id);
    if (offers.some((o) => o.status === 'open')) throw new AppError('offer_already_open');
    if (!offerable(a, product.status, orders, offers)) throw new AppError('offer_not_allowed');
    const candidates = candidatesOf(a, maxes, orders, offers);
    const chosen = input.userId ? candidates.find((c) => c.userId === input.userId) : candidates[0];
    if (!chosen) throw new AppError('offer_bidder_invalid');
    const expiresAt = new Date(offerExpiresAt(now.getTime(), input.hours));
    const previous = orders.filter((o) => o.status === 'cancelled').at(-1);
    const offer = await repo.insertOffer(tx, {
      auctionId: id,
      userId: chosen.userId,
      amountCents: chosen.maxAmountCents,
      status: 'open',
      expiresAt,
      previousOrderId: previous?.id ?? null,
      createdBy: actorId,
      createdAt: now,
      updatedAt: now,
    });
    await enqueueNotices(tx, now, [
      {
        userId: chosen.userId,
        // Transactional, like a win: it follows the 'auction won' channel settings.
        kind: 'auction_won',
        template: 'second_chance_offer',
        message: secondChanceOfferNotice(product.title, chosen.maxAmountCents, shopDateTimeLabel(expiresAt)),
        targetUrl: `/offers/${offer.id}`,
        data: {
          offerId: offer.id,
          productTitle: product.title,
          amountCents: chosen.maxAmountCents,
          expiresAt: expiresAt.toISOString(),
        },
      },
    ]);
    await recordAudit(tx, {
      actorId,
      action: 'offer.create',
      entityType: 'auction',
      entityId: id,
      after: {
        offerId: offer.id,
        userId: chosen.userId,
        amountCents: chosen.maxAmountCents,
        expiresAt: expiresAt.toISOString(),
        previousOrderId: previous?.id ?? null,
      },
    });
    return notificationsChanged([chosen.userId], now);
  });
  await publish(published);
  return getAuction(db, id, now);
}

/**
 * Staff take back an auction's open offer (a mistake, the item damaged, the shopper unreachable):
 * it becomes 'withdrawn', the shopper's offer page says so and nothing is owed. The offer row is
 * locked, as accepting locks it, so a withdrawal and an acceptance never cross: an offer accepted a
 * moment earlier is refused with its status. The shopper gets no message: the offer's page and the
 * email's link now say it was withdrawn.
 */
export async function withdrawOffer(
  db: Db,
  actorId: string,
  id: string,
  reason: string,
  now: Date,
): Promise<AdminAuctionDetail> {
  await db.transaction(async (tx) => {
    if (!(await repo.auctionHeader(tx, id))) throw new AppError('auction_not_found');
    const open = (await repo.offersOf(tx, id)).find((o) => o.status === 'open');
    if (!open) throw new AppError('offer_none_open');
    // Locked as accepting locks it (offer first): one of the two wins, the other sees it closed.
    const offer = await lockOffer(tx, open.id);
    if (!offer) throw new AppError('offer_none_open');
    if (offer.status !== 'open') throw new AppError('offer_closed', { params: { status: offer.status } });
    await updateOffer(tx, offer.id, { status: 'withdrawn', updatedAt: now });
    await recordAudit(tx, {
      actorId,
      action: 'offer.withdraw',
      entityType: 'auction',
      entityId: id,
      before: { offerId: offer.id, userId: offer.userId, status: 'open' },
      after: { offerId: offer.id, status: 'withdrawn' },
      reason,
    });
  });
  return getAuction(db, id, now);
}

type MaxRow = Awaited<ReturnType<typeof repo.maxBidsOf>>[number];

function candidatesOf(
  a: repo.AuctionRow,
  maxes: MaxRow[],
  orders: { userId: string }[],
  offers: { userId: string }[],
) {
  const excluded = [
    ...(a.winnerUserId ? [a.winnerUserId] : []),
    ...orders.map((o) => o.userId),
    ...offers.map((o) => o.userId),
    ...maxes.filter((m) => !m.active).map((m) => m.userId),
  ];
  return secondChanceCandidates(
    maxes.map((m) => ({ ...m, amountCents: m.maxAmountCents, setAtMs: m.setAt.getTime() })),
    excluded,
  );
}

export async function getAuction(db: DbOrTx, id: string, now: Date): Promise<AdminAuctionDetail> {
  const head = await repo.auctionHeader(db, id);
  if (!head) throw new AppError('auction_not_found');
  const a = head.auction;
  const [maxes, history, orders, offers, relistedToIds] = await Promise.all([
    repo.maxBidsOf(db, id),
    repo.bidsOf(db, id, 100),
    repo.ordersOf(db, id),
    repo.offersOf(db, id),
    repo.relistsOf(db, id),
  ]);
  const people = await repo.peopleById(db, [
    ...new Set(
      [
        a.leaderUserId,
        a.winnerUserId,
        a.cancelledBy,
        ...orders.map((o) => o.userId),
        ...offers.map((o) => o.userId),
      ].filter((x): x is string => x !== null),
    ),
  ]);
  const person = (userId: string | null) => {
    if (!userId) return null;
    return people.get(userId) ?? { id: userId, handle: 'deleted account', email: '' };
  };
  const canOffer = offerable(a, head.product.status, orders, offers);
  return {
    id: a.id,
    status: a.status,
    product: { ...head.product, sku: productSku(head.product), thumbnailUrl: head.thumbnailUrl },
    location: head.location,
    drop: a.dropId && head.dropTitle ? { id: a.dropId, title: head.dropTitle } : null,
    startTime: a.startTime.toISOString(),
    endTime: a.endTime.toISOString(),
    originalEndTime: a.originalEndTime.toISOString(),
    startingBidCents: a.startingBidCents,
    incrementMode: a.incrementMode,
    bidIncrementCents: a.bidIncrementCents,
    reservePriceCents: a.reservePriceCents,
    reserveMet: a.reserveMet,
    softCloseSeconds: a.softCloseSeconds,
    currentPriceCents: a.currentPriceCents,
    bidCount: a.bidCount,
    leader: person(a.leaderUserId),
    winner: person(a.winnerUserId),
    cancelReason: a.cancelReason,
    cancelledAt: a.cancelledAt?.toISOString() ?? null,
    cancelledBy: a.cancelledBy ? (person(a.cancelledBy)?.email ?? null) : null,
    relistedFromId: a.relistedFromId,
    relistedToIds,
    createdAt: a.createdAt.toISOString(),
    maxBids: maxes.map((m) => ({
      id: m.userId,
      handle: m.handle,
      email: m.email,
      maxAmountCents: m.maxAmountCents,
      setAt: m.setAt.toISOString(),
    })),
    bids: history.map((b) => ({ handle: b.handle, amountCents: b.amountCents, at: b.at.toISOString() })),
    orders: orders.map((o) => ({
      id: o.id,
      user: person(o.userId)!,
      status: o.status,
      finalAmountCents: o.finalAmountCents,
      paymentDueAt: o.paymentDueAt.toISOString(),
      createdAt: o.createdAt.toISOString(),
    })),
    offers: offers.map((o) => ({
      id: o.id,
      user: person(o.userId)!,
      amountCents: o.amountCents,
      status: o.status,
      expiresAt: o.expiresAt.toISOString(),
      respondedAt: o.respondedAt?.toISOString() ?? null,
      orderId: o.orderId,
      createdAt: o.createdAt.toISOString(),
    })),
    offerCandidates: canOffer
      ? candidatesOf(a, maxes, orders, offers).map((c) => ({
          id: c.userId,
          handle: c.handle,
          email: c.email,
          maxAmountCents: c.maxAmountCents,
        }))
      : [],
    can: {
      edit: isEditable(a.status, a.startTime.getTime(), now.getTime()),
      cancel: isCancellable(a.status),
      relist: relistable(a, head.product.status, orders, offers),
      offer: canOffer,
    },
  };
}
