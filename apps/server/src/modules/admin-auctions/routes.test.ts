import type {
  AdminAuctionDetail,
  AdminAuctionList,
  DropCreated,
  DropList,
} from '@rebound/contract/admin-auctions';
import { API } from '@rebound/contract/routes';
import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeLocation, makeProduct } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { as, HOUR, iso, MIN, staffAuctions } from '../../../test/staff-auctions';
import { auctions, notifications, outbox, products } from '../../db/schema';
import { openDueAuctions } from '../auctions';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const t = useTestApp({ now: NOW });

let staff: SignedInUser;
let staff2: SignedInUser;
let shopper: SignedInUser;
let locationId: string;

beforeAll(async () => {
  staff = await signedInUser(t, { role: 'staff' });
  staff2 = await signedInUser(t, { role: 'staff' });
  shopper = await signedInUser(t);
  locationId = (await makeLocation(t.db)).id;
});

const { settings, post, schedule, auditOf, bid, liveWithBids } = staffAuctions(t, () => ({
  staff,
  locationId,
}));

describe('scheduling one auction', () => {
  it('schedules a draft, puts the product on auction, audits it, and refuses a second one', async () => {
    const product = await makeProduct(t.db, { status: 'draft', title: 'Espresso Machine' });
    const a = await schedule(product.id, { reservePriceCents: 5_000, incrementMode: 'table' });
    expect(a.status).toBe('scheduled');
    expect(a.product.status).toBe('auctioned');
    expect(a.incrementMode).toBe('table');
    expect(a.reservePriceCents).toBe(5_000);
    expect(a.currentPriceCents).toBe(1_000);
    expect(a.can).toEqual({ edit: true, cancel: true, relist: false, offer: false, cancelBids: false });
    expect(await auditOf(a.id, 'auction.create')).toHaveLength(1);

    const again = await post(API.adminAuctions, { ...settings(), productId: product.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('product_not_schedulable');
    expect(again.json().error.message).toContain('Espresso Machine cannot be put up for auction now');
  });

  it('refuses bad schedules with clear messages and changes nothing', async () => {
    const product = await makeProduct(t.db, { status: 'draft' });
    const now = t.clock.now().getTime();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ startTime: iso(now - 10 * MIN) }, 422, 'schedule_start_in_past'],
      [{ endTime: iso(now + 5 * MIN) }, 422, 'schedule_end_before_start'],
      [{ endTime: iso(now - MIN), startTime: iso(now) }, 422, 'schedule_end_in_past'],
      [{ endTime: iso(now + 40 * 24 * HOUR) }, 422, 'schedule_too_long'],
      [{ softCloseSeconds: 601 }, 400, 'validation_failed'],
      [{ startingBidCents: 0 }, 400, 'validation_failed'],
      [{ reservePriceCents: 10_000_001 }, 400, 'validation_failed'],
      [{ locationId: crypto.randomUUID() }, 422, 'auction_location_not_found'],
    ];
    for (const [over, status, code] of cases) {
      const res = await post(API.adminAuctions, { ...settings(over), productId: product.id });
      expect(res.statusCode, JSON.stringify(over)).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
    const missing = await post(API.adminAuctions, { ...settings(), productId: crypto.randomUUID() });
    expect(missing.statusCode).toBe(404);
    const withdrawn = await makeProduct(t.db, { status: 'withdrawn' });
    const w = await post(API.adminAuctions, { ...settings(), productId: withdrawn.id });
    expect(w.json().error.code).toBe('product_not_schedulable');
    const [row] = await t.db.select({ n: count() }).from(auctions).where(eq(auctions.productId, product.id));
    expect(row!.n).toBe(0);
    const [p] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(p!.status).toBe('draft');
  });

  it('a start typed as now becomes now and the auction opens on the next run', async () => {
    const product = await makeProduct(t.db, { status: 'unsold' });
    const a = await schedule(product.id, { startTime: iso(t.clock.now().getTime() - MIN) });
    expect(Date.parse(a.startTime)).toBeGreaterThanOrEqual(t.clock.now().getTime() - 5_000);
    await openDueAuctions(t.db, t.clock.now(), t.app.deps.publish);
    const live = await t.app.inject({ url: API.adminAuction(a.id), headers: as(staff) });
    expect(live.json<AdminAuctionDetail>().status).toBe('live');
    expect(live.json<AdminAuctionDetail>().can.edit).toBe(false);
  });

  it('two staff scheduling the same product at once make one auction', async () => {
    const product = await makeProduct(t.db, { status: 'draft' });
    const [r1, r2] = await Promise.all([
      post(API.adminAuctions, { ...settings(), productId: product.id }, staff),
      post(API.adminAuctions, { ...settings(), productId: product.id }, staff2),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 409]);
    const [row] = await t.db.select({ n: count() }).from(auctions).where(eq(auctions.productId, product.id));
    expect(row!.n).toBe(1);
  });
});

