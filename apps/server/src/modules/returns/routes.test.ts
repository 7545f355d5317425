import type { AdminReturnResponse, AdminReturnsResponse, ReturnResponse } from '@rebound/contract/returns';
import { RETURN_API } from '@rebound/contract/returns-routes';
import { API } from '@rebound/contract/routes';
import { slotIdOf } from '@rebound/core/pickup';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { paidOrdersAt, shopperAt } from '../../../test/paid-orders';
import { makeOrder } from '../../../test/won-orders';
import type { PaymentProvider } from '../../adapters/payments/types';
import {
  auditLog,
  notifications,
  orders,
  outbox,
  pickupSchedules,
  pickupSlots,
  products,
  refunds,
  returnEvents,
  returns,
} from '../../db/schema';
import type { SessionUser } from '../../lib/auth-context';
import { REFUND_RESERVATION_LEASE_MS, resolveReservedRefunds } from '../refunds';
import * as desk from './desk';
import * as jobs from './jobs';

// Returns end to end through the routes (docs/decisions/055). The clock: Monday 2026-06-15 10:50 PT.
// Orders are handed over on Sun Jun 14, so returns run until the end of Sun Jun 21 (PT).
const NOW = new Date('2026-06-15T17:50:00.000Z');
const HANDED = new Date('2026-06-14T18:00:00.000Z');
let locationId: string;
let staff: SignedInUser;
const t = useTestApp({ now: NOW }, async (t) => {
  locationId = (await makeLocation(t.db, { name: 'Burnaby Warehouse' })).id;
  await t.db.insert(pickupSchedules).values(
    [1, 2, 3, 4, 5, 6].map((weekday) => ({
      locationId,
      weekday,
      opensAt: '10:00',
      closesAt: '18:00',
      slotMinutes: 30,
      capacity: 4,
    })),
  );
  staff = await signedInUser(t, { role: 'staff' });
});

// Tests move the clock; each starts at NOW.
beforeEach(() => {
  t.clock.set(NOW);
});

/** Tue Jun 16, 10:00 PT (17:00Z). */
const slotTue10 = () => slotIdOf(locationId, new Date('2026-06-16T17:00:00.000Z'));
const slotWed10 = () => slotIdOf(locationId, new Date('2026-06-17T17:00:00.000Z'));

const shopper = () => shopperAt(t, locationId);

/** An order paid through the test checkout, then handed over at HANDED. */
async function collectedOrder(u: SignedInUser, amountCents = 10_000) {
  const [paid] = await paidOrdersAt(t, u, locationId, [amountCents]);
  const { order, product } = paid!;
  await t.db.update(orders).set({ status: 'completed', completedAt: HANDED }).where(eq(orders.id, order.id));
  const [o] = await t.db.select().from(orders).where(eq(orders.id, order.id));
  return { order: o!, product };
}

/** A collected order without a payment (enough for asking and booking). */
async function unpaidCollected(u: SignedInUser) {
  const { order, product } = await makeOrder(t.db, { now: t.clock.now(), userId: u.user.id, locationId });
  await t.db.update(orders).set({ status: 'completed', completedAt: HANDED }).where(eq(orders.id, order.id));
  return { order, product };
}

const ask = (u: SignedInUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: RETURN_API.meReturns, headers: { cookie: u.cookie }, payload });
const book = (u: SignedInUser, id: string, slotId: string) =>
  t.app.inject({
    method: 'PUT',
    url: RETURN_API.meReturnDropOff(id),
    headers: { cookie: u.cookie },
    payload: { slotId },
  });
const staffPost = (url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: staff.cookie }, ...(payload ? { payload } : {}) });
const ALL_OK = { all_parts_present: true, undamaged: true, matches_listing: true };

async function placesTaken(startsAt: string) {
  const [row] = await t.db
    .select()
    .from(pickupSlots)
    .where(and(eq(pickupSlots.locationId, locationId), eq(pickupSlots.startsAt, new Date(startsAt))));
  return row?.bookedCount ?? 0;
}

