import type { DeskLookupResponse } from '@rebound/contract/pickup';
import { API } from '@rebound/contract/routes';
import { slotIdOf } from '@rebound/core/pickup';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { appointmentRowOf } from '../../../test/pickup-visits';
import { makeOrder } from '../../../test/won-orders';
import { orders, pickupSchedules, users } from '../../db/schema';

// Walk-ins at the desk (docs/decisions/080-pickup-missed-walk-ins.md): a paid order in no booked visit
// is found by order number, name, email, or the code of the visit it missed, and handed over.
// Clock: Monday 2026-06-15 10:50 in Vancouver.

const NOW = new Date('2026-06-15T17:50:00.000Z');
let locationId: string;
let staff: SignedInUser;
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
  staff = await signedInUser(t, { role: 'staff' });
});

async function paidOrder(userId: string, title: string) {
  const { order } = await makeOrder(t.db, {
    now: NOW,
    userId,
    locationId,
    title,
    order: { status: 'ready_for_pickup', paidAt: NOW, readyAt: NOW, totalCents: 12_000 },
  });
  return order;
}

async function lookup(query: string, cookie = staff.cookie) {
  return t.app.inject({ url: `${API.adminPickupLookup}?${query}`, headers: { cookie } });
}

describe('the desk and a shopper without an appointment', () => {
  it('finds a paid order by order number, name or email and hands it over', async () => {
    t.clock.set(NOW);
    const zed = await signedInUser(t, { email: 'zed.walker@example.test' });
    await t.db.update(users).set({ firstName: 'Zed', lastName: 'Walker' }).where(eq(users.id, zed.user.id));
    const lamp = await paidOrder(zed.user.id, 'Walk-in Lamp');
    const other = await paidOrder((await signedInUser(t)).user.id, 'Someone Else Lamp');

    for (const q of [
      lamp.id.slice(0, 8),
      `%23${lamp.id.slice(0, 8).toUpperCase()}`,
      'zed walk',
      'zed.walker@',
    ]) {
      const res = await lookup(`q=${q}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<DeskLookupResponse>();
      expect(body.appointments).toEqual([]);
      expect(body.walkIns.map((w) => w.orderId)).toEqual([lamp.id]);
      expect(body.walkIns[0]).toMatchObject({
        orderNumber: lamp.id.slice(0, 8),
        productTitle: 'Walk-in Lamp',
        shopperName: 'Zed Walker',
        orderStatus: 'ready_for_pickup',
        missedCode: null,
      });
    }
    expect((await lookup(`q=${lamp.id.slice(0, 8)}`)).json<DeskLookupResponse>().walkIns).not.toContainEqual(
      expect.objectContaining({ orderId: other.id }),
    );

    const done = await t.app.inject({
      method: 'POST',
      url: API.adminPickupComplete(lamp.id),
      headers: { cookie: staff.cookie },
      payload: { idChecked: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, lamp.id));
    expect(row!.status).toBe('completed');
    // Handed over: no longer a walk-in.
    expect((await lookup('q=zed walk')).json<DeskLookupResponse>().walkIns).toEqual([]);
  });

  it('finds the orders of a missed visit by its code; a booked order is under its appointment, not a walk-in', async () => {
    t.clock.set(NOW);
    const yu = await signedInUser(t);
    const a = await paidOrder(yu.user.id, 'Missed Lamp');
    const b = await paidOrder(yu.user.id, 'Booked Lamp');
    const book = (ids: string[], startsAt: Date) =>
      t.app.inject({
        method: 'POST',
        url: API.pickupAppointments,
        headers: { cookie: yu.cookie },
        payload: { orderIds: ids, slotId: slotIdOf(locationId, startsAt) },
      });
    expect((await book([a.id], new Date('2026-06-16T17:00:00Z'))).statusCode).toBe(200);
    expect((await book([b.id], new Date('2026-06-18T17:00:00Z'))).statusCode).toBe(200);
    const code = (await appointmentRowOf(t.db, a.id))!.shortCode!;

    // The first slot (16 June 10:00-10:30) passes with nobody at the desk.
    t.clock.set(new Date('2026-06-16T18:00:00Z'));
    await t.app.inject({ url: API.meAppointments, headers: { cookie: yu.cookie } });
    const byCode = (await lookup(`code=${code}`)).json<DeskLookupResponse>();
    expect(byCode.appointments).toEqual([]);
    expect(byCode.walkIns.map((w) => [w.orderId, w.missedCode])).toEqual([[a.id, code]]);

    const byNumber = (await lookup(`q=${b.id.slice(0, 8)}`)).json<DeskLookupResponse>();
    expect(byNumber.walkIns).toEqual([]);
    expect(byNumber.appointments.map((x) => x.orderId)).toEqual([b.id]);
  });

  it('is for staff only, and a search too short is a 400', async () => {
    const shopper = await signedInUser(t);
    expect((await lookup('q=zed', shopper.cookie)).statusCode).toBe(403);
    expect((await lookup('q=z')).statusCode).toBe(400);
  });
});
