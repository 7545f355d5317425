// What probing found in bidding, each with a test that failed before the fix.
import {
  type AuctionStateResponse,
  type BidHistoryResponse,
  MAX_BID_CENTS,
  type MyBidsResponse,
} from '@rebound/contract/bidding';
import { API } from '@rebound/contract/routes';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { asSession, maxBidOf } from '../../../test/bidding';
import { makeAuction, makeLocation, makeUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { auctions, bids, idempotencyKeys, maxBids, orders, users } from '../../db/schema';
import { closeDueAuctions } from '../auctions';
import { placeBid, purgeExpiredIdempotencyKeys } from './service';

let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

const live = (over: Partial<typeof auctions.$inferInsert> = {}) =>
  makeAuction(t.db, { now: t.clock.now(), locationId, auction: over }).then((m) => m.auction);

const bid = (auctionId: string, amount: unknown, cookie: string, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: API.auctionBids(auctionId),
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { amount },
  });

const maxOf = (auctionId: string, userId: string) => maxBidOf(t.db, auctionId, userId);

/** The SQLSTATE of a failed statement, from node-postgres or PGlite, wrapped or not. */
async function sqlState(p: Promise<unknown>): Promise<string | null> {
  try {
    await p;
    return null;
  } catch (err) {
    for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    }
    throw err;
  }
}

describe('money never overflows', () => {
  it('refuses a bid above the bound with a clear message and writes nothing; the bound itself is accepted', async () => {
    const a = await live();
    const ava = await signedInUser(t);

    // $21,474,836.48 is one cent past PostgreSQL's integer: it used to answer 500 'integer out of range'.
    let res = await bid(a.id, '21474836.48', ava.cookie);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'bid_too_high',
      message: 'The highest maximum bid we accept is $100,000.00.',
    });
    res = await bid(a.id, (MAX_BID_CENTS + 1) / 100, ava.cookie);
    expect(res.statusCode).toBe(422);
    expect(await maxOf(a.id, ava.user.id)).toBeNull();

    res = await bid(a.id, '100,000.00', ava.cookie);
    expect(res.statusCode).toBe(200);
    expect(await maxOf(a.id, ava.user.id)).toBe(MAX_BID_CENTS);
  });

  it('the database refuses amounts past the bound, negative amounts and unknown statuses', async () => {
    const a = await live();
    const u = await makeUser(t.db);
    const now = t.clock.now();
    expect(
      await sqlState(
        t.db
          .insert(maxBids)
          .values({ auctionId: a.id, userId: u.id, maxAmountCents: MAX_BID_CENTS + 1, setAt: now, seq: 1 }),
      ),
    ).toBe('23514');
    expect(
      await sqlState(t.db.insert(bids).values({ auctionId: a.id, userId: u.id, amountCents: -5, seq: 1 })),
    ).toBe('23514');
    expect(
      await sqlState(
        t.db
          .update(auctions)
          .set({ status: 'paused' as 'live' })
          .where(eq(auctions.id, a.id)),
      ),
    ).toBe('23514');
    expect(
      await sqlState(
        t.db
          .update(users)
          .set({ role: 'admin' as 'staff' })
          .where(eq(users.id, u.id)),
      ),
    ).toBe('23514');
    expect(
      await sqlState(
        t.db.insert(orders).values({
          auctionId: a.id,
          userId: u.id,
          locationId,
          finalAmountCents: -1,
          paymentDueAt: now,
        }),
      ),
    ).toBe('23514');
  });

  it('deleting an auction or a user with bids is refused (RESTRICT): history is never erased by accident', async () => {
    const a = await live();
    const u = await makeUser(t.db);
    await placeBid(t.db, t.clock, asSession(u), a.id, '15', null, t.app.deps.publish);
    expect(await sqlState(t.db.delete(auctions).where(eq(auctions.id, a.id)))).toBe('23503');
    expect(await sqlState(t.db.delete(users).where(eq(users.id, u.id)))).toBe('23503');
    const [n] = await t.db.select({ n: count() }).from(bids).where(eq(bids.auctionId, a.id));
    expect(n!.n).toBe(1);
  });
});