describe('a return from request to refund', () => {
  it('requested -> drop_off_booked -> received -> refunded, refunded once when two staff press at once', async () => {
    const u = await shopper();
    const { order, product } = await collectedOrder(u);
    const created = await ask(u, { orderId: order.id, reason: 'damaged', note: 'Cracked screen' });
    expect(created.statusCode, created.body).toBe(201);
    const r = created.json<ReturnResponse>().return;
    expect(r).toMatchObject({ state: 'requested', lastDayLabel: 'Sun, Jun 21', canWithdraw: true });
    expect(r.refundCents).toBe(order.totalCents);

    const booked = await book(u, r.id, slotTue10());
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json<ReturnResponse>().return.state).toBe('drop_off_booked');
    expect(await placesTaken('2026-06-16T17:00:00.000Z')).toBe(1);

    const received = await staffPost(RETURN_API.adminReturnReceive(r.id), {
      checklist: ALL_OK,
      note: 'Box crushed',
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json<AdminReturnResponse>().return).toMatchObject({ state: 'received', canDecide: true });

    const [a, b] = await Promise.all([
      staffPost(RETURN_API.adminReturnRefund(r.id)),
      staffPost(RETURN_API.adminReturnRefund(r.id)),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const made = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(made).toHaveLength(1);
    expect(made[0]!.amountCents).toBe(order.totalCents);
    // The refund's reason (the refund email's 'Reason', the ledger's line) names the item, not an id.
    expect(made[0]!.reason).toBe(`Return of ${product.title} accepted`);
    const refundMail = await t.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.userId, u.user.id), eq(outbox.template, 'refund_issued'), eq(outbox.channel, 'email')),
      );
    expect(refundMail.map((m) => (m.payload as { reason?: string }).reason)).toEqual([
      `Return of ${product.title} accepted`,
    ]);
    expect(JSON.stringify(refundMail[0]!.payload)).not.toContain(r.id.slice(0, 8));
    const [ret] = await t.db.select().from(returns).where(eq(returns.id, r.id));
    expect(ret).toMatchObject({ state: 'refunded', refundId: made[0]!.id });
    const [o] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o!.status).toBe('refunded');
    const [p] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(p!.status).toBe('to_relist');
    expect(p!.deskNotes).toContain('Cracked screen');

    const detail = await t.app.inject({
      method: 'GET',
      url: RETURN_API.meReturn(r.id),
      headers: { cookie: u.cookie },
    });
    expect(detail.json<ReturnResponse>().return.history.map((h) => h.state)).toEqual([
      'requested',
      'drop_off_booked',
      'received',
      'refunded',
    ]);
    const notices = await t.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.userId, u.user.id), eq(outbox.template, 'return_update'), eq(outbox.channel, 'email')),
      );
    expect(notices).toHaveLength(4);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, r.id));
    expect(audits.map((x) => x.action).sort()).toEqual(['return.receive', 'return.refund']);

    // The Orders tab shows it.
    const mine = await t.app.inject({ method: 'GET', url: API.meOrders, headers: { cookie: u.cookie } });
    const view = mine.json<{
      orders: { id: string; returnInfo?: { current: { state: string } | null } }[];
    }>();
    expect(view.orders.find((x) => x.id === order.id)?.returnInfo?.current?.state).toBe('refunded');
  });

  it('refuses with a reason the shopper reads; a kept item goes to relist', async () => {
    const u = await shopper();
    const { order, product } = await unpaidCollected(u);
    const r = (await ask(u, { orderId: order.id, reason: 'changed_mind' })).json<ReturnResponse>().return;
    expect(
      (await staffPost(RETURN_API.adminReturnReceive(r.id), { checklist: { ...ALL_OK, undamaged: false } }))
        .statusCode,
    ).toBe(200);
    // One word tells the shopper nothing they can act on: refused, nothing changes.
    const terse = await staffPost(RETURN_API.adminReturnRefuse(r.id), { reason: 'Damaged', itemKept: true });
    expect(terse.statusCode, terse.body).toBe(400);
    expect(terse.body).toContain('Please say why in a few words: the shopper reads this reason.');
    const [still] = await t.db.select().from(returns).where(eq(returns.id, r.id));
    expect(still!.state).toBe('received');

    const refused = await staffPost(RETURN_API.adminReturnRefuse(r.id), {
      reason: 'Water damage not in listing',
      itemKept: true,
    });
    expect(refused.statusCode, refused.body).toBe(200);
    // The shopper reads why, what happens to the item and what they can do.
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, u.user.id));
    expect(told.map((n) => n.message)).toContainEqual(
      expect.stringMatching(
        /^Return refused for .+: Water damage not in listing\. You left the item with us, so it stays with the shop and no refund is made\. Questions, or think this is wrong\? Write to us from the Contact page/,
      ),
    );
    expect(refused.json<AdminReturnResponse>().return).toMatchObject({
      state: 'refused',
      refusalReason: 'Water damage not in listing',
      itemKept: true,
    });
    const [p] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(p!.status).toBe('to_relist');
    // Settled: no second decision.
    expect((await staffPost(RETURN_API.adminReturnRefund(r.id))).statusCode).toBe(409);
  });
});

