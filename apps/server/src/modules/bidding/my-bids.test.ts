import { MY_BIDS_ENDED_LIMIT, type MyBidsResponse } from '@rebound/contract/bidding';
import { API } from '@rebound/contract/routes';
import type { MeSummaryResponse } from '@rebound/contract/watchlist';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeAuction, makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { auctions, maxBids, orders } from '../../db/schema';
import { closeDueAuctions } from '../auctions';

// GET /api/me/bids: the account's My Bids tab (All / Winning / Losing), from real bids.

let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const bid = async (auctionId: string, amount: string, u: SignedInUser) => {
  const res = await t.app.inject({
    method: 'POST',
    url: API.auctionBids(auctionId),
    headers: { cookie: u.cookie },
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ isLeader: boolean; message: string; me: { standing: string } }>();
};

async function myBids(u: SignedInUser, filter?: string) {
  const res = await get(filter ? `${API.meBids}?filter=${filter}` : API.meBids, u.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MyBidsResponse>();
}

async function summaryOf(u: SignedInUser) {
  return (await get(API.meSummary, u.cookie)).json<MeSummaryResponse>();
}

async function auctionEndingIn(endsIn: number, over: Partial<typeof auctions.$inferInsert> = {}) {
  const now = t.clock.now();
  const { auction, product } = await makeAuction(t.db, {
    now,
    locationId,
    auction: { endTime: new Date(now.getTime() + endsIn), startingBidCents: 1_000, ...over },
  });
  return { id: auction.id, title: product.title };
}

const ids = (r: MyBidsResponse) => r.groups.map((g) => g.auction.auctionId);

describe('My Bids', () => {
  it('is for signed-in shoppers only, and refuses an unknown filter cleanly', async () => {
    const out = await get(API.meBids);
    expect(out.statusCode).toBe(401);
    expect(out.json()).toEqual({ error: { code: 'auth_required', message: 'Authentication required' } });

    const u = await signedInUser(t);
    for (const bad of ['everything', '', '%E2%80%AE', 'winning&filter=losing']) {
      const res = await get(`${API.meBids}?filter=${bad}`, u.cookie);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.message, bad).toMatch(/filter/i);
    }
    // A NUL is refused before any route reads the query.
    const nul = await get(`${API.meBids}?filter=%00`, u.cookie);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.code).toBe('invalid_characters');
    expect(await myBids(u)).toMatchObject({
      filter: 'all',
      counts: { all: 0, winning: 0, losing: 0 },
      groups: [],
      endedNotShown: 0,
    });
  });

  it('groups each auction with the shopper’s own maximum and standing, filters as the badges count', async () => {
    const erin = await signedInUser(t);
    const frank = await signedInUser(t);
    const x = await auctionEndingIn(2 * HOUR);
    const y = await auctionEndingIn(HOUR);
    const reserve = await auctionEndingIn(3 * HOUR, { reservePriceCents: 50_000 });
    const gone = await auctionEndingIn(30 * MINUTE);

    await bid(x.id, '50', erin);
    expect((await bid(x.id, '30', frank)).isLeader).toBe(false); // beaten by Erin's proxy at once
    await bid(y.id, '20', erin);
    expect((await bid(y.id, '45', frank)).isLeader).toBe(true);
    // Leads, under the hidden reserve: told so, never 'winning' nor "You've got the highest bid!".
    expect(await bid(reserve.id, '100', erin)).toMatchObject({
      isLeader: true,
      message: 'Highest bid, reserve not met',
      me: { maxBidCents: 10_000, standing: 'reserve_not_met' },
    });
    await bid(gone.id, '25', erin);
    await t.db.update(auctions).set({ status: 'ended' }).where(eq(auctions.id, gone.id));

    const all = await myBids(erin);
    // Running ones ending soonest first, then the ended one.
    expect(ids(all)).toEqual([y.id, x.id, reserve.id, gone.id]);
    // Under the reserve is neither winning nor losing.
    expect(all.counts).toEqual({ all: 4, winning: 1, losing: 1 });
    const byId = new Map(all.groups.map((g) => [g.auction.auctionId, g]));
    expect(byId.get(x.id)).toMatchObject({ maxBidCents: 5_000, standing: 'winning' });
    expect(byId.get(x.id)?.auction).toMatchObject({ title: x.title, currentPriceCents: 3_100, bidCount: 3 });
    expect(byId.get(y.id)).toMatchObject({ maxBidCents: 2_000, standing: 'outbid' });
    expect(byId.get(y.id)?.auction.currentPriceCents).toBe(2_100);
    expect(byId.get(reserve.id)).toMatchObject({ maxBidCents: 10_000, standing: 'reserve_not_met' });
    expect(byId.get(gone.id)).toMatchObject({ maxBidCents: 2_500, standing: 'won' });
    // Only her own maximums: Frank's 30 and 45 are nowhere in her answer.
    expect(JSON.stringify(all)).not.toMatch(/"maxBidCents":(3000|4500)\b/);

    const winning = await myBids(erin, 'winning');
    expect(ids(winning)).toEqual([x.id]);
    expect(winning.counts).toEqual(all.counts);
    expect(ids(await myBids(erin, 'losing'))).toEqual([y.id]);
    // The badges count the same auctions: the header's Winning leaves the one under the reserve out.
    expect(await summaryOf(erin)).toMatchObject({ winning: 1, losing: 1 });

    expect(ids(await myBids(frank))).toEqual([y.id, x.id]);
    expect((await myBids(frank)).counts).toEqual({ all: 2, winning: 1, losing: 1 });

    // Past every end, before any job has closed them: won, lost, and lost under the reserve.
    t.clock.advance(3 * HOUR + MINUTE);
    const later = await myBids(erin);
    expect(later.counts).toEqual({ all: 4, winning: 0, losing: 0 });
    expect(Object.fromEntries(later.groups.map((g) => [g.auction.auctionId, g.standing]))).toEqual({
      [x.id]: 'won',
      [y.id]: 'lost',
      [reserve.id]: 'lost',
      [gone.id]: 'won',
    });
    // Most recently ended first.
    expect(ids(later)).toEqual([reserve.id, x.id, y.id, gone.id]);
    expect((await myBids(erin, 'winning')).groups).toEqual([]);
    expect((await myBids(erin, 'losing')).groups).toEqual([]);
  });

  it('a leader below the reserve is told so on the bid, the product page, My Bids and the header, until it is met', async () => {
    const gil = await signedInUser(t);
    const reserve = await auctionEndingIn(HOUR, { reservePriceCents: 50_000 });
    expect(await bid(reserve.id, '100', gil)).toMatchObject({
      isLeader: true,
      message: 'Highest bid, reserve not met',
      me: { standing: 'reserve_not_met' },
    });
    const page = (await get(API.auction(reserve.id), gil.cookie)).json<{ me: { standing: string } }>();
    expect(page.me.standing).toBe('reserve_not_met');
    expect((await myBids(gil)).groups.map((g) => g.standing)).toEqual(['reserve_not_met']);
    expect((await myBids(gil)).counts).toEqual({ all: 1, winning: 0, losing: 0 });
    expect((await myBids(gil, 'winning')).groups).toEqual([]);
    expect(await summaryOf(gil)).toMatchObject({ winning: 0, losing: 0 });

    // Raising the maximum to the reserve makes them the usual leader, everywhere.
    expect(await bid(reserve.id, '500', gil)).toMatchObject({
      message: "You've got the highest bid!",
      me: { standing: 'winning' },
    });
    expect((await get(API.auction(reserve.id), gil.cookie)).json()).toMatchObject({
      me: { standing: 'winning' },
    });
    expect((await myBids(gil)).counts).toEqual({ all: 1, winning: 1, losing: 0 });
    expect(await summaryOf(gil)).toMatchObject({ winning: 1, losing: 0 });
  });

  it(`lists at most ${MY_BIDS_ENDED_LIMIT} ended auctions and says how many more there are`, async () => {
    const gail = await signedInUser(t);
    const now = t.clock.now().getTime();
    const ended: string[] = [];
    for (let i = 0; i < MY_BIDS_ENDED_LIMIT + 2; i++) {
      const a = await auctionEndingIn(-(i + 1) * MINUTE, {
        status: 'ended',
        startTime: new Date(now - 2 * HOUR),
        leaderUserId: gail.user.id,
        reserveMet: true,
        bidCount: 1,
      });
      ended.push(a.id);
    }
    await t.db.insert(maxBids).values(
      ended.map((auctionId, i) => ({
        auctionId,
        userId: gail.user.id,
        maxAmountCents: 1_000 + i,
        setAt: new Date(now - HOUR),
        seq: 1,
      })),
    );
    const running = await auctionEndingIn(HOUR);
    await bid(running.id, '12', gail);

    const all = await myBids(gail);
    expect(all.counts).toEqual({ all: MY_BIDS_ENDED_LIMIT + 3, winning: 1, losing: 0 });
    expect(all.groups).toHaveLength(MY_BIDS_ENDED_LIMIT + 1);
    expect(ids(all)).toEqual([running.id, ...ended.slice(0, MY_BIDS_ENDED_LIMIT)]);
    expect(all.endedNotShown).toBe(2);
    expect((await myBids(gail, 'winning')).endedNotShown).toBe(0);
  });
});

