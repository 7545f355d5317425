// The store cancels a bid (POST /api/admin/auctions/:id/bids/:userId/cancel): price, leader and history
// decided again from the remaining maximums, the end unmoved, the shoppers told, open pages updated,
// the audit written; refusals change nothing (docs/product.md "Signals of unfair bidding").
import type { AdminAuctionDetail } from '@rebound/contract/admin-auctions';
import type { BidHistoryResponse } from '@rebound/contract/bidding';
import { API } from '@rebound/contract/routes';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { maxBidOf } from '../../../test/bidding';
import { makeAuction, makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { recordingPublisher } from '../../../test/publish';
import { auctions, auditLog, bidCancellations, bids, notifications, outbox } from '../../db/schema';
import { cancelBid } from './schedule';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const t = useTestApp({ now: NOW });

let staff: SignedInUser;
let ava: SignedInUser;
let ben: SignedInUser;
let cat: SignedInUser;
let locationId: string;

beforeAll(async () => {
  staff = await signedInUser(t, { role: 'staff' });
  ava = await signedInUser(t);
  ben = await signedInUser(t);
  cat = await signedInUser(t);
  locationId = (await makeLocation(t.db)).id;
});

const bid = (auctionId: string, amount: string, who: SignedInUser) =>
  t.app.inject({
    method: 'POST',
    url: API.auctionBids(auctionId),
    headers: { cookie: who.cookie },
    payload: { amount },
  });

const cancel = (auctionId: string, userId: string, payload: object = {}, who: SignedInUser = staff) =>
  t.app.inject({
    method: 'POST',
    url: API.adminAuctionBidCancel(auctionId, userId),
    headers: { cookie: who.cookie },
    payload,
  });

/** A live lot (fixed $1 increment from $10) with these maximums placed in order. */
async function lotWith(maxes: [SignedInUser, string][], over: Partial<typeof auctions.$inferInsert> = {}) {
  const { auction, product } = await makeAuction(t.db, {
    now: t.clock.now(),
    locationId,
    product: { title: 'Stand Mixer' },
    auction: over,
  });
  for (const [who, amount] of maxes) {
    const res = await bid(auction.id, amount, who);
    expect(res.statusCode, res.body).toBe(200);
  }
  return { auction, product };
}

const rowOf = async (id: string) => (await t.db.select().from(auctions).where(eq(auctions.id, id)))[0]!;
const historyOf = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: API.auctionBids(id) })).json<BidHistoryResponse>();

