import type {
  AdminOrderDetail,
  AdminOrdersResponse,
  RemoveStrikeResponse,
} from '@rebound/contract/admin-orders';
import type { SchedulePreviewResponse } from '@rebound/contract/pickup';
import { API } from '@rebound/contract/routes';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useWarehouse, weekSchedule } from '../../../test/warehouse';
import { auditLog, orders, pickupSlots, products, refunds, userStrikes, users } from '../../db/schema';

// The back-office's orders on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL):
// search, detail, strike removal and the schedule editor's stranding preview. Every route refuses
// visitors and shoppers. Refunds (through this module's route) are tested in ../refunds/refunds.test.ts.

const NOW = new Date('2026-06-15T18:00:00.000Z');
const { t, w, newKey, shopper, unpaidOrder, paidOrders, get, putSchedule, bookFirstSlot } = useWarehouse(NOW);

describe('every admin orders route refuses visitors and shoppers', () => {
  it('401 without a session, 403 for a shopper, on each route', async () => {
    const u = await shopper();
    const { order } = await unpaidOrder(u);
    const id = order.id;
    const strike = '00000000-0000-4000-8000-000000000001';
    const routes: { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }[] = [
      { method: 'GET', url: API.adminOrders },
      { method: 'GET', url: API.adminOrder(id) },
      { method: 'POST', url: API.adminOrderRefunds(id), payload: { amountCents: 100, reason: 'test it' } },
      { method: 'POST', url: API.adminOrderStrikeRemove(id, strike), payload: { reason: 'test it' } },
      {
        method: 'POST',
        url: API.adminPickupSchedulePreview(w.locationId),
        payload: { hours: [], closedDates: [], minNoticeMinutes: 0 },
      },
    ];
    for (const route of routes) {
      const visitor = await t.app.inject({ ...route, headers: { 'idempotency-key': newKey() } });
      expect(visitor.statusCode, `${route.method} ${route.url}`).toBe(401);
      const asShopper = await t.app.inject({
        ...route,
        headers: { cookie: u.cookie, 'idempotency-key': newKey() },
      });
      expect(asShopper.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    // Nothing was refunded by any of them.
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, id))).toHaveLength(0);
  });
});

describe('search', () => {
  it('finds orders by shopper email or handle, order number, SKU and status, paged and sorted', async () => {
    const zed = await shopper({ handle: `zedsearch${Date.now() % 100000}` });
    const a = await unpaidOrder(zed, 1_000, 'Search Kettle');
    const b = await unpaidOrder(zed, 3_000, 'Search Toaster');
    const [c] = await paidOrders(zed, [2_000]);
    await t.db.update(products).set({ sku: 'SKU-ZED-777' }).where(eq(products.id, b.product.id));

    const byEmail = await get<AdminOrdersResponse>(
      `${API.adminOrders}?q=${encodeURIComponent(zed.user.email)}`,
    );
    expect(byEmail.r.statusCode).toBe(200);
    expect(byEmail.body.total).toBe(3);
    const byHandle = await get<AdminOrdersResponse>(`${API.adminOrders}?q=${zed.user.handle.toUpperCase()}`);
    expect(byHandle.body.items.map((i) => i.id).sort()).toEqual([a.order.id, b.order.id, c!.order.id].sort());
    const byNumber = await get<AdminOrdersResponse>(`${API.adminOrders}?q=%23${a.order.id.slice(0, 8)}`);
    expect(byNumber.body.items.map((i) => i.id)).toEqual([a.order.id]);
    const bySku = await get<AdminOrdersResponse>(`${API.adminOrders}?q=sku-zed-777`);
    expect(bySku.body.items.map((i) => i.id)).toEqual([b.order.id]);
    expect(bySku.body.items[0]!.sku).toBe('SKU-ZED-777');
    const paidOnly = await get<AdminOrdersResponse>(
      `${API.adminOrders}?q=${encodeURIComponent(zed.user.email)}&status=paid`,
    );
    expect(paidOnly.body.items.map((i) => i.id)).toEqual([c!.order.id]);
    expect(paidOnly.body.items[0]).toMatchObject({ statusLabel: 'Payment Received', refundedCents: 0 });

    const sorted = await get<AdminOrdersResponse>(
      `${API.adminOrders}?q=${encodeURIComponent(zed.user.email)}&sort=total&dir=asc&pageSize=2&page=1`,
    );
    expect(sorted.body.total).toBe(3);
    expect(sorted.body.items.map((i) => i.id)).toEqual([a.order.id, c!.order.id]);
    const page2 = await get<AdminOrdersResponse>(
      `${API.adminOrders}?q=${encodeURIComponent(zed.user.email)}&sort=total&dir=asc&pageSize=2&page=2`,
    );
    expect(page2.body.items.map((i) => i.id)).toEqual([b.order.id]);

    const bad = await get(`${API.adminOrders}?status=lost`);
    expect(bad.r.statusCode).toBe(400);
    const likeChars = await get<AdminOrdersResponse>(`${API.adminOrders}?q=%25%25_`);
    expect(likeChars.r.statusCode).toBe(200);
    expect(likeChars.body.total).toBe(0);
  });
});

