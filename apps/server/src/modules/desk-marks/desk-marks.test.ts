import type { DeskMarkResponse } from '@rebound/contract/desk-marks';
import { DESK_MARK_PATHS } from '@rebound/contract/desk-marks';
import type { MyOrdersResponse } from '@rebound/contract/orders';
import type { DeskTodayResponse } from '@rebound/contract/pickup';
import { API } from '@rebound/contract/routes';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/auth';
import { paidOrdersAt, shopperAt } from '../../../test/paid-orders';
import { useWarehouse } from '../../../test/warehouse';
import { makeOrder } from '../../../test/won-orders';
import type { PaymentProvider } from '../../adapters/payments/types';
import {
  auditLog,
  deskMarks,
  notifications,
  orders,
  outbox,
  pickupAppointmentOrders,
  pickupAppointments,
  pickupSlots,
  refunds,
} from '../../db/schema';
import * as service from './service';

// The pickup desk's missing and damaged items on a real database (PGlite, and PostgreSQL with
// TEST_DATABASE_URL): the full refund once, marks at once, the shopper's notice, the other items of
// the visit, refused states, and the dashboard's weeks by the shop's dates.

// Monday 2026-06-15, 11:00 a.m. PT.
const NOW = new Date('2026-06-15T18:00:00.000Z');
const { t, w, putSchedule, bookFirstSlot } = useWarehouse(NOW);

const shopper = () => shopperAt(t, w.locationId);

/** Orders paid in one checkout through the built-in test checkout page. */
const paidOrders = async (u: SignedInUser, amounts: number[]) =>
  (await paidOrdersAt(t, u, w.locationId, amounts)).map((p) => p.order);

/** Today's last slot: each order of a visit is booked there (one appointment per order, one time). */
const TODAY_LAST = { date: '2026-06-15', slot: 'last' } as const;

const mark = (orderId: string, payload: Record<string, unknown>, cookie = w.staff.cookie) =>
  t.app.inject({ method: 'POST', url: DESK_MARK_PATHS.mark(orderId), headers: { cookie }, payload });

const outboxOf = (userId: string, template: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.template, template), eq(outbox.channel, 'email')));

