// Bidding limits per account (docs/product.md "Bidding limits"): a limit staff set from the person page,
// the store's new-account rule, staff approval; checked where the bid is decided, refusals write nothing.
import type { PersonDetail } from '@rebound/contract/admin-people';
import { API } from '@rebound/contract/routes';
import { NEW_ACCOUNT_DAYS } from '@rebound/core/bidding-limits';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { maxBidOf } from '../../../test/bidding';
import { makeAuction, makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { auditLog, users } from '../../db/schema';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const t = useTestApp({ now: NOW });
let staff: SignedInUser;
let locationId: string;

beforeAll(async () => {
  staff = await signedInUser(t, { role: 'staff' });
  locationId = (await makeLocation(t.db)).id;
});

const lot = async () =>
  (await makeAuction(t.db, { now: t.clock.now(), locationId, auction: { bidIncrementCents: 100 } })).auction;

const bid = (auctionId: string, amount: string, who: SignedInUser) =>
  t.app.inject({
    method: 'POST',
    url: API.auctionBids(auctionId),
    headers: { cookie: who.cookie },
    payload: { amount },
  });

const staffCall = (method: 'PUT' | 'POST', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { cookie: staff.cookie }, payload });

const auditOf = (id: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)));

describe('a limit staff set', () => {
  it('allows a maximum up to it, refuses one cent above with its words and writes nothing', async () => {
    const ava = await signedInUser(t);
    const set = await staffCall('PUT', API.adminPersonBidLimit(ava.user.id), {
      limit: '250',
      reason: 'New seller friend',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<PersonDetail>().bidding).toMatchObject({
      limitCents: 25_000,
      underNewAccountRule: false,
    });
    const [entry] = await auditOf(ava.user.id, 'user.bid_limit');
    expect(entry).toMatchObject({
      actorId: staff.user.id,
      reason: 'New seller friend',
      after: { bidLimitCents: 25_000 },
    });

    const a = await lot();
    let res = await bid(a.id, '250.01', ava);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'bid_over_limit',
      message: 'Your bidding limit is $250.00; contact us to raise it.',
    });
    expect(await maxBidOf(t.db, a.id, ava.user.id)).toBeNull();
    res = await bid(a.id, '250', ava);
    expect(res.statusCode, res.body).toBe(200);

    // Removed: the account is approved (test accounts are), so no cap holds.
    const removed = await staffCall('PUT', API.adminPersonBidLimit(ava.user.id), { limit: null });
    expect(removed.json<PersonDetail>().bidding.limitCents).toBeNull();
    expect((await bid(a.id, '2,000', ava)).statusCode).toBe(200);
  });

  it('refuses a limit that is not an amount or out of range, changing nothing', async () => {
    const ben = await signedInUser(t);
    for (const [limit, code] of [
      ['abc', 'bid_limit_invalid'],
      ['0.50', 'bid_limit_out_of_range'],
      ['100000.01', 'bid_limit_out_of_range'],
    ] as const) {
      const res = await staffCall('PUT', API.adminPersonBidLimit(ben.user.id), { limit });
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().error.code).toBe(code);
    }
    expect(
      (await staffCall('PUT', API.adminPersonBidLimit(ben.user.id), { limit: '0.50' })).json().error.message,
    ).toBe('The bidding limit must be between $1.00 and $100,000.00.');
    const [row] = await t.db.select().from(users).where(eq(users.id, ben.user.id));
    expect(row!.bidLimitCents).toBeNull();
    expect(await auditOf(ben.user.id, 'user.bid_limit')).toHaveLength(0);
    const shopper = await t.app.inject({
      method: 'PUT',
      url: API.adminPersonBidLimit(ben.user.id),
      headers: { cookie: ben.cookie },
      payload: { limit: '9000' },
    });
    expect(shopper.statusCode).toBe(403);
  });
});

describe('a bid group', () => {
  it('is refused whole when a lot’s maximum is above the limit, before any is placed', async () => {
    const eve = await signedInUser(t);
    await staffCall('PUT', API.adminPersonBidLimit(eve.user.id), { limit: '100' });
    const [a, b] = [await lot(), await lot()];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bid-groups',
      headers: { cookie: eve.cookie },
      payload: {
        lots: [
          { auctionId: a.id, amount: '50' },
          { auctionId: b.id, amount: '100.01' },
        ],
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Your bidding limit is $100.00; contact us to raise it.');
    expect(await maxBidOf(t.db, a.id, eve.user.id)).toBeNull();
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/bid-groups',
      headers: { cookie: eve.cookie },
      payload: {
        lots: [
          { auctionId: a.id, amount: '50' },
          { auctionId: b.id, amount: '100' },
        ],
      },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('the new-account rule', () => {
  it('holds a new account without a confirmed phone, then a young one, until staff approve it', async () => {
    const cam = await signedInUser(t, { newAccountRule: true });
    await t.db
      .update(users)
      .set({ createdAt: new Date(NOW.getTime() - DAY), phoneNumberVerified: false })
      .where(eq(users.id, cam.user.id));
    const a = await lot();
    expect((await bid(a.id, '500', cam)).statusCode).toBe(200);
    let res = await bid(a.id, '500.01', cam);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'bid_limit_confirm_phone',
      message:
        'Until your phone number is confirmed, you can bid up to $500.00. Confirm your phone number in your account, or wait for our approval.',
    });
    expect(await maxBidOf(t.db, a.id, cam.user.id)).toBe(50_000);

    // A confirmed phone: still new (a day old), the words say until when.
    await t.db.update(users).set({ phoneNumberVerified: true }).where(eq(users.id, cam.user.id));
    res = await bid(a.id, '600', cam);
    expect(res.json().error.code).toBe('bid_limit_new_account');
    expect(res.json().error.message).toMatch(
      new RegExp(
        `^New accounts can bid up to \\$500\\.00 in their first ${NEW_ACCOUNT_DAYS} days\\. You can bid more from .+, or sooner once we approve your account\\.$`,
      ),
    );
    const seen = await t.app.inject({
      method: 'GET',
      url: API.adminPerson(cam.user.id),
      headers: { cookie: staff.cookie },
    });
    expect(seen.json<PersonDetail>().bidding).toMatchObject({
      underNewAccountRule: true,
      phoneConfirmed: true,
      approvedAt: null,
      newAccountCapCents: 50_000,
    });

    // Approved from the person page (audited, once): the cap is lifted at once.
    const ok = await staffCall('POST', API.adminPersonApproveBidding(cam.user.id), { reason: 'Called them' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<PersonDetail>().bidding.underNewAccountRule).toBe(false);
    expect(await auditOf(cam.user.id, 'user.approve_bidding')).toHaveLength(1);
    expect((await bid(a.id, '600', cam)).statusCode).toBe(200);
    const again = await staffCall('POST', API.adminPersonApproveBidding(cam.user.id), {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('bid_limit_approval_not_needed');
  });

  it('lets an account with a confirmed phone past its first days bid above the cap without approval', async () => {
    const dee = await signedInUser(t, { newAccountRule: true });
    await t.db
      .update(users)
      .set({ createdAt: new Date(NOW.getTime() - NEW_ACCOUNT_DAYS * DAY), phoneNumberVerified: true })
      .where(eq(users.id, dee.user.id));
    const a = await lot();
    const res = await bid(a.id, '5,000', dee);
    expect(res.statusCode, res.body).toBe(200);
  });
});