describe('detail', () => {
  it('tells the order story with payments, refunds and strikes; an unknown order is 404', async () => {
    const u = await shopper();
    const [p] = await paidOrders(u, [5_000]);
    const cancelled = await unpaidOrder(u, 1_000, 'Never paid lamp');
    await t.db
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: NOW })
      .where(eq(orders.id, cancelled.order.id));
    await t.db.insert(userStrikes).values({
      userId: u.user.id,
      orderId: cancelled.order.id,
      reason: 'Not paid within 72 hours: Never paid lamp',
      createdAt: NOW,
    });

    const { r, body } = await get<AdminOrderDetail>(API.adminOrder(p!.order.id));
    expect(r.statusCode, r.body).toBe(200);
    expect(body.order).toMatchObject({
      status: 'paid',
      statusLabel: 'Payment Received',
      totalCents: p!.order.totalCents,
    });
    expect(body.refundableCents).toBe(p!.order.totalCents);
    expect(body.payments).toHaveLength(1);
    expect(body.payments[0]).toMatchObject({
      provider: 'test',
      status: 'paid',
      orderCount: 1,
      refundedCents: 0,
    });
    expect(body.timeline.map((e) => e.kind)).toEqual(['won', 'paid']);
    expect(body.shopper).toMatchObject({ email: u.user.email, activeStrikes: 1 });
    expect(body.strikes).toHaveLength(1);
    expect(body.strikes[0]!.thisOrder).toBe(false);

    const other = await get<AdminOrderDetail>(API.adminOrder(cancelled.order.id));
    expect(other.body.refundableCents).toBe(0);
    expect(other.body.refundBlockedReason).toBe('This order has not been paid.');
    expect(other.body.timeline.map((e) => e.kind)).toEqual(['won', 'cancelled', 'strike']);
    expect(other.body.strikes[0]!.thisOrder).toBe(true);

    const missing = await get(API.adminOrder('00000000-0000-4000-8000-00000000abcd'));
    expect(missing.r.statusCode).toBe(404);
  });
});

describe('strikes', () => {
  async function struck(n: number) {
    const u = await shopper();
    const made = [];
    for (let i = 0; i < n; i++) {
      const { order } = await unpaidOrder(u, 1_000, `Unpaid ${i}`);
      await t.db.update(orders).set({ status: 'cancelled', cancelledAt: NOW }).where(eq(orders.id, order.id));
      const [s] = await t.db
        .insert(userStrikes)
        .values({
          userId: u.user.id,
          orderId: order.id,
          reason: `Not paid within 72 hours: Unpaid ${i}`,
          createdAt: NOW,
        })
        .returning();
      made.push({ order, strike: s! });
    }
    await t.db
      .update(users)
      .set({ strikes: n, ...(n >= 3 ? { status: 'suspended' as const } : {}) })
      .where(eq(users.id, u.user.id));
    return { u, made };
  }
  const remove = (orderId: string, strikeId: string, reason = 'Paid by phone, agreed with the shopper') =>
    t.app.inject({
      method: 'POST',
      url: API.adminOrderStrikeRemove(orderId, strikeId),
      headers: { cookie: w.staff.cookie },
      payload: { reason },
    });

  it('removing one of three lifts the strikes suspension, recounts, audits; removing it again is 404', async () => {
    const { u, made } = await struck(3);
    const res = await remove(made[0]!.order.id, made[0]!.strike.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<RemoveStrikeResponse>();
    expect(body).toMatchObject({ activeStrikes: 2, userStatus: 'active', suspension: 'lifted' });
    expect(body.strike.removedReason).toBe('Paid by phone, agreed with the shopper');
    const [row] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row).toMatchObject({ strikes: 2, status: 'active' });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, u.user.id), eq(auditLog.action, 'strike.remove')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ activeStrikes: 2, suspension: 'lifted' });
    expect((await remove(made[0]!.order.id, made[0]!.strike.id)).statusCode).toBe(404);
    const detail = await get<AdminOrderDetail>(API.adminOrder(made[0]!.order.id));
    expect(detail.body.timeline.map((e) => e.kind)).toContain('strike_removed');
  });

  it('with four strikes one removal keeps the suspension; a hand-made suspension stays; no reason is 400', async () => {
    const four = await struck(4);
    const r = await remove(four.made[0]!.order.id, four.made[0]!.strike.id);
    expect(r.json<RemoveStrikeResponse>()).toMatchObject({
      activeStrikes: 3,
      suspension: 'still_suspended',
      userStatus: 'suspended',
    });

    const three = await struck(3);
    await t.db.insert(auditLog).values({
      actorId: w.staff.user.id,
      action: 'user.suspend',
      entityType: 'user',
      entityId: three.u.user.id,
      reason: 'Abusive messages',
    });
    const kept = await remove(three.made[1]!.order.id, three.made[1]!.strike.id);
    expect(kept.json<RemoveStrikeResponse>()).toMatchObject({
      suspension: 'kept_by_staff',
      userStatus: 'suspended',
    });
    expect((await remove(three.made[2]!.order.id, three.made[2]!.strike.id, '')).statusCode).toBe(400);
    // A strike of another shopper cannot be removed through this order.
    expect((await remove(three.made[2]!.order.id, four.made[1]!.strike.id)).statusCode).toBe(404);
  });
});