describe('marking an item missing or damaged at the desk', () => {
  it('refunds the full amount paid once, frees the place, tells the shopper; the other items still hand over', async () => {
    await putSchedule();
    const u = await shopper();
    const [kettle, lamp] = await paidOrders(u, [12_000, 3_000]);
    for (const o of [kettle!, lamp!]) await bookFirstSlot(u, o.id, TODAY_LAST);
    // Price, premium and taxes as paid.
    expect(kettle!.totalCents).toBeGreaterThan(12_000);

    const res = await mark(kettle!.id, { kind: 'missing', note: 'Not on shelf B4' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<DeskMarkResponse>();
    expect(answer).toMatchObject({
      orderStatus: 'refunded',
      replayed: false,
      mark: {
        kind: 'missing',
        kindLabel: 'Missing',
        note: 'Not on shelf B4',
        refundedCents: kettle!.totalCents,
      },
    });
    expect(answer.message).toBe(`Refunded $${(kettle!.totalCents! / 100).toFixed(2)} to the card.`);

    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, kettle!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amountCents: kettle!.totalCents,
      idempotencyKey: `desk:${kettle!.id}`,
      createdBy: w.staff.user.id,
    });
    expect(rows[0]!.providerRefundId).toBeTruthy();
    const [m] = await t.db.select().from(deskMarks).where(eq(deskMarks.orderId, kettle!.id));
    expect(m).toMatchObject({ kind: 'missing', staffId: w.staff.user.id, refundId: rows[0]!.id });

    const [o] = await t.db.select().from(orders).where(eq(orders.id, kettle!.id));
    expect(o!.status).toBe('refunded');
    // The order's visit, its link now released (docs/decisions/058).
    const [appt] = (
      await t.db
        .select({ appointment: pickupAppointments })
        .from(pickupAppointmentOrders)
        .innerJoin(pickupAppointments, eq(pickupAppointments.id, pickupAppointmentOrders.appointmentId))
        .where(eq(pickupAppointmentOrders.orderId, kettle!.id))
    ).map((r) => r.appointment);
    expect(appt!.status).toBe('cancelled');
    const [slot] = await t.db.select().from(pickupSlots).where(eq(pickupSlots.id, appt!.slotId));
    expect(slot!.bookedCount).toBe(1);

    // The shopper's notice, at once, in the desk's own words (not the generic refund notice).
    expect(await outboxOf(u.user.id, 'desk_mark_refund')).toHaveLength(1);
    expect(await outboxOf(u.user.id, 'refund_issued')).toHaveLength(0);
    const inApp = await t.db.select().from(notifications).where(eq(notifications.userId, u.user.id));
    expect(inApp.map((n) => n.message)).toContainEqual(
      expect.stringContaining('could not be found at the pickup desk'),
    );

    // Audited: the mark and the refund.
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, kettle!.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['desk.mark', 'refund.create']);

    // The lamp of the same visit is handed over as usual.
    const done = await t.app.inject({
      method: 'POST',
      url: API.adminPickupComplete(lamp!.id),
      headers: { cookie: w.staff.cookie },
      payload: { idChecked: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    const [l] = await t.db.select().from(orders).where(eq(orders.id, lamp!.id));
    expect(l!.status).toBe('completed');

    // The shopper's Orders tab shows it refunded, with the reason.
    const mine = await t.app.inject({ method: 'GET', url: API.meOrders, headers: { cookie: u.cookie } });
    expect(mine.statusCode, mine.body).toBe(200);
    const view = mine.json<MyOrdersResponse>().orders.find((x) => x.id === kettle!.id);
    expect(view).toMatchObject({
      status: 'refunded',
      statusLabel: 'Refunded',
      refundNote: `Refunded $${(kettle!.totalCents! / 100).toFixed(2)} in full: the item could not be found at pickup.`,
    });
    // The desk's note is for staff: the shopper never reads it.
    expect(mine.body).not.toContain('shelf B4');
  });

  it("stays in the desk's day list after a refresh, saying what happened to it", async () => {
    await putSchedule();
    const u = await shopper();
    const [drill, lamp] = await paidOrders(u, [8_000, 3_000]);
    for (const o of [drill!, lamp!]) await bookFirstSlot(u, o.id, TODAY_LAST);
    const res = await mark(drill!.id, { kind: 'damaged' });
    expect(res.statusCode, res.body).toBe(200);

    const day = await t.app.inject({
      url: `${API.adminPickupToday}?locationId=${w.locationId}&date=2026-06-15`,
      headers: { cookie: w.staff.cookie },
    });
    expect(day.statusCode, day.body).toBe(200);
    const items = day
      .json<DeskTodayResponse>()
      .slots.flatMap((s) => s.appointments)
      .filter((a) => a.orderId === drill!.id || a.orderId === lamp!.id);
    expect(items.map((a) => [a.orderId, a.orderStatus, a.deskMark?.label ?? null])).toEqual(
      expect.arrayContaining([
        [drill!.id, 'refunded', 'Marked damaged — refunded'],
        [lamp!.id, 'pickup_scheduled', null],
      ]),
    );
    expect(items).toHaveLength(2);
  });

  it('marks at once (two staff, a double click) refund once', async () => {
    const u = await shopper();
    const [o] = await paidOrders(u, [8_000]);
    const calls: string[] = [];
    const provider: PaymentProvider = {
      ...t.app.deps.payments,
      refund: async (paymentId, amount, key) => {
        calls.push(key);
        return t.app.deps.payments.refund(paymentId, amount, key);
      },
    };
    const deps = { db: t.db, clock: t.clock, provider, publish: t.app.deps.publish };
    const staffUser = { ...w.staff.user };
    const answers = await Promise.all([
      service.markItem(deps, staffUser, o!.id, { kind: 'damaged' }),
      service.markItem(deps, staffUser, o!.id, { kind: 'missing' }),
      service.markItem(deps, staffUser, o!.id, { kind: 'damaged' }),
    ]);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.mark.kind)).size).toBe(1);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, o!.id))).toHaveLength(1);
    expect(await t.db.select().from(deskMarks).where(eq(deskMarks.orderId, o!.id))).toHaveLength(1);
    expect(new Set(calls)).toEqual(new Set([`desk:${o!.id}`]));
    expect(await outboxOf(u.user.id, 'desk_mark_refund')).toHaveLength(1);

    // Later, a mark again through the route: the first one's replay, nothing refunded.
    const again = await mark(o!.id, { kind: 'missing' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<DeskMarkResponse>()).toMatchObject({ replayed: true, orderStatus: 'refunded' });
    expect(again.json<DeskMarkResponse>().message).toMatch(/^Already marked: \$/);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, o!.id))).toHaveLength(1);
  });

  it('refuses orders not at the desk, with a clear message, and changes nothing', async () => {
    const u = await shopper();
    const { order: unpaid } = await makeOrder(t.db, {
      now: t.clock.now(),
      userId: u.user.id,
      locationId: w.locationId,
    });
    const r1 = await mark(unpaid.id, { kind: 'missing' });
    expect(r1.statusCode).toBe(409);
    expect(r1.json<{ error: { message: string } }>().error.message).toBe(
      'This order is Payment Required: only a paid order that has not been handed over can be marked missing or damaged.',
    );

    const [handed] = await paidOrders(u, [2_000]);
    const done = await t.app.inject({
      method: 'POST',
      url: API.adminPickupComplete(handed!.id),
      headers: { cookie: w.staff.cookie },
      payload: { idChecked: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    const r2 = await mark(handed!.id, { kind: 'damaged' });
    expect(r2.statusCode).toBe(409);
    expect(r2.json<{ error: { message: string } }>().error.message).toContain('This order is Completed');

    expect((await mark('00000000-0000-4000-8000-000000000001', { kind: 'missing' })).statusCode).toBe(404);
    expect((await mark(handed!.id, { kind: 'lost' })).statusCode).toBe(400);
    expect((await mark(handed!.id, { kind: 'missing' }, u.cookie)).statusCode).toBe(403);
    expect((await mark(handed!.id, { kind: 'missing' }, '')).statusCode).toBe(401);

    expect(await t.db.select().from(deskMarks).where(eq(deskMarks.orderId, unpaid.id))).toHaveLength(0);
    expect(await t.db.select().from(deskMarks).where(eq(deskMarks.orderId, handed!.id))).toHaveLength(0);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, handed!.id))).toHaveLength(0);
    const [h] = await t.db.select().from(orders).where(eq(orders.id, handed!.id));
    expect(h!.status).toBe('completed');
  });
});

