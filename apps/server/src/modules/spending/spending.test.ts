import type { BidGroupLotState } from '@rebound/contract/bid-groups';
import type { ProfileUpdateResponse } from '@rebound/contract/profile';
import { API } from '@rebound/contract/routes';
import type { MySpendingResponse } from '@rebound/contract/spending';
import { priceLines, resolveTaxConfig } from '@rebound/core/pricing';
import { lotTotalCents } from '@rebound/core/spending';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { asSession, maxBidOf } from '../../../test/bidding';
import { makeAuction, makeLocation, makeUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { auctions, bidGroupLots, bidGroups, users } from '../../db/schema';
import type { SessionUser } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';
import { placeBid } from '../bidding';
import { assertWithinSpendingLimit } from '.';

// GET /api/me/spending ('Winning now', 'At most'), the spending limit in the profile, and its check on
// maximum bids and inside a transaction (docs/product.md "What you could owe").

// The shopper's chosen location, with rates other than the defaults: the cart prices at these.
const RATES = { buyersPremiumBp: 1_000, pstBp: 0, gstBp: 500, applyTaxesOnPremium: false };
const TAX = resolveTaxConfig(RATES);
let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db, RATES)).id;
});

const total = (...cents: number[]) => cents.reduce((s, c) => s + lotTotalCents(c, TAX), 0);

async function lot(over: Partial<typeof auctions.$inferInsert> = {}, title = 'Lot') {
  const { auction, product } = await makeAuction(t.db, {
    now: t.clock.now(),
    locationId,
    product: { title },
    auction: { startingBidCents: 1_000, bidIncrementCents: 100, ...over },
  });
  return { id: auction.id, slug: product.slug, title: product.title };
}

async function shopper(): Promise<SignedInUser> {
  const u = await signedInUser(t);
  await t.db.update(users).set({ locationId }).where(eq(users.id, u.user.id));
  return u;
}

const bid = (u: SessionUser, auctionId: string, amount: string) =>
  placeBid(t.db, t.clock, u, auctionId, amount, null, t.app.deps.publish);

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