// ── Pickup helpers and the stranding preview ────────────────────────────────────────────────────

describe('schedule preview', () => {
  it('lists booked appointments a new schedule would strand, and over-full slots, without saving', async () => {
    await putSchedule();
    const u = await shopper();
    const [p] = await paidOrders(u, [3_000]);
    const { date, slot } = await bookFirstSlot(u, p!.order.id);
    const preview = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: API.adminPickupSchedulePreview(w.locationId),
        headers: { cookie: w.staff.cookie },
        payload: body,
      });

    const same = await preview(weekSchedule());
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<SchedulePreviewResponse>().stranded.filter((s) => s.orderId === p!.order.id)).toEqual(
      [],
    );

    const closed = (await preview(weekSchedule({ closedDates: [date] }))).json<SchedulePreviewResponse>();
    expect(closed.stranded.find((s) => s.orderId === p!.order.id)).toMatchObject({
      reason: 'closed_date',
      date,
      startsAt: slot.startsAt,
      shopperEmail: u.user.email,
    });

    const later = weekSchedule({
      hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        weekday,
        opensAt: '12:00',
        closesAt: '17:00',
        slotMinutes: 30,
        capacity: 4,
      })),
    });
    const moved = (await preview(later)).json<SchedulePreviewResponse>();
    expect(moved.stranded.find((s) => s.orderId === p!.order.id)?.reason).toBe('outside_hours');

    const longer = weekSchedule({
      hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        weekday,
        opensAt: '09:00',
        closesAt: '17:00',
        slotMinutes: 60,
        capacity: 4,
      })),
    });
    expect(
      (await preview(longer)).json<SchedulePreviewResponse>().stranded.some((s) => s.orderId === p!.order.id),
    ).toBe(true);

    // Capacity below what is booked: not stranded, but reported.
    await t.db
      .update(pickupSlots)
      .set({ capacity: 4, bookedCount: 2 })
      .where(eq(pickupSlots.startsAt, new Date(slot.startsAt)));
    const small = weekSchedule({
      hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        weekday,
        opensAt: '09:00',
        closesAt: '17:00',
        slotMinutes: 30,
        capacity: 1,
      })),
    });
    const full = (await preview(small)).json<SchedulePreviewResponse>();
    expect(full.overCapacity.find((s) => s.startsAt === slot.startsAt)).toMatchObject({
      bookedCount: 2,
      capacity: 1,
    });

    // Nothing was saved.
    const now = await t.app.inject({
      method: 'GET',
      url: API.adminPickupSchedule(w.locationId),
      headers: { cookie: w.staff.cookie },
    });
    expect(now.json().schedule.closedDates).toEqual([]);
    const invalid = await preview({ hours: [{ weekday: 9 }], closedDates: [], minNoticeMinutes: 0 });
    expect(invalid.statusCode).toBe(400);
  });
});