describe('an Idempotency-Key means the same request', () => {
  it('replays the same request, refuses the key on another auction or amount, and forgets it after 24 hours', async () => {
    const [first, second] = [await live(), await live()];
    const ava = await signedInUser(t);
    const key = 'ava-key-1';

    const ok = await bid(first.id, '20', ava.cookie, key);
    expect(ok.statusCode).toBe(200);
    const replay = await bid(first.id, '20.00', ava.cookie, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(ok.json());

    // Reused on another auction: it used to answer the first auction's bid and place none.
    const other = await bid(second.id, '20', ava.cookie, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_conflict');
    expect(await maxOf(second.id, ava.user.id)).toBeNull();

    // Reused with a higher amount: it used to drop the new amount silently.
    const higher = await bid(first.id, '30', ava.cookie, key);
    expect(higher.statusCode).toBe(422);
    expect(higher.json().error.code).toBe('idempotency_conflict');
    expect(await maxOf(first.id, ava.user.id)).toBe(2_000);

    // Another user's key of the same name is theirs alone.
    const ben = await signedInUser(t);
    expect((await bid(second.id, '20', ben.cookie, key)).statusCode).toBe(200);

    // After 24 hours the key starts afresh.
    t.clock.advance(24 * 60 * 60 * 1000 + 1_000);
    const fresh = await live();
    const again = await bid(fresh.id, '20', ava.cookie, key);
    expect(again.statusCode).toBe(200);
    expect(await maxOf(fresh.id, ava.user.id)).toBe(2_000);

    // The hourly job forgets what is past its 24 hours and keeps the rest.
    const keysOf = async (userId: string) =>
      (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId))).length;
    expect(await keysOf(ben.user.id)).toBe(1);
    expect(await purgeExpiredIdempotencyKeys(t.db, t.clock)).toBeGreaterThanOrEqual(1);
    expect(await keysOf(ben.user.id)).toBe(0);
    expect(await keysOf(ava.user.id)).toBe(1);
  });

  it('the same key sent at once for two auctions places exactly one bid', async () => {
    const [x, y] = [await live(), await live()];
    const cy = await signedInUser(t);
    const results = await Promise.all([
      bid(x.id, '25', cy.cookie, 'twin'),
      bid(y.id, '25', cy.cookie, 'twin'),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 422]);
    const placed = [await maxOf(x.id, cy.user.id), await maxOf(y.id, cy.user.id)].filter((m) => m !== null);
    expect(placed).toEqual([2_500]);
  });
});

describe('one rule for standing', () => {
  it('the product page and My Bids both tell the winner "Won" and the runner-up "Lost"', async () => {
    const a = await live({ endTime: new Date(t.clock.now().getTime() + 60_000) });
    const [winner, runnerUp] = [await signedInUser(t), await signedInUser(t)];
    expect((await bid(a.id, '40', winner.cookie)).statusCode).toBe(200);
    expect((await bid(a.id, '30', runnerUp.cookie)).statusCode).toBe(200);

    const standingOn = async (cookie: string) => {
      const page = (
        await t.app.inject({ url: API.auction(a.id), headers: { cookie } })
      ).json<AuctionStateResponse>();
      const mine = (await t.app.inject({ url: API.meBids, headers: { cookie } })).json<MyBidsResponse>();
      return [page.me?.standing, mine.groups.find((g) => g.auction.auctionId === a.id)?.standing];
    };

    // Past the end on the clock, before the closing job ran, and after it.
    t.clock.advance(61_000);
    expect(await standingOn(winner.cookie)).toEqual(['won', 'won']);
    expect(await standingOn(runnerUp.cookie)).toEqual(['lost', 'lost']);
    await closeDueAuctions(t.db, t.clock.now(), async () => {});
    const [row] = await t.db.select().from(auctions).where(eq(auctions.id, a.id));
    expect(row!.status).toBe('ended');
    expect(row!.winnerUserId).toBe(winner.user.id);
    expect(await standingOn(winner.cookie)).toEqual(['won', 'won']);
    expect(await standingOn(runnerUp.cookie)).toEqual(['lost', 'lost']);
  });
});

describe('bid history in pages', () => {
  it('pages through every row once, highest first, and says how many there are', async () => {
    const a = await live({ startingBidCents: 100, bidIncrementCents: 100, currentPriceCents: 100 });
    const people = await Promise.all([makeUser(t.db), makeUser(t.db), makeUser(t.db)]);
    for (let i = 0; i < 12; i++) {
      await placeBid(
        t.db,
        t.clock,
        asSession(people[i % 3]!),
        a.id,
        String(2 + i * 2),
        null,
        t.app.deps.publish,
      );
    }
    const all = (
      await t.app.inject({ url: `${API.auctionBids(a.id)}?limit=200` })
    ).json<BidHistoryResponse>();
    expect(all.total).toBe(all.rows.length);
    expect(all.rows.length).toBeGreaterThan(10);
    expect(all.nextCursor).toBeNull();

    const seen: BidHistoryResponse['rows'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `${API.auctionBids(a.id)}?limit=5${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await t.app.inject({ url })).json<BidHistoryResponse>();
      expect(page.rows.length).toBeLessThanOrEqual(5);
      expect(page.total).toBe(all.total);
      seen.push(...page.rows);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(seen.map((r) => r.id)).toEqual(all.rows.map((r) => r.id));
    expect(seen.filter((r) => r.isHighest).map((r) => r.id)).toEqual([all.rows[0]!.id]);
    expect(pages).toBe(Math.ceil(all.total / 5));
  });

  it('refuses a forged cursor and an out-of-range limit with a 400', async () => {
    const a = await live();
    let res = await t.app.inject({ url: `${API.auctionBids(a.id)}?cursor=bm90LWEtY3Vyc29y` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_cursor');
    res = await t.app.inject({ url: `${API.auctionBids(a.id)}?limit=5000` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The limit must be at most 200.');
  });
});