describe('drops', () => {
  it('schedules 20 lots with staggered ends in one go, listed and filterable', async () => {
    const items: Awaited<ReturnType<typeof makeProduct>>[] = [];
    for (let i = 0; i < 20; i++)
      items.push(await makeProduct(t.db, { status: 'draft', title: `Drop lot ${i}` }));
    const now = t.clock.now().getTime();
    const firstEnd = now + 2 * HOUR;
    const res = await post(API.adminDrops, {
      title: 'Friday kitchen drop',
      productIds: items.map((p) => p.id),
      startTime: iso(now + HOUR),
      firstEndTime: iso(firstEnd),
      staggerSeconds: 30,
      startingBidCents: 500,
      incrementMode: 'table',
      softCloseSeconds: 120,
      locationId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const drop = res.json<DropCreated>();
    expect(drop.lots).toHaveLength(20);
    drop.lots.forEach((lot, i) => {
      expect(lot.productId).toBe(items[i]!.id);
      expect(Date.parse(lot.endTime)).toBe(firstEnd + i * 30_000);
    });
    expect(await auditOf(drop.id, 'drop.create')).toHaveLength(1);

    const list = await t.app.inject({
      url: `${API.adminAuctions}?dropId=${drop.id}&sort=end&dir=asc&pageSize=25`,
      headers: as(staff),
    });
    const page = list.json<AdminAuctionList>();
    expect(page.total).toBe(20);
    expect(page.items.map((r) => r.productTitle)).toEqual(items.map((p) => p.title));
    expect(page.items.every((r) => r.dropTitle === 'Friday kitchen drop' && r.status === 'scheduled')).toBe(
      true,
    );

    const drops = await t.app.inject({ url: API.adminDrops, headers: as(staff) });
    expect(drops.json<DropList>().items.find((d) => d.id === drop.id)?.lotCount).toBe(20);

    const search = await t.app.inject({ url: `${API.adminAuctions}?q=lot%2017`, headers: as(staff) });
    expect(search.json<AdminAuctionList>().items.map((r) => r.productTitle)).toEqual(['Drop lot 17']);
  });

  it('a drop with one product that cannot be auctioned saves nothing', async () => {
    const good = await makeProduct(t.db, { status: 'draft' });
    const sold = await makeProduct(t.db, { status: 'sold', title: 'Sold Blender' });
    const now = t.clock.now().getTime();
    const res = await post(API.adminDrops, {
      title: 'Mixed drop',
      productIds: [good.id, sold.id],
      startTime: iso(now + HOUR),
      firstEndTime: iso(now + 2 * HOUR),
      staggerSeconds: 30,
      startingBidCents: 500,
      incrementMode: 'table',
      softCloseSeconds: 60,
      locationId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('Sold Blender');
    const [row] = await t.db
      .select({ n: count() })
      .from(auctions)
      .where(inArray(auctions.productId, [good.id, sold.id]));
    expect(row!.n).toBe(0);
    const dup = await post(API.adminDrops, {
      title: 'Dup drop',
      productIds: [good.id, good.id],
      startTime: iso(now + HOUR),
      firstEndTime: iso(now + 2 * HOUR),
      staggerSeconds: 30,
      startingBidCents: 500,
      incrementMode: 'table',
      locationId,
    });
    expect(dup.statusCode).toBe(400);
  });
});

describe('editing', () => {
  it('edits a scheduled auction, and refuses once it has opened', async () => {
    const product = await makeProduct(t.db, { status: 'draft' });
    const a = await schedule(product.id);
    const put = (body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: API.adminAuction(a.id),
        headers: as(staff),
        payload: body as object,
      });
    const res = await put(settings({ startingBidCents: 2_500, softCloseSeconds: 0 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminAuctionDetail>().startingBidCents).toBe(2_500);
    expect(res.json<AdminAuctionDetail>().currentPriceCents).toBe(2_500);
    const [entry] = await auditOf(a.id, 'auction.update');
    expect(entry?.before).toMatchObject({ startingBidCents: 1_000 });
    expect(entry?.after).toMatchObject({ startingBidCents: 2_500, softCloseSeconds: 0 });

    await t.db.update(auctions).set({ status: 'live' }).where(eq(auctions.id, a.id));
    const late = await put(settings());
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('auction_not_editable');
  });
});

describe('cancelling', () => {
  it('cancels a live auction with bids: bidders told in-app and by email, item back to relist, audited', async () => {
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    const { product, auction } = await liveWithBids([
      [alice, '20'],
      [bob, '30'],
    ]);
    const before = t.clock.now();
    const res = await post(API.adminAuctionCancel(auction.id), { reason: 'Found damaged on the shelf' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<AdminAuctionDetail>();
    expect(detail.status).toBe('cancelled');
    expect(detail.cancelReason).toBe('Found damaged on the shelf');
    expect(detail.cancelledBy).toBe(staff.user.email);
    expect(detail.product.status).toBe('to_relist');
    expect(detail.can.relist).toBe(true);

    const mail = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'auction_cancelled'), eq(outbox.channel, 'email')));
    const mine = mail.filter((m) => m.createdAt >= new Date(before.getTime() - 1_000));
    expect(mine.map((m) => m.recipient).sort()).toEqual([alice.user.email, bob.user.email].sort());
    const inApp = await t.db
      .select()
      .from(notifications)
      .where(inArray(notifications.userId, [alice.user.id, bob.user.id]));
    expect(inApp.filter((n) => n.message.includes('was cancelled: Found damaged'))).toHaveLength(2);
    const [entry] = await auditOf(auction.id, 'auction.cancel');
    expect(entry?.reason).toBe('Found damaged on the shelf');
    expect(entry?.after).toMatchObject({
      status: 'cancelled',
      productStatus: 'to_relist',
      biddersNotified: 2,
    });

    // A bid now is refused; cancelling twice is refused.
    expect((await bid(auction.id, '50', alice)).statusCode).toBe(409);
    const twice = await post(API.adminAuctionCancel(auction.id), { reason: 'Again please' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('auction_not_cancellable');

    // The email renders.
    const { drainOutbox } = await import('../../../test/outbox');
    await drainOutbox(t);
    const [sent] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'auction_cancelled'), eq(outbox.recipient, alice.user.email)));
    expect(sent?.status).toBe('sent');
    void product;
  });

  it('needs a reason; without bids the item goes back to draft', async () => {
    const product = await makeProduct(t.db, { status: 'draft' });
    const a = await schedule(product.id);
    expect((await post(API.adminAuctionCancel(a.id), { reason: '' })).statusCode).toBe(400);
    const res = await post(API.adminAuctionCancel(a.id), { reason: 'Scheduled by mistake' });
    expect(res.json<AdminAuctionDetail>().product.status).toBe('draft');
  });

  it('two staff cancelling at once: one succeeds, one is refused, bidders told once', async () => {
    const carol = await signedInUser(t);
    const { auction } = await liveWithBids([[carol, '15']]);
    const [r1, r2] = await Promise.all([
      post(API.adminAuctionCancel(auction.id), { reason: 'Duplicate listing' }, staff),
      post(API.adminAuctionCancel(auction.id), { reason: 'Duplicate listing' }, staff2),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const rows = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'auction_cancelled'), eq(outbox.recipient, carol.user.email)));
    expect(rows).toHaveLength(1);
    expect(await auditOf(auction.id, 'auction.cancel')).toHaveLength(1);
  });
});

describe('relisting', () => {
  it('relists a cancelled auction once, pointing back at it', async () => {
    const product = await makeProduct(t.db, { status: 'draft' });
    const a = await schedule(product.id);
    await post(API.adminAuctionCancel(a.id), { reason: 'Wrong photos' });
    const res = await post(API.adminAuctionRelist(a.id), settings());
    expect(res.statusCode, res.body).toBe(201);
    const relisted = res.json<AdminAuctionDetail>();
    expect(relisted.relistedFromId).toBe(a.id);
    expect(relisted.status).toBe('scheduled');
    expect((await auditOf(relisted.id, 'auction.relist')).length).toBe(1);
    const again = await post(API.adminAuctionRelist(a.id), settings());
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('auction_not_relistable');
    const old = await t.app.inject({ url: API.adminAuction(a.id), headers: as(staff) });
    expect(old.json<AdminAuctionDetail>().relistedToIds).toEqual([relisted.id]);
  });

  it('refuses to relist a live auction', async () => {
    const product = await makeProduct(t.db, { status: 'draft' });
    const a = await schedule(product.id);
    const res = await post(API.adminAuctionRelist(a.id), settings());
    expect(res.json().error.code).toBe('auction_not_relistable');
  });
});

describe('staff only', () => {
  it('refuses visitors and shoppers on the list', async () => {
    expect((await t.app.inject({ url: API.adminAuctions })).statusCode).toBe(401);
    expect((await t.app.inject({ url: API.adminAuctions, headers: as(shopper) })).statusCode).toBe(403);
    expect((await post(API.adminDrops, {}, shopper)).statusCode).toBe(403);
  });
});
