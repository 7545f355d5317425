import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { makeAuction, makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { bids, maxBids, users } from '../../db/schema';
import { SESSION_CACHE_TTL_MS, SessionCache, type SessionUser } from '../../lib/auth-context';
import { endAllSessions } from '../auth';

// The bid route takes its user from the in-process session cache (decision 035); the bid itself
// checks the session and the account's status again under the auction lock.

let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

const bid = (auctionId: string, amount: string, cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auctions/${auctionId}/bids`,
    headers: { cookie },
    payload: { amount },
  });

async function liveAuction() {
  const { auction } = await makeAuction(t.db, {
    now: t.clock.now(),
    locationId,
    auction: { startingBidCents: 1_000 },
  });
  return auction;
}

async function myMax(auctionId: string, userId: string) {
  const rows = await t.db.select().from(maxBids).where(eq(maxBids.auctionId, auctionId));
  return rows.find((r) => r.userId === userId)?.maxAmountCents ?? null;
}

describe('bids with a cached session', () => {
  it('a session ended after a bid (sign-out elsewhere, suspension) cannot bid again', async () => {
    const auction = await liveAuction();
    const alice = await signedInUser(t);
    expect((await bid(auction.id, '20', alice.cookie)).statusCode).toBe(200);
    // Served from the cache now: the second bid does not ask better-auth.
    expect((await bid(auction.id, '25', alice.cookie)).statusCode).toBe(200);

    expect(await endAllSessions(t.db, alice.user.id)).toBeGreaterThan(0);
    const res = await bid(auction.id, '40', alice.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('User not authenticated');
    expect(await myMax(auction.id, alice.user.id)).toBe(2_500);
  });

  it('an account suspended after a bid is refused at once, and nothing is written', async () => {
    const auction = await liveAuction();
    const bob = await signedInUser(t);
    expect((await bid(auction.id, '20', bob.cookie)).statusCode).toBe(200);
    const before = await t.db.select().from(bids).where(eq(bids.auctionId, auction.id));

    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, bob.user.id));
    const res = await bid(auction.id, '40', bob.cookie);
    expect(res.statusCode).toBe(403);
    expect(await myMax(auction.id, bob.user.id)).toBe(2_000);
    expect(await t.db.select().from(bids).where(eq(bids.auctionId, auction.id))).toHaveLength(before.length);
  });

  it('signing out on this server forgets the cached session', async () => {
    const auction = await liveAuction();
    const carol = await signedInUser(t);
    expect((await bid(auction.id, '20', carol.cookie)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: carol.cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await bid(auction.id, '30', carol.cookie)).statusCode).toBe(401);
  });
});

describe('reads with a cached session (decision 065)', () => {
  const read = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('a session ended elsewhere still reads here for the cache time to live at most', async () => {
    const dan = await signedInUser(t);
    expect((await read('/api/me/bids', dan.cookie)).statusCode).toBe(200);
    // Ended by another server (or a suspension): this server's cache still knows the session...
    expect(await endAllSessions(t.db, dan.user.id)).toBeGreaterThan(0);
    expect((await read('/api/me/bids', dan.cookie)).statusCode).toBe(200);
    // ...until its time to live is over; a write is checked afresh at once.
    const auction = await liveAuction();
    const watch = await t.app.inject({
      method: 'PUT',
      url: `/api/auctions/${auction.id}/watch`,
      headers: { cookie: dan.cookie },
    });
    expect(watch.statusCode).toBe(401);
    t.clock.advance(SESSION_CACHE_TTL_MS);
    expect((await read('/api/me/bids', dan.cookie)).statusCode).toBe(401);
  });

  it('signing out on this server ends the reads at once', async () => {
    const erin = await signedInUser(t);
    expect((await read('/api/me/bids', erin.cookie)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: erin.cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await read('/api/me/bids', erin.cookie)).statusCode).toBe(401);
  });

  it("a staff member's reads are checked afresh: a role taken away applies at once", async () => {
    const fay = await signedInUser(t, { role: 'staff' });
    expect((await read('/api/admin/dashboard', fay.cookie)).statusCode).toBe(200);
    await t.db.update(users).set({ role: 'shopper' }).where(eq(users.id, fay.user.id));
    expect((await read('/api/admin/dashboard', fay.cookie)).statusCode).toBe(403);
  });

  it('the public catalogue answers without a session lookup, whatever the cookie', async () => {
    const gus = await signedInUser(t);
    await endAllSessions(t.db, gus.user.id);
    const res = await read('/api/shop', gus.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('SessionCache', () => {
  const user: SessionUser = { id: 'u', email: 'e', handle: 'h', role: 'shopper', status: 'active' };

  it('keeps an entry for its time to live, never past the session expiry', () => {
    const cache = new SessionCache(1_000, 10);
    cache.set('a', user, 0, 10_000);
    cache.set('b', user, 0, 500);
    expect(cache.get('a', 999)).toBe(user);
    expect(cache.get('a', 1_000)).toBeNull();
    expect(cache.get('b', 499)).toBe(user);
    expect(cache.get('b', 500)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('drops the oldest entry past its size', () => {
    const cache = new SessionCache(1_000, 2);
    cache.set('a', user, 0, 10_000);
    cache.set('b', user, 0, 10_000);
    cache.set('c', user, 0, 10_000);
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('b', 1)).toBe(user);
    expect(cache.get('c', 1)).toBe(user);
  });
});
