import type {
  AppointmentsResponse,
  AvailableSlotsResponse,
  DeskLookupResponse,
  DeskOrderResponse,
  DeskTodayResponse,
  PickupScheduleResponse,
  SchedulePickupResponse,
} from '@rebound/contract/pickup';
import { PICKUP_TEXT } from '@rebound/contract/pickup';
import { API } from '@rebound/contract/routes';
import { slotIdOf } from '@rebound/core/pickup';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { appointmentRowOf } from '../../../test/pickup-visits';
import { makeOrder } from '../../../test/won-orders';
import {
  auctions,
  orders,
  pickupAppointments,
  pickupSchedules,
  pickupSlots,
  products,
} from '../../db/schema';

// Pickup booking: slots, booking under concurrency, moving, cancelling, the Appointments
// tab, the staff schedule and the desk. The clock: Monday 2026-06-15 10:50 in Vancouver (PDT).

const NOW = new Date('2026-06-15T17:50:00.000Z');
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

/** A Vancouver wall-clock time on a June 2026 date (PDT, UTC-7) as a slot id. */
const slotAt = (day: number, hour: number, minute = 0) =>
  slotIdOf(locationId, new Date(Date.UTC(2026, 5, day, hour + 7, minute)));

async function paidOrder(userId: string, over: Partial<typeof orders.$inferInsert> = {}) {
  const { order } = await makeOrder(t.db, {
    now: NOW,
    userId,
    locationId,
    order: { status: 'paid', paidAt: NOW, totalCents: 12_000, ...over },
  });
  return order;
}

function book(cookie: string, orderId: string, slotId: string, notes?: string) {
  return t.app.inject({
    method: 'POST',
    url: API.pickupAppointments,
    headers: { cookie },
    payload: { orderId, slotId, ...(notes !== undefined ? { notes } : {}) },
  });
}

