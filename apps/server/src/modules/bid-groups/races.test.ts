// Bid groups under concurrency and at random: a group never wins more than it asked for (the
// closing guard, docs/decisions/095-bid-groups-driven-from-facts.md), whatever runs at once.

import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asSession } from '../../../test/bidding';
import { makeAuction, makeLocation, makeUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { auctions, bidGroups, bids, maxBids } from '../../db/schema';
import type { SessionUser } from '../../lib/auth-context';
import { closeDueAuctions } from '../auctions';
import { placeBid } from '../bidding';
import { driveBidGroups, replanGroupsOn } from '.';
import { createBidGroup } from './service';

let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});
const noPublish = async () => {};

async function lot(endInSec: number, softCloseSeconds = 0) {
  const now = t.clock.now();
  const { auction } = await makeAuction(t.db, {
    now,
    locationId,
    auction: {
      startingBidCents: 1_000,
      bidIncrementCents: 100,
      endTime: new Date(now.getTime() + endInSec * 1_000),
      softCloseSeconds,
    },
  });
  return auction;
}

async function shopper(): Promise<SessionUser> {
  return asSession(await makeUser(t.db));
}

/** Every group's wins as the auctions record them, against its number. */
async function overWinners(groups: { id: string; userId: string; lots: string[]; winAtMost: number }[]) {
  const out: string[] = [];
  for (const g of groups) {
    const won = await t.db
      .select({ id: auctions.id })
      .from(auctions)
      .where(and(inArray(auctions.id, g.lots), eq(auctions.winnerUserId, g.userId)));
    const [row] = await t.db.select().from(bidGroups).where(eq(bidGroups.id, g.id));
    if (won.length > g.winAtMost || row!.wins !== won.length)
      out.push(`${g.id}: ${won.length}/${row!.wins}/${g.winAtMost}`);
  }
  return out;
}

/** No maximum was written twice for one bidder: one row per (auction, user) and history rows in step. */
async function duplicateMaximums() {
  const rows = await t.db.select({ a: maxBids.auctionId, u: maxBids.userId }).from(maxBids);
  return rows.length - new Set(rows.map((r) => `${r.a}|${r.u}`)).size;
}

