// Bid groups' API (docs/product.md "Bid groups"): make, list, change and cancel a group. Every
// refusal is a catalogue error and changes nothing (one transaction; the size rules are core's
// checkBidGroup, each amount is checked as a bid's: core checkMaxBidRequest and the minimum bid).
import type {
  BidGroupResponse,
  BidGroup as BidGroupView,
  CreateBidGroupRequest,
  MyBidGroupsResponse,
  UpdateBidGroupRequest,
} from '@rebound/contract/bid-groups';
import { summaryStanding } from '@rebound/core/auction-summary';
import { type BidGroupProblem, checkBidGroup, GROUP_LOT_STATES } from '@rebound/core/bid-groups';
import { checkMaxBidRequest, maxBidProblemParams, minimumNextBid } from '@rebound/core/bidding';
import { formatCents, parseDollarsToCents } from '@rebound/core/money';
import { inArray, sql } from 'drizzle-orm';
import { cardQuery, toCard } from '../../db/cards';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { auctions, maxBids } from '../../db/schema';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Publisher } from '../../lib/publish';
import type { Published } from '../../realtime/hub';
import { assertBidLimitOf, placeMaxInTransaction } from '../bidding';
import { assertWithinSpendingLimit } from '../spending';
import { replanGroupsAfterBids, replanLocked } from './plan';
import * as repo from './repository';

const PROBLEM_CODE: Record<BidGroupProblem, ConstructorParameters<typeof AppError>[0]> = {
  too_few_lots: 'bid_group_too_few_lots',
  too_many_lots: 'bid_group_too_many_lots',
  duplicate_lot: 'bid_group_duplicate_lot',
  win_at_most_out_of_range: 'bid_group_win_at_most',
};

/** Staff and suspended accounts cannot make or change groups: the same rule as a bid. */
function checkBidder(user: SessionUser) {
  const problem = checkMaxBidRequest({ bidder: user, amountCents: 1 });
  if (problem) throw new AppError(problem.code, { params: maxBidProblemParams(problem) });
}

function checkSizes(winAtMost: number, auctionIds: string[]) {
  const problem = checkBidGroup(winAtMost, auctionIds);
  if (problem) throw new AppError(PROBLEM_CODE[problem]);
}

/** What a lot is checked against (repository auctionsForLots). */
type LotAuction = Awaited<ReturnType<typeof repo.auctionsForLots>>[number];

/** The lots as cards, for the answer. */
function lotAuctions(tx: DbOrTx, ids: string[], userId: string) {
  if (ids.length === 0) return Promise.resolve([]);
  return cardQuery(tx, {
    leaderUserId: auctions.leaderUserId,
    incrementMode: auctions.incrementMode,
    bidIncrementCents: auctions.bidIncrementCents,
    reserveMet: auctions.reserveMet,
    reservePriceCents: auctions.reservePriceCents,
    ownMaxCents: sql<number | null>`(select ${maxBids.maxAmountCents} from ${maxBids}
      where ${maxBids.auctionId} = ${auctions.id} and ${maxBids.userId} = ${userId}::uuid)`,
  }).where(inArray(auctions.id, ids));
}

/** A problem of one amount, said as the bid form says it, with the lot named. */
function amountError(title: string, code: string, params: Record<string, string> = {}): AppError {
  const problem = new AppError(code as ConstructorParameters<typeof AppError>[0], { params }).message;
  return new AppError('bid_group_amount', { params: { title, problem } });
}

function minimumOf(a: LotAuction): number {
  return minimumNextBid({
    startingBidCents: a.startingBidCents,
    increment:
      a.incrementMode === 'table' ? { mode: 'table' } : { mode: 'fixed', cents: a.bidIncrementCents },
    reserveCents: null,
    softCloseSeconds: 0,
    startTime: a.startTime.getTime(),
    endTime: a.endTime.getTime(),
    maxBids: [],
    priceCents: a.leaderUserId ? a.currentPriceCents : null,
    leaderUserId: a.leaderUserId,
    bidCount: 0,
    nextSeq: 1,
  });
}

/**
 * A new lot for the group, checked: open (not ended or cancelled), no maximum of the shopper on it
 * yet, the amount a valid bid at least the minimum. Returns its cents.
 */
