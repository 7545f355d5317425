// Pickup notices: the confirmation written with a booking or a move, and the reminders the
// evening before at 18:00 and an hour before, each once, on several servers at once, never for a
// cancelled or collected pickup. The clock: Monday 2026-06-15 10:50 in Vancouver (PDT, UTC-7).
import type { PickupConfirmedData, PickupReminderData } from '@rebound/contract/pickup';
import { API } from '@rebound/contract/routes';
import { slotIdOf } from '@rebound/core/pickup';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeLocation, subscribePush } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { appointmentRowOf } from '../../../test/pickup-visits';
import { makeOrder } from '../../../test/won-orders';
import { notifications, outbox, pickupSchedules, users } from '../../db/schema';
import { runPickupReminders } from './reminders';

const NOW = new Date('2026-06-15T17:50:00.000Z');
let locationId: string;
let staff: SignedInUser;
const t = useTestApp({ now: NOW }, async (t) => {
  locationId = (
    await makeLocation(t.db, {
      name: 'Burnaby Warehouse',
      addressLine1: '8035 North Fraser Way',
      city: 'Burnaby',
      province: 'BC',
      postalCode: 'V5J 5M8',
    })
  ).id;
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

/** A Vancouver wall-clock time on a June 2026 date (PDT) as an instant. */
const june = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 5, day, hour + 7, minute));
const slotAt = (day: number, hour: number, minute = 0) => slotIdOf(locationId, june(day, hour, minute));

async function paidOrder(userId: string, title = 'Desk Lamp') {
  const { order } = await makeOrder(t.db, {
    now: NOW,
    userId,
    locationId,
    title,
    order: { status: 'paid', paidAt: NOW, totalCents: 12_000 },
  });
  return order;
}

/** Books (or moves) at `at` on the app's clock. */
async function bookAt(at: Date, cookie: string, orderId: string, slotId: string) {
  t.clock.set(at);
  try {
    const res = await t.app.inject({
      method: 'POST',
      url: API.pickupAppointments,
      headers: { cookie },
      payload: { orderId, slotId },
    });
    expect(res.statusCode, res.body).toBe(200);
  } finally {
    t.clock.set(NOW);
  }
}

const run = (at: Date) => runPickupReminders(t.db, at, async () => {});

async function outboxOf(userId: string, template: string) {
  return t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.template, template)));
}

async function remindersOf(userId: string, which?: 'day_before' | 'hour_before') {
  const rows = await t.db.select().from(notifications).where(eq(notifications.userId, userId));
  return rows.filter(
    (n) =>
      n.message.startsWith('Reminder: your pickup') &&
      (which === undefined || n.message.includes(which === 'day_before' ? 'tomorrow' : 'in about an hour')),
  );
}

describe('the pickup confirmation', () => {
  it('goes in-app and by email, SMS and push with the booking, and again (moved) with a move', async () => {
    const ava = await signedInUser(t);
    await subscribePush(t.db, ava.user.id);
    const order = await paidOrder(ava.user.id, 'Walnut Side Table');
    await bookAt(NOW, ava.cookie, order.id, slotAt(17, 14));

    const [notice] = await t.db.select().from(notifications).where(eq(notifications.userId, ava.user.id));
    const appointment = await appointmentRowOf(t.db, order.id);
    const code = appointment!.shortCode!;
    expect(notice).toMatchObject({
      kind: 'auction_won',
      targetUrl: '/account?tab=appointments',
      message: `Your pickup of Walnut Side Table is booked for Wednesday, June 17, 2026, 2:00 – 2:30 p.m. PT at Burnaby Warehouse. Show pickup code ${code.slice(0, 3)}-${code.slice(3)} and a photo ID at the desk.`,
    });
    const sent = await outboxOf(ava.user.id, 'pickup_confirmed');
    // 'auction_won' defaults: email, SMS and push.
    expect(sent.map((m) => m.channel).sort()).toEqual(['email', 'push', 'sms']);
    const data = sent[0]!.payload as PickupConfirmedData;
    expect(data).toMatchObject({
      orderId: order.id,
      shortCode: code,
      qrPayload: `REBOUND-PICKUP:${code}`,
      slotStartsAt: june(17, 14).toISOString(),
      timeLabel: '2:00 – 2:30 p.m. PT',
      dateLabel: 'Wednesday, June 17, 2026',
      locationName: 'Burnaby Warehouse',
      locationAddress: '8035 North Fraser Way, Burnaby, BC V5J 5M8',
      appointmentsUrl: '/account?tab=appointments',
      moved: false,
    });

    await bookAt(NOW, ava.cookie, order.id, slotAt(18, 11));
    const after = await outboxOf(ava.user.id, 'pickup_confirmed');
    const moved = after.filter((m) => (m.payload as PickupConfirmedData).moved);
    expect(moved).toHaveLength(3);
    expect(moved[0]!.payload).toMatchObject({ timeLabel: '11:00 – 11:30 a.m. PT', moved: true });
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, ava.user.id));
    expect(
      notices.map((n) => n.message).filter((m) => m.includes('has moved to Thursday, June 18')),
    ).toHaveLength(1);
  });

  it("follows the shopper's settings for email, SMS and push (the in-app notice is always written)", async () => {
    const ben = await signedInUser(t);
    await t.db
      .update(users)
      .set({ notificationSettings: { auction_won: { email: false, sms: false, push: false } } })
      .where(eq(users.id, ben.user.id));
    const order = await paidOrder(ben.user.id);
    await bookAt(NOW, ben.cookie, order.id, slotAt(17, 15));
    expect(await outboxOf(ben.user.id, 'pickup_confirmed')).toEqual([]);
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, ben.user.id));
    expect(notices).toHaveLength(1);
  });
});

