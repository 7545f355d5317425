// The bid groups' SQL (docs/decisions/095-bid-groups-driven-from-facts.md). No rules here: core
// bid-groups.ts decides, plan.ts and service.ts apply. Only this module writes bid_groups.state and
// bid_group_lots.state.
import type { BidGroupState, GroupLotState } from '@rebound/core/bid-groups';
import { DEFAULT_INCREMENT_TABLE } from '@rebound/core/increments';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auctions, bidGroupEvents, bidGroupLots, bidGroups, maxBids, products, users } from '../../db/schema';

export type GroupRow = typeof bidGroups.$inferSelect;
export type LotRow = typeof bidGroupLots.$inferSelect;

export const OPEN_LOT_STATES = ['waiting', 'live', 'outbid'] as const;

/** The group row locked for this transaction, or null: unknown, or another server holds it (skipLocked). */
export async function lockGroup(tx: DbOrTx, id: string, skipLocked: boolean): Promise<GroupRow | null> {
  const [row] = await tx
    .select()
    .from(bidGroups)
    .where(eq(bidGroups.id, id))
    .for('update', skipLocked ? { skipLocked: true } : {})
    .limit(1);
  return row ?? null;
}

/**
 * Holds these auctions' rows FOR SHARE until the commit, in id order: a bid on them (FOR NO KEY
 * UPDATE, bid_lock_and_read) in flight commits first, a later one waits (plan.ts, dropping a done
 * group's waiting lots).
 */
export async function holdAuctions(tx: DbOrTx, auctionIds: string[]): Promise<void> {
  if (auctionIds.length === 0) return;
  await tx
    .select({ id: auctions.id })
    .from(auctions)
    .where(inArray(auctions.id, auctionIds))
    .orderBy(asc(auctions.id))
    .for('share');
}

export async function lotsOf(tx: DbOrTx, groupId: string): Promise<LotRow[]> {
  return tx
    .select()
    .from(bidGroupLots)
    .where(eq(bidGroupLots.groupId, groupId))
    .orderBy(asc(bidGroupLots.position));
}

/**
 * What a plan reads of each lot of a group, in the group's order, in one query: the lot's row, its
 * auction, its title and the shopper's maximum on it.
 */
export async function lotFacts(tx: DbOrTx, groupId: string, userId: string) {
  return tx
    .select({
      lot: bidGroupLots,
      auctionId: bidGroupLots.auctionId,
      title: products.title,
      status: auctions.status,
      startTime: auctions.startTime,
      endTime: auctions.endTime,
      currentPriceCents: auctions.currentPriceCents,
      startingBidCents: auctions.startingBidCents,
      incrementMode: auctions.incrementMode,
      bidIncrementCents: auctions.bidIncrementCents,
      leaderUserId: auctions.leaderUserId,
      winnerUserId: auctions.winnerUserId,
      ownMaxCents: maxBids.maxAmountCents,
    })
    .from(bidGroupLots)
    .innerJoin(auctions, eq(auctions.id, bidGroupLots.auctionId))
    .innerJoin(products, eq(products.id, auctions.productId))
    .leftJoin(maxBids, and(eq(maxBids.auctionId, bidGroupLots.auctionId), eq(maxBids.userId, userId)))
    .where(eq(bidGroupLots.groupId, groupId))
    .orderBy(asc(bidGroupLots.position));
}

export type LotFactsRow = Awaited<ReturnType<typeof lotFacts>>[number];

/**
 * The auctions a group's lots name, with their titles, what a bid's minimum needs and the shopper's
 * maximum on each: what a new or changed lot is checked against (lighter than the cards the answer
 * shows).
 */
export async function auctionsForLots(tx: DbOrTx, auctionIds: string[], userId: string) {
  if (auctionIds.length === 0) return [];
  return tx
    .select({
      id: auctions.id,
      title: products.title,
      status: auctions.status,
      startTime: auctions.startTime,
      endTime: auctions.endTime,
      startingBidCents: auctions.startingBidCents,
      currentPriceCents: auctions.currentPriceCents,
      leaderUserId: auctions.leaderUserId,
      incrementMode: auctions.incrementMode,
      bidIncrementCents: auctions.bidIncrementCents,
      ownMaxCents: maxBids.maxAmountCents,
    })
    .from(auctions)
    .innerJoin(products, eq(products.id, auctions.productId))
    .leftJoin(maxBids, and(eq(maxBids.auctionId, auctions.id), eq(maxBids.userId, userId)))
    .where(inArray(auctions.id, auctionIds));
}

/** Lots of these auctions in an open lot of another of the shopper's groups. */
export async function openLotsElsewhere(
  tx: DbOrTx,
  userId: string,
  auctionIds: string[],
  exceptGroup: string | null,
) {
  if (auctionIds.length === 0) return [];
  const rows = await tx
    .select({ auctionId: bidGroupLots.auctionId, groupId: bidGroupLots.groupId })
    .from(bidGroupLots)
    .where(
      and(
        eq(bidGroupLots.userId, userId),
        inArray(bidGroupLots.auctionId, auctionIds),
        inArray(bidGroupLots.state, [...OPEN_LOT_STATES]),
      ),
    );
  return rows.filter((r) => r.groupId !== exceptGroup);
}

