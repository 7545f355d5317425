import type { DashboardResponse } from '@rebound/contract/admin-dashboard';
import { API } from '@rebound/contract/routes';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeAuction, makeLocation, makeUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { makeOrder } from '../../../test/won-orders';
import {
  bids,
  checkoutSessions,
  payments,
  pickupAppointmentOrders,
  pickupAppointments,
  pickupSlots,
} from '../../db/schema';

// The dashboard's numbers, from the database, with Vancouver days. The clock:
// Wednesday 2026-06-17 11:00 in Vancouver (PDT, UTC-7); the week is Monday 15 to Sunday 21.

const NOW = new Date('2026-06-17T18:00:00.000Z');
const H = 3_600_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);
let staff: SignedInUser;

const t = useTestApp({ now: NOW }, async (t) => {
  staff = await signedInUser(t, { role: 'staff' });
  const locationId = (await makeLocation(t.db)).id;
  const shopper = await makeUser(t.db, { handle: 'dash_shopper' });

  // Live: one ends today at 15:00 local, one tomorrow; one ended this morning; one scheduled
  // to open at noon and end at 22:00 tonight.
  const { auction: live1 } = await makeAuction(t.db, {
    now: NOW,
    locationId,
    auction: { endTime: at(4 * H) },
  });
  await makeAuction(t.db, { now: NOW, locationId, auction: { endTime: at(24 * H) } });
  await makeAuction(t.db, {
    now: NOW,
    locationId,
    auction: { status: 'ended', startTime: at(-20 * H), endTime: at(-2 * H) },
  });
  await makeAuction(t.db, {
    now: NOW,
    locationId,
    auction: { status: 'scheduled', startTime: at(H), endTime: at(11 * H) },
  });

  // Bids: two in the last hour, one before.
  await t.db.insert(bids).values([
    { auctionId: live1.id, userId: shopper.id, amountCents: 1_100, seq: 1, createdAt: at(-2 * H) },
    { auctionId: live1.id, userId: shopper.id, amountCents: 1_200, seq: 2, createdAt: at(-30 * 60_000) },
    { auctionId: live1.id, userId: shopper.id, amountCents: 1_300, seq: 3, createdAt: at(-1 * 60_000) },
  ]);

  // Unpaid: one due in 5 hours (near), one in 60 hours (not near).
  await makeOrder(t.db, {
    now: NOW,
    userId: shopper.id,
    locationId,
    title: 'Espresso machine',
    order: { paymentDueAt: at(5 * H), totalCents: 12_345 },
  });
  await makeOrder(t.db, { now: NOW, userId: shopper.id, locationId, order: { paymentDueAt: at(60 * H) } });

  // Payments: Monday 09:00 local $100, Wednesday 08:00 local $50 and a refunded one, last Sunday $999.
  const pay = async (paidAt: Date, totalCents: number, status: 'paid' | 'refunded' = 'paid') => {
    const money = { subtotalCents: totalCents, premiumCents: 0, pstCents: 0, gstCents: 0, totalCents };
    const [session] = await t.db
      .insert(checkoutSessions)
      .values({
        userId: shopper.id,
        locationId,
        provider: 'test',
        status: 'paid',
        ...money,
        buyersPremiumBp: 0,
        pstBp: 0,
        gstBp: 0,
        applyTaxesOnPremium: false,
        paidAt,
      })
      .returning();
    await t.db.insert(payments).values({
      checkoutSessionId: session!.id,
      userId: shopper.id,
      provider: 'test',
      providerSessionId: session!.id,
      status,
      ...money,
      paidAt,
    });
  };
  await pay(new Date('2026-06-15T16:00:00.000Z'), 10_000);
  // Monday 22:00 in Vancouver is Tuesday in UTC: it counts on Monday.
  await pay(new Date('2026-06-16T05:00:00.000Z'), 1_000);
  await pay(new Date('2026-06-17T15:00:00.000Z'), 5_000);
  await pay(new Date('2026-06-17T15:30:00.000Z'), 7_000, 'refunded');
  await pay(new Date('2026-06-14T20:00:00.000Z'), 99_900);

  // Pickups: one today at 14:00 local, one tomorrow.
  for (const [startsAt, title] of [
    [at(3 * H), 'Desk lamp'],
    [at(27 * H), 'Tomorrow chair'],
  ] as const) {
    const order = await makeOrder(t.db, {
      now: NOW,
      userId: shopper.id,
      locationId,
      title,
      order: { status: 'paid' },
    });
    const [slot] = await t.db
      .insert(pickupSlots)
      .values({
        locationId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 15 * 60_000),
        capacity: 4,
        bookedCount: 1,
      })
      .returning();
    const [appt] = await t.db
      .insert(pickupAppointments)
      .values({ slotId: slot!.id, userId: shopper.id })
      .returning();
    await t.db.insert(pickupAppointmentOrders).values({ appointmentId: appt!.id, orderId: order.order.id });
  }
});

describe('the dashboard', () => {
  it('answers every number from the database', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: API.adminDashboard,
      headers: { cookie: staff.cookie },
    });
    expect(res.statusCode).toBe(200);
    const d = res.json<DashboardResponse>();
    expect(d.today).toBe('2026-06-17');
    expect(d.liveAuctions).toBe(2);
    expect(d.bidsLastHour).toBe(2);
    expect(d.endingToday).toEqual({ count: 2, nextEndsAt: at(4 * H).toISOString() });
    expect(d.revenueWeek.days.map((x) => x.date)).toEqual([
      '2026-06-15',
      '2026-06-16',
      '2026-06-17',
      '2026-06-18',
      '2026-06-19',
      '2026-06-20',
      '2026-06-21',
    ]);
    expect(d.revenueWeek.days.map((x) => x.cents)).toEqual([11_000, 0, 5_000, 0, 0, 0, 0]);
    expect(d.revenueWeek.totalCents).toBe(16_000);
    expect(d.unpaidNearDeadline.count).toBe(1);
    expect(d.unpaidNearDeadline.items[0]).toMatchObject({
      productTitle: 'Espresso machine',
      handle: 'dash_shopper',
      totalCents: 12_345,
    });
    expect(d.pickupsToday.count).toBe(1);
    expect(d.pickupsToday.items[0]).toMatchObject({ productTitle: 'Desk lamp', status: 'scheduled' });
  });
});