describe('pickup reminders', () => {
  it('remind at 18:00 the evening before and an hour before, each once, even when run twice or at once', async () => {
    const ava = await signedInUser(t);
    await subscribePush(t.db, ava.user.id);
    const order = await paidOrder(ava.user.id);
    // Wednesday 17 June 14:00: the evening before is Tuesday 16 June 18:00 PDT (17 June 01:00Z).
    await bookAt(NOW, ava.cookie, order.id, slotAt(17, 14));

    await run(NOW);
    await run(june(16, 17, 59));
    expect(await remindersOf(ava.user.id)).toEqual([]);

    await run(june(16, 18));
    await run(june(16, 18));
    await Promise.all([run(june(16, 18, 1)), run(june(16, 18, 1)), run(june(16, 18, 2))]);
    expect(await remindersOf(ava.user.id, 'day_before')).toHaveLength(1);
    const day = await outboxOf(ava.user.id, 'pickup_reminder');
    expect(day.map((m) => m.channel).sort()).toEqual(['email', 'push', 'sms']);
    expect(day[0]!.payload).toMatchObject({
      orderId: order.id,
      which: 'day_before',
      dateLabel: 'Wednesday, June 17, 2026',
      timeLabel: '2:00 – 2:30 p.m. PT',
      appointmentsUrl: '/account?tab=appointments',
    } satisfies Partial<PickupReminderData>);

    await run(june(17, 12, 59));
    expect(await remindersOf(ava.user.id, 'hour_before')).toEqual([]);
    await Promise.all([run(june(17, 13)), run(june(17, 13)), run(june(17, 13, 1))]);
    await run(june(17, 13, 30));
    expect(await remindersOf(ava.user.id, 'hour_before')).toHaveLength(1);
    expect(await remindersOf(ava.user.id)).toHaveLength(2);
    const stamped = await appointmentRowOf(t.db, order.id);
    expect(stamped?.reminderDayBeforeSentAt).toEqual(june(16, 18));
    // Whichever of the concurrent runs claimed it first stamped it.
    expect([june(17, 13).getTime(), june(17, 13, 1).getTime()]).toContain(
      stamped?.reminderHourBeforeSentAt?.getTime(),
    );
    await run(june(17, 14, 5));
    expect(await remindersOf(ava.user.id)).toHaveLength(2);
  });

  it('skip a reminder whose time had come when the pickup was booked or moved; a move starts both again', async () => {
    const ava = await signedInUser(t);
    const late = await paidOrder(ava.user.id);
    // Booked Tuesday 19:00 for Wednesday 12:00: no evening-before reminder, the hour-before one comes.
    await bookAt(june(16, 19), ava.cookie, late.id, slotAt(17, 12));
    await run(june(16, 19, 1));
    expect(await remindersOf(ava.user.id)).toEqual([]);
    await run(june(17, 11));
    expect(await remindersOf(ava.user.id, 'hour_before')).toHaveLength(1);

    const bob = await signedInUser(t);
    const order = await paidOrder(bob.user.id);
    await bookAt(NOW, bob.cookie, order.id, slotAt(17, 16));
    await run(june(16, 18));
    expect(await remindersOf(bob.user.id, 'day_before')).toHaveLength(1);
    // Moved Tuesday 20:00 to Thursday 10:00: Thursday's evening-before reminder (Wednesday 18:00) comes.
    await bookAt(june(16, 20), bob.cookie, order.id, slotAt(18, 10));
    await run(june(17, 15)); // the old slot's hour-before time: nothing for the old slot
    expect(await remindersOf(bob.user.id)).toHaveLength(1);
    await run(june(17, 18));
    expect(await remindersOf(bob.user.id, 'day_before')).toHaveLength(2);
    // Moved again Wednesday 19:00 to Thursday 11:00: its evening-before time has passed.
    await bookAt(june(17, 19), bob.cookie, order.id, slotAt(18, 11));
    await run(june(17, 19, 1));
    expect(await remindersOf(bob.user.id, 'day_before')).toHaveLength(2);
    await run(june(18, 10));
    expect(await remindersOf(bob.user.id, 'hour_before')).toHaveLength(1);
  });

  it('send nothing for a cancelled or a collected pickup', async () => {
    const ava = await signedInUser(t);
    const cancelled = await paidOrder(ava.user.id);
    const collected = await paidOrder(ava.user.id);
    await bookAt(NOW, ava.cookie, cancelled.id, slotAt(19, 10));
    await bookAt(NOW, ava.cookie, collected.id, slotAt(19, 10, 30));
    const res = await t.app.inject({
      method: 'DELETE',
      url: API.pickupAppointment(cancelled.id),
      headers: { cookie: ava.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const done = await t.app.inject({
      method: 'POST',
      url: API.adminPickupComplete(collected.id),
      headers: { cookie: staff.cookie },
      // Collected before the day it was booked for, on purpose.
      payload: { idChecked: true, early: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    await run(june(18, 18));
    await run(june(19, 9, 45));
    expect(await remindersOf(ava.user.id)).toEqual([]);
    expect(await outboxOf(ava.user.id, 'pickup_reminder')).toEqual([]);
  });
});
