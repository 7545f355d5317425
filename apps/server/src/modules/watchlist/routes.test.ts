import { API } from '@rebound/contract/routes';
import type {
  MeSummaryResponse,
  WatchlistResponse,
  WatchResponse,
  WatchStatusResponse,
} from '@rebound/contract/watchlist';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeAuction, makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { connectSocket } from '../../../test/socket';
import { auctions, type products, watchlist } from '../../db/schema';

let base: string;
let locationId: string;
const t = useTestApp({}, async (t) => {
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  locationId = (await makeLocation(t.db)).id;
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const watchCall = (method: 'GET' | 'PUT' | 'DELETE', auctionId: string, cookie?: string) =>
  t.app.inject({
    method,
    url: `/api/auctions/${auctionId}/watch`,
    headers: cookie ? { cookie } : {},
  });
const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const bid = (auctionId: string, amount: string, cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: API.auctionBids(auctionId),
    headers: { cookie },
    payload: { amount },
  });

/** A live auction ending `endsIn` ms from the test clock's now. */
async function auctionEndingIn(
  endsIn: number,
  over: Partial<typeof auctions.$inferInsert> = {},
  product: Partial<typeof products.$inferInsert> = {},
) {
  const now = t.clock.now();
  const { auction, product: made } = await makeAuction(t.db, {
    now,
    locationId,
    product,
    auction: { endTime: new Date(now.getTime() + endsIn), ...over },
  });
  return { auction, product: made };
}

async function rowsFor(auctionId: string, userId?: string) {
  return t.db
    .select()
    .from(watchlist)
    .where(
      userId
        ? and(eq(watchlist.auctionId, auctionId), eq(watchlist.userId, userId))
        : eq(watchlist.auctionId, auctionId),
    );
}

async function summaryOf(u: SignedInUser) {
  const res = await get(API.meSummary, u.cookie);
  expect(res.statusCode).toBe(200);
  return res.json<MeSummaryResponse>();
}

async function listOf(u: SignedInUser) {
  const res = await get(API.meWatchlist, u.cookie);
  expect(res.statusCode).toBe(200);
  return res.json<WatchlistResponse>();
}

let alice: SignedInUser;
let bob: SignedInUser;
beforeAll(async () => {
  alice = await signedInUser(t, { handle: 'watch_alice' });
  bob = await signedInUser(t, { handle: 'watch_bob' });
});

describe('watching an auction over HTTP', () => {
  it('refuses signed-out visitors with the signed-out text on every signed-in endpoint', async () => {
    const { auction } = await auctionEndingIn(HOUR);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await watchCall(method, auction.id);
      expect(res.statusCode, method).toBe(401);
      expect(res.json(), method).toEqual({
        error: { code: 'watch_not_authenticated', message: 'Please log in to manage watchlist' },
      });
    }
    const list = await get(API.meWatchlist);
    expect(list.statusCode).toBe(401);
    expect(list.json()).toEqual({
      error: { code: 'watch_not_authenticated', message: 'Please log in to manage watchlist' },
    });
    const summary = await get(API.meSummary);
    expect(summary.statusCode).toBe(401);
    expect(summary.json()).toEqual({ error: { code: 'auth_required', message: 'Authentication required' } });
    expect(await rowsFor(auction.id)).toHaveLength(0);

    // The status read is public: no "watching" for a visitor, but the count.
    const status = await watchCall('GET', auction.id);
    expect(status.statusCode).toBe(200);
    const body = status.json<WatchStatusResponse>();
    expect(body).toMatchObject({ auctionId: auction.id, watching: null, watcherCount: 0 });
    expect(Date.parse(body.serverTime)).toBeGreaterThan(0);
  });

  it('adds and removes with their messages, idempotently, counting watchers across users', async () => {
    const { auction } = await auctionEndingIn(HOUR);

    let res = await watchCall('PUT', auction.id, alice.cookie);
    expect(res.statusCode).toBe(200);
    const added = res.json<WatchResponse>();
    expect(added).toEqual({
      serverTime: added.serverTime,
      auctionId: auction.id,
      watching: true,
      watcherCount: 1,
      message: 'Added to watchlist',
    });
    expect(Math.abs(Date.parse(added.serverTime) - t.clock.now().getTime())).toBeLessThan(5_000);

    // Again: still one row, same answer.
    res = await watchCall('PUT', auction.id, alice.cookie);
    expect(res.json<WatchResponse>()).toMatchObject({
      watching: true,
      watcherCount: 1,
      message: 'Added to watchlist',
    });
    expect(await rowsFor(auction.id, alice.user.id)).toHaveLength(1);

    res = await watchCall('PUT', auction.id, bob.cookie);
    expect(res.json<WatchResponse>()).toMatchObject({ watching: true, watcherCount: 2 });

    expect((await watchCall('GET', auction.id, alice.cookie)).json<WatchStatusResponse>()).toMatchObject({
      auctionId: auction.id,
      watching: true,
      watcherCount: 2,
    });
    expect((await watchCall('GET', auction.id)).json<WatchStatusResponse>()).toMatchObject({
      watching: null,
      watcherCount: 2,
    });

    res = await watchCall('DELETE', auction.id, bob.cookie);
    expect(res.statusCode).toBe(200);
    const removed = res.json<WatchResponse>();
    expect(removed).toEqual({
      serverTime: removed.serverTime,
      auctionId: auction.id,
      watching: false,
      watcherCount: 1,
      message: 'Removed from watchlist',
    });
    // Removing what is not there is fine and changes nothing.
    res = await watchCall('DELETE', auction.id, bob.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<WatchResponse>()).toMatchObject({
      watching: false,
      watcherCount: 1,
      message: 'Removed from watchlist',
    });

    expect((await watchCall('GET', auction.id, bob.cookie)).json<WatchStatusResponse>()).toMatchObject({
      watching: false,
      watcherCount: 1,
    });
    expect((await rowsFor(auction.id)).map((r) => r.userId)).toEqual([alice.user.id]);
  });

  it('makes one row from concurrent watches and none from concurrent unwatches', async () => {
    const { auction } = await auctionEndingIn(HOUR);
    const puts = await Promise.all(
      Array.from({ length: 6 }, () => watchCall('PUT', auction.id, alice.cookie)),
    );
    for (const res of puts) {
      expect(res.statusCode).toBe(200);
      expect(res.json<WatchResponse>()).toMatchObject({ watching: true, watcherCount: 1 });
    }
    expect(await rowsFor(auction.id)).toHaveLength(1);

    const deletes = await Promise.all(
      Array.from({ length: 4 }, () => watchCall('DELETE', auction.id, alice.cookie)),
    );
    for (const res of deletes) {
      expect(res.statusCode).toBe(200);
      expect(res.json<WatchResponse>()).toMatchObject({ watching: false, watcherCount: 0 });
    }
    expect(await rowsFor(auction.id)).toHaveLength(0);
  });

  it('answers unknown and malformed auction ids with a clean 4xx, never a 500', async () => {
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await watchCall(method, unknown, alice.cookie);
      expect(res.statusCode, method).toBe(404);
      expect(res.json(), method).toEqual({
        error: { code: 'auction_not_found', message: 'Auction not found' },
      });
    }
    for (const id of ['not-an-id', '12345', "1'%20or%20'1'='1", '%E2%82%AC', 'x'.repeat(150), '%ZZ']) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await watchCall(method, id, alice.cookie);
        expect(res.statusCode, `${method} ${id}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${id}`).toBeLessThan(500);
      }
    }
    expect((await watchCall('PUT', 'not-an-id', alice.cookie)).json().error.code).toBe('auction_not_found');
  });

  it('refuses to watch an ended, cancelled or expired auction but lets shoppers unwatch it', async () => {
    const ended = await auctionEndingIn(HOUR);
    const cancelled = await auctionEndingIn(HOUR, { status: 'cancelled' });
    // Live by status, but its end has passed on the server clock (the closing job has not run yet).
    const expired = await auctionEndingIn(-MINUTE);
    const scheduled = await auctionEndingIn(3 * HOUR, {
      status: 'scheduled',
      startTime: new Date(t.clock.now().getTime() + HOUR),
    });

    expect((await watchCall('PUT', ended.auction.id, alice.cookie)).statusCode).toBe(200);
    await t.db.update(auctions).set({ status: 'ended' }).where(eq(auctions.id, ended.auction.id));

    for (const a of [ended, cancelled, expired]) {
      const res = await watchCall('PUT', a.auction.id, bob.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: { code: 'watch_auction_ended', message: 'This auction has ended.' },
      });
      expect(await rowsFor(a.auction.id, bob.user.id)).toHaveLength(0);
    }

    // A scheduled auction can be watched before it opens.
    expect((await watchCall('PUT', scheduled.auction.id, bob.cookie)).json<WatchResponse>()).toMatchObject({
      watching: true,
      watcherCount: 1,
    });

    const res = await watchCall('DELETE', ended.auction.id, alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<WatchResponse>()).toMatchObject({
      watching: false,
      watcherCount: 0,
      message: 'Removed from watchlist',
    });
    expect(await rowsFor(ended.auction.id)).toHaveLength(0);
  });
});