async function spending(u: SignedInUser) {
  const res = await t.app.inject({ url: API.meSpending, headers: { cookie: u.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MySpendingResponse>();
}

const setLimit = (u: SignedInUser, spendingLimit: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: API.profileSpendingLimit,
    headers: { cookie: u.cookie },
    payload: { spendingLimit } as object,
  });

/** A group of the shopper's, written as the bid-group service would (its lots' maximums apart). */
async function group(
  userId: string,
  winAtMost: number,
  lots: { auctionId: string; maxCents: number; state: BidGroupLotState }[],
  wins = 0,
) {
  const [g] = await t.db.insert(bidGroups).values({ userId, winAtMost, wins }).returning();
  await t.db.insert(bidGroupLots).values(
    lots.map((l, position) => ({
      groupId: g!.id,
      auctionId: l.auctionId,
      userId,
      position,
      maxAmountCents: l.maxCents,
      state: l.state,
    })),
  );
  return g!.id;
}

describe('GET /api/me/spending', () => {
  it('is for signed-in shoppers only', async () => {
    const res = await t.app.inject({ url: API.meSpending });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('auth_required');
  });

  it("Winning now: the lots led with the reserve met, all-in as the cart would charge them; At most: every maximum, a group's N largest", async () => {
    const me = await shopper();
    const other = asSession(await makeUser(t.db));
    const leading = await lot({}, 'Leading Lamp');
    const belowReserve = await lot({ reservePriceCents: 50_000 }, 'Reserve Rug');
    const outbid = await lot({}, 'Outbid Oven');
    const groupLive = await lot({}, 'Group Grill');
    const groupWaiting = await lot({}, 'Group Gate');
    const groupLost = await lot({ status: 'ended' }, 'Group Gone');

    await bid(me.user, leading.id, '100'); // leads at the starting $10
    await bid(other, leading.id, '20'); // price now $21
    await bid(me.user, belowReserve.id, '200'); // leads, below the $500 reserve
    await bid(me.user, outbid.id, '50');
    await bid(other, outbid.id, '80');
    await bid(me.user, groupLive.id, '300'); // the group's maximum, placed as an ordinary bid
    await group(me.user.id, 1, [
      { auctionId: groupLive.id, maxCents: 30_000, state: 'live' },
      { auctionId: groupWaiting.id, maxCents: 40_000, state: 'waiting' },
      { auctionId: groupLost.id, maxCents: 90_000, state: 'lost' },
    ]);

    const s = await spending(me);
    // The group's live lot leads with no reserve: it is being won now, at its price.
    const byId = (x: { auctionId: string }, y: { auctionId: string }) =>
      x.auctionId.localeCompare(y.auctionId);
    expect([...s.winningNow.lots].sort(byId)).toEqual(
      [
        {
          auctionId: leading.id,
          title: 'Leading Lamp',
          slug: leading.slug,
          priceCents: 2_100,
          totalCents: total(2_100),
        },
        {
          auctionId: groupLive.id,
          title: 'Group Grill',
          slug: groupLive.slug,
          priceCents: 1_000,
          totalCents: total(1_000),
        },
      ].sort(byId),
    );
    // What the cart charges for those two orders at the shopper's location's rates.
    expect(s.winningNow.totalCents).toBe(priceLines([2_100, 1_000], TAX).totalCents);
    // Ordinary: $100, $200, $50; the group (win 1): only its largest open maximum, $400 (its $300
    // lot's maximum is not counted again as an ordinary one, the lost $900 not at all).
    expect(s.atMost).toEqual({ totalCents: total(10_000, 20_000, 5_000, 40_000), lots: 4 });
    expect(s.limitCents).toBeNull();
  });
});

describe('the spending limit', () => {
  it('is set, shown and removed through the profile, with clear messages for bad input', async () => {
    const me = await shopper();
    for (const [input, code, message] of [
      [
        'lots',
        'spending_limit_invalid',
        'Please enter your spending limit as an amount in dollars, like 500 or 1,250.00.',
      ],
      ['-5', 'spending_limit_invalid', undefined],
      ['1.234', 'spending_limit_invalid', undefined],
      ['0.99', 'spending_limit_too_low', 'The spending limit must be at least $1.00.'],
      ['10000000.01', 'spending_limit_too_high', 'The spending limit can be at most $10,000,000.00.'],
    ] as const) {
      const res = await setLimit(me, input);
      expect(res.statusCode, input).toBe(400);
      expect(res.json().error.code, input).toBe(code);
      if (message) expect(res.json().error.message).toBe(message);
    }
    expect((await spending(me)).limitCents).toBeNull();

    const set = await setLimit(me, '1,250.50');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<z.infer<typeof ProfileUpdateResponse>>()).toMatchObject({
      message: 'Spending limit saved',
      profile: { spendingLimitCents: 125_050 },
    });
    expect((await spending(me)).limitCents).toBe(125_050);

    const removed = await setLimit(me, null);
    expect(removed.json()).toMatchObject({
      message: 'Spending limit removed',
      profile: { spendingLimitCents: null },
    });
    expect((await setLimit(me, '  ')).json().profile.spendingLimitCents).toBeNull();

    const out = await t.app.inject({
      method: 'PATCH',
      url: API.profileSpendingLimit,
      payload: { spendingLimit: '5' },
    });
    expect(out.statusCode).toBe(401);
  });

  it('refuses a maximum that would lift At most above it, naming both; places nothing', async () => {
    const me = await shopper();
    const a = await lot();
    const b = await lot();
    // $100 on a: At most total(10_000) = $115.00 at these rates ($100 + $10 premium + $5 GST).
    await bid(me.user, a.id, '100');
    expect((await setLimit(me, '200')).statusCode).toBe(200);

    // $80 on b would bring At most to $115.00 + $92.00 = $207.00.
    for (let attempt = 0; attempt < 2; attempt++) {
      const err = await refusal(bid(me.user, b.id, '80'));
      expect(err.code).toBe('spending_limit_exceeded');
      expect(err.status).toBe(422);
      expect(err.message).toBe(
        'This would bring the most you could owe to $207.00, above your spending limit of $200.00.',
      );
    }
    expect(await maxBidOf(t.db, b.id, me.user.id)).toBeNull();
    const [row] = await t.db.select().from(auctions).where(eq(auctions.id, b.id));
    expect(row).toMatchObject({ bidCount: 0, leaderUserId: null });

    // Within it: $70 brings it to $115.00 + $80.50 = $195.50.
    await bid(me.user, b.id, '70');
    expect((await spending(me)).atMost).toEqual({ totalCents: total(10_000, 7_000), lots: 2 });

    // Raising a maximum replaces it (it is not added): $100 -> $105 on a is $120.75 + $80.50 = $201.25.
    const raise = await refusal(bid(me.user, a.id, '105'));
    expect(raise.message).toBe(
      'This would bring the most you could owe to $201.25, above your spending limit of $200.00.',
    );
    await bid(me.user, a.id, '103'); // $118.45 + $80.50 = $198.95
    expect(await maxBidOf(t.db, a.id, me.user.id)).toBe(10_300);
  });

  it("counts a group's largest maximums against it, and lowering it touches nothing placed", async () => {
    const me = await shopper();
    const a = await lot();
    const g1 = await lot();
    const g2 = await lot();
    await bid(me.user, a.id, '100');
    await group(me.user.id, 1, [
      { auctionId: g1.id, maxCents: 30_000, state: 'waiting' },
      { auctionId: g2.id, maxCents: 50_000, state: 'waiting' },
    ]);
    const before = await spending(me);
    expect(before.atMost.totalCents).toBe(total(10_000, 50_000));

    // Lowered below what is already placed: saved, and nothing placed changes.
    const res = await setLimit(me, '100');
    expect(res.statusCode, res.body).toBe(200);
    expect(await maxBidOf(t.db, a.id, me.user.id)).toBe(10_000);
    const after = await spending(me);
    expect(after.atMost).toEqual(before.atMost);
    expect(after.limitCents).toBe(10_000);
    const lots = await t.db.select().from(bidGroupLots).where(eq(bidGroupLots.userId, me.user.id));
    expect(lots.map((l) => [l.maxAmountCents, l.state])).toEqual([
      [30_000, 'waiting'],
      [50_000, 'waiting'],
    ]);
    // The next maximum is refused, even a lower one: At most is above the limit already.
    const err = await refusal(bid(me.user, a.id, '101'));
    expect(err.code).toBe('spending_limit_exceeded');
  });

  it('assertWithinSpendingLimit sees the transaction it is given: a group written in it is counted', async () => {
    const me = await shopper();
    const g1 = await lot();
    const g2 = await lot();
    await setLimit(me, '300');
    const err = await refusal(
      t.db.transaction(async (tx) => {
        const [g] = await tx.insert(bidGroups).values({ userId: me.user.id, winAtMost: 1 }).returning();
        await tx.insert(bidGroupLots).values([
          { groupId: g!.id, auctionId: g1.id, userId: me.user.id, position: 0, maxAmountCents: 20_000 },
          { groupId: g!.id, auctionId: g2.id, userId: me.user.id, position: 1, maxAmountCents: 30_000 },
        ]);
        await assertWithinSpendingLimit(tx, me.user.id);
      }),
    );
    // Win 1 of $200 and $300: at most the $300 one, $345.00 at these rates.
    expect(err.message).toBe(
      'This would bring the most you could owe to $345.00, above your spending limit of $300.00.',
    );
    expect(await t.db.select().from(bidGroups).where(eq(bidGroups.userId, me.user.id))).toEqual([]);
    // Without a limit, nothing is refused.
    await setLimit(me, null);
    await t.db.transaction((tx) => assertWithinSpendingLimit(tx, me.user.id));
  });

  it('two changes of one shopper at the same instant are checked in turn: together they never pass it', async () => {
    // Each $100 maximum alone is $115.00 all-in, within $200.00; any two are $230.00, above it.
    const me = await shopper();
    await setLimit(me, '200');
    const lots = [await lot(), await lot(), await lot(), await lot()];
    const outcomes = await Promise.all(
      [
        bid(me.user, lots[0]!.id, '100').then(() => 'bid'),
        bid(me.user, lots[1]!.id, '100').then(() => 'bid'),
        t.app
          .inject({
            method: 'POST',
            url: API.bidGroups,
            headers: { cookie: me.cookie },
            payload: {
              lots: [
                { auctionId: lots[2]!.id, amount: '100' },
                { auctionId: lots[3]!.id, amount: '100' },
              ],
            },
          })
          .then((r) => (r.statusCode === 201 ? 'group' : r.json<{ error: { code: string } }>().error.code)),
      ].map((p) => p.catch((e: unknown) => (e instanceof AppError ? e.code : String(e)))),
    );
    // Exactly one of the three went through; the others were refused by the limit, nothing half-written.
    expect(outcomes.filter((o) => o === 'bid' || o === 'group')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'spending_limit_exceeded')).toHaveLength(2);
    const s = await spending(me);
    expect(s.atMost.totalCents).toBe(total(10_000));
    expect(s.atMost.totalCents).toBeLessThanOrEqual(20_000);
  });
});