function checkNewLot(
  user: SessionUser,
  a: LotAuction | undefined,
  amount: string | number,
  now: Date,
): number {
  if (!a) throw new AppError('bid_group_lot_not_open', { params: { title: 'A lot' } });
  if ((a.status !== 'live' && a.status !== 'scheduled') || a.endTime.getTime() <= now.getTime())
    throw new AppError('bid_group_lot_not_open', { params: { title: a.title } });
  if (a.ownMaxCents !== null) throw new AppError('bid_group_lot_has_bid', { params: { title: a.title } });
  return checkAmount(user, a, amount, null);
}

function checkAmount(
  user: SessionUser,
  a: LotAuction,
  amount: string | number,
  ownMaxCents: number | null,
): number {
  const cents = parseDollarsToCents(amount);
  const problem = checkMaxBidRequest({
    bidder: user,
    amountCents: cents,
    ownMaxCents,
    minimumNextBidCents: minimumOf(a),
  });
  if (problem) throw amountError(a.title, problem.code, maxBidProblemParams(problem));
  return cents as number;
}

function asLotInGroup(err: unknown, titleOf: () => string): never {
  if (isUniqueViolation(err, 'bid_group_lots_open_uq'))
    throw new AppError('bid_group_lot_in_group', { params: { title: titleOf() } });
  throw err;
}

export async function createBidGroup(
  db: Db,
  clock: Clock,
  publish: Publisher,
  user: SessionUser,
  body: CreateBidGroupRequest,
): Promise<BidGroupResponse> {
  checkBidder(user);
  const winAtMost = body.winAtMost ?? 1;
  const ids = body.lots.map((l) => l.auctionId);
  checkSizes(winAtMost, ids);
  const now = clock.now();
  const found = new Map((await repo.auctionsForLots(db, ids.filter(isUuid), user.id)).map((a) => [a.id, a]));
  const lots = body.lots.map((l, position) => ({
    auctionId: l.auctionId,
    position,
    maxCents: checkNewLot(user, found.get(l.auctionId), l.amount, now),
  }));
  const made = await db
    .transaction(async (tx) => {
      // The account's bidding limit, on the group's highest maximum (bidding's rule), before any is placed.
      await assertBidLimitOf(tx, user.id, Math.max(...lots.map((l) => l.maxCents)), now);
      const elsewhere = await repo.openLotsElsewhere(tx, user.id, ids, null);
      if (elsewhere[0])
        throw new AppError('bid_group_lot_in_group', {
          params: { title: found.get(elsewhere[0].auctionId)!.title },
        });
      const g = await repo.insertGroup(tx, { userId: user.id, winAtMost, now });
      await repo.insertLots(tx, g.id, user.id, lots, now);
      const wanted = winAtMost === 1 ? 'one' : String(winAtMost);
      await repo.addEvents(
        tx,
        g.id,
        [{ auctionId: null, kind: 'created', text: `Group made: win ${wanted} of ${lots.length} lots` }],
        now,
      );
      // The first plan in the same transaction (the new row is this transaction's alone): the group
      // and its first maximums commit together, as a change's do.
      const r = await replanLocked(tx, clock, g);
      // 'At most' with the new group counted (its N largest maximums), against the shopper's limit
      // (a refusal undoes it all). Last, after every auction lock the plan took (spending lockSpending).
      await assertWithinSpendingLimit(tx, user.id);
      return { groupId: g.id, ...r };
    })
    .catch((err: unknown) => asLotInGroup(err, () => 'A lot'));
  const { groupId } = made;
  await publish(made.published);
  // The groups its bids outbid are re-planned at once, this one too when a maximum it placed went in
  // under a higher one (outbid at once: it moves on).
  if (made.placedOn.length > 0) await replanGroupsAfterBids(db, clock, publish, made.placedOn);
  return {
    serverTime: clock.now().toISOString(),
    group: (await viewGroups(db, clock, user.id, [groupId]))[0]!,
  };
}

