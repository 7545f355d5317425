// A bid the store cancels can give a group's outbid lot its lead back (docs/product.md "Bid groups",
// "Signals of unfair bidding"). The cancel does not re-plan groups itself: the driver job picks the
// group from the stored facts (repository.ts groupsOutOfStep: an outbid lot led again) and plans it.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groupWins } from '../../../test/bid-groups';
import { asSession } from '../../../test/bidding';
import { makeAuction, makeLocation, makeUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { auctions, bidGroupEvents, bidGroupLots } from '../../db/schema';
import { closeDueAuctions } from '../auctions';
import { cancelBidInTransaction, placeBid } from '../bidding';
import { driveBidGroups, replanGroupsOn } from '.';
import { createBidGroup } from './service';

let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});
const noPublish = async () => {};

async function lot(title: string, endInMin: number) {
  const now = t.clock.now();
  const { auction } = await makeAuction(t.db, {
    now,
    locationId,
    product: { title },
    auction: {
      bidIncrementCents: 100,
      endTime: new Date(now.getTime() + endInMin * 60_000),
      softCloseSeconds: 0,
    },
  });
  return auction;
}

async function lotStates(groupId: string) {
  const rows = await t.db.select().from(bidGroupLots).where(eq(bidGroupLots.groupId, groupId));
  return Object.fromEntries(rows.map((r) => [r.auctionId, r.state]));
}

describe('a cancelled bid and a bid group', () => {
  it('the outbid lot led again after the cancel: the driver marks it live and says so in the story', async () => {
    const a = await lot('Clock A', 10);
    const b = await lot('Clock B', 20);
    const me = asSession(await makeUser(t.db));
    const rival = asSession(await makeUser(t.db));
    const { group } = await createBidGroup(t.db, t.clock, noPublish, me, {
      lots: [
        { auctionId: a.id, amount: '50' },
        { auctionId: b.id, amount: '50' },
      ],
    });
    await placeBid(t.db, t.clock, rival, a.id, '80', null, noPublish);
    expect(await lotStates(group.id)).toEqual({ [a.id]: 'outbid', [b.id]: 'live' });

    // The store cancels the rival's maximum: the group's $50 leads A again (at the starting bid).
    await t.db.transaction((tx) => cancelBidInTransaction(tx, t.clock, a.id, rival.id));
    const [row] = await t.db.select().from(auctions).where(eq(auctions.id, a.id));
    expect([row!.leaderUserId, row!.currentPriceCents]).toEqual([me.id, 1_000]);
    expect(await lotStates(group.id)).toEqual({ [a.id]: 'outbid', [b.id]: 'live' });

    expect(await driveBidGroups(t.db, t.clock, noPublish)).toBeGreaterThanOrEqual(1);
    const states = await lotStates(group.id);
    expect(states[a.id]).toBe('live');
    const story = await t.db
      .select({ text: bidGroupEvents.text })
      .from(bidGroupEvents)
      .where(and(eq(bidGroupEvents.groupId, group.id)))
      .orderBy(bidGroupEvents.at, bidGroupEvents.seq);
    expect(story.map((s) => s.text)).toContain('Your maximum on Clock A leads again');
    // Planned once: the next run finds nothing out of step for it.
    const before = story.length;
    await driveBidGroups(t.db, t.clock, noPublish);
    const after = await t.db.select().from(bidGroupEvents).where(eq(bidGroupEvents.groupId, group.id));
    expect(after.length).toBe(before);
    // B keeps its binding maximum (bids bind); what the plan made of it is in its state.
    // B keeps its binding maximum (bids bind): both lots are led now, and the group still wins one only.
    expect(states[b.id]).toBe('live');
    t.clock.advance(11 * 60_000);
    await closeDueAuctions(t.db, t.clock.now(), noPublish, (ids) =>
      replanGroupsOn(t.db, t.clock, noPublish, ids),
    );
    expect((await lotStates(group.id))[a.id]).toBe('won');
    // B's maximum is set aside at its close (the group has its win): the shopper does not win B too.
    t.clock.advance(10 * 60_000);
    await closeDueAuctions(t.db, t.clock.now(), noPublish, (ids) =>
      replanGroupsOn(t.db, t.clock, noPublish, ids),
    );
    const [rb] = await t.db.select().from(auctions).where(eq(auctions.id, b.id));
    expect(rb!.winnerUserId).not.toBe(me.id);
    expect(await groupWins(t.db, [group.id])).toEqual({ wins: 1, problems: [] });
  });
});
