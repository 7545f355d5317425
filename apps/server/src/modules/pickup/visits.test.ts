import type {
  AppointmentsResponse,
  AvailableSlotsResponse,
  CancelPickupResponse,
  DeskLookupResponse,
  DeskOrderResponse,
  PickupScheduleResponse,
  SchedulePickupResponse,
} from '@rebound/contract/pickup';
import { PICKUP_TEXT } from '@rebound/contract/pickup';
import { API } from '@rebound/contract/routes';
import { slotIdOf } from '@rebound/core/pickup';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { appointmentRowOf } from '../../../test/pickup-visits';
import { makeOrder } from '../../../test/won-orders';
import {
  locations,
  notifications,
  orders,
  outbox,
  pickupAppointments,
  pickupSchedules,
  pickupSlots,
} from '../../db/schema';
import { runPickupReminders } from './reminders';

// One visit for all wins (docs/decisions/058): one appointment for several paid orders at one
// location, booked, moved and cancelled as one; a slot's capacity counts visits (places), and a visit
// above the location's items limit takes two. The clock: Monday 2026-06-15 10:50 in Vancouver.

const NOW = new Date('2026-06-15T17:50:00.000Z');
let locationId: string;
let otherLocationId: string;
let staff: SignedInUser;
const t = useTestApp({ now: NOW }, async (t) => {
  locationId = (await makeLocation(t.db, { name: 'Burnaby Warehouse' })).id;
  otherLocationId = (await makeLocation(t.db, { name: 'Richmond Depot' })).id;
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

const june = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 5, day, hour + 7, minute));
const slotAt = (day: number, hour: number, minute = 0) => slotIdOf(locationId, june(day, hour, minute));

async function paidOrder(
  userId: string,
  title: string,
  opts: { endedAgoMs?: number; location?: string; status?: 'paid' | 'ready_for_pickup' } = {},
) {
  const { order } = await makeOrder(t.db, {
    now: NOW,
    userId,
    locationId: opts.location ?? locationId,
    title,
    ...(opts.endedAgoMs !== undefined ? { endedAgoMs: opts.endedAgoMs } : {}),
    order: {
      status: opts.status ?? 'paid',
      paidAt: NOW,
      totalCents: 12_000,
      ...(opts.status === 'ready_for_pickup' ? { readyAt: NOW } : {}),
    },
  });
  return order;
}

function bookVisit(cookie: string, orderIds: string[], slotId: string) {
  return t.app.inject({
    method: 'POST',
    url: API.pickupAppointments,
    headers: { cookie },
    payload: { orderIds, slotId },
  });
}