describe('My Bids and orders', () => {
  it('a won row carries its unpaid order for "Add to Cart"; once paid it leaves My Bids for Orders', async () => {
    const { auction } = await makeAuction(t.db, {
      now: t.clock.now(),
      locationId,
      auction: { endTime: new Date(t.clock.now().getTime() + MINUTE) },
    });
    const [winner, rival] = [await signedInUser(t), await signedInUser(t)];
    await bid(auction.id, '30', winner);
    await bid(auction.id, '20', rival);
    t.clock.advance(MINUTE + 1_000);
    await closeDueAuctions(t.db, t.clock.now(), async () => {});

    const [order] = await t.db.select().from(orders).where(eq(orders.auctionId, auction.id));
    expect(order).toMatchObject({ userId: winner.user.id, status: 'pending' });
    let mine = await myBids(winner);
    const row = mine.groups.find((g) => g.auction.auctionId === auction.id);
    expect(row).toMatchObject({ standing: 'won', orderId: order!.id, orderStatus: 'pending' });
    const rivalRow = (await myBids(rival)).groups.find((g) => g.auction.auctionId === auction.id);
    expect(rivalRow).toMatchObject({ standing: 'lost', orderId: null, orderStatus: null });

    const before = mine.counts.all;
    await t.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, order!.id));
    mine = await myBids(winner);
    expect(mine.groups.some((g) => g.auction.auctionId === auction.id)).toBe(false);
    expect(mine.counts.all).toBe(before - 1);
  });
});
