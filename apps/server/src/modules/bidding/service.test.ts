import { initialBidState, placeMaxBid } from '@rebound/core/bidding';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asSession } from '../../../test/bidding';
import { TEST_DB_KIND } from '../../../test/database';
import { makeAuction, makeLocation, makeUser, subscribePush } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { auctions, bids, maxBids, notifications, outbox } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { lockForBid } from './repository';
import { auctionState, bidHistory, placeBid } from './service';
import { toBidState } from './state';

let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

async function shoppers(n: number) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(asSession(await makeUser(t.db)));
  return out;
}

async function expectError(p: Promise<unknown>, code: string, message?: string) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `expected ${code}`).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(code);
  if (message) expect((err as AppError).message).toBe(message);
}

describe('placing a maximum bid', () => {
  let auctionId: string;
  let slug: string;
  let a: Awaited<ReturnType<typeof shoppers>>;
  beforeEach(async () => {
    const made = await makeAuction(t.db, {
      now: t.clock.now(),
      locationId,
      product: { title: 'Cordless Drill' },
      auction: { startingBidCents: 1_000, bidIncrementCents: 100 },
    });
    auctionId = made.auction.id;
    slug = made.product.slug;
    a = await shoppers(3);
  });

  it('first bid leads at the starting price', async () => {
    const r = await placeBid(t.db, t.clock, a[0]!, auctionId, '25', null, t.app.deps.publish);
    expect(r.body.message).toBe("You've got the highest bid!");
    expect(r.body.isLeader).toBe(true);
    expect(r.body.auction.currentPriceCents).toBe(1_000);
    expect(r.body.auction.bidCount).toBe(1);
    expect(r.body.auction.leaderHandle).toBe(a[0]!.handle);
    expect(r.body.auction.minimumNextBidCents).toBe(1_100);
    expect(r.body.me).toEqual({ maxBidCents: 2_500, standing: 'winning' });
    expect(r.events.map((e) => e.event.type)).toContain('BidPlacedV1');
  });

  it('a lower rival is beaten by the proxy: price = rival + increment, two history rows, rival told', async () => {
    await placeBid(t.db, t.clock, a[0]!, auctionId, '25.00', null, t.app.deps.publish);
    const r = await placeBid(t.db, t.clock, a[1]!, auctionId, '15', null, t.app.deps.publish);
    expect(r.body.message).toBe('Highest bid set!');
    expect(r.body.isLeader).toBe(false);
    expect(r.body.me.standing).toBe('outbid');
    expect(r.body.auction.currentPriceCents).toBe(1_600);
    expect(r.body.auction.leaderHandle).toBe(a[0]!.handle);
    const history = await bidHistory(t.db, t.clock, auctionId);
    expect(history.rows.map((h) => [h.handle, h.amountCents, h.isHighest])).toEqual([
      [a[0]!.handle, 1_600, true],
      [a[1]!.handle, 1_500, false],
      [a[0]!.handle, 1_000, false],
    ]);
    const outbidEvents = r.events.filter((e) => e.event.type === 'OutbidV1');
    expect(outbidEvents.map((e) => e.room)).toEqual([`user:${a[1]!.id}`]);
    expect(slug).toBeTruthy();
    // The rival saw the answer at once: a bid confirmation (email by default), not a second outbid alert.
    const inApp = await t.db.select().from(notifications).where(eq(notifications.userId, a[1]!.id));
    expect(inApp.map((n) => n.kind)).toEqual(['bid_confirmation']);
    expect(inApp[0]!.message).toContain('Another bidder is still ahead');
    const queued = await t.db.select().from(outbox).where(eq(outbox.userId, a[1]!.id));
    expect(queued.map((q) => [q.template, q.channel])).toEqual([['bid_confirmation', 'email']]);
  });

  it('a higher rival takes the lead at the old leader maximum + increment', async () => {
    await subscribePush(t.db, a[0]!.id);
    await placeBid(t.db, t.clock, a[0]!, auctionId, '25', null, t.app.deps.publish);
    const r = await placeBid(t.db, t.clock, a[1]!, auctionId, '40', null, t.app.deps.publish);
    expect(r.body.message).toBe("You've got the highest bid!");
    expect(r.body.auction.currentPriceCents).toBe(2_600);
    const state = await auctionState(t.db, t.clock, auctionId, a[0]!);
    expect(state.me).toEqual({ maxBidCents: 2_500, standing: 'outbid' });
    expect(JSON.stringify(state)).not.toContain('4000');
    expect(r.events.filter((e) => e.event.type === 'OutbidV1').map((e) => e.room)).toEqual([
      `user:${a[0]!.id}`,
    ]);
    // The overtaken leader gets an in-app notice and an email + push (the default outbid settings; her
    // browser subscribed to push).
    const inApp = await t.db.select().from(notifications).where(eq(notifications.userId, a[0]!.id));
    expect(inApp.some((n) => n.kind === 'outbid_alerts' && n.targetUrl === `/product/${slug}`)).toBe(true);
    const queued = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, a[0]!.id), eq(outbox.template, 'outbid')));
    expect(queued.map((q) => q.channel).sort()).toEqual(['email', 'push']);
  });

  it.each([['abc'], [''], ['0'], ['-5'], ['1.234'], [Number.NaN], [1e12]])(
    'rejects the amount %j with its message and changes nothing',
    async (amount) => {
      await expectError(
        placeBid(t.db, t.clock, a[0]!, auctionId, amount as string, null, t.app.deps.publish),
        'invalid_bid_amount',
        'Please enter a valid proxy bid amount',
      );
      const [row] = await t.db.select().from(auctions).where(eq(auctions.id, auctionId));
      expect(row!.bidCount).toBe(0);
    },
  );

  it('rejects below the minimum with the amount in the message', async () => {
    await expectError(
      placeBid(t.db, t.clock, a[0]!, auctionId, '9.99', null, t.app.deps.publish),
      'bid_too_low',
      'Highest bid must be at least $10.00',
    );
    await placeBid(t.db, t.clock, a[0]!, auctionId, '20', null, t.app.deps.publish);
    await expectError(
      placeBid(t.db, t.clock, a[1]!, auctionId, '10.50', null, t.app.deps.publish),
      'bid_too_low',
      'Highest bid must be at least $11.00',
    );
  });

  it('a new maximum must beat the bidder own previous one', async () => {
    await placeBid(t.db, t.clock, a[0]!, auctionId, '30', null, t.app.deps.publish);
    await expectError(
      placeBid(t.db, t.clock, a[0]!, auctionId, '30', null, t.app.deps.publish),
      'bid_not_higher_than_own',
      'New proxy bid must be higher than your current proxy bid of $30.00',
    );
    const r = await placeBid(t.db, t.clock, a[0]!, auctionId, '45', null, t.app.deps.publish);
    expect(r.body.me.maxBidCents).toBe(4_500);
    // Raising without moving the price adds no public row.
    expect(r.body.auction.bidCount).toBe(1);
  });

  it('refuses staff, suspended users, unknown and finished auctions', async () => {
    await expectError(
      placeBid(t.db, t.clock, { ...a[0]!, role: 'staff' }, auctionId, '20', null, t.app.deps.publish),
      'staff_cannot_bid',
    );
    await expectError(
      placeBid(t.db, t.clock, { ...a[0]!, status: 'suspended' }, auctionId, '20', null, t.app.deps.publish),
      'account_suspended',
    );
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "'; drop table bids; --"]) {
      await expectError(
        placeBid(t.db, t.clock, a[0]!, id, '20', null, t.app.deps.publish),
        'auction_not_live',
        'Auction not found or not live',
      );
    }
    const now = t.clock.now();
    const ended = await makeAuction(t.db, { now, locationId, auction: { status: 'ended' } });
    const cancelled = await makeAuction(t.db, { now, locationId, auction: { status: 'cancelled' } });
    const overdue = await makeAuction(t.db, {
      now,
      locationId,
      auction: { startTime: new Date(now.getTime() - 7_200_000), endTime: now },
    });
    const future = await makeAuction(t.db, {
      now,
      locationId,
      auction: { status: 'scheduled', startTime: new Date(now.getTime() + 60_000) },
    });
    for (const x of [ended, cancelled, overdue, future]) {
      await expectError(
        placeBid(t.db, t.clock, a[0]!, x.auction.id, '20', null, t.app.deps.publish),
        'auction_not_live',
      );
    }
  });

  it('a retried request with the same idempotency key bids once and answers the same', async () => {
    const [first, second] = await Promise.all([
      placeBid(t.db, t.clock, a[0]!, auctionId, '20', 'click-1', t.app.deps.publish),
      placeBid(t.db, t.clock, a[0]!, auctionId, '20', 'click-1', t.app.deps.publish),
    ]);
    expect(second.body).toEqual(first.body);
    const third = await placeBid(t.db, t.clock, a[0]!, auctionId, '20', 'click-1', t.app.deps.publish);
    expect(third.body).toEqual(first.body);
    expect(third.events).toEqual([]);
    const rows = await t.db.select().from(bids).where(eq(bids.auctionId, auctionId));
    expect(rows).toHaveLength(1);
  });

  it('a bid in the last 60 seconds that moves the price extends the end, and a leader raise does not', async () => {
    const now = t.clock.now();
    const end = new Date(now.getTime() + 30_000);
    const made = await makeAuction(t.db, { now, locationId, auction: { endTime: end } });
    const first = await placeBid(t.db, t.clock, a[0]!, made.auction.id, '20', null, t.app.deps.publish);
    const extended = Date.parse(first.body.auction.endTime);
    expect(extended).toBeGreaterThanOrEqual(now.getTime() + 60_000);
    expect(first.events.some((e) => e.event.type === 'AuctionExtendedV1')).toBe(true);
    const raise = await placeBid(t.db, t.clock, a[0]!, made.auction.id, '50', null, t.app.deps.publish);
    expect(Date.parse(raise.body.auction.endTime)).toBe(extended);
    expect(raise.events.some((e) => e.event.type === 'AuctionExtendedV1')).toBe(false);
  });
});