export async function updateBidGroup(
  db: Db,
  clock: Clock,
  publish: Publisher,
  user: SessionUser,
  id: string,
  body: UpdateBidGroupRequest,
): Promise<BidGroupResponse> {
  checkBidder(user);
  if (!isUuid(id) || !(await repo.groupOfUser(db, id, user.id))) throw new AppError('not_found');
  const setIds = (body.set ?? []).map((l) => l.auctionId);
  if (new Set(setIds).size !== setIds.length) throw new AppError('bid_group_duplicate_lot');
  const found = new Map(
    (await repo.auctionsForLots(db, setIds.filter(isUuid), user.id)).map((a) => [a.id, a]),
  );
  const done = await db
    .transaction(async (tx) => {
      const now = clock.now();
      const g = await repo.lockGroup(tx, id, false);
      if (!g) throw new AppError('not_found');
      if (g.state !== 'active') throw new AppError('bid_group_closed');
      // The account's bidding limit, on the highest maximum set (bidding's rule), before any is placed.
      const setCents = (body.set ?? []).map((l) => parseDollarsToCents(l.amount) ?? 0);
      if (setCents.length > 0) await assertBidLimitOf(tx, user.id, Math.max(...setCents), now);
      const lots = await repo.lotsOf(tx, id);
      const inGroup = new Map(lots.map((l) => [l.auctionId, l]));
      const published: Published[] = [];
      const lines: repo.StoryInsert[] = [];
      let position = lots.reduce((m, l) => Math.max(m, l.position), -1);

      for (const r of body.remove ?? []) {
        const lot = inGroup.get(r);
        if (!lot) throw new AppError('not_found');
        const title = (await titles(tx, [r])).get(r) ?? 'A lot';
        if (lot.state !== 'waiting' && lot.state !== 'skipped' && lot.state !== 'dropped')
          throw new AppError('bid_group_lot_placed', { params: { title } });
        await repo.deleteLots(tx, id, [r]);
        inGroup.delete(r);
        lines.push({ auctionId: r, kind: 'removed', text: `Removed ${title}` });
      }
      const added: { auctionId: string; maxCents: number; position: number }[] = [];
      for (const s of body.set ?? []) {
        const a = found.get(s.auctionId);
        const lot = inGroup.get(s.auctionId);
        if (!lot) {
          const maxCents = checkNewLot(user, a, s.amount, now);
          added.push({ auctionId: s.auctionId, maxCents, position: ++position });
          lines.push({
            auctionId: s.auctionId,
            kind: 'added',
            text: `Added ${a!.title} (maximum ${formatCents(maxCents)})`,
          });
          continue;
        }
        if (!a || (lot.state !== 'waiting' && lot.state !== 'live' && lot.state !== 'outbid'))
          throw new AppError('bid_group_lot_not_open', { params: { title: a?.title ?? 'A lot' } });
        if (lot.state === 'waiting') {
          const maxCents = checkAmount(user, a, s.amount, null);
          if (maxCents === lot.maxAmountCents) continue;
          await repo.setLotMax(tx, id, s.auctionId, maxCents, now);
          lines.push({
            auctionId: s.auctionId,
            kind: 'raised',
            text: `Maximum on ${a.title} set to ${formatCents(maxCents)}`,
          });
          continue;
        }
        // A placed maximum only goes up, as an ordinary raise of the bid.
        const maxCents = checkAmount(user, a, s.amount, lot.maxAmountCents);
        const placed = await placeMaxInTransaction(tx, clock, user.id, s.auctionId, maxCents);
        if (!placed.ok)
          throw amountError(a.title, placed.code, placed.params ?? { amount: formatCents(minimumOf(a)) });
        published.push(...placed.events);
        await repo.setLotMax(tx, id, s.auctionId, maxCents, now);
        lines.push({
          auctionId: s.auctionId,
          kind: 'raised',
          text: `Raised your maximum on ${a.title} to ${formatCents(maxCents)}`,
        });
      }
      if (added.length > 0) {
        const elsewhere = await repo.openLotsElsewhere(
          tx,
          user.id,
          added.map((l) => l.auctionId),
          id,
        );
        if (elsewhere[0])
          throw new AppError('bid_group_lot_in_group', {
            params: { title: found.get(elsewhere[0].auctionId)!.title },
          });
        await repo.insertLots(tx, id, user.id, added, now);
      }
      const winAtMost = body.winAtMost ?? g.winAtMost;
      if (winAtMost < g.wins)
        throw new AppError('bid_group_win_below_wins', { params: { wins: String(g.wins) } });
      checkSizes(winAtMost, [...inGroup.keys(), ...added.map((l) => l.auctionId)]);
      if (winAtMost !== g.winAtMost) {
        await repo.setGroup(tx, id, { winAtMost, now });
        lines.push({ auctionId: null, kind: 'added', text: `Now to win at most ${winAtMost}` });
      }
      await repo.addEvents(tx, id, lines, now);
      const locked = { ...g, winAtMost };
      const r = await replanLocked(tx, clock, locked);
      // The group as changed, counted in 'At most' against the shopper's limit (a refusal undoes it
      // all). Last, after every auction lock of the transaction (spending lockSpending).
      await assertWithinSpendingLimit(tx, user.id);
      return { published: [...published, ...r.published], placedOn: r.placedOn };
    })
    .catch((err: unknown) => asLotInGroup(err, () => 'A lot'));
  await publish(done.published);
  if (done.placedOn.length > 0) await replanGroupsAfterBids(db, clock, publish, done.placedOn);
  return { serverTime: clock.now().toISOString(), group: (await viewGroups(db, clock, user.id, [id]))[0]! };
}

