// Auction-ending reminders: 1 hour and 5 minutes before the current end, once each.
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { makeAuction, makeLocation, makeUser, subscribePush } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { auctions, maxBids, notifications, outbox, watchlist } from '../../db/schema';
import { eventJobs } from '../../jobs/runner';
import type { Published } from '../../realtime/hub';
import { runEndingReminders } from './ending-reminders';

const MIN = 60_000;
let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

/** A live lot ending at `end`, watched by one shopper and bid on by another. */
async function lot(end: Date, over: { status?: 'live' | 'ended' | 'cancelled' } = {}) {
  const base = new Date(end.getTime() - 3 * 60 * MIN);
  const { auction, product } = await makeAuction(t.db, {
    now: base,
    locationId,
    product: { title: 'Standing Desk' },
    auction: { endTime: end, currentPriceCents: 4_200, ...over },
  });
  const watcher = await makeUser(t.db);
  const bidder = await makeUser(t.db);
  // Both browsers subscribed: auction_ending goes by push by default, and only to a subscription.
  await subscribePush(t.db, watcher.id);
  await subscribePush(t.db, bidder.id);
  await t.db.insert(watchlist).values({ userId: watcher.id, auctionId: auction.id });
  await t.db
    .insert(maxBids)
    .values({ auctionId: auction.id, userId: bidder.id, maxAmountCents: 5_000, setAt: base, seq: 1 });
  return { auction, product, watcher, bidder };
}

/** This lot's reminders as [userId, mark], whatever other lots of the file did. */
const sentFor = (auctionId: string, run: Awaited<ReturnType<typeof runEndingReminders>>) =>
  run.sent
    .filter((s) => s.auctionId === auctionId)
    .map((s) => [s.userId, s.mark])
    .sort();

// Each test has its own end time, far apart, so the lots of one test are never in another's window.
let nextEnd = Date.parse('2026-07-01T18:00:00Z');
const freshEnd = () => {
  nextEnd += 24 * 60 * MIN;
  return new Date(nextEnd);
};