describe('the watchlist', () => {
  it('lists only the shopper’s own unended watched auctions, ending soonest first', async () => {
    const carol = await signedInUser(t);
    const dave = await signedInUser(t);
    const later = await auctionEndingIn(3 * HOUR, { currentPriceCents: 4_200, bidCount: 3 });
    const soon = await auctionEndingIn(HOUR, {}, { title: 'Soon lamp' });
    const scheduled = await auctionEndingIn(5 * HOUR, {
      status: 'scheduled',
      startTime: new Date(t.clock.now().getTime() + 2 * HOUR),
    });
    const willEnd = await auctionEndingIn(2 * HOUR);
    const soonest = await auctionEndingIn(30 * MINUTE);
    const bobsOnly = await auctionEndingIn(4 * HOUR);

    expect((await listOf(carol)).items).toEqual([]);

    const before = t.clock.now().getTime();
    for (const a of [later, soon, scheduled, willEnd, soonest]) {
      expect((await watchCall('PUT', a.auction.id, carol.cookie)).statusCode).toBe(200);
    }
    const after = t.clock.now().getTime();
    for (const a of [bobsOnly, later]) {
      expect((await watchCall('PUT', a.auction.id, dave.cookie)).statusCode).toBe(200);
    }
    await t.db.update(auctions).set({ status: 'ended' }).where(eq(auctions.id, willEnd.auction.id));

    const list = await listOf(carol);
    expect(list.items.map((i) => i.auction.auctionId)).toEqual([
      soonest.auction.id,
      soon.auction.id,
      later.auction.id,
      scheduled.auction.id,
    ]);
    for (const item of list.items) {
      const at = Date.parse(item.watchedAt);
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(after);
    }
    const soonCard = list.items[1]!.auction;
    expect(soonCard).toMatchObject({
      auctionId: soon.auction.id,
      productId: soon.product.id,
      slug: soon.product.slug,
      title: 'Soon lamp',
      status: 'live',
      endTime: soon.auction.endTime.toISOString(),
    });
    expect(soonCard.image?.url).toBe(`/media/products/${soon.product.id}-0.svg`);
    expect(list.items[2]!.auction).toMatchObject({ currentPriceCents: 4_200, bidCount: 3 });
    expect(list.items[3]!.auction.status).toBe('scheduled');

    expect((await listOf(dave)).items.map((i) => i.auction.auctionId)).toEqual([
      later.auction.id,
      bobsOnly.auction.id,
    ]);

    // Forty minutes on: the soonest one has ended by the clock, even though no job closed it yet.
    t.clock.advance(40 * MINUTE);
    expect((await listOf(carol)).items.map((i) => i.auction.auctionId)).toEqual([
      soon.auction.id,
      later.auction.id,
      scheduled.auction.id,
    ]);
  });
});

