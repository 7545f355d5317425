// Second-chance offers: staff offer an unpaid auction's item to the next bidder; the shopper accepts
// (a pending order) or declines; the job closes offers past their deadline.
import type { AdminAuctionDetail, OfferView } from '@rebound/contract/admin-auctions';
import type { MyBidsResponse } from '@rebound/contract/bidding';
import type { MyOrdersResponse } from '@rebound/contract/orders';
import { API } from '@rebound/contract/routes';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { as, HOUR, MIN, staffAuctions } from '../../../test/staff-auctions';
import { orders, outbox, secondChanceOffers } from '../../db/schema';
import { expireOffers } from './service';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const t = useTestApp({ now: NOW });

let staff: SignedInUser;
let locationId: string;

beforeAll(async () => {
  staff = await signedInUser(t, { role: 'staff' });
  locationId = (await makeLocation(t.db)).id;
});

const { post, auditOf, liveWithBids, unpaidAuction } = staffAuctions(t, () => ({ staff, locationId }));

describe('second-chance offers', () => {
  it('offers the next bidder their maximum; they accept once and get a pending order', async () => {
    const winner = await signedInUser(t);
    const second = await signedInUser(t);
    const third = await signedInUser(t);
    const { auction } = await unpaidAuction([
      [third, '20'],
      [second, '45'],
      [winner, '60'],
    ]);
    const before = await t.app.inject({ url: API.adminAuction(auction.id), headers: as(staff) });
    const d = before.json<AdminAuctionDetail>();
    expect(d.can.offer).toBe(true);
    expect(d.offerCandidates.map((c) => c.id)).toEqual([second.user.id, third.user.id]);

    const res = await post(API.adminAuctionOffers(auction.id), {});
    expect(res.statusCode, res.body).toBe(201);
    const offer = res.json<AdminAuctionDetail>().offers[0]!;
    expect(offer.user.id).toBe(second.user.id);
    expect(offer.amountCents).toBe(4_500);
    expect(Date.parse(offer.expiresAt) - t.clock.now().getTime()).toBeGreaterThan(47 * HOUR);
    expect((await auditOf(auction.id, 'offer.create')).length).toBe(1);
    const mail = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'second_chance_offer'), eq(outbox.recipient, second.user.email)));
    expect(mail).toHaveLength(1);
    expect((mail[0]!.payload as { targetUrl: string }).targetUrl).toBe(`/offers/${offer.id}`);
    // The email renders and goes out.
    const { drainOutbox } = await import('../../../test/outbox');
    await drainOutbox(t);
    const [sentOffer] = await t.db.select().from(outbox).where(eq(outbox.id, mail[0]!.id));
    expect(sentOffer?.status).toBe('sent');

    // One open offer per auction.
    const another = await post(API.adminAuctionOffers(auction.id), { userId: third.user.id });
    expect(another.json().error.code).toBe('offer_already_open');
    // Nobody else sees or answers it.
    expect((await t.app.inject({ url: API.offer(offer.id), headers: as(third) })).statusCode).toBe(404);
    expect((await post(API.offerAccept(offer.id), undefined, third)).statusCode).toBe(404);
    expect((await t.app.inject({ url: API.offer(offer.id) })).statusCode).toBe(401);

    const view = await t.app.inject({ url: API.offer(offer.id), headers: as(second) });
    expect(view.json<OfferView>()).toMatchObject({ status: 'open', amountCents: 4_500 });

    // Accepting twice at once makes one order.
    const [a1, a2] = await Promise.all([
      post(API.offerAccept(offer.id), undefined, second),
      post(API.offerAccept(offer.id), undefined, second),
    ]);
    expect([a1.statusCode, a2.statusCode].sort()).toEqual([200, 409]);
    const refused = a1.statusCode === 409 ? a1 : a2;
    expect(refused.json().error.message).toBe('This offer is no longer open: it was accepted.');
    const accepted = (a1.statusCode === 200 ? a1 : a2).json<OfferView>();
    expect(accepted.status).toBe('accepted');
    const made = await t.db.select().from(orders).where(eq(orders.auctionId, auction.id));
    expect(made.map((o) => [o.userId, o.status, o.finalAmountCents])).toEqual(
      expect.arrayContaining([
        [winner.user.id, 'cancelled', 4_600],
        [second.user.id, 'pending', 4_500],
      ]),
    );
    const mine = await t.app.inject({ url: API.meOrders, headers: as(second) });
    expect(mine.json<MyOrdersResponse>().orders.some((o) => o.id === accepted.orderId)).toBe(true);
    // My Bids: the second-chance buyer won it (with the order to pay); the non-payer's cancelled win has left it.
    const bidsOf = async (who: SignedInUser) =>
      (await t.app.inject({ url: API.meBids, headers: as(who) }))
        .json<MyBidsResponse>()
        .groups.find((g) => g.auction.auctionId === auction.id);
    expect(await bidsOf(second)).toMatchObject({
      standing: 'won',
      orderId: accepted.orderId,
      orderStatus: 'pending',
    });
    expect(await bidsOf(winner)).toBeUndefined();
    expect((await bidsOf(third))?.standing).toBe('lost');
    const after = await t.app.inject({ url: API.adminAuction(auction.id), headers: as(staff) });
    expect(after.json<AdminAuctionDetail>().product.status).toBe('sold');
    expect(after.json<AdminAuctionDetail>().can).toMatchObject({ offer: false, relist: false });
  });

  it('an item that meanwhile has an order cannot be accepted: a clear 409, the offer stays open', async () => {
    const winner = await signedInUser(t);
    const second = await signedInUser(t);
    const { auction } = await unpaidAuction([
      [second, '45'],
      [winner, '60'],
    ]);
    const made = await post(API.adminAuctionOffers(auction.id), {});
    expect(made.statusCode, made.body).toBe(201);
    const offer = made.json<AdminAuctionDetail>().offers[0]!;
    // Another order for the item arrives first (as a relist or a staff sale would make one).
    await t.db.insert(orders).values({
      auctionId: auction.id,
      userId: winner.user.id,
      locationId,
      finalAmountCents: 6_000,
      status: 'pending',
      paymentDueAt: new Date(t.clock.now().getTime() + 72 * HOUR),
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    const res = await post(API.offerAccept(offer.id), undefined, second);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('offer_closed');
    expect(res.json().error.message).toBe(
      'This offer is no longer open: it was closed because the item already has an order.',
    );
    const [row] = await t.db.select().from(secondChanceOffers).where(eq(secondChanceOffers.id, offer.id));
    expect(row?.status).toBe('open');
    const mine = await t.db.select().from(orders).where(eq(orders.userId, second.user.id));
    expect(mine).toHaveLength(0);
  });

  it('refuses an offer while the winner has not been cancelled, and on auctions without a winner', async () => {
    const w = await signedInUser(t);
    const { auction } = await liveWithBids([[w, '20']]);
    const res = await post(API.adminAuctionOffers(auction.id), {});
    expect(res.json().error.code).toBe('offer_not_allowed');
  });

  it('an offer past its deadline cannot be accepted; the job closes it and the next bidder can be offered', async () => {
    const winner = await signedInUser(t);
    const second = await signedInUser(t);
    const third = await signedInUser(t);
    const { auction } = await unpaidAuction([
      [third, '20'],
      [second, '45'],
      [winner, '60'],
    ]);
    const res = await post(API.adminAuctionOffers(auction.id), { userId: second.user.id, hours: 2 });
    const offerId = res.json<AdminAuctionDetail>().offers[0]!.id;
    const bad = await post(API.adminAuctionOffers(auction.id), { hours: 500 });
    expect(bad.statusCode).toBe(400);
    t.clock.advance(2 * HOUR + MIN);
    const late = await post(API.offerAccept(offerId), undefined, second);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('offer_expired');
    expect(await expireOffers(t.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await expireOffers(t.db, t.clock.now())).toBe(0);
    const [row] = await t.db.select().from(secondChanceOffers).where(eq(secondChanceOffers.id, offerId));
    expect(row?.status).toBe('expired');
    const closed = await post(API.offerDecline(offerId), undefined, second);
    expect(closed.json().error.message).toBe('This offer is no longer open: it was expired.');

    // The second bidder cannot be offered again; the third can, and declines.
    const again = await post(API.adminAuctionOffers(auction.id), { userId: second.user.id });
    expect(again.json().error.code).toBe('offer_bidder_invalid');
    const next = await post(API.adminAuctionOffers(auction.id), {});
    const nextOffer = next.json<AdminAuctionDetail>().offers.find((o) => o.status === 'open')!;
    expect(nextOffer.user.id).toBe(third.user.id);
    expect(nextOffer.amountCents).toBe(2_000);
    const declined = await post(API.offerDecline(nextOffer.id), undefined, third);
    expect(declined.json<OfferView>().status).toBe('declined');
    // Nobody left: relisting is what remains.
    const d = (
      await t.app.inject({ url: API.adminAuction(auction.id), headers: as(staff) })
    ).json<AdminAuctionDetail>();
    expect(d.offerCandidates).toEqual([]);
    expect(d.can.relist).toBe(true);
  });
});

describe('withdrawing a second-chance offer', () => {
  it('staff withdraw the open offer: the shopper can no longer accept it and the next bidder can be offered', async () => {
    const winner = await signedInUser(t);
    const second = await signedInUser(t);
    const third = await signedInUser(t);
    const { auction } = await unpaidAuction([
      [third, '20'],
      [second, '45'],
      [winner, '60'],
    ]);
    // Nothing to withdraw yet.
    const none = await post(API.adminAuctionOfferWithdraw(auction.id), { reason: 'Damaged in storage' });
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toMatchObject({
      code: 'offer_none_open',
      message: 'This auction has no open offer to withdraw.',
    });
    const offered = await post(API.adminAuctionOffers(auction.id), {});
    // A reason is required; without one nothing changes.
    const noReason = await post(API.adminAuctionOfferWithdraw(auction.id), {});
    expect(noReason.statusCode).toBe(400);
    const offerId = offered.json<AdminAuctionDetail>().offers[0]!.id;
    // Shoppers cannot withdraw; unknown auctions are 404.
    expect(
      (await post(API.adminAuctionOfferWithdraw(auction.id), { reason: 'Damaged in storage' }, second))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await post(API.adminAuctionOfferWithdraw('00000000-0000-4000-8000-000000000000'), {
          reason: 'Damaged in storage',
        })
      ).statusCode,
    ).toBe(404);

    const res = await post(API.adminAuctionOfferWithdraw(auction.id), { reason: 'Damaged in storage' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminAuctionDetail>().offers.find((o) => o.id === offerId)?.status).toBe('withdrawn');
    const [audit] = await auditOf(auction.id, 'offer.withdraw');
    expect(audit?.after).toMatchObject({ offerId, status: 'withdrawn' });
    expect(audit?.reason).toBe('Damaged in storage');

    const late = await post(API.offerAccept(offerId), undefined, second);
    expect(late.json().error.message).toBe('This offer is no longer open: it was withdrawn.');
    const view = await t.app.inject({ url: API.offer(offerId), headers: as(second) });
    expect(view.json<OfferView>().status).toBe('withdrawn');
    expect(await t.db.select().from(orders).where(eq(orders.userId, second.user.id))).toHaveLength(0);
    // Twice: nothing open any more.
    expect(
      (await post(API.adminAuctionOfferWithdraw(auction.id), { reason: 'Damaged in storage' })).json().error
        .code,
    ).toBe('offer_none_open');
    // The withdrawn shopper is not offered again; the next bidder is.
    const next = await post(API.adminAuctionOffers(auction.id), {});
    expect(next.json<AdminAuctionDetail>().offers.find((o) => o.status === 'open')?.user.id).toBe(
      third.user.id,
    );
  });

  it('a withdrawal and an acceptance at the same moment: exactly one wins', async () => {
    const winner = await signedInUser(t);
    const second = await signedInUser(t);
    const { auction } = await unpaidAuction([
      [second, '45'],
      [winner, '60'],
    ]);
    const offerId = (await post(API.adminAuctionOffers(auction.id), {})).json<AdminAuctionDetail>().offers[0]!
      .id;
    const [w, a] = await Promise.all([
      post(API.adminAuctionOfferWithdraw(auction.id), { reason: 'Damaged in storage' }),
      post(API.offerAccept(offerId), undefined, second),
    ]);
    expect([w.statusCode, a.statusCode].sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(secondChanceOffers).where(eq(secondChanceOffers.id, offerId));
    const made = await t.db.select().from(orders).where(eq(orders.userId, second.user.id));
    if (a.statusCode === 200) {
      expect(row?.status).toBe('accepted');
      expect(made).toHaveLength(1);
      // Refused as 'nothing open' or, if it read the offer while still open, 'it was accepted'.
      expect(['offer_none_open', 'offer_closed']).toContain(w.json().error.code);
    } else {
      expect(row?.status).toBe('withdrawn');
      expect(made).toHaveLength(0);
    }
  });
});
