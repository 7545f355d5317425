// A cancel by the store races bids on the same lot (docs/decisions/099-cancel-a-bid-under-the-bid-lock.md):
// both take the auction's bid lock, so whatever the order they committed in, the lot's price, leader,
// count and public history are those of the ordinary rule replayed over the maximums that remain.
import { API } from '@rebound/contract/routes';
import { type AuctionBidState, initialBidState, placeMaxBid } from '@rebound/core/bidding';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeAuction, makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { auctions, bidCancellations, bids, maxBids } from '../../db/schema';

const t = useTestApp({});
let staff: SignedInUser;
let shoppers: SignedInUser[];
let locationId: string;

beforeAll(async () => {
  staff = await signedInUser(t, { role: 'staff' });
  shoppers = [];
  for (let i = 0; i < 6; i++) shoppers.push(await signedInUser(t));
  locationId = (await makeLocation(t.db)).id;
});

const bid = (auctionId: string, amount: number, who: SignedInUser) =>
  t.app.inject({
    method: 'POST',
    url: API.auctionBids(auctionId),
    headers: { cookie: who.cookie },
    payload: { amount: (amount / 100).toFixed(2) },
  });

/** The ordinary rule replayed over the stored maximums in the order each was last set. */
async function replayOf(auctionId: string) {
  const [a] = await t.db.select().from(auctions).where(eq(auctions.id, auctionId));
  const maxes = await t.db
    .select()
    .from(maxBids)
    .where(eq(maxBids.auctionId, auctionId))
    .orderBy(asc(maxBids.setAt), asc(maxBids.seq));
  let s: AuctionBidState = initialBidState({
    startingBidCents: a!.startingBidCents,
    increment: { mode: 'fixed', cents: a!.bidIncrementCents },
    reserveCents: a!.reservePriceCents,
    softCloseSeconds: 0,
    startTime: Number.MIN_SAFE_INTEGER,
    endTime: Number.MAX_SAFE_INTEGER,
  });
  const history: string[] = [];
  for (const m of maxes) {
    const r = placeMaxBid(s, { userId: m.userId, amountCents: m.maxAmountCents, at: m.setAt.getTime() });
    if (!r.ok) continue;
    history.push(...r.outcome.historyRows.map((h) => `${h.userId} ${h.amountCents} ${h.kind}`));
    s = r.outcome.state;
  }
  return { auction: a!, state: s, history: history.sort() };
}

describe('a cancel racing bids on one lot', () => {
  it('leaves the state a replay of what committed, whichever came first', async () => {
    for (let round = 0; round < 4; round++) {
      const { auction } = await makeAuction(t.db, {
        now: t.clock.now(),
        locationId,
        auction: { bidIncrementCents: 100 },
      });
      const [target, second, ...others] = shoppers;
      // The maximum to cancel leads, another sits below it; then they race the others' bids.
      expect((await bid(auction.id, 5_000, target!)).statusCode).toBe(200);
      expect((await bid(auction.id, 3_000, second!)).statusCode).toBe(200);
      const amounts = [2_500 + round * 1_000, 4_000, 6_000 - round * 500, 3_500 + round * 700];
      const racers = others.map((who, i) => () => bid(auction.id, amounts[i]!, who));
      const cancel = () =>
        t.app.inject({
          method: 'POST',
          url: API.adminAuctionBidCancel(auction.id, target!.user.id),
          headers: { cookie: staff.cookie },
          payload: { reason: 'race' },
        });
      // The cancel goes in at a different place among the bids each round.
      const all = [...racers];
      all.splice(round % (racers.length + 1), 0, cancel);
      const answers = await Promise.all(all.map((go) => go()));
      for (const a of answers) expect([200, 422], a.body).toContain(a.statusCode);
      expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(2);

      const { auction: row, state, history } = await replayOf(auction.id);
      // The cancel committed: the maximum is gone and its line is there, once.
      const stored = await t.db.select().from(maxBids).where(eq(maxBids.auctionId, auction.id));
      expect(stored.some((m) => m.userId === target!.user.id)).toBe(false);
      expect(
        await t.db.select().from(bidCancellations).where(eq(bidCancellations.auctionId, auction.id)),
      ).toHaveLength(1);

      expect(row.leaderUserId).toBe(state.leaderUserId);
      expect(row.currentPriceCents).toBe(state.priceCents ?? row.startingBidCents);
      expect(row.bidCount).toBe(state.bidCount);
      const rows = await t.db.select().from(bids).where(eq(bids.auctionId, auction.id));
      expect(
        rows.map((h) => `${h.userId} ${h.amountCents} ${h.isLeaderRow ? 'leading' : 'beaten'}`).sort(),
      ).toEqual(history);
      // One seq per accepted bid and one for the cancel, after the two opening bids.
      const accepted = answers.filter((a) => a.statusCode === 200).length - 1;
      expect(row.seq).toBe(auction.seq + 2 + accepted + 1);
    }
  });
});
