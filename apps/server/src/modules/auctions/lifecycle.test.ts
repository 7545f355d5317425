import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asSession } from '../../../test/bidding';
import { makeAuction, makeLocation, makeUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { recordingPublisher } from '../../../test/publish';
import { auctions, notifications, orders, products } from '../../db/schema';
import { placeBid } from '../bidding';
import { closeDueAuctions, closeDueAuctionsBatch, openDueAuctions } from './lifecycle';

let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});
const noPublish = async () => {};

describe('auction lifecycle', () => {
  it('opens scheduled auctions when their start time comes, once', async () => {
    const now = t.clock.now();
    const soon = await makeAuction(t.db, {
      now,
      locationId,
      auction: {
        status: 'scheduled',
        startTime: new Date(now.getTime() + 30_000),
        endTime: new Date(now.getTime() + 3_600_000),
      },
    });
    const published = async (at: Date) => {
      const rec = recordingPublisher();
      await openDueAuctions(t.db, at, rec.publish);
      return rec.events;
    };
    expect(await published(now)).toEqual([]);
    t.clock.advance(30_000);
    const opened = await published(t.clock.now());
    expect(opened.map((p) => p.room)).toContain(`auction:${soon.auction.id}`);
    expect(opened.find((p) => p.room === `auction:${soon.auction.id}`)?.event.type).toBe('AuctionOpenedV1');
    expect(await published(t.clock.now())).toEqual([]);
    const [row] = await t.db.select().from(auctions).where(eq(auctions.id, soon.auction.id));
    expect(row!.status).toBe('live');
  });

  it('ends auctions at their end time: the winner gets a pending order, others a notice', async () => {
    const now = t.clock.now();
    const end = new Date(now.getTime() + 10 * 60_000);
    const sold = await makeAuction(t.db, {
      now,
      locationId,
      product: { title: 'Blender' },
      auction: { endTime: end },
    });
    const reserve = await makeAuction(t.db, {
      now,
      locationId,
      auction: { endTime: end, reservePriceCents: 50_000 },
    });
    const empty = await makeAuction(t.db, { now, locationId, auction: { endTime: end } });
    const [w, l] = [asSession(await makeUser(t.db)), asSession(await makeUser(t.db))];
    await placeBid(t.db, t.clock, w, sold.auction.id, '40', null, t.app.deps.publish);
    await placeBid(t.db, t.clock, l, sold.auction.id, '30', null, t.app.deps.publish);
    await placeBid(t.db, t.clock, w, reserve.auction.id, '100', null, t.app.deps.publish);

    // Not yet: one millisecond before the end nothing closes. (The instant is passed as it is: the
    // test clock keeps running with real time, so reading it back could already be past the end.)
    expect((await closeDueAuctionsBatch(t.db, new Date(end.getTime() - 1), noPublish)).closed).toBe(0);

    t.clock.set(end);
    const rec = recordingPublisher();
    const result = await closeDueAuctionsBatch(t.db, t.clock.now(), rec.publish);
    expect(result.closed).toBeGreaterThanOrEqual(3);
    const ended = rec.events.filter((p) => p.event.type === 'AuctionEndedV1');
    const soldEvent = ended.find((p) => p.room === `auction:${sold.auction.id}`)?.event;
    expect(soldEvent && soldEvent.type === 'AuctionEndedV1' && soldEvent.winnerHandle).toBe(w.handle);

    const rows = await t.db
      .select()
      .from(auctions)
      .where(inArray(auctions.id, [sold.auction.id, reserve.auction.id, empty.auction.id]));
    for (const r of rows) expect(r.status).toBe('ended');
    expect(rows.find((r) => r.id === sold.auction.id)!.winnerUserId).toBe(w.id);
    expect(rows.find((r) => r.id === reserve.auction.id)!.winnerUserId).toBeNull();

    const made = await t.db
      .select()
      .from(orders)
      .where(inArray(orders.auctionId, [sold.auction.id, reserve.auction.id, empty.auction.id]));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      auctionId: sold.auction.id,
      userId: w.id,
      status: 'pending',
      finalAmountCents: 3_100,
    });
    expect(made[0]!.paymentDueAt.getTime()).toBe(end.getTime() + 72 * 3_600_000);

    const [soldProduct] = await t.db.select().from(products).where(eq(products.id, sold.product.id));
    const [emptyProduct] = await t.db.select().from(products).where(eq(products.id, empty.product.id));
    expect(soldProduct!.status).toBe('sold');
    expect(emptyProduct!.status).toBe('unsold');

    const winnerNotes = await t.db.select().from(notifications).where(eq(notifications.userId, w.id));
    expect(
      winnerNotes.some((n) => n.kind === 'auction_won' && n.message.includes('You won Blender for $31.00')),
    ).toBe(true);
    expect(winnerNotes.some((n) => n.message.includes('reserve'))).toBe(true);
    const loserNotes = await t.db.select().from(notifications).where(eq(notifications.userId, l.id));
    expect(loserNotes.some((n) => n.message.includes("You didn't win"))).toBe(true);

    // A second run finds nothing to do and makes no second order.
    expect((await closeDueAuctionsBatch(t.db, t.clock.now(), noPublish)).closed).toBe(0);
    expect(await t.db.select().from(orders).where(eq(orders.auctionId, sold.auction.id))).toHaveLength(1);
  });

  it('several closers racing close each auction exactly once', async () => {
    const now = t.clock.now();
    const end = new Date(now.getTime() + 10 * 60_000);
    const bidder = asSession(await makeUser(t.db));
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const m = await makeAuction(t.db, { now, locationId, auction: { endTime: end } });
      await placeBid(t.db, t.clock, bidder, m.auction.id, '15', null, t.app.deps.publish);
      ids.push(m.auction.id);
    }
    t.clock.set(end);
    const closedCounts = await Promise.all(
      [1, 2, 3].map(() => closeDueAuctions(t.db, t.clock.now(), noPublish)),
    );
    expect(closedCounts.reduce((a, b) => a + b, 0)).toBe(30);
    const made = await t.db.select().from(orders).where(inArray(orders.auctionId, ids));
    expect(made).toHaveLength(30);
  });

  it('a bid racing the close is either in before the end (and extends it) or refused', async () => {
    const now = t.clock.now();
    const end = new Date(now.getTime() + 5_000);
    const m = await makeAuction(t.db, { now, locationId, auction: { endTime: end } });
    const [p, q] = [asSession(await makeUser(t.db)), asSession(await makeUser(t.db))];
    await placeBid(t.db, t.clock, p, m.auction.id, '20', null, t.app.deps.publish);
    // That bid came in the last minute: soft close moved the end.
    const [after] = await t.db.select().from(auctions).where(eq(auctions.id, m.auction.id));
    expect(after!.endTime.getTime()).toBeGreaterThan(end.getTime());
    t.clock.set(after!.endTime);
    const [late, closed] = await Promise.allSettled([
      placeBid(t.db, t.clock, q, m.auction.id, '30', null, t.app.deps.publish),
      closeDueAuctions(t.db, t.clock.now(), noPublish),
    ]);
    expect(late.status).toBe('rejected');
    expect(closed.status).toBe('fulfilled');
    // If the late bid held the row lock, the closer skipped it; the job's next tick takes it.
    await closeDueAuctions(t.db, t.clock.now(), noPublish);
    const [final] = await t.db.select().from(auctions).where(eq(auctions.id, m.auction.id));
    expect(final!.status).toBe('ended');
    expect(final!.winnerUserId).toBe(p.id);
    expect(await t.db.select().from(orders).where(eq(orders.auctionId, m.auction.id))).toHaveLength(1);
  });
});