async function slotRowAt(slotId: string) {
  const startsAt = new Date(
    slotId.replace(/^.*\.(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:00Z'),
  );
  const [row] = await t.db.select().from(pickupSlots).where(eq(pickupSlots.startsAt, startsAt));
  return row;
}

async function statusesOf(ids: string[]) {
  const rows = await t.db.select().from(orders).where(inArray(orders.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

describe('a visit of several orders', () => {
  it('books 3 orders in one place, moves them as one, and cancels them back each to its status', async () => {
    const ava = await signedInUser(t);
    const a = await paidOrder(ava.user.id, 'Desk Lamp');
    const b = await paidOrder(ava.user.id, 'Oak Chair', { status: 'ready_for_pickup' });
    const c = await paidOrder(ava.user.id, 'Side Table');
    const ids = [a.id, b.id, c.id];

    const booked = await bookVisit(ava.cookie, ids, slotAt(16, 10));
    expect(booked.statusCode, booked.body).toBe(200);
    const body = booked.json<SchedulePickupResponse>();
    expect(body.appointments).toHaveLength(3);
    expect(new Set(body.appointments.map((v) => v.id)).size).toBe(1);
    expect(body.appointment.visitOrderIds).toEqual([...ids].sort());
    expect(body.moved).toBe(false);
    expect((await slotRowAt(slotAt(16, 10)))!.bookedCount).toBe(1);
    expect(Object.values(await statusesOf(ids))).toEqual([
      'pickup_scheduled',
      'pickup_scheduled',
      'pickup_scheduled',
    ]);
    const visits = await t.db
      .select()
      .from(pickupAppointments)
      .where(eq(pickupAppointments.userId, ava.user.id));
    expect(visits).toHaveLength(1);
    // One confirmation for the visit, naming its items on one line.
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, ava.user.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toMatch(/^Your pickup of .+, .+ and .+ is booked/);
    for (const title of ['Desk Lamp', 'Oak Chair', 'Side Table']) expect(notes[0]!.message).toContain(title);

    // The Appointments tab: three orders sharing one visit.
    const tab = await t.app.inject({ url: API.meAppointments, headers: { cookie: ava.cookie } });
    const views = tab.json<AppointmentsResponse>().appointments;
    expect(views).toHaveLength(3);
    for (const v of views) expect(v.visitOrderIds).toHaveLength(3);

    // Moving by any one order moves the whole visit.
    const moved = await bookVisit(ava.cookie, [b.id], slotAt(17, 11));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<SchedulePickupResponse>().moved).toBe(true);
    expect(moved.json<SchedulePickupResponse>().appointments).toHaveLength(3);
    expect((await slotRowAt(slotAt(16, 10)))!.bookedCount).toBe(0);
    expect((await slotRowAt(slotAt(17, 11)))!.bookedCount).toBe(1);
    expect(
      await t.db.select().from(pickupAppointments).where(eq(pickupAppointments.userId, ava.user.id)),
    ).toHaveLength(1);

    // Cancelling by one order cancels the visit; each order goes back where it was.
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: API.pickupAppointment(c.id),
      headers: { cookie: ava.cookie },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json<CancelPickupResponse>().orderIds).toEqual([...ids].sort());
    // One confirmation of the cancel, naming every item of the visit (docs/decisions/080).
    const cancelled = (
      await t.db.select().from(notifications).where(eq(notifications.userId, ava.user.id))
    ).filter((n) => n.message.includes('is cancelled'));
    expect(cancelled).toHaveLength(1);
    for (const title of ['Desk Lamp', 'Oak Chair', 'Side Table'])
      expect(cancelled[0]!.message).toContain(title);
    const mail = await t.db.select().from(outbox).where(eq(outbox.userId, ava.user.id));
    expect(mail.filter((m) => m.template === 'pickup_cancelled').map((m) => m.channel)).toContain('email');
    expect(await statusesOf(ids)).toEqual({ [a.id]: 'paid', [b.id]: 'ready_for_pickup', [c.id]: 'paid' });
    expect((await slotRowAt(slotAt(17, 11)))!.bookedCount).toBe(0);
    expect(await appointmentRowOf(t.db, a.id)).toBeUndefined();
    // And they can be booked again, together or not.
    expect((await bookVisit(ava.cookie, [a.id, b.id], slotAt(17, 11))).statusCode).toBe(200);
  });

  it("offers only the dates every order's window shares, and refuses a date outside them", async () => {
    const ava = await signedInUser(t);
    // Ended Friday 12 June (window to the 19th) and Monday 15 June (window from the 15th).
    const old = await paidOrder(ava.user.id, 'Old Win', { endedAgoMs: 3 * 24 * 3_600_000 });
    const fresh = await paidOrder(ava.user.id, 'Fresh Win');
    const res = await t.app.inject({
      url: `${API.pickupSlots}?orderIds=${old.id},${fresh.id}`,
      headers: { cookie: ava.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AvailableSlotsResponse>();
    expect(body.window).toEqual({ firstDate: '2026-06-15', lastDate: '2026-06-19' });
    expect(Object.keys(body.slots).at(-1)).toBe('2026-06-19');
    expect(body.orderIds).toEqual([old.id, fresh.id].sort());
    expect(body.places).toBe(1);

    const late = await bookVisit(ava.cookie, [old.id, fresh.id], slotAt(20, 10));
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('slot_unavailable');
    // Alone, the fresh order may still take that day.
    expect((await bookVisit(ava.cookie, [fresh.id], slotAt(20, 10))).statusCode).toBe(200);
  });

  it('refuses orders of another shopper, unpaid, another location, or already in another visit, changing nothing', async () => {
    const ava = await signedInUser(t);
    const bob = await signedInUser(t);
    const a = await paidOrder(ava.user.id, 'Lamp');
    const b = await paidOrder(ava.user.id, 'Chair');
    const bobs = await paidOrder(bob.user.id, 'Bob Lamp');
    const elsewhere = await paidOrder(ava.user.id, 'Far Lamp', { location: otherLocationId });
    const { order: unpaid } = await makeOrder(t.db, { now: NOW, userId: ava.user.id, locationId });

    const notMine = await bookVisit(ava.cookie, [a.id, bobs.id], slotAt(16, 12));
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().error.code).toBe('order_not_found');
    const notPaid = await bookVisit(ava.cookie, [a.id, unpaid.id], slotAt(16, 12));
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().error.code).toBe('pickup_not_allowed');
    const mixed = await bookVisit(ava.cookie, [a.id, elsewhere.id], slotAt(16, 12));
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().error.message).toBe(PICKUP_TEXT.visitMixedLocations);
    const none = await bookVisit(ava.cookie, [], slotAt(16, 12));
    expect(none.statusCode).toBe(400);
    expect(
      await t.db.select().from(pickupAppointments).where(eq(pickupAppointments.userId, ava.user.id)),
    ).toHaveLength(0);
    expect(await statusesOf([a.id])).toEqual({ [a.id]: 'paid' });

    // a and b in two visits cannot be booked as one.
    expect((await bookVisit(ava.cookie, [a.id], slotAt(16, 12))).statusCode).toBe(200);
    expect((await bookVisit(ava.cookie, [b.id], slotAt(16, 13))).statusCode).toBe(200);
    const twoVisits = await bookVisit(ava.cookie, [a.id, b.id], slotAt(16, 14));
    expect(twoVisits.statusCode).toBe(409);
    expect(twoVisits.json().error.message).toBe(PICKUP_TEXT.visitOrderElsewhere);
    expect((await slotRowAt(slotAt(16, 14)))?.bookedCount ?? 0).toBe(0);
  });

  it('adds an order to a booked visit in its own slot', async () => {
    const ava = await signedInUser(t);
    const a = await paidOrder(ava.user.id, 'Lamp');
    const b = await paidOrder(ava.user.id, 'Chair');
    expect((await bookVisit(ava.cookie, [a.id], slotAt(16, 15))).statusCode).toBe(200);
    const joined = await bookVisit(ava.cookie, [a.id, b.id], slotAt(16, 15));
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json<SchedulePickupResponse>().appointments).toHaveLength(2);
    expect((await slotRowAt(slotAt(16, 15)))!.bookedCount).toBe(1);
    // Booking the same slot again with nothing new is refused as before.
    expect((await bookVisit(ava.cookie, [a.id, b.id], slotAt(16, 15))).statusCode).toBe(409);
  });
});

describe('capacity counts visits', () => {
  it('fits 4 visits of 3 orders in a 4-place slot, and refuses the fifth', async () => {
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => signedInUser(t)));
    const codes: number[] = [];
    for (const s of shoppers) {
      const ids = [];
      for (const title of ['A', 'B', 'C']) ids.push((await paidOrder(s.user.id, title)).id);
      codes.push((await bookVisit(s.cookie, ids, slotAt(18, 10))).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 409]);
    expect((await slotRowAt(slotAt(18, 10)))!.bookedCount).toBe(4);
  });

  it('takes two places for a visit above the items limit (set in the schedule), and gives them back', async () => {
    const put = await t.app.inject({
      method: 'GET',
      url: API.adminPickupSchedule(locationId),
      headers: { cookie: staff.cookie },
    });
    const current = put.json<PickupScheduleResponse>();
    expect(current.schedule.maxItemsPerVisit).toBeNull();
    const saved = await t.app.inject({
      method: 'PUT',
      url: API.adminPickupSchedule(locationId),
      headers: { cookie: staff.cookie },
      payload: { ...current.schedule, maxItemsPerVisit: 2 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<PickupScheduleResponse>().schedule.maxItemsPerVisit).toBe(2);

    const ava = await signedInUser(t);
    const bob = await signedInUser(t);
    const big = [];
    for (const title of ['A', 'B', 'C']) big.push((await paidOrder(ava.user.id, title)).id);
    const slots = await t.app.inject({
      url: `${API.pickupSlots}?orderIds=${big.join(',')}`,
      headers: { cookie: ava.cookie },
    });
    expect(slots.json<AvailableSlotsResponse>().places).toBe(2);
    expect((await bookVisit(ava.cookie, big, slotAt(19, 10))).statusCode).toBe(200);
    expect((await slotRowAt(slotAt(19, 10)))!.bookedCount).toBe(2);
    const [row] = await t.db
      .select()
      .from(pickupAppointments)
      .where(eq(pickupAppointments.userId, ava.user.id));
    expect(row!.places).toBe(2);

    // Three places taken: a 2-place visit no longer fits, a 1-place one does.
    const small = await paidOrder(bob.user.id, 'D');
    expect((await bookVisit(bob.cookie, [small.id], slotAt(19, 10))).statusCode).toBe(200);
    const carol = await signedInUser(t);
    const big2 = [];
    for (const title of ['E', 'F', 'G']) big2.push((await paidOrder(carol.user.id, title)).id);
    const full = await bookVisit(carol.cookie, big2, slotAt(19, 10));
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('slot_full');
    expect((await slotRowAt(slotAt(19, 10)))!.bookedCount).toBe(3);

    // Cancelling the big visit gives both places back.
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: API.pickupAppointment(big[0]!),
      headers: { cookie: ava.cookie },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await slotRowAt(slotAt(19, 10)))!.bookedCount).toBe(1);
    await t.db.update(locations).set({ maxItemsPerVisit: null }).where(eq(locations.id, locationId));
  });

  it('20 shoppers booking into a 4-place slot at once take exactly 4 places', async () => {
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => signedInUser(t)));
    const visits = await Promise.all(
      shoppers.map(async (s) => [(await paidOrder(s.user.id, 'X')).id, (await paidOrder(s.user.id, 'Y')).id]),
    );
    const results = await Promise.all(
      shoppers.map((s, i) => bookVisit(s.cookie, visits[i]!, slotAt(22, 10))),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(4);
    expect(codes.filter((c) => c === 409)).toHaveLength(16);
    const row = await slotRowAt(slotAt(22, 10));
    expect(row!.bookedCount).toBe(4);
    const held = await t.db.select().from(pickupAppointments).where(eq(pickupAppointments.slotId, row!.id));
    expect(held.filter((a) => a.status === 'scheduled')).toHaveLength(4);
  });

  it('a 2-place visit and 3 one-place visits racing for 4 places never pass the capacity', async () => {
    await t.db.update(locations).set({ maxItemsPerVisit: 1 }).where(eq(locations.id, locationId));
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => signedInUser(t)));
    const visits = await Promise.all(
      shoppers.map(async (s, i) =>
        i === 0
          ? [(await paidOrder(s.user.id, 'Big 1')).id, (await paidOrder(s.user.id, 'Big 2')).id]
          : [(await paidOrder(s.user.id, 'Small')).id],
      ),
    );
    // One place already taken: the big visit and all three small ones cannot all fit.
    const first = await signedInUser(t);
    expect(
      (await bookVisit(first.cookie, [(await paidOrder(first.user.id, 'Z')).id], slotAt(22, 11))).statusCode,
    ).toBe(200);
    const results = await Promise.all(
      shoppers.map((s, i) => bookVisit(s.cookie, visits[i]!, slotAt(22, 11))),
    );
    const row = await slotRowAt(slotAt(22, 11));
    expect(row!.bookedCount).toBeLessThanOrEqual(4);
    const held = await t.db.select().from(pickupAppointments).where(eq(pickupAppointments.slotId, row!.id));
    const places = held.filter((a) => a.status === 'scheduled').reduce((n, a) => n + a.places, 0);
    expect(places).toBe(row!.bookedCount);
    expect(results.filter((r) => r.statusCode === 200).length).toBe(held.length - 1);
    await t.db.update(locations).set({ maxItemsPerVisit: null }).where(eq(locations.id, locationId));
  });
});