describe('a return and an order refund of one order (two staff screens)', () => {
  const orderRefund = (orderId: string, amountCents: number, key: string) =>
    t.app.inject({
      method: 'POST',
      url: API.adminOrderRefunds(orderId),
      headers: { cookie: staff.cookie, 'idempotency-key': key },
      payload: { amountCents, reason: 'Goodwill refund' },
    });

  it("refuses the order page's refund while the return is under way; the return's refund settles the order", async () => {
    const u = await shopper();
    const { order, product } = await collectedOrder(u);
    const r = (await ask(u, { orderId: order.id, reason: 'damaged' })).json<ReturnResponse>().return;

    const early = await orderRefund(order.id, order.totalCents!, 'page-refund-1');
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'refund_return_open',
      message:
        'This order has a return under way (return requested): refund or refuse it from the return, so the two never both pay back.',
    });
    const page = await t.app.inject({ url: API.adminOrder(order.id), headers: { cookie: staff.cookie } });
    expect(page.json<{ refundableCents: number; refundBlockedReason: string }>()).toMatchObject({
      refundableCents: 0,
      refundBlockedReason: expect.stringContaining('This order has a return under way'),
    });

    expect((await staffPost(RETURN_API.adminReturnReceive(r.id), { checklist: ALL_OK })).statusCode).toBe(
      200,
    );
    // Both screens press at once: the return's refund wins, whichever comes first.
    const [fromPage, fromReturn] = await Promise.all([
      orderRefund(order.id, order.totalCents!, 'page-refund-2'),
      staffPost(RETURN_API.adminReturnRefund(r.id)),
    ]);
    expect(fromPage.statusCode, fromPage.body).toBe(409);
    expect(fromReturn.statusCode, fromReturn.body).toBe(200);
    expect(fromReturn.json<AdminReturnResponse>().return.state).toBe('refunded');

    const made = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(made.map((x) => [x.idempotencyKey, x.amountCents])).toEqual([
      [`return:${r.id}`, order.totalCents],
    ]);
    const [o] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o!.status).toBe('refunded');
    const [p] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(p!.status).toBe('to_relist');
  });

  it('a received return held by an amount nothing can pay any more can still be closed', async () => {
    const u = await shopper();
    const { order } = await collectedOrder(u);
    // Refunded in full from the order page, then (as before the two were exclusive) a return that
    // is received with its refund amount fixed.
    expect((await orderRefund(order.id, order.totalCents!, 'page-refund-3')).statusCode).toBe(200);
    const [stuck] = await t.db
      .insert(returns)
      .values({
        orderId: order.id,
        userId: u.user.id,
        state: 'received',
        reason: 'damaged',
        deadline: new Date('2026-06-22T07:00:00.000Z'),
        expiresAt: new Date('2026-06-22T07:00:00.000Z'),
        receivedAt: NOW,
        refundAmountCents: order.totalCents,
      })
      .returning();

    const refund = await staffPost(RETURN_API.adminReturnRefund(stuck!.id));
    expect(refund.statusCode, refund.body).toBe(409);
    expect(refund.json<{ error: { code: string } }>().error.code).toBe('return_nothing_to_refund');
    const refused = await staffPost(RETURN_API.adminReturnRefuse(stuck!.id), {
      reason: 'Already refunded in full from the order page',
      itemKept: true,
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json<AdminReturnResponse>().return.state).toBe('refused');
  });
});