describe('the header summary', () => {
  it('counts winning, losing and watching from real bids, and drops ended auctions', async () => {
    const erin = await signedInUser(t, { handle: 'erin_w' });
    const frank = await signedInUser(t, { handle: 'frank_w' });
    const x = await auctionEndingIn(HOUR, { startingBidCents: 1_000 });
    const y = await auctionEndingIn(2 * HOUR, { startingBidCents: 1_000 });
    const z = await auctionEndingIn(90 * MINUTE, {
      status: 'scheduled',
      startTime: new Date(t.clock.now().getTime() + 30 * MINUTE),
    });
    const gone = await auctionEndingIn(HOUR, { startingBidCents: 1_000 });

    expect(await summaryOf(erin)).toMatchObject({
      handle: 'erin_w',
      winning: 0,
      losing: 0,
      watching: 0,
      watchedAuctionIds: [],
    });

    // Erin leads X; Frank's lower maximum is beaten at once by her proxy.
    expect((await bid(x.auction.id, '50', erin.cookie)).statusCode).toBe(200);
    expect((await bid(x.auction.id, '30', frank.cookie)).statusCode).toBe(200);
    // Frank alone on Y.
    expect((await bid(y.auction.id, '40', frank.cookie)).statusCode).toBe(200);
    for (const a of [x, gone, z]) {
      expect((await watchCall('PUT', a.auction.id, erin.cookie)).statusCode).toBe(200);
    }
    // Erin led and watched an auction that has since ended: it counts for nobody.
    expect((await bid(gone.auction.id, '20', erin.cookie)).statusCode).toBe(200);
    await t.db.update(auctions).set({ status: 'ended' }).where(eq(auctions.id, gone.auction.id));

    expect(await summaryOf(erin)).toMatchObject({
      handle: 'erin_w',
      winning: 1,
      losing: 0,
      watching: 2,
      watchedAuctionIds: [x.auction.id, z.auction.id],
    });
    expect(await summaryOf(frank)).toMatchObject({
      handle: 'frank_w',
      winning: 1,
      losing: 1,
      watching: 0,
      watchedAuctionIds: [],
    });

    // Frank outbids Erin on X.
    expect((await bid(x.auction.id, '80', frank.cookie)).json().isLeader).toBe(true);
    expect(await summaryOf(erin)).toMatchObject({ winning: 0, losing: 1, watching: 2 });
    expect(await summaryOf(frank)).toMatchObject({ winning: 2, losing: 0, watching: 0 });

    // Past X's end (no job has closed it): X no longer counts, Y still does.
    t.clock.advance(HOUR + MINUTE);
    expect(await summaryOf(erin)).toMatchObject({
      winning: 0,
      losing: 0,
      watching: 1,
      watchedAuctionIds: [z.auction.id],
    });
    expect(await summaryOf(frank)).toMatchObject({ winning: 1, losing: 0 });

    // Past every end: nothing is left.
    t.clock.advance(2 * HOUR);
    expect(await summaryOf(erin)).toMatchObject({
      winning: 0,
      losing: 0,
      watching: 0,
      watchedAuctionIds: [],
    });
    expect(await summaryOf(frank)).toMatchObject({
      winning: 0,
      losing: 0,
      watching: 0,
      watchedAuctionIds: [],
    });
  });
});