describe('auction-ending reminders', () => {
  it('reach watchers and bidders 1 hour and 5 minutes before the end, once each', async () => {
    const end = freshEnd();
    const { auction, product, watcher, bidder } = await lot(end);
    const at = (minutesBefore: number) =>
      runEndingReminders(t.db, new Date(end.getTime() - minutesBefore * MIN), t.app.deps.publish);

    expect(sentFor(auction.id, await at(61))).toEqual([]);
    const hour = await at(60);
    expect(sentFor(auction.id, hour)).toEqual(
      [
        [watcher.id, '1h'],
        [bidder.id, '1h'],
      ].sort(),
    );
    expect(hour.userIds).toEqual(expect.arrayContaining([watcher.id, bidder.id]));
    expect(sentFor(auction.id, await at(59))).toEqual([]);
    expect(sentFor(auction.id, await at(6))).toEqual([]);
    expect(sentFor(auction.id, await at(5))).toEqual(
      [
        [watcher.id, '5m'],
        [bidder.id, '5m'],
      ].sort(),
    );
    expect(sentFor(auction.id, await at(4))).toEqual([]);
    expect(sentFor(auction.id, await at(0.1))).toEqual([]);

    // In-app: two notices each. Outbox: push only, the default for auction_ending.
    const inApp = await t.db.select().from(notifications).where(eq(notifications.userId, watcher.id));
    expect(inApp.map((n) => [n.kind, n.message, n.targetUrl])).toEqual([
      ['auction_ending', 'Standing Desk ends in 1 hour. The price is $42.00.', `/product/${product.slug}`],
      ['auction_ending', 'Standing Desk ends in 5 minutes. The price is $42.00.', `/product/${product.slug}`],
    ]);
    const queued = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, watcher.id), eq(outbox.template, 'auction_ending')));
    expect(queued.map((q) => q.channel)).toEqual(['push', 'push']);
    expect(queued.map((q) => q.payload).find((p) => (p as { mark: string }).mark === '5m')).toMatchObject({
      auctionId: auction.id,
      productTitle: 'Standing Desk',
      endsAt: end.toISOString(),
      mark: '5m',
      minutesLeft: 5,
      currentPriceCents: 4_200,
      lotUrl: `/product/${product.slug}`,
    });
  });

  it('follow a soft-close extension: the unsent 5-minute reminder moves to the new end', async () => {
    const end = freshEnd();
    const { auction, watcher, bidder } = await lot(end);
    await runEndingReminders(t.db, new Date(end.getTime() - 30 * MIN), t.app.deps.publish);
    // A late bid moved the end 10 minutes on (what soft close does, in a larger step).
    const extended = new Date(end.getTime() + 10 * MIN);
    await t.db.update(auctions).set({ endTime: extended }).where(eq(auctions.id, auction.id));

    expect(
      sentFor(
        auction.id,
        await runEndingReminders(t.db, new Date(end.getTime() - 5 * MIN), t.app.deps.publish),
      ),
    ).toEqual([]);
    expect(
      sentFor(
        auction.id,
        await runEndingReminders(t.db, new Date(end.getTime() - 1 * MIN), t.app.deps.publish),
      ),
    ).toEqual([]);
    const moved = await runEndingReminders(t.db, new Date(extended.getTime() - 5 * MIN), t.app.deps.publish);
    expect(sentFor(auction.id, moved)).toEqual(
      [
        [watcher.id, '5m'],
        [bidder.id, '5m'],
      ].sort(),
    );
    const rows = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, watcher.id), eq(outbox.template, 'auction_ending')));
    expect(rows.map((r) => (r.payload as { endsAt: string }).endsAt)).toContain(extended.toISOString());
  });

  it('a lot first seen inside the last 5 minutes gets only the 5-minute one', async () => {
    const end = freshEnd();
    const { auction, watcher, bidder } = await lot(end);
    expect(
      sentFor(
        auction.id,
        await runEndingReminders(t.db, new Date(end.getTime() - 3 * MIN), t.app.deps.publish),
      ),
    ).toEqual(
      [
        [watcher.id, '5m'],
        [bidder.id, '5m'],
      ].sort(),
    );
    expect(
      sentFor(
        auction.id,
        await runEndingReminders(t.db, new Date(end.getTime() - 2 * MIN), t.app.deps.publish),
      ),
    ).toEqual([]);
  });

  it('two runs at the same moment send each reminder once', async () => {
    const end = freshEnd();
    const { auction, watcher, bidder } = await lot(end);
    const now = new Date(end.getTime() - 50 * MIN);
    const runs = await Promise.all([
      runEndingReminders(t.db, now, t.app.deps.publish),
      runEndingReminders(t.db, now, t.app.deps.publish),
      runEndingReminders(t.db, now, t.app.deps.publish),
    ]);
    expect(runs.flatMap((r) => sentFor(auction.id, r)).sort()).toEqual(
      [
        [watcher.id, '1h'],
        [bidder.id, '1h'],
      ].sort(),
    );
    const inApp = await t.db
      .select()
      .from(notifications)
      .where(
        and(inArray(notifications.userId, [watcher.id, bidder.id]), eq(notifications.kind, 'auction_ending')),
      );
    expect(inApp).toHaveLength(2);
  });

  it('a lot set ending together is written a slice at a time, each slice told after its commit', async () => {
    const end = freshEnd();
    const lots = [await lot(end), await lot(end), await lot(end)];
    const pairs = lots.flatMap((l) => [l.watcher.id, l.bidder.id]);
    const now = new Date(end.getTime() - 3 * MIN);
    const told: string[][] = [];
    const run = await runEndingReminders(
      t.db,
      now,
      async (events) => {
        // Each slice's notices are committed when its shoppers hear of them.
        const rooms = events.map((e) => e.room);
        const ids = pairs.filter((id) => rooms.includes(`user:${id}`));
        const written = await t.db
          .select({ userId: notifications.userId })
          .from(notifications)
          .where(and(inArray(notifications.userId, ids), eq(notifications.kind, 'auction_ending')));
        expect(written.map((w) => w.userId).sort()).toEqual([...ids].sort());
        told.push(ids);
      },
      2,
    );
    expect(run.sent.filter((s) => pairs.includes(s.userId)).map((s) => s.mark)).toEqual(Array(6).fill('5m'));
    expect(told).toHaveLength(3);
    expect(told.flat().sort()).toEqual([...pairs].sort());
  });

  it('a pass stopped after its first slice leaves the rest to the next pass, none sent twice', async () => {
    const end = freshEnd();
    const lots = [await lot(end), await lot(end)];
    const pairs = lots.flatMap((l) => [l.watcher.id, l.bidder.id]);
    const now = new Date(end.getTime() - 3 * MIN);
    const stop = new Error('the server stopped');
    await expect(
      runEndingReminders(
        t.db,
        now,
        async () => {
          throw stop;
        },
        2,
      ),
    ).rejects.toBe(stop);
    const count = () =>
      t.db.$count(
        notifications,
        and(inArray(notifications.userId, pairs), eq(notifications.kind, 'auction_ending')),
      );
    expect(await count()).toBe(2);
    const next = await runEndingReminders(t.db, new Date(now.getTime() + 10_000), t.app.deps.publish, 2);
    expect(next.sent.filter((s) => pairs.includes(s.userId))).toHaveLength(2);
    expect(await count()).toBe(4);
  });

  it("a shopper's lots reaching a mark together are one reminder naming them, soonest first; each lot still once", async () => {
    const end = freshEnd();
    const lots = [
      await lot(new Date(end.getTime() + 2 * MIN)),
      await lot(end),
      await lot(new Date(end.getTime() + MIN)),
    ];
    // One shopper watches all three (another's lots stay their own reminders).
    const fan = await makeUser(t.db);
    await subscribePush(t.db, fan.id);
    await t.db.insert(watchlist).values(lots.map((l) => ({ userId: fan.id, auctionId: l.auction.id })));
    const now = new Date(end.getTime() - 3 * MIN);
    const run = await runEndingReminders(t.db, now, t.app.deps.publish);
    expect(run.sent.filter((s) => s.userId === fan.id).map((s) => [s.auctionId, s.mark])).toEqual([
      [lots[1]!.auction.id, '5m'],
      [lots[2]!.auction.id, '5m'],
      [lots[0]!.auction.id, '5m'],
    ]);
    const inApp = await t.db
      .select({ message: notifications.message, targetUrl: notifications.targetUrl })
      .from(notifications)
      .where(and(eq(notifications.userId, fan.id), eq(notifications.kind, 'auction_ending')));
    expect(inApp).toEqual([
      {
        message:
          '3 lots you follow end within 5 minutes: Standing Desk ($42.00), Standing Desk ($42.00) and 1 more.',
        targetUrl: `/product/${lots[1]!.product.slug}`,
      },
    ]);
    const pushes = await t.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.userId, fan.id), eq(outbox.template, 'auction_ending')));
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.payload).toMatchObject({
      auctionId: lots[1]!.auction.id,
      moreCount: 2,
      moreLots: [
        { auctionId: lots[2]!.auction.id, url: `/product/${lots[2]!.product.slug}` },
        { auctionId: lots[0]!.auction.id, url: `/product/${lots[0]!.product.slug}` },
      ],
    });
    // The watcher and bidder of each lot still get their own one-lot reminder.
    for (const l of lots) expect(sentFor(l.auction.id, run)).toHaveLength(3);
    // Each lot was taken for the fan: the next pass sends nothing more.
    const next = await runEndingReminders(t.db, new Date(now.getTime() + 10_000), t.app.deps.publish);
    expect(next.sent.filter((s) => s.userId === fan.id)).toEqual([]);
  });

  it('ended and cancelled lots get none', async () => {
    const end = freshEnd();
    const ended = await lot(end, { status: 'ended' });
    const cancelled = await lot(end, { status: 'cancelled' });
    for (const before of [60, 30, 5, 1]) {
      const run = await runEndingReminders(t.db, new Date(end.getTime() - before * MIN), t.app.deps.publish);
      expect(sentFor(ended.auction.id, run)).toEqual([]);
      expect(sentFor(cancelled.auction.id, run)).toEqual([]);
    }
  });

  it('the job tells the reminded shoppers to refetch their notifications, after commit', async () => {
    const end = new Date(t.clock.now().getTime() + 30 * MIN);
    const { watcher, bidder } = await lot(end);
    const published: Published[] = [];
    const spy = vi.spyOn(t.app.deps.hub, 'publish').mockImplementation(async (items) => {
      published.push(...items);
    });
    try {
      await eventJobs(t.app)
        .find((j) => j.name === 'notifications.ending-reminders')!
        .run();
    } finally {
      spy.mockRestore();
    }
    expect(published.map((p) => [p.room, p.event.type]).sort()).toEqual(
      [
        [`user:${watcher.id}`, 'NotificationsChangedV1'],
        [`user:${bidder.id}`, 'NotificationsChangedV1'],
      ].sort(),
    );
  });
});
