// The driver of the bid groups (docs/decisions/095-bid-groups-driven-from-facts.md): a group is
// re-planned from durable facts only (its rows, its lots' auctions and the shopper's maximums),
// in one transaction that holds its row, places each new maximum as an ordinary bid inside that
// transaction (bidding's placeMaxInTransaction) and writes the states and the story. Nothing is
// kept in memory between plans: a crash loses nothing that the next plan does not read again.
import {
  type BidGroup,
  type GroupLot,
  type GroupLotFacts,
  type GroupLotState,
  planGroup,
  winsOf,
} from '@rebound/core/bid-groups';
import { minimumNextBid, smallestMaxBidFor } from '@rebound/core/bidding';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Publisher } from '../../lib/publish';
import type { Published } from '../../realtime/hub';
import { placeMaxInTransaction } from '../bidding';
import { enqueueNotices, notificationsChanged } from '../notifications';
import * as repo from './repository';
import { planStory } from './story';

/** Groups one driver run re-plans at most. */
export const DRIVE_BATCH = 200;

/** The facts core planGroup needs, from a lot's auction row and the shopper's maximum. */
export function factsOf(f: repo.LotFactsRow, userId: string, now: Date): GroupLotFacts {
  const increment =
    f.incrementMode === 'table'
      ? ({ mode: 'table' } as const)
      : ({ mode: 'fixed', cents: f.bidIncrementCents } as const);
  const minimum = minimumNextBid({
    startingBidCents: f.startingBidCents,
    increment,
    reserveCents: null,
    softCloseSeconds: 0,
    startTime: f.startTime.getTime(),
    endTime: f.endTime.getTime(),
    maxBids: [],
    priceCents: f.leaderUserId ? f.currentPriceCents : null,
    leaderUserId: f.leaderUserId,
    bidCount: 0,
    nextSeq: 1,
  });
  // A live lot past its end (the closing job has not reached it) takes no new maximum.
  const open = f.status === 'live' && f.endTime.getTime() > now.getTime();
  return {
    status: f.status,
    endTime: f.endTime.getTime(),
    minimumCents: open ? smallestMaxBidFor(minimum, f.ownMaxCents) : Number.MAX_SAFE_INTEGER,
    canWin: f.leaderUserId === userId,
    won: f.status === 'ended' && f.winnerUserId === userId,
    ownMaximum: f.ownMaxCents !== null,
  };
}

export function toCoreGroup(g: repo.GroupRow, lots: repo.LotRow[]): BidGroup {
  return {
    winAtMost: g.winAtMost,
    state: g.state,
    lots: lots.map((l) => ({
      auctionId: l.auctionId,
      maxCents: l.maxAmountCents,
      position: l.position,
      state: l.state,
    })),
  };
}

export interface Replanned {
  /** Auctions where this plan placed a maximum (other groups on them may have been outbid). */
  placedOn: string[];
  published: Published[];
}

/**
 * Re-plans one group inside `tx`, whose row the caller has locked. Writes the lots' and the group's
 * states, the story and (once, on the change to done or ended) the shopper's notice. Returns the
 * events to publish after the commit.
 */