describe('live watchlist updates', () => {
  it('tells the shopper’s own room, and nobody else’s, when their watchlist changes', async () => {
    const gina = await signedInUser(t);
    const hank = await signedInUser(t);
    const { auction } = await auctionEndingIn(HOUR);
    const ginaTab = await connectSocket(base, gina.cookie);
    const hankTab = await connectSocket(base, hank.cookie);
    for (const tab of [ginaTab, hankTab]) {
      const hello = await tab.waitFor((e) => e.type === 'HelloV1');
      expect(hello.type === 'HelloV1' && hello.signedIn).toBe(true);
    }
    const changes = () =>
      ginaTab.events.flatMap((e) => (e.type === 'WatchlistChangedV1' ? [e.watching] : []));

    expect((await watchCall('PUT', auction.id, gina.cookie)).statusCode).toBe(200);
    const on = await ginaTab.waitFor((e) => e.type === 'WatchlistChangedV1' && e.watching);
    expect(on).toEqual({
      type: 'WatchlistChangedV1',
      serverTime: on.serverTime,
      auctionId: auction.id,
      watching: true,
    });

    // Watching again changes nothing and says nothing.
    expect((await watchCall('PUT', auction.id, gina.cookie)).statusCode).toBe(200);
    expect((await watchCall('DELETE', auction.id, gina.cookie)).statusCode).toBe(200);
    const off = await ginaTab.waitFor((e) => e.type === 'WatchlistChangedV1' && !e.watching);
    expect(off).toEqual({
      type: 'WatchlistChangedV1',
      serverTime: off.serverTime,
      auctionId: auction.id,
      watching: false,
    });

    for (const tab of [ginaTab, hankTab]) {
      tab.send({ type: 'ping' });
      await tab.waitFor((e) => e.type === 'PongV1');
    }
    expect(changes()).toEqual([true, false]);
    expect(hankTab.events.filter((e) => e.type === 'WatchlistChangedV1')).toEqual([]);
    ginaTab.ws.close();
    hankTab.ws.close();
  });
});
