// The staff's Signals page over recorded facts (docs/product.md "Signals of unfair bidding"): a ring
// (two accounts signed in from one browser, one pushing the other's prices on the same lots) and a
// scripted bidder fire; honest bidders raise nothing; a review quiets an account until something
// new fires; only staff may look or mark.
import type { AuditResponse } from '@rebound/contract/admin';
import type { SignalsResponse } from '@rebound/contract/admin-signals';
import { API } from '@rebound/contract/routes';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeAuction, makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { bidPlacements } from '../../db/schema';
import { placeMaxInTransaction } from '../bidding';

let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

const as = (who: SignedInUser) => ({ cookie: who.cookie });
const bid = async (who: SignedInUser, auctionId: string, dollars: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: API.auctionBids(auctionId),
    headers: as(who),
    payload: { amount: String(dollars) },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const lot = async (title: string, endInMin = 30) =>
  (
    await makeAuction(t.db, {
      now: t.clock.now(),
      locationId,
      product: { title },
      auction: { startingBidCents: 1_000, endTime: new Date(t.clock.now().getTime() + endInMin * 60_000) },
    })
  ).auction;
const signals = async (who: SignedInUser) => {
  const res = await t.app.inject({ method: 'GET', url: API.adminSignals, headers: as(who) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SignalsResponse>();
};
const deviceCookie = (setCookie: string | string[] | undefined) =>
  ([] as string[])
    .concat(setCookie ?? [])
    .find((c) => c.startsWith('rebound.device='))
    ?.split(';')[0];
/** Signs `who` in from `address` with the browser's device cookie (if any); answers that cookie. */
const signInFrom = async (who: SignedInUser, address: string, device?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: API.authSignIn,
    payload: { email: who.user.email, password: 'correct-horse-battery' },
    remoteAddress: address,
    ...(device ? { headers: { cookie: device } } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return device ?? deviceCookie(res.headers['set-cookie'])!;
};

describe('signals of unfair bidding', () => {
  it('a ring on one device and a scripted bidder fire; honest bidders raise none; a review quiets until something new', async () => {
    const staff = await signedInUser(t, { role: 'staff' });
    const winner = await signedInUser(t, { handle: 'ringwinner' });
    const pusher = await signedInUser(t, { handle: 'ringpusher' });
    const script = await signedInUser(t, { handle: 'scripted' });
    const honest = [await signedInUser(t), await signedInUser(t)] as const;
    // One browser signs in both accounts of the ring.
    const device = await signInFrom(winner, '203.0.113.50');
    await signInFrom(pusher, '198.51.100.77', device);

    // Four lots: the winner's maximum $15; the pusher raises at the minimum three times and stops
    // at $15, where the winner's earlier maximum holds.
    const ringLots = [];
    for (let i = 0; i < 4; i++) {
      const a = await lot(`Ring lot ${i}`);
      ringLots.push(a);
      await bid(winner, a.id, 15);
      for (const dollars of [11, 13, 15]) {
        t.clock.advance(2_000 + i * 700 + dollars * 130);
        await bid(pusher, a.id, dollars);
      }
    }
    // The honest: two people bidding against each other at their own pace, one lot each way.
    const open = await lot('Honest lot', 90);
    await bid(honest[0], open.id, 20);
    t.clock.advance(47_000);
    await bid(honest[1], open.id, 25);
    t.clock.advance(3 * 60_000 + 11_000);
    await bid(honest[0], open.id, 32);
    await bid(honest[1], ringLots[0]!.id, 40);
    // The script: ten raises exactly a minute apart.
    const scripted = await lot('Scripted lot', 90);
    for (let n = 0; n < 10; n++) {
      if (n > 0) t.clock.advance(60_000);
      await bid(script, scripted.id, 11 + n);
    }

    // What each maximum recorded: the minimum and the increment then, who led after.
    const placed = await t.db
      .select()
      .from(bidPlacements)
      .where(eq(bidPlacements.auctionId, ringLots[1]!.id))
      .orderBy(asc(bidPlacements.seq));
    expect(placed.map((p) => [p.userId, p.maxCents, p.minimumCents, p.stepCents, p.leaderAfter])).toEqual([
      [winner.user.id, 1_500, 1_000, 100, winner.user.id],
      [pusher.user.id, 1_100, 1_100, 100, winner.user.id],
      [pusher.user.id, 1_300, 1_300, 100, winner.user.id],
      [pusher.user.id, 1_500, 1_500, 100, winner.user.id],
    ]);

    // The ring's lots end.
    t.clock.advance(40 * 60_000);
    const first = await signals(staff);
    const byHandle = new Map(first.items.map((a) => [a.account.handle, a]));
    expect([...byHandle.keys()].sort()).toEqual(['ringpusher', 'ringwinner', 'scripted']);
    expect(first.items[0]!.account.handle).toBe('ringpusher');
    const kinds = (h: string) =>
      byHandle
        .get(h)!
        .signals.map((s) => s.kind)
        .sort();
    expect(kinds('ringpusher')).toEqual(['linked_bidders', 'losing_to_same', 'price_pushing']);
    expect(kinds('ringwinner')).toEqual(['linked_bidders']);
    expect(kinds('scripted')).toEqual(['scripted_spacing']);
    expect(first.windowDays).toBe(30);

    // Evidence by name and lot: the linked account and what is shared, never the device or address.
    const linked = byHandle.get('ringpusher')!.signals.find((s) => s.kind === 'linked_bidders')!;
    expect(linked.accounts.map((a) => [a.handle, a.email])).toEqual([['ringwinner', winner.user.email]]);
    expect(linked.shared).toEqual(['device']);
    expect(linked.lots.map((l) => l.title).sort()).toEqual(ringLots.map((_, i) => `Ring lot ${i}`));
    const pushing = byHandle.get('ringpusher')!.signals.find((s) => s.kind === 'price_pushing')!;
    expect(pushing.lots[0]!.bids.some((b) => b.handle === 'ringpusher' && b.maxCents === 1_100)).toBe(true);
    const text = JSON.stringify(first);
    expect(text).not.toContain('203.0.113');
    expect(text).not.toContain('198.51.100');
    expect(text).not.toContain(device.split('=')[1]);

    // Marked reviewed: quiet, listed after the loud ones, with an audit entry.
    const mark = await t.app.inject({
      method: 'POST',
      url: API.adminSignalReviewed(pusher.user.id),
      headers: as(staff),
    });
    expect(mark.statusCode, mark.body).toBe(200);
    const second = await signals(staff);
    const last = second.items[second.items.length - 1]!;
    expect(last.account.handle).toBe('ringpusher');
    expect(last.quiet).toBe(true);
    expect(last.signals.every((s) => s.quiet)).toBe(true);
    const audit = await t.app.inject({ method: 'GET', url: `${API.adminAudit}?q=`, headers: as(staff) });
    const entry = audit.json<AuditResponse>().items.find((e) => e.action === 'user.signals_reviewed');
    expect(entry?.entityId).toBe(pusher.user.id);
    expect(entry?.actor?.id).toBe(staff.user.id);

    // Something new: the ring meets on another lot. Loud again.
    t.clock.advance(60_000);
    const again = await lot('Ring lot again');
    await bid(winner, again.id, 30);
    t.clock.advance(9_000);
    await bid(pusher, again.id, 11);
    const third = await signals(staff);
    const back = third.items.find((a) => a.account.handle === 'ringpusher')!;
    expect(back.quiet).toBe(false);
    expect(back.signals.find((s) => s.kind === 'linked_bidders')!.quiet).toBe(false);
    expect(back.signals.find((s) => s.kind === 'price_pushing')!.quiet).toBe(true);
  });

  it('a bid group places through placeMaxInTransaction: its maximum is recorded too', async () => {
    const who = await signedInUser(t);
    const a = await lot('Group lot');
    const placed = await t.db.transaction((tx) =>
      placeMaxInTransaction(tx, t.clock, who.user.id, a.id, 1_200),
    );
    expect(placed.ok).toBe(true);
    const rows = await t.db.select().from(bidPlacements).where(eq(bidPlacements.auctionId, a.id));
    expect(rows.map((r) => [r.userId, r.maxCents, r.minimumCents, r.stepCents, r.leaderAfter])).toEqual([
      [who.user.id, 1_200, 1_000, 100, who.user.id],
    ]);
  });

  it('staff only; an unknown account is a clear 404, a malformed id a 400, and neither changes anything', async () => {
    const shopper = await signedInUser(t);
    const staff = await signedInUser(t, { role: 'staff' });
    expect((await t.app.inject({ method: 'GET', url: API.adminSignals })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: API.adminSignals, headers: as(shopper) })).statusCode,
    ).toBe(403);
    const post = (id: string, who?: SignedInUser) =>
      t.app.inject({
        method: 'POST',
        url: API.adminSignalReviewed(id),
        ...(who ? { headers: as(who) } : {}),
      });
    expect((await post(shopper.user.id)).statusCode).toBe(401);
    expect((await post(shopper.user.id, shopper)).statusCode).toBe(403);
    const unknown = await post('00000000-0000-4000-8000-000000000000', staff);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Person not found');
    const malformed = await post('not-a-uuid', staff);
    expect(malformed.statusCode).toBe(400);
    const audit = await t.app.inject({ method: 'GET', url: API.adminAudit, headers: as(staff) });
    expect(
      audit.json<AuditResponse>().items.filter((e) => e.entityId === '00000000-0000-4000-8000-000000000000'),
    ).toEqual([]);
  });
});