describe('concurrent bidding on one hot auction', () => {
  // PGlite has one connection, so only PostgreSQL can make a second transaction wait on the lock.
  it.runIf(TEST_DB_KIND === 'postgres')(
    'the read made under the lock sees what the transaction that held the lock before committed',
    async () => {
      const made = await makeAuction(t.db, { now: t.clock.now(), locationId });
      const [x, y] = await shoppers(2);
      const auctionId = made.auction.id;
      const lockWaiters = async () => {
        const r = (await t.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: { n: number }[] };
        return r.rows[0]!.n;
      };
      let second: ReturnType<typeof lockForBid> | undefined;
      await t.db.transaction(async (tx) => {
        await lockForBid(tx, { auctionId, userId: x!.id, idempotencyKey: null, keyFrom: new Date(0) });
        await tx
          .insert(maxBids)
          .values({ auctionId, userId: x!.id, maxAmountCents: 700, setAt: t.clock.now(), seq: 1 });
        await tx.update(auctions).set({ leaderUserId: x!.id, seq: 1 }).where(eq(auctions.id, auctionId));
        second = t.db.transaction((tx2) =>
          lockForBid(tx2, { auctionId, userId: y!.id, idempotencyKey: null, keyFrom: new Date(0) }),
        );
        // Commit only once the second transaction is waiting on the row lock.
        await vi.waitFor(async () => expect(await lockWaiters()).toBeGreaterThan(0), {
          timeout: 5_000,
          interval: 10,
        });
        expect(await lockWaiters()).toBe(1);
      });
      const seen = await second!;
      expect(seen!.auction.seq).toBe(1);
      expect(seen!.auction.leaderUserId).toBe(x!.id);
      expect(seen!.maxes).toEqual([expect.objectContaining({ userId: x!.id, amountCents: 700, seq: 1 })]);
      expect(seen!.people.map((p) => p.id).sort()).toEqual([x!.id, y!.id].sort());
    },
  );

  it('serialises every bid: no lost update, and replaying the accepted bids gives the same state', async () => {
    const made = await makeAuction(t.db, {
      now: t.clock.now(),
      locationId,
      auction: { startingBidCents: 500, incrementMode: 'table', bidIncrementCents: 50 },
    });
    const people = await shoppers(12);
    // Random and equal amounts, fired together, three rounds.
    const amounts = [7, 7, 12, 9, 30, 30, 18, 11, 25, 40, 40, 22];
    const accepted: { userId: string; amountCents: number; at: number; seq: number }[] = [];
    let rejected = 0;
    for (let round = 0; round < 3; round++) {
      const results = await Promise.allSettled(
        people.map((p, i) =>
          placeBid(
            t.db,
            t.clock,
            p,
            made.auction.id,
            String(amounts[i]! + round * 15),
            null,
            t.app.deps.publish,
          ),
        ),
      );
      results.forEach((r, i) => {
        if (r.status === 'fulfilled') {
          accepted.push({
            userId: people[i]!.id,
            amountCents: (amounts[i]! + round * 15) * 100,
            at: Date.parse(r.value.body.serverTime),
            seq: r.value.body.auction.seq,
          });
        } else {
          expect(r.reason).toBeInstanceOf(AppError);
          rejected++;
        }
      });
    }
    expect(accepted.length).toBeGreaterThan(0);
    expect(rejected).toBeGreaterThan(0);
    // seq is unique per accepted bid: proof they were applied one at a time.
    const seqs = accepted.map((x) => x.seq);
    expect(new Set(seqs).size).toBe(seqs.length);

    const [row] = await t.db.select().from(auctions).where(eq(auctions.id, made.auction.id));
    const maxes = await t.db.select().from(maxBids).where(eq(maxBids.auctionId, made.auction.id));
    // Every bidder's stored maximum is their highest accepted one.
    for (const p of people) {
      const mine = accepted.filter((x) => x.userId === p.id).map((x) => x.amountCents);
      const stored = maxes.find((m) => m.userId === p.id)?.maxAmountCents;
      expect(stored ?? null).toBe(mine.length ? Math.max(...mine) : null);
    }
    // Replay the accepted bids in commit order through the pure rule.
    let state = toBidState({ ...row!, leaderUserId: null, bidCount: 0, endTime: made.auction.endTime }, []);
    state = { ...state, priceCents: null };
    const fresh = initialBidState({
      startingBidCents: 500,
      increment: { mode: 'table' },
      reserveCents: null,
      softCloseSeconds: 60,
      startTime: made.auction.startTime.getTime(),
      endTime: made.auction.endTime.getTime(),
    });
    state = fresh;
    for (const x of [...accepted].sort((p, q) => p.seq - q.seq)) {
      const r = placeMaxBid(state, { userId: x.userId, amountCents: x.amountCents, at: x.at });
      expect(r.ok).toBe(true);
      if (r.ok) state = r.outcome.state;
    }
    expect(row!.currentPriceCents).toBe(state.priceCents);
    expect(row!.leaderUserId).toBe(state.leaderUserId);
    expect(row!.bidCount).toBe(state.bidCount);
    const history = await t.db.select().from(bids).where(eq(bids.auctionId, made.auction.id));
    expect(history).toHaveLength(row!.bidCount);
  });
});