/** Cancels a group: placed maximums stay (bids are binding), waiting lots are dropped. */
export async function cancelBidGroup(
  db: Db,
  clock: Clock,
  user: SessionUser,
  id: string,
): Promise<BidGroupResponse> {
  if (!isUuid(id) || !(await repo.groupOfUser(db, id, user.id))) throw new AppError('not_found');
  await db.transaction(async (tx) => {
    const now = clock.now();
    const g = await repo.lockGroup(tx, id, false);
    if (!g) throw new AppError('not_found');
    if (g.state !== 'active') throw new AppError('bid_group_closed');
    const lots = await repo.lotsOf(tx, id);
    const waiting = lots.filter((l) => l.state === 'waiting');
    const names = await titles(
      tx,
      waiting.map((l) => l.auctionId),
    );
    for (const l of waiting) await repo.setLotState(tx, id, l.auctionId, 'dropped', now);
    await repo.setGroup(tx, id, { state: 'cancelled', now });
    const placed = lots.length - waiting.length;
    await repo.addEvents(
      tx,
      id,
      [
        ...waiting.map((l) => ({
          auctionId: l.auctionId,
          kind: 'dropped_done',
          text: `Dropped ${names.get(l.auctionId) ?? 'a lot'}: the group was cancelled`,
        })),
        {
          auctionId: null,
          kind: 'cancelled',
          text:
            placed > 0
              ? 'Group cancelled: maximums already placed stay, as bids are binding'
              : 'Group cancelled',
        },
      ],
      now,
    );
  });
  return { serverTime: clock.now().toISOString(), group: (await viewGroups(db, clock, user.id, [id]))[0]! };
}

async function titles(tx: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const rows = await repo.auctionsForLots(tx, ids, '00000000-0000-0000-0000-000000000000');
  return new Map(rows.map((r) => [r.id, r.title]));
}

export async function myBidGroups(db: DbOrTx, clock: Clock, user: SessionUser): Promise<MyBidGroupsResponse> {
  const groups = await repo.groupsOfUser(db, user.id);
  return {
    serverTime: clock.now().toISOString(),
    groups: await viewGroups(
      db,
      clock,
      user.id,
      groups.map((g) => g.id),
    ),
  };
}

/** The groups as the shopper sees them, in the order of `ids`. */
async function viewGroups(db: DbOrTx, clock: Clock, userId: string, ids: string[]): Promise<BidGroupView[]> {
  if (ids.length === 0) return [];
  const now = clock.now();
  const groups = await Promise.all(ids.map((id) => repo.groupOfUser(db, id, userId)));
  const lots = await repo.lotsOfGroups(db, ids);
  const cards = new Map(
    (await lotAuctions(db, [...new Set(lots.map((l) => l.auctionId))], userId)).map((a) => [a.auctionId, a]),
  );
  const events = await repo.eventsOf(db, ids);
  return groups
    .filter((g): g is repo.GroupRow => g !== null)
    .map((g) => ({
      id: g.id,
      winAtMost: g.winAtMost,
      state: g.state,
      wins: g.wins,
      createdAt: g.createdAt.toISOString(),
      lots: lots
        .filter((l) => l.groupId === g.id && GROUP_LOT_STATES.includes(l.state))
        .map((l) => {
          const a = cards.get(l.auctionId)!;
          return {
            auctionId: l.auctionId,
            position: l.position,
            maxBidCents: l.maxAmountCents,
            state: l.state,
            standing: summaryStanding(a, userId, a.ownMaxCents !== null, now.getTime()),
            card: toCard(a),
          };
        }),
      story: events
        .filter((e) => e.groupId === g.id)
        .map((e) => ({
          at: e.at.toISOString(),
          auctionId: e.auctionId,
          kind: e.kind as BidGroupView['story'][number]['kind'],
          text: e.text,
        })),
    }));
}
