import type { MyOrdersResponse } from '@rebound/contract/orders';
import { API } from '@rebound/contract/routes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { makeOrder } from '../../../test/won-orders';
import {
  orders,
  pickupAppointmentOrders,
  pickupAppointments,
  pickupSlots,
  userStrikes,
} from '../../db/schema';

// GET /api/me/orders: the shopper's own orders (Orders tab) and strikes.

let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db, { name: 'Burnaby Warehouse' })).id;
});
const HOUR = 3_600_000;

async function myOrders(cookie: string) {
  const res = await t.app.inject({ url: API.meOrders, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MyOrdersResponse>();
}

describe('My orders', () => {
  it('asks to sign in when signed out', async () => {
    const res = await t.app.inject({ url: API.meOrders });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'auth_required', message: 'Authentication required' } });
  });

  it("shows only the owner's orders, newest first, with labels, pickup and paid totals", async () => {
    const ava = await signedInUser(t);
    const bob = await signedInUser(t);
    const now = t.clock.now();
    const older = await makeOrder(t.db, {
      now,
      userId: ava.user.id,
      locationId,
      amountCents: 12_345,
      endedAgoMs: 30 * HOUR,
      title: 'Older lamp',
    });
    const newer = await makeOrder(t.db, {
      now,
      userId: ava.user.id,
      locationId,
      amountCents: 5_000,
      endedAgoMs: 2 * HOUR,
      title: 'Newer kettle',
    });
    const bobs = await makeOrder(t.db, { now, userId: bob.user.id, locationId, title: 'Bob chair' });

    // The older one is paid and has a pickup booked.
    await t.db
      .update(orders)
      .set({
        status: 'pickup_scheduled',
        paidAt: now,
        premiumCents: 1852,
        pstCents: 994,
        gstCents: 710,
        totalCents: 15_901,
      })
      .where(eq(orders.id, older.order.id));
    const [slot] = await t.db
      .insert(pickupSlots)
      .values({
        locationId,
        startsAt: new Date('2026-06-17T17:00:00Z'),
        endsAt: new Date('2026-06-17T17:30:00Z'),
        capacity: 4,
        bookedCount: 1,
      })
      .returning();
    const [appt] = await t.db
      .insert(pickupAppointments)
      .values({ slotId: slot!.id, userId: ava.user.id, notes: 'Side door' })
      .returning();
    await t.db.insert(pickupAppointmentOrders).values({ appointmentId: appt!.id, orderId: older.order.id });

    const mine = await myOrders(ava.cookie);
    expect(mine.orders.map((o) => o.id)).toEqual([newer.order.id, older.order.id]);
    const [n, o] = mine.orders;
    expect(n).toMatchObject({
      number: newer.order.id.slice(0, 8),
      product: { title: 'Newer kettle', slug: newer.product.slug, image: { url: expect.any(String) } },
      finalAmountCents: 5_000,
      totalPaidCents: null,
      status: 'pending',
      statusLabel: 'Payment Required',
      needsPayment: true,
      canSchedulePickup: false,
      pickup: null,
      locationName: 'Burnaby Warehouse',
    });
    expect(n!.paymentDueAt).not.toBeNull();
    expect(o).toMatchObject({
      status: 'pickup_scheduled',
      statusLabel: 'Pickup Scheduled',
      totalPaidCents: 15_901,
      needsPayment: false,
      isPickupScheduled: true,
      paymentDueAt: null,
      pickup: { date: '2026-06-17', timeLabel: '10:00 – 10:30 a.m. PT', notes: 'Side door' },
    });
    expect(mine.strikes).toEqual([]);
    expect(mine.biddingSuspended).toBe(false);

    const his = await myOrders(bob.cookie);
    expect(his.orders.map((x) => x.id)).toEqual([bobs.order.id]);
  });

  it('lists strikes; three active ones suspend bidding, a removed one does not count', async () => {
    const u = await signedInUser(t);
    const now = t.clock.now();
    for (let i = 0; i < 3; i++) {
      const { order } = await makeOrder(t.db, {
        now,
        userId: u.user.id,
        locationId,
        order: { status: 'cancelled', cancelledAt: now },
      });
      await t.db
        .insert(userStrikes)
        .values({ userId: u.user.id, orderId: order.id, reason: 'Not paid within 72 hours' });
    }
    const before = await myOrders(u.cookie);
    expect(before.strikes).toHaveLength(3);
    expect(before).toMatchObject({ activeStrikes: 3, biddingSuspended: true });
    expect(before.orders.every((o) => o.statusLabel === 'Cancelled' && !o.needsPayment)).toBe(true);

    await t.db
      .update(userStrikes)
      .set({ removedAt: now, removedReason: 'goodwill' })
      .where(eq(userStrikes.id, before.strikes[0]!.id));
    const after = await myOrders(u.cookie);
    expect(after).toMatchObject({ activeStrikes: 2, biddingSuspended: false });
    expect(after.strikes.filter((s) => s.removedAt !== null)).toHaveLength(1);
  });
});