export async function insertGroup(tx: DbOrTx, v: { userId: string; winAtMost: number; now: Date }) {
  const [row] = await tx
    .insert(bidGroups)
    .values({ userId: v.userId, winAtMost: v.winAtMost, createdAt: v.now, updatedAt: v.now })
    .returning();
  return row!;
}

export async function insertLots(
  tx: DbOrTx,
  groupId: string,
  userId: string,
  lots: { auctionId: string; maxCents: number; position: number }[],
  now: Date,
) {
  if (lots.length === 0) return;
  await tx.insert(bidGroupLots).values(
    lots.map((l) => ({
      groupId,
      userId,
      auctionId: l.auctionId,
      position: l.position,
      maxAmountCents: l.maxCents,
      state: 'waiting' as const,
      updatedAt: now,
    })),
  );
}

export async function setLotState(
  tx: DbOrTx,
  groupId: string,
  auctionId: string,
  state: GroupLotState,
  now: Date,
) {
  await tx
    .update(bidGroupLots)
    .set({ state, updatedAt: now })
    .where(and(eq(bidGroupLots.groupId, groupId), eq(bidGroupLots.auctionId, auctionId)));
}

export async function setLotMax(tx: DbOrTx, groupId: string, auctionId: string, maxCents: number, now: Date) {
  await tx
    .update(bidGroupLots)
    .set({ maxAmountCents: maxCents, updatedAt: now })
    .where(and(eq(bidGroupLots.groupId, groupId), eq(bidGroupLots.auctionId, auctionId)));
}

export async function deleteLots(tx: DbOrTx, groupId: string, auctionIds: string[]) {
  if (auctionIds.length === 0) return;
  await tx
    .delete(bidGroupLots)
    .where(and(eq(bidGroupLots.groupId, groupId), inArray(bidGroupLots.auctionId, auctionIds)));
}

export async function setGroup(
  tx: DbOrTx,
  id: string,
  v: { state?: BidGroupState; wins?: number; winAtMost?: number; now: Date },
) {
  const { now, ...rest } = v;
  await tx
    .update(bidGroups)
    .set({ ...rest, updatedAt: now })
    .where(eq(bidGroups.id, id));
}

export async function addEvents(
  tx: DbOrTx,
  groupId: string,
  events: { auctionId: string | null; kind: string; text: string }[],
  at: Date,
) {
  if (events.length === 0) return;
  await tx.insert(bidGroupEvents).values(events.map((e) => ({ groupId, ...e, at })));
}

export async function eventsOf(tx: DbOrTx, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return tx
    .select()
    .from(bidGroupEvents)
    .where(inArray(bidGroupEvents.groupId, groupIds))
    .orderBy(asc(bidGroupEvents.at), asc(bidGroupEvents.seq));
}

export async function groupsOfUser(tx: DbOrTx, userId: string) {
  return tx
    .select()
    .from(bidGroups)
    .where(eq(bidGroups.userId, userId))
    .orderBy(sql`(${bidGroups.state} = 'active') desc`, desc(bidGroups.createdAt), desc(bidGroups.id));
}