describe('a mark and a hand-over of one order at once (two staff screens)', () => {
  const handOver = (orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: API.adminPickupComplete(orderId),
      headers: { cookie: w.staff.cookie },
      payload: { idChecked: true },
    });

  it('refuses the hand-over while the marked item waits for its refund', async () => {
    const u = await shopper();
    const [o] = await paidOrders(u, [4_380]);
    // The provider answers only when let go: the mark has committed, its refund is under way.
    let asked!: () => void;
    const refundAsked = new Promise<void>((r) => {
      asked = r;
    });
    let answer!: () => void;
    const letGo = new Promise<void>((r) => {
      answer = r;
    });
    const provider: PaymentProvider = {
      ...t.app.deps.payments,
      refund: async (paymentId, amount, key) => {
        asked();
        await letGo;
        return t.app.deps.payments.refund(paymentId, amount, key);
      },
    };
    const deps = { db: t.db, clock: t.clock, provider, publish: t.app.deps.publish };
    const marking = service.markItem(deps, { ...w.staff.user }, o!.id, { kind: 'damaged' });
    await refundAsked;

    const res = await handOver(o!.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      'This item was marked damaged at the desk and is being refunded: it cannot be handed over.',
    );
    answer();
    expect((await marking).orderStatus).toBe('refunded');

    const [after] = await t.db.select().from(orders).where(eq(orders.id, o!.id));
    expect(after).toMatchObject({ status: 'refunded', completedAt: null });
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, o!.id))).toHaveLength(1);
  });

  it('raced: each order is either handed over and not refunded, or marked, refunded and not handed over', async () => {
    const u = await shopper();
    const all = await paidOrders(u, [1_000, 1_100, 1_200, 1_300, 1_400, 1_500, 1_600, 1_700]);
    const deps = { db: t.db, clock: t.clock, provider: t.app.deps.payments, publish: t.app.deps.publish };
    const outcomes = await Promise.all(
      all.map(async (o, i) => {
        const mark = () => service.markItem(deps, { ...w.staff.user }, o!.id, { kind: 'missing' });
        // Half start with the mark, half with the hand-over.
        const [a, b] = await Promise.allSettled(
          i % 2 === 0 ? [mark(), handOver(o!.id)] : [handOver(o!.id), mark()],
        );
        const marked = (i % 2 === 0 ? a : b).status === 'fulfilled';
        const handed = (i % 2 === 0 ? b : a) as PromiseSettledResult<{ statusCode: number }>;
        return {
          id: o!.id,
          marked,
          handed: handed.status === 'fulfilled' && handed.value.statusCode === 200,
        };
      }),
    );
    for (const x of outcomes) {
      const [row] = await t.db.select().from(orders).where(eq(orders.id, x.id));
      const paidBack = await t.db.select().from(refunds).where(eq(refunds.orderId, x.id));
      // Exactly one of the two went through.
      expect(x.marked !== x.handed, JSON.stringify(x)).toBe(true);
      if (x.handed) {
        expect(row).toMatchObject({ status: 'completed' });
        expect(paidBack).toHaveLength(0);
        expect(await t.db.select().from(deskMarks).where(eq(deskMarks.orderId, x.id))).toHaveLength(0);
      } else {
        expect(row).toMatchObject({ status: 'refunded', completedAt: null });
        expect(paidBack).toHaveLength(1);
      }
    }
  });
});