describe('reminders and the desk for a visit', () => {
  it('sends one reminder per visit, not one per order', async () => {
    const ava = await signedInUser(t);
    const ids = [];
    for (const title of ['Lamp', 'Chair', 'Table']) ids.push((await paidOrder(ava.user.id, title)).id);
    expect((await bookVisit(ava.cookie, ids, slotAt(22, 14))).statusCode).toBe(200);
    await runPickupReminders(t.db, june(21, 18, 1), async () => {});
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, ava.user.id));
    const reminders = rows.filter((n) => n.message.startsWith('Reminder: your pickup'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.message).toMatch(
      /^Reminder: your pickup of (Lamp|Chair|Table), (Lamp|Chair|Table) and (Lamp|Chair|Table) is tomorrow/,
    );
  });

  it('shows the visit with every item and hands them over one by one; the visit completes with the last', async () => {
    const ava = await signedInUser(t);
    const ids = [];
    for (const title of ['Lamp', 'Chair', 'Table']) ids.push((await paidOrder(ava.user.id, title)).id);
    const booked = await bookVisit(ava.cookie, ids, slotAt(15, 15));
    expect(booked.statusCode, booked.body).toBe(200);
    const code = booked.json<SchedulePickupResponse>().appointment.shortCode!;

    const look = await t.app.inject({
      url: `${API.adminPickupLookup}?code=${code}`,
      headers: { cookie: staff.cookie },
    });
    expect(look.statusCode, look.body).toBe(200);
    const items = look.json<DeskLookupResponse>().appointments;
    expect(items.map((i) => i.productTitle).sort()).toEqual(['Chair', 'Lamp', 'Table']);
    expect(new Set(items.map((i) => i.appointmentId)).size).toBe(1);
    expect(items.every((i) => i.visitItemCount === 3 && i.sku !== '')).toBe(true);

    const complete = (orderId: string) =>
      t.app.inject({
        method: 'POST',
        url: API.adminPickupComplete(orderId),
        headers: { cookie: staff.cookie },
        payload: { idChecked: true },
      });
    for (const [i, id] of ids.entries()) {
      const done = await complete(id);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json<DeskOrderResponse>().orderStatus).toBe('completed');
      const visit = await appointmentRowOf(t.db, id);
      expect(visit!.status).toBe(i < ids.length - 1 ? 'scheduled' : 'completed');
    }
    const visit = await appointmentRowOf(t.db, ids[0]!);
    expect(visit!.completedBy).toBe(staff.user.id);
  });
});
