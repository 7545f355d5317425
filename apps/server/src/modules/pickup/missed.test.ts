import type { AppointmentsResponse, AvailableSlotsResponse } from '@rebound/contract/pickup';
import { API } from '@rebound/contract/routes';
import { slotIdOf } from '@rebound/core/pickup';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { appointmentRowOf } from '../../../test/pickup-visits';
import { makeOrder } from '../../../test/won-orders';
import { orders, pickupAppointments, pickupSchedules } from '../../db/schema';
import { markMissedVisits } from './missed';

// Missed visits (docs/decisions/080-pickup-missed-walk-ins.md): a visit whose slot ended with nobody
// checked in becomes missed; its orders go back (ready if staged, else paid), each bookable again in
// its own window, and the shopper's views say missed. Clock: Monday 2026-06-15 10:50 in Vancouver.

const NOW = new Date('2026-06-15T17:50:00.000Z');
const DAY = 24 * 3_600_000;
let locationId: string;
const t = useTestApp({ now: NOW }, async (t) => {
  locationId = (await makeLocation(t.db, { name: 'Burnaby Warehouse' })).id;
  await t.db.insert(pickupSchedules).values(
    [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      locationId,
      weekday,
      opensAt: '10:00',
      closesAt: '18:00',
      slotMinutes: 30,
      capacity: 4,
    })),
  );
});

const june = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 5, day, hour + 7, minute));
const slotAt = (day: number, hour: number, minute = 0) => slotIdOf(locationId, june(day, hour, minute));

async function paidOrder(userId: string, title: string, opts: { ready?: boolean; endedAgoMs?: number } = {}) {
  const { order } = await makeOrder(t.db, {
    now: NOW,
    userId,
    locationId,
    title,
    ...(opts.endedAgoMs !== undefined ? { endedAgoMs: opts.endedAgoMs } : {}),
    order: {
      status: opts.ready ? 'ready_for_pickup' : 'paid',
      paidAt: NOW,
      totalCents: 12_000,
      ...(opts.ready ? { readyAt: NOW } : {}),
    },
  });
  return order;
}

function book(cookie: string, orderIds: string[], slotId: string) {
  return t.app.inject({
    method: 'POST',
    url: API.pickupAppointments,
    headers: { cookie },
    payload: { orderIds, slotId },
  });
}

async function statusesOf(ids: string[]) {
  const rows = await t.db.select().from(orders).where(inArray(orders.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

describe('a visit whose slot ended without a check-in', () => {
  it('is missed: its orders are ready (or paid) again, bookable in their own window, and the tab says missed', async () => {
    t.clock.set(NOW);
    const ava = await signedInUser(t);
    const lamp = await paidOrder(ava.user.id, 'Desk Lamp', { ready: true });
    const chair = await paidOrder(ava.user.id, 'Oak Chair');
    expect((await book(ava.cookie, [lamp.id, chair.id], slotAt(16, 10))).statusCode).toBe(200);
    const visit = (await appointmentRowOf(t.db, lamp.id))!;

    // During the slot nothing changes.
    t.clock.set(june(16, 10, 29));
    expect(await markMissedVisits(t.db, t.clock.now(), t.app.deps.publish)).toBe(0);

    // The slot ended at 10:30; the shopper opens the Appointments tab at 10:31.
    t.clock.set(june(16, 10, 31));
    const tab = await t.app.inject({ url: API.meAppointments, headers: { cookie: ava.cookie } });
    expect(tab.statusCode, tab.body).toBe(200);
    const views = tab.json<AppointmentsResponse>().appointments;
    expect(views.map((v) => v.status)).toEqual(['missed', 'missed']);
    for (const v of views) {
      expect(v.id).toBe(visit.id);
      expect(v.visitOrderIds).toEqual([lamp.id, chair.id].sort());
      expect(v.relativeDay).toBeNull();
      expect(v.canChange).toBe(false);
    }
    const [row] = await t.db.select().from(pickupAppointments).where(eq(pickupAppointments.id, visit.id));
    expect(row!.status).toBe('missed');
    expect(await statusesOf([lamp.id, chair.id])).toEqual({
      [lamp.id]: 'ready_for_pickup',
      [chair.id]: 'paid',
    });
    expect(await appointmentRowOf(t.db, lamp.id)).toBeUndefined();

    // The lamp's own window (ended 15 June: through 22 June) decides the slots offered.
    const slots = await t.app.inject({
      url: `${API.pickupSlots}?orderIds=${lamp.id}`,
      headers: { cookie: ava.cookie },
    });
    expect(slots.statusCode, slots.body).toBe(200);
    const body = slots.json<AvailableSlotsResponse>();
    expect(body.currentSlotId).toBeNull();
    expect(body.window).toEqual({ firstDate: '2026-06-15', lastDate: '2026-06-22' });
    expect(Object.keys(body.slots)[0]).toBe('2026-06-16');
    expect(Object.keys(body.slots).at(-1)).toBe('2026-06-22');

    // And both can be booked again; the tab then shows the new visit and the missed one.
    const again = await book(ava.cookie, [lamp.id, chair.id], slotAt(17, 11));
    expect(again.statusCode, again.body).toBe(200);
    expect(await statusesOf([lamp.id, chair.id])).toEqual({
      [lamp.id]: 'pickup_scheduled',
      [chair.id]: 'pickup_scheduled',
    });
    const tab2 = await t.app.inject({ url: API.meAppointments, headers: { cookie: ava.cookie } });
    expect(
      tab2
        .json<AppointmentsResponse>()
        .appointments.map((v) => v.status)
        .sort(),
    ).toEqual(['missed', 'missed', 'scheduled', 'scheduled']);
  });

  it('is marked by the job for everyone, once; a checked-in visit is not missed', async () => {
    t.clock.set(NOW);
    const bo = await signedInUser(t);
    const cy = await signedInUser(t);
    const a = await paidOrder(bo.user.id, 'Bo Lamp');
    const b = await paidOrder(cy.user.id, 'Cy Lamp');
    expect((await book(bo.cookie, [a.id], slotAt(16, 12))).statusCode).toBe(200);
    expect((await book(cy.cookie, [b.id], slotAt(16, 12))).statusCode).toBe(200);
    const cyVisit = (await appointmentRowOf(t.db, b.id))!;
    await t.db
      .update(pickupAppointments)
      .set({ checkedInAt: june(16, 12, 5) })
      .where(eq(pickupAppointments.id, cyVisit.id));

    const after = june(16, 12, 30);
    expect(await markMissedVisits(t.db, after, t.app.deps.publish)).toBe(1);
    expect(await markMissedVisits(t.db, after, t.app.deps.publish)).toBe(0);
    expect(await statusesOf([a.id, b.id])).toEqual({ [a.id]: 'paid', [b.id]: 'pickup_scheduled' });
  });

  it('after the window has ended offers no slot and names the order window (the page says walk in)', async () => {
    t.clock.set(NOW);
    const di = await signedInUser(t);
    // Ended Sunday 7 June: the window runs through Sunday 14 June, before today.
    const old = await paidOrder(di.user.id, 'Old Lamp', { endedAgoMs: 8 * DAY });
    const res = await t.app.inject({
      url: `${API.pickupSlots}?orderIds=${old.id}`,
      headers: { cookie: di.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AvailableSlotsResponse>();
    expect(body.slots).toEqual({});
    expect(body.window).toEqual({ firstDate: '2026-06-07', lastDate: '2026-06-14' });
  });
});