async function slotRow(slotId: string) {
  const startsAt = new Date(
    slotId.replace(/^.*\.(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:00Z'),
  );
  const [row] = await t.db.select().from(pickupSlots).where(eq(pickupSlots.startsAt, startsAt));
  return row;
}

async function appointmentsIn(slotRowId: string) {
  const rows = await t.db.select().from(pickupAppointments).where(eq(pickupAppointments.slotId, slotRowId));
  return rows.filter((r) => r.status === 'scheduled').length;
}

describe('GET pickup slots', () => {
  it('asks to sign in when signed out', async () => {
    const res = await t.app.inject({ url: `${API.pickupSlots}?orderId=${crypto.randomUUID()}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'auth_required', message: 'Authentication required' } });
  });

  it("lists the window's slots from the notice on, and hides other shoppers' orders", async () => {
    const ava = await signedInUser(t);
    const bob = await signedInUser(t);
    const order = await paidOrder(ava.user.id);
    const res = await t.app.inject({
      url: `${API.pickupSlots}?orderId=${order.id}`,
      headers: { cookie: ava.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AvailableSlotsResponse>();
    expect(body.window).toEqual({ firstDate: '2026-06-15', lastDate: '2026-06-22' });
    // Today (10:50 now, 2 hours' notice): from 13:00; Sunday the 21st is closed.
    expect(body.slots['2026-06-15']?.[0]?.timeLabel).toMatch(/^1:00/);
    expect(body.slots['2026-06-21']).toBeUndefined();
    expect(body.slots['2026-06-16']).toHaveLength(16);
    expect(body.slots['2026-06-16']?.[0]).toMatchObject({
      slotId: slotAt(16, 10),
      availableSpots: 4,
      isFull: false,
    });
    expect(body.currentSlotId).toBeNull();

    const other = await t.app.inject({
      url: `${API.pickupSlots}?orderId=${order.id}`,
      headers: { cookie: bob.cookie },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('order_not_found');
  });

  it('refuses an order that cannot be scheduled (pending)', async () => {
    const ava = await signedInUser(t);
    const { order } = await makeOrder(t.db, { now: NOW, userId: ava.user.id, locationId });
    const res = await t.app.inject({
      url: `${API.pickupSlots}?orderId=${order.id}`,
      headers: { cookie: ava.cookie },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('pickup_not_allowed');
    const booked = await book(ava.cookie, order.id, slotAt(16, 10));
    expect(booked.json().error.code).toBe('pickup_not_allowed');
  });
});

describe('POST pickup appointment', () => {
  it('books, shows it in the Appointments tab, moves it and cancels it (freeing the places)', async () => {
    const ava = await signedInUser(t);
    const order = await paidOrder(ava.user.id);
    const res = await book(ava.cookie, order.id, slotAt(17, 14), '  Bringing a van  ');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SchedulePickupResponse>();
    expect(body.message).toBe(PICKUP_TEXT.scheduled);
    expect(body.moved).toBe(false);
    expect(body.appointment).toMatchObject({
      orderNumber: order.id.slice(0, 8),
      orderStatus: 'pickup_scheduled',
      date: '2026-06-17',
      notes: 'Bringing a van',
      relativeDay: 'In 2 days',
      canChange: true,
      storageFeeCents: 0,
    });
    expect(body.appointment.shortCode).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(body.appointment.qrPayload).toBe(`REBOUND-PICKUP:${body.appointment.shortCode}`);
    const first = await slotRow(slotAt(17, 14));
    expect(first?.bookedCount).toBe(1);

    const slots = await t.app.inject({
      url: `${API.pickupSlots}?orderId=${order.id}`,
      headers: { cookie: ava.cookie },
    });
    const listed = slots.json<AvailableSlotsResponse>();
    expect(listed.currentSlotId).toBe(slotAt(17, 14));
    expect(listed.slots['2026-06-17']?.find((s) => s.slotId === slotAt(17, 14))?.availableSpots).toBe(3);

    // The same slot again is refused; another one moves it and frees the old place.
    expect((await book(ava.cookie, order.id, slotAt(17, 14))).json().error.code).toBe('slot_unavailable');
    const moved = await book(ava.cookie, order.id, slotAt(18, 10));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<SchedulePickupResponse>().moved).toBe(true);
    expect(moved.json<SchedulePickupResponse>().appointment.shortCode).toBe(body.appointment.shortCode);
    expect((await slotRow(slotAt(17, 14)))?.bookedCount).toBe(0);
    expect((await slotRow(slotAt(18, 10)))?.bookedCount).toBe(1);

    const tab = await t.app.inject({ url: API.meAppointments, headers: { cookie: ava.cookie } });
    const appointments = tab.json<AppointmentsResponse>().appointments;
    expect(appointments).toHaveLength(1);
    expect(appointments[0]).toMatchObject({
      date: '2026-06-18',
      relativeDay: 'In 3 days',
      amountCents: 12_000,
    });

    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: API.pickupAppointment(order.id),
      headers: { cookie: ava.cookie },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await slotRow(slotAt(18, 10)))?.bookedCount).toBe(0);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.status).toBe('paid');
    const empty = await t.app.inject({ url: API.meAppointments, headers: { cookie: ava.cookie } });
    expect(empty.json<AppointmentsResponse>().appointments).toEqual([]);
    // Bookable again after cancelling.
    expect((await book(ava.cookie, order.id, slotAt(18, 10))).statusCode).toBe(200);
  });

  it("refuses others' orders, made-up slots, closed days, too-soon and out-of-window slots", async () => {
    const ava = await signedInUser(t);
    const bob = await signedInUser(t);
    const order = await paidOrder(ava.user.id);
    const cases: [string, string][] = [
      [slotAt(16, 10, 10), 'slot_unavailable'], // 10:10 is not a slot the schedule makes
      [slotAt(21, 12), 'slot_unavailable'], // Sunday
      [slotAt(15, 12), 'slot_unavailable'], // an hour from now: inside the 2-hour notice
      [slotAt(15, 10), 'slot_unavailable'], // past
      [slotAt(23, 12), 'slot_unavailable'], // after the window
      [slotIdOf(crypto.randomUUID(), new Date('2026-06-16T17:00:00Z')), 'slot_unavailable'],
    ];
    for (const [slotId, code] of cases) {
      const res = await book(ava.cookie, order.id, slotId);
      expect(res.statusCode, `${slotId} ${res.body}`).toBe(409);
      expect(res.json().error.code).toBe(code);
    }
    const garbled = await book(ava.cookie, order.id, 'not-a-slot');
    expect(garbled.statusCode).toBe(400);
    const stolen = await book(bob.cookie, order.id, slotAt(16, 11));
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe('order_not_found');
    const signedOut = await t.app.inject({
      method: 'POST',
      url: API.pickupAppointments,
      payload: { orderId: order.id, slotId: slotAt(16, 11) },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('50 simultaneous bookings of a 4-place slot: exactly 4 booked, 46 told it is full', async () => {
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => signedInUser(t)));
    const orderIds: string[] = [];
    for (const s of shoppers) orderIds.push((await paidOrder(s.user.id)).id);
    const slotId = slotAt(19, 15);
    const results = await Promise.all(shoppers.map((s, i) => book(s.cookie, orderIds[i]!, slotId)));
    const codes = results.map((r) => (r.statusCode === 200 ? 'ok' : r.json().error.code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(4);
    expect(codes.filter((c) => c === 'slot_full')).toHaveLength(46);
    const full = results.find((r) => r.statusCode === 409)!;
    expect(full.json().error.message).toBe('That time is now full. Please pick another.');
    const row = await slotRow(slotId);
    expect(row?.bookedCount).toBe(4);
    expect(await appointmentsIn(row!.id)).toBe(4);
    const scheduled = await t.db.select().from(orders).where(eq(orders.status, 'pickup_scheduled'));
    expect(scheduled.filter((o) => orderIds.includes(o.id))).toHaveLength(4);
  }, 60_000);

  it('20 simultaneous moves between two slots keep both within capacity, counts equal to appointments', async () => {
    const a = slotAt(20, 10);
    const b = slotAt(20, 11);
    const people = await Promise.all(Array.from({ length: 7 }, () => signedInUser(t)));
    const booked: { cookie: string; orderId: string; at: string }[] = [];
    for (const [i, p] of people.entries()) {
      const order = await paidOrder(p.user.id);
      const at = i < 4 ? a : b;
      expect((await book(p.cookie, order.id, at)).statusCode).toBe(200);
      booked.push({ cookie: p.cookie, orderId: order.id, at });
    }
    const moves = Array.from({ length: 20 }, (_, i) => booked[i % booked.length]!).map((x) =>
      book(x.cookie, x.orderId, x.at === a ? b : a),
    );
    const results = await Promise.all(moves);
    for (const r of results) expect([200, 409], r.body).toContain(r.statusCode);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    const rowA = (await slotRow(a))!;
    const rowB = (await slotRow(b))!;
    expect(rowA.bookedCount).toBeLessThanOrEqual(4);
    expect(rowB.bookedCount).toBeLessThanOrEqual(4);
    expect(rowA.bookedCount).toBe(await appointmentsIn(rowA.id));
    expect(rowB.bookedCount).toBe(await appointmentsIn(rowB.id));
    expect(rowA.bookedCount + rowB.bookedCount).toBe(7);
  }, 60_000);

  it('refuses to move or cancel once the slot has started', async () => {
    const ava = await signedInUser(t);
    const order = await paidOrder(ava.user.id);
    expect((await book(ava.cookie, order.id, slotAt(15, 14))).statusCode).toBe(200);
    t.clock.set(new Date('2026-06-15T21:05:00Z')); // 14:05 in Vancouver
    try {
      const moved = await book(ava.cookie, order.id, slotAt(16, 14));
      expect(moved.json().error.code).toBe('appointment_started');
      const cancelled = await t.app.inject({
        method: 'DELETE',
        url: API.pickupAppointment(order.id),
        headers: { cookie: ava.cookie },
      });
      expect(cancelled.json().error.code).toBe('appointment_started');
    } finally {
      t.clock.set(NOW);
    }
  });
});

describe('staff: schedule and desk', () => {
  it('refuses shoppers at every staff route', async () => {
    const ava = await signedInUser(t);
    const order = await paidOrder(ava.user.id);
    const routes: [string, string][] = [
      ['GET', API.adminPickupSchedule(locationId)],
      ['PUT', API.adminPickupSchedule(locationId)],
      ['GET', `${API.adminPickupToday}?locationId=${locationId}`],
      ['GET', `${API.adminPickupLookup}?code=ABC234`],
      ['POST', API.adminPickupReady(order.id)],
      ['POST', API.adminPickupComplete(order.id)],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie: ava.cookie },
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      const anon = await t.app.inject({
        method: method as 'GET',
        url,
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('reads and validates the schedule', async () => {
    const got = await t.app.inject({
      url: API.adminPickupSchedule(locationId),
      headers: { cookie: staff.cookie },
    });
    expect(got.statusCode, got.body).toBe(200);
    const body = got.json<PickupScheduleResponse>();
    expect(body.schedule.hours).toHaveLength(6);
    expect(body.schedule.minNoticeMinutes).toBe(120);
    const bad = await t.app.inject({
      method: 'PUT',
      url: API.adminPickupSchedule(locationId),
      headers: { cookie: staff.cookie },
      payload: {
        ...body.schedule,
        hours: [
          { weekday: 1, opensAt: '10:00', closesAt: '12:00', slotMinutes: 30, capacity: 4 },
          { weekday: 1, opensAt: '11:00', closesAt: '13:00', slotMinutes: 30, capacity: 4 },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Opening ranges 1 and 2 overlap.');
    // A valid replacement (kept the same so the other tests' schedule holds), with a closed date.
    const put = await t.app.inject({
      method: 'PUT',
      url: API.adminPickupSchedule(locationId),
      headers: { cookie: staff.cookie },
      payload: { ...body.schedule, closedDates: ['2026-07-01'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<PickupScheduleResponse>().schedule.closedDates).toEqual(['2026-07-01']);
    expect(put.json<PickupScheduleResponse>().updatedAt).not.toBeNull();
  });

  it("shows the day's slots, finds by code or name, stages and hands over", async () => {
    const ava = await signedInUser(t);
    const order = await paidOrder(ava.user.id);
    const res = await book(ava.cookie, order.id, slotAt(16, 16, 30), 'Side door, please');
    const code = res.json<SchedulePickupResponse>().appointment.shortCode!;

    const today = await t.app.inject({
      url: `${API.adminPickupToday}?locationId=${locationId}&date=2026-06-16`,
      headers: { cookie: staff.cookie },
    });
    expect(today.statusCode, today.body).toBe(200);
    const slot = today.json<DeskTodayResponse>().slots.find((s) => s.slotId === slotAt(16, 16, 30));
    expect(slot?.appointments.map((a) => a.orderId)).toContain(order.id);
    // What to stage for the slot: each order's item by title and SKU, with the shopper's notes.
    const [product] = await t.db
      .select({ title: products.title, slug: products.slug })
      .from(products)
      .innerJoin(auctions, eq(auctions.productId, products.id))
      .where(eq(auctions.id, order.auctionId));
    expect(slot?.appointments[0]).toMatchObject({
      orderNumber: order.id.slice(0, 8),
      productTitle: product!.title,
      sku: product!.slug.toUpperCase(),
      deskNotes: null,
      notes: 'Side door, please',
      readyAt: null,
    });
    expect(slot?.toStageCount).toBe(1);

    // Once the catalogue gives the product a SKU and a shelf, the desk shows those.
    await t.db
      .update(products)
      .set({ sku: 'RB-LAMP-0042', deskNotes: 'Aisle 3, shelf B' })
      .where(eq(products.slug, product!.slug));
    const again = await t.app.inject({
      url: `${API.adminPickupToday}?locationId=${locationId}&date=2026-06-16`,
      headers: { cookie: staff.cookie },
    });
    const shelved = again.json<DeskTodayResponse>().slots.find((s) => s.slotId === slotAt(16, 16, 30));
    expect(shelved?.appointments[0]).toMatchObject({ sku: 'RB-LAMP-0042', deskNotes: 'Aisle 3, shelf B' });

    const typed = `${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`;
    const byCode = await t.app.inject({
      url: `${API.adminPickupLookup}?code=${encodeURIComponent(typed)}`,
      headers: { cookie: staff.cookie },
    });
    expect(byCode.json<DeskLookupResponse>().appointments.map((a) => a.orderId)).toEqual([order.id]);
    const byName = await t.app.inject({
      url: `${API.adminPickupLookup}?q=${encodeURIComponent(ava.user.lastName)}`,
      headers: { cookie: staff.cookie },
    });
    expect(byName.json<DeskLookupResponse>().appointments.map((a) => a.orderId)).toContain(order.id);

    const ready = await t.app.inject({
      method: 'POST',
      url: API.adminPickupReady(order.id),
      headers: { cookie: staff.cookie },
    });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json<DeskOrderResponse>().readyAt).not.toBeNull();
    const staged = await t.app.inject({
      url: `${API.adminPickupToday}?locationId=${locationId}&date=2026-06-16`,
      headers: { cookie: staff.cookie },
    });
    const stagedSlot = staged.json<DeskTodayResponse>().slots.find((s) => s.slotId === slotAt(16, 16, 30));
    expect(stagedSlot?.toStageCount).toBe(0);

    const noId = await t.app.inject({
      method: 'POST',
      url: API.adminPickupComplete(order.id),
      headers: { cookie: staff.cookie },
      payload: {},
    });
    expect(noId.statusCode).toBe(400);
    // Today is the 15th and the pickup is booked for the 16th: the desk is told it is early, and a
    // hand-over without saying so on purpose is refused, changing nothing.
    expect(stagedSlot?.appointments[0]?.daysEarly).toBe(1);
    const early = await t.app.inject({
      method: 'POST',
      url: API.adminPickupComplete(order.id),
      headers: { cookie: staff.cookie },
      payload: { idChecked: true },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({
      code: 'pickup_early',
      message:
        'This pickup is booked for Tuesday, June 16, 2026, not today. Confirm the early hand-over to go ahead.',
    });
    const [untouched] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(untouched?.status).toBe('pickup_scheduled');
    const done = await t.app.inject({
      method: 'POST',
      url: API.adminPickupComplete(order.id),
      headers: { cookie: staff.cookie },
      payload: { idChecked: true, early: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<DeskOrderResponse>().orderStatus).toBe('completed');
    const appointment = await appointmentRowOf(t.db, order.id);
    expect(appointment).toMatchObject({ status: 'completed', completedBy: staff.user.id });
    expect(appointment?.completedAt).not.toBeNull();
    const tab = await t.app.inject({ url: API.meAppointments, headers: { cookie: ava.cookie } });
    expect(tab.json<AppointmentsResponse>().appointments[0]).toMatchObject({
      status: 'completed',
      canChange: false,
    });
  });

  it('hands over on the booked day without a word about it, and never calls a late pickup early', async () => {
    const ben = await signedInUser(t);
    const order = await paidOrder(ben.user.id);
    expect((await book(ben.cookie, order.id, slotAt(16, 17))).statusCode).toBe(200);
    const onTheDesk = async () => {
      const day = await t.app.inject({
        url: `${API.adminPickupToday}?locationId=${locationId}&date=2026-06-16`,
        headers: { cookie: staff.cookie },
      });
      const slot = day.json<DeskTodayResponse>().slots.find((s) => s.slotId === slotAt(16, 17));
      return slot?.appointments.find((a) => a.orderId === order.id);
    };
    expect((await onTheDesk())?.daysEarly).toBe(1);
    // The 16th, 8:00 in Vancouver: the day of the appointment, before its time.
    t.clock.set(new Date('2026-06-16T15:00:00.000Z'));
    try {
      expect((await onTheDesk())?.daysEarly).toBe(0);
      const done = await t.app.inject({
        method: 'POST',
        url: API.adminPickupComplete(order.id),
        headers: { cookie: staff.cookie },
        payload: { idChecked: true },
      });
      expect(done.statusCode, done.body).toBe(200);
    } finally {
      t.clock.set(NOW);
    }
  });
});