describe('who may return what, and when', () => {
  it('day 8 is refused with the window message', async () => {
    const u = await shopper();
    const { order } = await unpaidCollected(u);
    t.clock.set(new Date('2026-06-22T07:00:00.000Z')); // Mon Jun 22, 00:00 PT
    const res = await ask(u, { orderId: order.id, reason: 'damaged' });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      'Returns for this order closed at the end of Sun, Jun 21 (PT). Items can be returned within 7 days of pickup.',
    );
    expect(await t.db.select().from(returns).where(eq(returns.orderId, order.id))).toHaveLength(0);
  });

  it('Final Sale and As-Is items are refused; a second request for one order is refused', async () => {
    const u = await shopper();
    const { order, product } = await unpaidCollected(u);
    await t.db.update(products).set({ saleTerms: 'final_sale' }).where(eq(products.id, product.id));
    const res = await ask(u, { orderId: order.id, reason: 'damaged' });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'return_final_sale',
      message: 'This item was sold as Final Sale and cannot be returned.',
    });
    await t.db.update(products).set({ saleTerms: 'standard' }).where(eq(products.id, product.id));
    expect((await ask(u, { orderId: order.id, reason: 'damaged' })).statusCode).toBe(201);
    expect((await ask(u, { orderId: order.id, reason: 'damaged' })).statusCode).toBe(409);
  });

  it('bad input is a 400 with a message, never a 500, and saves nothing', async () => {
    const u = await shopper();
    const { order } = await unpaidCollected(u);
    for (const payload of [
      { orderId: order.id, reason: 'nope' },
      { orderId: 'not-a-uuid', reason: 'damaged' },
      { orderId: order.id, reason: 'other', note: 'x'.repeat(1001) },
      {},
    ]) {
      const res = await ask(u, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message.length).toBeGreaterThan(0);
    }
    const r = (await ask(u, { orderId: order.id, reason: 'damaged' })).json<ReturnResponse>().return;
    expect((await book(u, r.id, 'garbage')).statusCode).toBe(400);
    expect(
      (await staffPost(RETURN_API.adminReturnReceive(r.id), { checklist: { undamaged: 'yes' } })).statusCode,
    ).toBe(400);
    expect((await staffPost(RETURN_API.adminReturnRefuse(r.id), { reason: '' })).statusCode).toBe(400);
    const list = await t.app.inject({
      method: 'GET',
      url: `${RETURN_API.adminReturns}?state=bogus`,
      headers: { cookie: staff.cookie },
    });
    expect(list.statusCode).toBe(400);
    // Another shopper's return reads as missing.
    const other = await shopper();
    expect((await book(other, r.id, slotTue10())).statusCode).toBe(404);
  });
});