describe("the dashboard's weeks", () => {
  it('counts marks per week by the shop dates: 11:30 p.m. PT on a Sunday is in the week it ends', async () => {
    const u = await shopper();
    // Other tests of this file marked items this week: count from what is there already.
    const before = await service.deskMarkWeeks(t.db, NOW);
    const at = async (iso: string, kind: 'missing' | 'damaged') => {
      const { order } = await makeOrder(t.db, {
        now: t.clock.now(),
        userId: u.user.id,
        locationId: w.locationId,
      });
      await t.db
        .insert(deskMarks)
        .values({ orderId: order.id, kind, staffId: w.staff.user.id, createdAt: new Date(iso) });
    };
    // Sunday 2026-06-14, 11:30 p.m. PT (Monday 06:30 UTC): the week of Monday 2026-06-08.
    await at('2026-06-15T06:30:00.000Z', 'missing');
    // Monday 2026-06-15, 12:30 a.m. PT: this week.
    await at('2026-06-15T07:30:00.000Z', 'damaged');
    // Monday 2026-04-27, the first of the 8 weeks, and 11:59 p.m. PT the Sunday before it (outside).
    await at('2026-04-27T17:00:00.000Z', 'damaged');
    await at('2026-04-27T06:59:00.000Z', 'missing');

    const weeks = (await service.deskMarkWeeks(t.db, NOW)).map((w, i) => ({
      weekOf: w.weekOf,
      missing: w.missing - before[i]!.missing,
      damaged: w.damaged - before[i]!.damaged,
    }));
    expect(weeks).toEqual([
      { weekOf: '2026-04-27', missing: 0, damaged: 1 },
      { weekOf: '2026-05-04', missing: 0, damaged: 0 },
      { weekOf: '2026-05-11', missing: 0, damaged: 0 },
      { weekOf: '2026-05-18', missing: 0, damaged: 0 },
      { weekOf: '2026-05-25', missing: 0, damaged: 0 },
      { weekOf: '2026-06-01', missing: 0, damaged: 0 },
      { weekOf: '2026-06-08', missing: 1, damaged: 0 },
      { weekOf: '2026-06-15', missing: 0, damaged: 1 },
    ]);
  });
});
