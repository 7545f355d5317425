// Back-office auctions and drops, the changes (docs/decisions/025-auctions-and-drops.md): schedule,
// edit before opening, cancel with bidders told (through the auctions module's one cancel path),
// relist. The rules are packages/core/src/scheduling.ts; a product's status moves through
// admin-catalogue's transitionProducts; every staff change writes the audit log in its transaction.
import type { AdminAuctionDetail, CreateDropInput, DropCreated } from '@rebound/contract/admin-auctions';
import { MAX_BID_CENTS } from '@rebound/contract/bidding';
import { ERRORS, type ErrorCode } from '@rebound/contract/errors';
import { INITIAL_AUCTION_STATUS } from '@rebound/core/auction-status';
import { PRODUCT_MOVES } from '@rebound/core/product-status';
import {
  dropLotAmounts,
  dropLotEnd,
  dropProblems,
  effectiveStart,
  isEditable,
  lotMoneyProblems,
  productStatusAfterCancel,
  type ScheduleProblem,
  scheduleProblems,
} from '@rebound/core/scheduling';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Publisher } from '../../lib/publish';
import { transitionProducts } from '../admin-catalogue';
import { cancelAuction as cancelOpenAuction } from '../auctions';
import { cancelBidInTransaction } from '../bidding';
import { recordAudit } from '../staff';
import * as repo from './repository';
import { type Db, relistable, type Settings, snapshot } from './rules';
import { getAuction } from './service';

const PRODUCT_STATUS_WORDS: Record<string, string> = {
  auctioned: 'already on auction',
  sold: 'sold',
  withdrawn: 'withdrawn',
};

function throwProblems(problems: ScheduleProblem[]) {
  const first = problems[0];
  if (first) throw new AppError(`schedule_${first}` as ErrorCode);
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
    if (!PRODUCT_MOVES.schedule.from.includes(p.status)) {
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
      status: INITIAL_AUCTION_STATUS,
      createdBy: actorId,
      relistedFromId: extra.relistedFromId ?? null,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  await transitionProducts(tx, [productId], { ...PRODUCT_MOVES.schedule, at: now });
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
        status: INITIAL_AUCTION_STATUS,
        dropId: drop.id,
        createdBy: actorId,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await transitionProducts(tx, input.productIds, { ...PRODUCT_MOVES.schedule, at: now });
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
 * Cancels a scheduled or live auction with a reason, through the auctions module's one cancel path
 * (row locked, seq bumped, who and when recorded, every bidder told); the product goes back to staff
 * (core productStatusAfterCancel) and the audit log says so. Open product pages hear the end once
 * the transaction has committed.
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
    const { before, after, bidders, published } = await cancelOpenAuction(tx, {
      auctionId: id,
      actorId,
      reason,
      now,
    });
    const productStatus = productStatusAfterCancel(before.bidCount);
    const move = productStatus === 'draft' ? PRODUCT_MOVES.cancelWithoutBids : PRODUCT_MOVES.cancelAfterBids;
    await transitionProducts(tx, [before.productId], { ...move, at: now });
    await recordAudit(tx, {
      actorId,
      action: 'auction.cancel',
      entityType: 'auction',
      entityId: id,
      before: snapshot(before),
      after: { ...snapshot(after), productStatus, biddersNotified: bidders.length },
      reason,
    });
    return published;
  });
  await publish(published);
  return getAuction(db, id, now);
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
 * The store cancels a shopper's maximum on a live lot (the bidding module's cancelBidInTransaction,
 * under the lot's bid lock) and records who, when, which lot, which shopper and the reason in the
 * audit, in one transaction. Then it publishes what a bid publishes, and the bid groups are
 * re-planned by their job (a group may lead the lot again). The lot's end does not move.
 */
export async function cancelBid(
  db: Db,
  clock: Clock,
  actorId: string,
  auctionId: string,
  userId: string,
  reason: string | undefined,
  publish: Publisher,
): Promise<AdminAuctionDetail> {
  const events = await db.transaction(async (tx) => {
    const done = await cancelBidInTransaction(tx, clock, auctionId, userId);
    await recordAudit(tx, {
      actorId,
      action: 'bid.cancel',
      entityType: 'auction',
      entityId: auctionId,
      before: { shopperId: userId, ...done.before },
      after: { shopperId: userId, ...done.after, leadingAgainUserId: done.leadingAgainUserId },
      reason: reason ?? null,
    });
    return done.events;
  });
  await publish(events);
  return getAuction(db, auctionId, clock.now());
}