describe('bid groups racing', () => {
  it('two servers driving and closing the same groups at once: never more than N, no duplicate bids', async () => {
    const groups: { id: string; userId: string; lots: string[]; winAtMost: number }[] = [];
    for (let i = 0; i < 6; i++) {
      const me = await shopper();
      const lots = [await lot(30), await lot(30), await lot(30)];
      const winAtMost = 1 + (i % 2);
      const { group } = await createBidGroup(t.db, t.clock, noPublish, me, {
        winAtMost,
        lots: lots.map((l) => ({ auctionId: l.id, amount: '40' })),
      });
      groups.push({ id: group.id, userId: me.id, lots: lots.map((l) => l.id), winAtMost });
    }
    // Let every group lead all its lots (the worst case for the close): raise the waiting ones by hand.
    const { placeMaxInTransaction } = await import('../bidding');
    for (const g of groups)
      for (const a of g.lots)
        await t.db.transaction(async (tx) => {
          await placeMaxInTransaction(tx, t.clock, g.userId, a, 4_000);
        });
    t.clock.advance(31_000);
    const close = () =>
      closeDueAuctions(t.db, t.clock.now(), noPublish, (ids) =>
        replanGroupsOn(t.db, t.clock, noPublish, ids),
      );
    await Promise.all([
      close(),
      close(),
      driveBidGroups(t.db, t.clock, noPublish),
      driveBidGroups(t.db, t.clock, noPublish),
    ]);
    // Whatever was left for a busy group closes on the next round.
    await Promise.all([close(), driveBidGroups(t.db, t.clock, noPublish)]);
    await close();
    const open = await t.db.select().from(auctions).where(eq(auctions.status, 'live'));
    expect(open.filter((a) => groups.some((g) => g.lots.includes(a.id)))).toEqual([]);
    expect(await overWinners(groups)).toEqual([]);
    for (const g of groups) {
      const [row] = await t.db.select().from(bidGroups).where(eq(bidGroups.id, g.id));
      expect(row!.wins).toBe(g.winAtMost);
    }
    expect(await duplicateMaximums()).toBe(0);
  });

  it('a few hundred random groups through bids, driver and closing: never more than N', async () => {
    const seed = Number(process.env.BID_GROUPS_SEED ?? 20261129);
    const rivals = [await shopper(), await shopper(), await shopper()];
    const spec = fc.array(
      fc.record({
        lots: fc.integer({ min: 2, max: 4 }),
        n: fc.integer({ min: 1, max: 3 }),
        maxes: fc.array(fc.integer({ min: 10, max: 60 }), { minLength: 4, maxLength: 4 }),
        ends: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }),
        soft: fc.boolean(),
        rivalBids: fc.array(
          fc.record({ lot: fc.nat(3), rival: fc.nat(2), dollars: fc.integer({ min: 10, max: 70 }) }),
          {
            maxLength: 4,
          },
        ),
      }),
      { minLength: 200, maxLength: 200 },
    );
    const [cases] = fc.sample(spec, { seed, numRuns: 1 });
    const groups: { id: string; userId: string; lots: string[]; winAtMost: number }[] = [];
    const plannedBids: { user: SessionUser; auctionId: string; dollars: number }[] = [];
    // A shopper may hold several groups (on different lots): 40 of them share the 200 groups.
    const people: SessionUser[] = [];
    for (let i = 0; i < 40; i++) people.push(await shopper());
    for (const [k, c] of cases!.entries()) {
      const me = people[k % people.length]!;
      const n = Math.min(c.n, c.lots - 1);
      const lots = [];
      // Ends in whole seconds from now, so several lots end in the same second; some with soft close.
      for (let i = 0; i < c.lots; i++) lots.push(await lot(c.ends[i]! * 10, c.soft ? 15 : 0));
      const { group } = await createBidGroup(t.db, t.clock, noPublish, me, {
        winAtMost: n,
        lots: lots.map((l, i) => ({ auctionId: l.id, amount: String(c.maxes[i]) })),
      });
      groups.push({ id: group.id, userId: me.id, lots: lots.map((l) => l.id), winAtMost: n });
      for (const b of c.rivalBids)
        if (b.lot < lots.length)
          plannedBids.push({ user: rivals[b.rival]!, auctionId: lots[b.lot]!.id, dollars: b.dollars });
    }
    // Time runs in 5 s steps: some rival bids, the closing, the driver.
    for (let step = 0; step < 12; step++) {
      const now = plannedBids.splice(0, Math.ceil(plannedBids.length / 4));
      await Promise.all(
        now.map((b) =>
          placeBid(t.db, t.clock, b.user, b.auctionId, String(b.dollars), null, noPublish).catch(() => null),
        ),
      );
      await Promise.all([
        closeDueAuctions(t.db, t.clock.now(), noPublish, (ids) =>
          replanGroupsOn(t.db, t.clock, noPublish, ids),
        ),
        driveBidGroups(t.db, t.clock, noPublish),
      ]);
      t.clock.advance(5_000);
    }
    t.clock.advance(120_000);
    await closeDueAuctions(t.db, t.clock.now(), noPublish);
    await driveBidGroups(t.db, t.clock, noPublish);
    expect(await overWinners(groups), `seed ${seed}`).toEqual([]);
    const wins = (
      await Promise.all(
        groups.map(
          async (g) =>
            (
              await t.db
                .select({ id: auctions.id })
                .from(auctions)
                .where(and(inArray(auctions.id, g.lots), eq(auctions.winnerUserId, g.userId)))
            ).length,
        ),
      )
    ).reduce((s, n) => s + n, 0);
    // The run did something: groups won lots and bids were placed.
    expect(wins).toBeGreaterThan(20);
    expect((await t.db.select({ id: bids.id }).from(bids)).length).toBeGreaterThan(200);
    expect(await duplicateMaximums()).toBe(0);
  }, 120_000);
});