export async function replanLocked(tx: DbOrTx, clock: Clock, g: repo.GroupRow): Promise<Replanned> {
  const now = clock.now();
  const planFrom = (rows: repo.LotFactsRow[]) => {
    const facts = new Map<string, GroupLotFacts>();
    for (const r of rows) facts.set(r.auctionId, factsOf(r, g.userId, now));
    const before = toCoreGroup(
      g,
      rows.map((r) => r.lot),
    );
    return { rows, before, plan: planGroup(before, facts) };
  };
  let planned = planFrom(await repo.lotFacts(tx, g.id, g.userId));
  // A plan that makes the group done drops its waiting lots, unless the shopper has bid on one by
  // hand (core planGroup: that maximum stays the group's, set aside at the close). A hand bid being
  // decided right now on such a lot would not be in the facts just read: hold those auctions (FOR
  // SHARE, in id order: a bid in flight commits first, a later one waits for this commit, when the
  // lot is dropped and the bid is the shopper's own) and plan again from facts read under the hold.
  const dropping = planned.plan.events
    .filter((e) => e.kind === 'dropped_done')
    .map((e) => e.auctionId)
    .sort();
  if (dropping.length > 0) {
    await repo.holdAuctions(tx, dropping);
    planned = planFrom(await repo.lotFacts(tx, g.id, g.userId));
  }
  const { rows, before, plan } = planned;
  const lots = rows.map((r) => r.lot);
  const byAuction = new Map(rows.map((r) => [r.auctionId, r]));

  // Each new maximum as an ordinary bid; a refused one leaves its lot waiting. Placed in the order of
  // the auctions' ids, whatever the plan's: each placement locks its auction's row until the commit,
  // so two plans on two servers that place on the same lots lock them in one order and never wait on
  // each other in a circle (the bids of one plan are independent of their order).
  const published: Published[] = [];
  const refused = new Set<string>();
  const placedOn: string[] = [];
  const inLockOrder = [...plan.place].sort((x, y) =>
    x.auctionId < y.auctionId ? -1 : x.auctionId > y.auctionId ? 1 : 0,
  );
  for (const p of inLockOrder) {
    const placed = await placeMaxInTransaction(tx, clock, g.userId, p.auctionId, p.amountCents);
    if (placed.ok) {
      published.push(...placed.events);
      placedOn.push(p.auctionId);
    } else refused.add(p.auctionId);
  }
  const afterLots: GroupLot[] = plan.group.lots.map((l) =>
    refused.has(l.auctionId) ? { ...l, state: 'waiting' as GroupLotState } : l,
  );
  const events = plan.events.filter((e) => !(e.kind === 'placed' && refused.has(e.auctionId)));
  const after: BidGroup = { ...plan.group, lots: afterLots };

  const old = new Map(before.lots.map((l) => [l.auctionId, l.state]));
  for (const l of after.lots) {
    if (old.get(l.auctionId) !== l.state) await repo.setLotState(tx, g.id, l.auctionId, l.state, now);
  }
  const wins = winsOf(after);
  if (after.state !== g.state || wins !== g.wins) {
    await repo.setGroup(tx, g.id, { state: after.state, wins, now });
  }
  // Lots of one item share a title: the story tells them apart by their place in the group ('lot 2').
  const rawTitle = (id: string) => byAuction.get(id)?.title ?? 'a lot';
  const shared = new Map<string, number>();
  for (const l of lots) shared.set(rawTitle(l.auctionId), (shared.get(rawTitle(l.auctionId)) ?? 0) + 1);
  const titleOf = (id: string) => {
    const title = rawTitle(id);
    const lot = lots.find((l) => l.auctionId === id);
    return (shared.get(title) ?? 0) > 1 && lot ? `${title} (lot ${lot.position + 1})` : title;
  };
  const groupTitle = listOf(after.lots.map((l) => rawTitle(l.auctionId)));
  const maxOf = (id: string) => lots.find((l) => l.auctionId === id)?.maxAmountCents ?? 0;
  const lines = planStory(events, titleOf, maxOf, after.state === 'done', g.winAtMost);
  if (g.state === 'active' && after.state === 'ended') {
    lines.push({ auctionId: null, kind: 'ended', text: endedText(after, titleOf) });
  }
  await repo.addEvents(tx, g.id, lines, now);

  // The group's end is said once: only the plan that moves it from active writes the notice.
  if (g.state === 'active' && (after.state === 'done' || after.state === 'ended')) {
    const won = after.lots.filter((l) => l.state === 'won').map((l) => titleOf(l.auctionId));
    const dropped = after.lots.filter((l) => l.state === 'dropped').map((l) => titleOf(l.auctionId));
    const message =
      after.state === 'done'
        ? `You won ${listOf(won)}.${dropped.length > 0 ? ` The other lots of your group were dropped: ${listOf(dropped)}.` : ''}`
        : endedText(after, titleOf);
    const common = {
      userId: g.userId,
      kind: 'outbid_alerts' as const,
      message,
      targetUrl: '/account?tab=bids',
      data: { groupTitle },
    };
    await enqueueNotices(tx, now, [
      after.state === 'done'
        ? { ...common, template: 'bid_group_done' as const }
        : { ...common, template: 'bid_group_ended' as const },
    ]);
    published.push(...notificationsChanged([g.userId], now));
  }
  return { placedOn, published };
}