describe('drop-off places', () => {
  it('20 shoppers booking drop-offs and pickups into one 4-place slot at once: exactly 4', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    const attempts = [];
    for (const [i, u] of people.entries()) {
      if (i % 2 === 0) {
        const { order } = await unpaidCollected(u);
        const r = (await ask(u, { orderId: order.id, reason: 'other' })).json<ReturnResponse>().return;
        attempts.push(() => book(u, r.id, slotWed10()));
      } else {
        const { order } = await makeOrder(t.db, { now: t.clock.now(), userId: u.user.id, locationId });
        await t.db.update(orders).set({ status: 'paid', paidAt: NOW }).where(eq(orders.id, order.id));
        attempts.push(() =>
          t.app.inject({
            method: 'POST',
            url: API.pickupAppointments,
            headers: { cookie: u.cookie },
            payload: { orderId: order.id, slotId: slotWed10() },
          }),
        );
      }
    }
    const results = await Promise.all(attempts.map((go) => go()));
    const ok = results.filter((r) => r.statusCode === 200 || r.statusCode === 201);
    expect(ok).toHaveLength(4);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    expect(await placesTaken('2026-06-17T17:00:00.000Z')).toBe(4);
  });

  it('moving frees the old place; withdrawing frees the place', async () => {
    const u = await shopper();
    const { order } = await unpaidCollected(u);
    const r = (await ask(u, { orderId: order.id, reason: 'other' })).json<ReturnResponse>().return;
    const thu = slotIdOf(locationId, new Date('2026-06-18T18:00:00.000Z'));
    const fri = slotIdOf(locationId, new Date('2026-06-19T18:00:00.000Z'));
    expect((await book(u, r.id, thu)).statusCode).toBe(200);
    expect(await placesTaken('2026-06-18T18:00:00.000Z')).toBe(1);
    expect((await book(u, r.id, fri)).statusCode).toBe(200);
    expect(await placesTaken('2026-06-18T18:00:00.000Z')).toBe(0);
    expect(await placesTaken('2026-06-19T18:00:00.000Z')).toBe(1);
    const w = await t.app.inject({
      method: 'POST',
      url: RETURN_API.meReturnWithdraw(r.id),
      headers: { cookie: u.cookie },
    });
    expect(w.statusCode, w.body).toBe(200);
    expect(w.json<ReturnResponse>().return.state).toBe('withdrawn');
    expect(await placesTaken('2026-06-19T18:00:00.000Z')).toBe(0);
    // Withdrawn is final; a new request may be made.
    expect((await book(u, r.id, thu)).statusCode).toBe(409);
  });

  it('a slot after the deadline is refused', async () => {
    const u = await shopper();
    const { order } = await unpaidCollected(u);
    const r = (await ask(u, { orderId: order.id, reason: 'other' })).json<ReturnResponse>().return;
    const mon22 = slotIdOf(locationId, new Date('2026-06-22T17:00:00.000Z'));
    const res = await book(u, r.id, mon22);
    expect(res.statusCode).toBe(422);
    const slots = await t.app.inject({
      method: 'GET',
      url: RETURN_API.meReturnDropOffSlots(r.id),
      headers: { cookie: u.cookie },
    });
    expect(slots.statusCode, slots.body).toBe(200);
    const keys = Object.keys(slots.json<{ slots: Record<string, unknown> }>().slots);
    expect(keys.every((k) => k <= '2026-06-21')).toBe(true);
    expect(keys.length).toBeGreaterThan(0);
  });
});