describe('the store cancels a bid', () => {
  it("the leader's maximum: the next one leads at the price the others make, history decided again, end unmoved", async () => {
    // Inside the soft-close window: a bid would extend it, a cancel never does.
    const endTime = new Date(NOW.getTime() + 30_000);
    const { auction, product } = await lotWith(
      [
        [ava, '20'],
        [ben, '30'],
        [cat, '50'],
      ],
      { endTime, originalEndTime: endTime },
    );
    const before = await rowOf(auction.id);
    expect([before.leaderUserId, before.currentPriceCents]).toEqual([cat.user.id, 3_100]);

    const recorder = recordingPublisher();
    const detail = await cancelBid(
      t.db,
      t.clock,
      staff.user.id,
      auction.id,
      cat.user.id,
      'Linked to the seller',
      recorder.publish,
    );
    // Without cat: ben beats ava's $20 and leads at $21.
    expect(detail.leader?.id).toBe(ben.user.id);
    expect(detail.currentPriceCents).toBe(2_100);
    expect(detail.maxBids.map((m) => m.id).sort()).toEqual([ava.user.id, ben.user.id].sort());
    expect(detail.cancelledBids).toEqual([
      { user: { id: cat.user.id, handle: cat.user.handle, email: cat.user.email }, at: expect.any(String) },
    ]);
    const after = await rowOf(auction.id);
    // The bids moved it into the window's end; the cancel, made inside that window, does not.
    expect(before.endTime.getTime()).toBeGreaterThan(after.updatedAt.getTime());
    expect(before.endTime.getTime() - after.updatedAt.getTime()).toBeLessThanOrEqual(60_000);
    expect(after.endTime.toISOString()).toBe(before.endTime.toISOString());
    expect(after.seq).toBe(before.seq + 1);
    expect(after.bidCount).toBe(3);
    expect(await maxBidOf(t.db, auction.id, cat.user.id)).toBeNull();

    // The public history: as if cat never bid, with the store's line and no reason.
    const history = await historyOf(auction.id);
    expect(history.rows.map((r) => [r.handle, r.amountCents, r.kind])).toEqual([
      [ben.user.handle, 2_100, 'automatic'],
      [ava.user.handle, 2_000, 'beaten_maximum'],
      [ava.user.handle, 1_000, 'automatic'],
    ]);
    expect(history.total).toBe(3);
    expect(history.cancelledByStore).toEqual([after.updatedAt.toISOString()]);
    expect(detail.cancelledBids[0]!.at).toBe(after.updatedAt.toISOString());
    expect(JSON.stringify(history)).not.toContain('Linked to the seller');

    // The page follows: the new price and leader as a bid announces them; the three shoppers' pages too.
    const events = recorder.events;
    const placed = events.find((e) => e.event.type === 'BidPlacedV1');
    expect(placed?.event).toMatchObject({
      auction: { currentPriceCents: 2_100, leaderHandle: ben.user.handle, seq: after.seq },
    });
    expect(events.some((e) => e.event.type === 'AuctionExtendedV1')).toBe(false);
    const standing = events.filter((e) => e.event.type === 'StandingChangedV1').map((e) => e.room);
    expect(standing.sort()).toEqual([`user:${cat.user.id}`, `user:${ben.user.id}`].sort());

    // Told: cat that the bid was cancelled, ben that he leads again; nobody is told the reason.
    const notes = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.targetUrl, `/product/${product.slug}`));
    const byUser = (id: string) => notes.filter((n) => n.userId === id).map((n) => n.message);
    expect(byUser(cat.user.id)).toContain(
      'The store cancelled your bid on Stand Mixer. Your maximum no longer counts on this lot.',
    );
    expect(byUser(ben.user.id)).toContain(
      "You're the highest bidder again on Stand Mixer: a bid above yours was cancelled by the store. The price is now $21.00.",
    );
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'bid_cancelled'), eq(outbox.recipient, cat.user.email)));
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(notes)).not.toContain('Linked to the seller');

    // Audited: who, which lot, which shopper, the reason.
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, auction.id), eq(auditLog.action, 'bid.cancel')));
    expect(entry).toMatchObject({
      actorId: staff.user.id,
      entityType: 'auction',
      reason: 'Linked to the seller',
    });
    expect(entry!.before).toMatchObject({ shopperId: cat.user.id, maxCents: 5_000, priceCents: 3_100 });
    expect(entry!.after).toMatchObject({
      shopperId: cat.user.id,
      priceCents: 2_100,
      leaderUserId: ben.user.id,
    });

    // The shopper may bid again, by the ordinary rule on the new price.
    const again = await bid(auction.id, '22', ava);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a maximum below the leader: the leader stays, the price falls to what the others make', async () => {
    const { auction } = await lotWith([
      [ava, '20'],
      [ben, '30'],
      [cat, '50'],
    ]);
    const res = await cancel(auction.id, ben.user.id);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<AdminAuctionDetail>();
    expect([d.leader?.id, d.currentPriceCents]).toEqual([cat.user.id, 2_100]);
    // Nobody leads again: only ben is told.
    const told = await t.db.select().from(outbox).where(eq(outbox.template, 'leading_again'));
    expect(told.filter((m) => m.recipient === cat.user.email)).toHaveLength(0);
  });

  it('the only maximum: the lot goes back to its starting bid with no leader and an empty history', async () => {
    const { auction } = await lotWith([[ava, '40']]);
    const res = await cancel(auction.id, ava.user.id, { reason: '' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await rowOf(auction.id);
    expect([after.leaderUserId, after.currentPriceCents, after.bidCount]).toEqual([null, 1_000, 0]);
    const history = await historyOf(auction.id);
    expect(history.rows).toEqual([]);
    expect(history.cancelledByStore).toHaveLength(1);
  });

  it('refuses an ended lot, a shopper without a maximum, an unknown lot and a shopper, changing nothing', async () => {
    const { auction } = await lotWith([
      [ava, '20'],
      [ben, '30'],
    ]);
    const before = await rowOf(auction.id);

    let res = await cancel(auction.id, cat.user.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({
      code: 'bid_cancel_no_bid',
      message: 'This shopper has no bid on this lot to cancel.',
    });

    res = await cancel(crypto.randomUUID(), ava.user.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('auction_not_found');

    res = await cancel(auction.id, ben.user.id, {}, ava);
    expect(res.statusCode).toBe(403);

    res = await cancel(auction.id, 'not-a-uuid');
    expect(res.statusCode).toBe(400);

    // Past its end (the closing job has not run yet) and once closed: the result stands.
    t.clock.advance(2 * 60 * 60_000);
    try {
      res = await cancel(auction.id, ben.user.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'bid_cancel_not_live',
        message: 'Bids can be cancelled only while the lot is live; this one has ended or is not live.',
      });
      await t.db.update(auctions).set({ status: 'ended' }).where(eq(auctions.id, auction.id));
      res = await cancel(auction.id, ben.user.id);
      expect(res.json().error.code).toBe('bid_cancel_not_live');
    } finally {
      t.clock.set(NOW);
    }
    const after = await rowOf(auction.id);
    expect([after.leaderUserId, after.currentPriceCents, after.seq]).toEqual([
      before.leaderUserId,
      before.currentPriceCents,
      before.seq,
    ]);
    expect(await maxBidOf(t.db, auction.id, ben.user.id)).toBe(3_000);
    const noted = await t.db
      .select()
      .from(bidCancellations)
      .where(eq(bidCancellations.auctionId, auction.id));
    expect(noted).toHaveLength(0);
    const rows = await t.db.select().from(bids).where(eq(bids.auctionId, auction.id));
    expect(rows).toHaveLength(before.bidCount);
  });
});