/** Titles for a person: each once, with how many lots carry it ('Kettle, 2 lots of Toaster'). */
function listOf(titles: string[]): string {
  const counts = new Map<string, number>();
  for (const t of titles) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([t, n]) => (n === 1 ? t : `${n} lots of ${t}`)).join(', ');
}

function endedText(group: BidGroup, titleOf: (id: string) => string): string {
  const won = group.lots.filter((l) => l.state === 'won').map((l) => titleOf(l.auctionId));
  const wanted = group.winAtMost === 1 ? '1 win' : `${group.winAtMost} wins`;
  return won.length === 0
    ? `Your group ended without a win (it wanted ${wanted}).`
    : `Your group ended with ${won.length} of ${wanted}: you won ${listOf(won)}.`;
}

/**
 * Re-plans one group in its own transaction. Another server holding the group row: skipped (it is
 * re-planning it). Returns what the plan placed, or null when skipped or unknown.
 */
export async function replanGroup(db: Db, clock: Clock, publish: Publisher, groupId: string) {
  const done = await db.transaction(async (tx) => {
    const g = await repo.lockGroup(tx, groupId, true);
    if (!g) return null;
    return replanLocked(tx, clock, g);
  });
  if (!done) return null;
  await publish(done.published);
  return done;
}

/**
 * Re-plans the groups a close on these auctions may have changed (repository groupsToReplanOn: an
 * open lot on them, or a lot the close has just counted as won), then the groups those plans' bids
 * outbid (replanGroupsAfterBids).
 */
export async function replanGroupsOn(db: Db, clock: Clock, publish: Publisher, auctionIds: string[]) {
  await replanRounds(db, clock, publish, auctionIds, repo.groupsToReplanOn);
}

/**
 * Re-plans the groups committed bids on these auctions have moved (repository groupsMovedByBidsOn:
 * a live maximum outbid, or an outbid one led again), then those on the auctions these plans bid on,
 * a few rounds at most (the job catches up the rest). A bid on a hot lot thus costs one indexed read
 * unless it outbids a group.
 */
export async function replanGroupsAfterBids(db: Db, clock: Clock, publish: Publisher, auctionIds: string[]) {
  await replanRounds(db, clock, publish, auctionIds, repo.groupsMovedByBidsOn);
}

async function replanRounds(
  db: Db,
  clock: Clock,
  publish: Publisher,
  auctionIds: string[],
  firstRound: (db: Db, auctionIds: string[]) => Promise<string[]>,
) {
  let touched = [...new Set(auctionIds)];
  // A group is re-planned once per call. The group whose plan placed the bids is not left out: a
  // maximum it placed under a higher one is outbid at once, and it moves on in the next round.
  const seen = new Set<string>();
  for (let round = 0; round < 4 && touched.length > 0; round++) {
    const pick = round === 0 ? firstRound : repo.groupsMovedByBidsOn;
    const groups = (await pick(db, touched)).filter((id) => !seen.has(id));
    const next: string[] = [];
    for (const id of groups) {
      seen.add(id);
      const r = await replanGroup(db, clock, publish, id);
      if (r) next.push(...r.placedOn);
    }
    touched = [...new Set(next)];
  }
}

/** The job (bidGroups.drive, every second): every group out of step with its facts (repository groupsOutOfStep), re-planned. */
export async function driveBidGroups(db: Db, clock: Clock, publish: Publisher): Promise<number> {
  const ids = await repo.groupsOutOfStep(db, clock.now(), DRIVE_BATCH);
  let planned = 0;
  for (const id of ids) {
    const r = await replanGroup(db, clock, publish, id);
    if (r) {
      planned++;
      if (r.placedOn.length > 0) await replanGroupsAfterBids(db, clock, publish, r.placedOn);
    }
  }
  return planned;
}
