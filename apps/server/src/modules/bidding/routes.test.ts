import type { AuctionStateResponse, BidHistoryResponse, PlaceBidResponse } from '@rebound/contract/bidding';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { makeAuction, makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';

let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

const bid = (auctionId: string, amount: unknown, cookie?: string, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auctions/${auctionId}/bids`,
    headers: { ...(cookie ? { cookie } : {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { amount },
  });

describe('bidding over HTTP', () => {
  it('answers every bidding message of the catalogue', async () => {
    const { auction } = await makeAuction(t.db, {
      now: t.clock.now(),
      locationId,
      auction: { startingBidCents: 2_000 },
    });
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);

    let res = await bid(auction.id, '25');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('User not authenticated');

    res = await bid(auction.id, 'twenty', alice.cookie);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('Please enter a valid proxy bid amount');

    res = await bid(auction.id, '19.99', alice.cookie);
    expect(res.json().error.message).toBe('Highest bid must be at least $20.00');

    res = await bid(auction.id, '30', alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<PlaceBidResponse>().message).toBe("You've got the highest bid!");

    res = await bid(auction.id, '30', alice.cookie);
    expect(res.json().error.message).toBe(
      'New proxy bid must be higher than your current proxy bid of $30.00',
    );

    res = await bid(auction.id, '25', bob.cookie);
    expect(res.json<PlaceBidResponse>().message).toBe('Highest bid set!');

    res = await bid('00000000-0000-4000-8000-00000000abcd', '25', bob.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Auction not found or not live');

    const staff = await signedInUser(t, { role: 'staff' });
    res = await bid(auction.id, '100', staff.cookie);
    expect(res.statusCode).toBe(403);
  });

  it('rejects malformed bodies with 4xx and never a 500', async () => {
    const { auction } = await makeAuction(t.db, { now: t.clock.now(), locationId });
    const u = await signedInUser(t);
    for (const payload of [
      undefined,
      '',
      'null',
      '[]',
      '{"amount":{}}',
      '{"amount":[1]}',
      '{"amount":true}',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/auctions/${auction.id}/bids`,
        headers: { cookie: u.cookie, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, String(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, String(payload)).toBeLessThan(500);
    }
  });

  it('shows the public history and state; each shopper sees only their own maximum', async () => {
    const { auction } = await makeAuction(t.db, {
      now: t.clock.now(),
      locationId,
      auction: { startingBidCents: 1_000 },
    });
    const alice = await signedInUser(t, { handle: 'alice_h' });
    const bob = await signedInUser(t, { handle: 'bob_h' });
    await bid(auction.id, '50', alice.cookie);
    await bid(auction.id, '20', bob.cookie, 'k-1');
    // The same key again is the same bid, not a second one.
    const again = await bid(auction.id, '20', bob.cookie, 'k-1');
    expect(again.statusCode).toBe(200);

    const history = (
      await t.app.inject({ url: `/api/auctions/${auction.id}/bids` })
    ).json<BidHistoryResponse>();
    expect(history.rows.map((r) => [r.handle, r.amountCents, r.isHighest])).toEqual([
      ['alice_h', 2_100, true],
      ['bob_h', 2_000, false],
      ['alice_h', 1_000, false],
    ]);
    // Each row says what it is, so rows of one bidder at one amount read apart.
    expect(history.rows.map((r) => [r.handle, r.amountCents, r.kind])).toEqual([
      ['alice_h', 2_100, 'automatic'],
      ['bob_h', 2_000, 'beaten_maximum'],
      ['alice_h', 1_000, 'automatic'],
    ]);

    const asBob = (
      await t.app.inject({ url: `/api/auctions/${auction.id}`, headers: { cookie: bob.cookie } })
    ).json<AuctionStateResponse>();
    expect(asBob.me).toEqual({ maxBidCents: 2_000, standing: 'outbid' });
    expect(asBob.auction.currentPriceCents).toBe(2_100);
    expect(asBob.auction.minimumNextBidCents).toBe(2_200);
    expect(JSON.stringify(asBob)).not.toContain('5000');

    const anon = (await t.app.inject({ url: `/api/auctions/${auction.id}` })).json<AuctionStateResponse>();
    expect(anon.me).toBeNull();
    expect(anon.auction.leaderHandle).toBe('alice_h');

    expect((await t.app.inject({ url: '/api/auctions/not-an-id' })).statusCode).toBe(404);
  });
});