export async function groupOfUser(tx: DbOrTx, id: string, userId: string) {
  const [row] = await tx
    .select()
    .from(bidGroups)
    .where(and(eq(bidGroups.id, id), eq(bidGroups.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function lotsOfGroups(tx: DbOrTx, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return tx
    .select()
    .from(bidGroupLots)
    .where(inArray(bidGroupLots.groupId, groupIds))
    .orderBy(asc(bidGroupLots.position));
}

/**
 * The groups a bid batch or a close on these auctions may have changed: every group with an open lot
 * on them (an active group; a done or cancelled one too, as its placed maximums still end as won or
 * lost), and an active group whose lot on them the closing guard has just counted as won (the plan
 * then makes it done and drops its waiting lots, or ends it).
 */
export async function groupsToReplanOn(tx: DbOrTx, auctionIds: string[]): Promise<string[]> {
  if (auctionIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ id: bidGroupLots.groupId })
    .from(bidGroupLots)
    .innerJoin(bidGroups, eq(bidGroups.id, bidGroupLots.groupId))
    .where(
      and(
        inArray(bidGroupLots.auctionId, auctionIds),
        or(
          and(
            inArray(bidGroupLots.state, [...OPEN_LOT_STATES]),
            inArray(bidGroups.state, ['active', 'done', 'cancelled']),
          ),
          and(eq(bidGroupLots.state, 'won'), eq(bidGroups.state, 'active')),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * The groups a committed bid on these auctions has moved: a live lot there no longer led by its
 * shopper (outbid: the group moves on), or an outbid one led again (the shopper's own raise). A bid
 * changes nothing else a plan reads (a waiting lot's price only rises, and a lot skipped for its
 * price stays skipped), so a hot lot's bids re-plan only the groups they outbid, not every group
 * waiting on it (docs/decisions/095). Reads the open lots' auction index and the auctions' rows.
 */
export async function groupsMovedByBidsOn(tx: DbOrTx, auctionIds: string[]): Promise<string[]> {
  if (auctionIds.length === 0) return [];
  const result = (await tx.execute(sql`
    select distinct l.group_id::text as id from bid_group_lots l join auctions a on a.id = l.auction_id
    where l.auction_id in (${sql.join(
      auctionIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and (
      (l.state = 'live' and a.leader_user_id is distinct from l.user_id)
      or (l.state = 'outbid' and a.leader_user_id = l.user_id))`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

/**
 * Groups whose stored states disagree with their lots' facts (the driver job, decision 095), in one
 * query: first the active groups, from their partial index: a group at its number of wins or with
 * no open lot left (a close counted its last win and the server stopped before the plan), a live
 * lot no longer led by the shopper or over, an outbid lot led again or over, a waiting lot over, or
 * a free place (wins + live lots below the number) with a waiting lot that is live, not past its
 * end, and not priced beyond its maximum. The last test is a cheap bound (price below the maximum);
 * the plan applies the exact minimum (core smallestMaxBidFor) and may then place nothing. Then the
 * done and cancelled groups whose placed maximum sits on a lot that ended or was cancelled (from the
 * open lots' index): the plan marks it won or lost.
 */
/**
 * The lot's minimum acceptable maximum in SQL (alias `a` for auctions), as core's minimumNextBid
 * computes it: the starting bid while nobody leads, else the price plus the increment at the price
 * (the auction's fixed one, or the site's table). The driver's pick of a waiting lot uses the same
 * test as the plan (core planGroup), so a lot the plan would skip is never picked again and again.
 */
const minimumBidSql = sql.raw(`(case when a.leader_user_id is null then a.starting_bid_cents
  else a.current_price_cents + (case when a.increment_mode = 'fixed' then a.bid_increment_cents else (case
    ${[...DEFAULT_INCREMENT_TABLE]
      .reverse()
      .map((b) => `when a.current_price_cents >= ${b.fromCents} then ${b.incrementCents}`)
      .join('\n    ')}
    else ${DEFAULT_INCREMENT_TABLE[0]!.incrementCents} end) end) end)`);

export async function groupsOutOfStep(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const result = (await db.execute(sql`
    select g.id from bid_groups g
    join users u on u.id = g.user_id
    where g.state = 'active' and (
      g.wins >= g.win_at_most
      or not exists (
        select 1 from bid_group_lots o where o.group_id = g.id and o.state in ('waiting', 'live', 'outbid'))
      or exists (
      select 1 from bid_group_lots l join auctions a on a.id = l.auction_id
      where l.group_id = g.id and (
        (l.state = 'live' and (a.status <> 'live' or a.leader_user_id is distinct from l.user_id))
        or (l.state = 'outbid' and (a.status <> 'live' or a.leader_user_id = l.user_id))
        or (l.state = 'waiting' and a.status in ('ended', 'cancelled'))
        or (l.state = 'waiting' and u.status = 'active' and a.status = 'live' and a.end_time > ${now.toISOString()}::timestamptz
          and ${minimumBidSql} <= l.max_amount_cents
          and not exists (select 1 from max_bids m where m.auction_id = a.id and m.user_id = l.user_id)
          and g.wins + (select count(*) from bid_group_lots k where k.group_id = g.id and k.state = 'live') < g.win_at_most)
      )))
    union
    select l.group_id from bid_group_lots l
    join bid_groups g on g.id = l.group_id
    join auctions a on a.id = l.auction_id
    where l.state in ('waiting', 'live', 'outbid') and g.state in ('done', 'cancelled')
      and a.status in ('ended', 'cancelled')
    order by 1
    limit ${limit}`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

/** The open group lot (with its group) holding `userId`'s maximum on the auction, if any. */
export async function openLotOf(tx: DbOrTx, auctionId: string, userId: string) {
  const [row] = await tx
    .select({ groupId: bidGroupLots.groupId, state: bidGroupLots.state })
    .from(bidGroupLots)
    .where(
      and(
        eq(bidGroupLots.auctionId, auctionId),
        eq(bidGroupLots.userId, userId),
        inArray(bidGroupLots.state, [...OPEN_LOT_STATES]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Which of these (auction, shopper) pairs are open group lots: the closing's fast path. */
export async function openLotPairs(tx: DbOrTx, pairs: { auctionId: string; userId: string }[]) {
  if (pairs.length === 0) return new Set<string>();
  const json = JSON.stringify(pairs.map((p) => ({ a: p.auctionId, u: p.userId })));
  const result = (await tx.execute(sql`
    select l.auction_id::text as a, l.user_id::text as u from bid_group_lots l
    join json_to_recordset(${json}::json) as p(a uuid, u uuid) on p.a = l.auction_id and p.u = l.user_id
    where l.state in ('waiting', 'live', 'outbid')`)) as unknown as { rows: { a: string; u: string }[] };
  return new Set(result.rows.map((r) => `${r.a}|${r.u}`));
}

export async function handleOf(tx: DbOrTx, userId: string) {
  const [row] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export interface StoryInsert {
  auctionId: string | null;
  kind: string;
  text: string;
}