describe('jobs', () => {
  it('expires open returns at the deadline (a booked slot plus grace when later) and frees the place', async () => {
    const u = await shopper();
    const { order } = await unpaidCollected(u);
    const r = (await ask(u, { orderId: order.id, reason: 'other' })).json<ReturnResponse>().return;
    expect((await book(u, r.id, slotTue10())).statusCode).toBe(200);
    const deps = { db: t.db, clock: t.clock, provider: t.app.deps.payments, publish: t.app.deps.publish };
    t.clock.set(new Date('2026-06-22T06:59:00.000Z'));
    await jobs.runReturnJobs(deps);
    expect((await t.db.select().from(returns).where(eq(returns.id, r.id)))[0]!.state).toBe('drop_off_booked');
    t.clock.set(new Date('2026-06-22T07:00:00.000Z'));
    const run = await jobs.runReturnJobs(deps);
    expect(run.expired).toBeGreaterThanOrEqual(1);
    expect((await t.db.select().from(returns).where(eq(returns.id, r.id)))[0]!.state).toBe('expired');
    expect(await placesTaken('2026-06-16T17:00:00.000Z')).toBe(0);
    const events = await t.db.select().from(returnEvents).where(eq(returnEvents.returnId, r.id));
    expect(events.map((e) => e.state)).toContain('expired');
  });

  it('a crash between the provider refund and its record: resolveReservedRefunds completes it once, the return follows', async () => {
    const u = await shopper();
    const { order } = await collectedOrder(u, 5_000);
    const r = (await ask(u, { orderId: order.id, reason: 'damaged' })).json<ReturnResponse>().return;
    expect((await staffPost(RETURN_API.adminReturnReceive(r.id), { checklist: ALL_OK })).statusCode).toBe(
      200,
    );
    const real = t.app.deps.payments;
    const calls: string[] = [];
    const crashing: PaymentProvider = {
      ...real,
      refund: async (paymentId, amount, key) => {
        calls.push(key);
        await real.refund(paymentId, amount, key);
        throw new Error('server stopped before recording the refund');
      },
    };
    const recording: PaymentProvider = {
      ...real,
      refund: async (paymentId, amount, key) => {
        calls.push(key);
        return real.refund(paymentId, amount, key);
      },
    };
    const staffUser = { id: staff.user.id } as SessionUser;
    await expect(
      desk.refundReturn(
        { db: t.db, clock: t.clock, provider: crashing, publish: t.app.deps.publish },
        staffUser,
        r.id,
      ),
    ).rejects.toThrow();
    const [reserved] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(reserved!.providerRefundId).toBeNull();
    expect((await t.db.select().from(returns).where(eq(returns.id, r.id)))[0]!.state).toBe('received');

    t.clock.advance(REFUND_RESERVATION_LEASE_MS + 1_000);
    const run = await resolveReservedRefunds({
      db: t.db,
      clock: t.clock,
      provider: recording,
      publish: t.app.deps.publish,
    });
    expect(run.confirmed).toBeGreaterThanOrEqual(1);
    await resolveReservedRefunds({
      db: t.db,
      clock: t.clock,
      provider: recording,
      publish: t.app.deps.publish,
    });
    const settled = await jobs.runReturnJobs({
      db: t.db,
      clock: t.clock,
      provider: recording,
      publish: t.app.deps.publish,
    });
    expect(settled.settled).toBeGreaterThanOrEqual(1);
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.providerRefundId).toBeTruthy();
    expect(calls.filter((k) => k === `return:${r.id}`)).toHaveLength(2);
    expect((await t.db.select().from(returns).where(eq(returns.id, r.id)))[0]!.state).toBe('refunded');
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('refunded');
  });
});

describe('staff list', () => {
  it('filters by state and due today', async () => {
    const u = await shopper();
    const { order } = await unpaidCollected(u);
    const r = (await ask(u, { orderId: order.id, reason: 'other' })).json<ReturnResponse>().return;
    const today = slotIdOf(locationId, new Date('2026-06-15T22:00:00.000Z')); // Mon 15:00 PT
    expect((await book(u, r.id, today)).statusCode).toBe(200);
    const due = await t.app.inject({
      method: 'GET',
      url: `${RETURN_API.adminReturns}?dueToday=true`,
      headers: { cookie: staff.cookie },
    });
    expect(due.statusCode, due.body).toBe(200);
    expect(due.json<AdminReturnsResponse>().items.map((i) => i.id)).toContain(r.id);
    const shopperTry = await t.app.inject({
      method: 'GET',
      url: RETURN_API.adminReturns,
      headers: { cookie: u.cookie },
    });
    expect(shopperTry.statusCode).toBe(403);
  });
});
