// Live slot counts: a socket that joined a pickup location's room hears
// PickupSlotsChangedV1 when another shopper books there; the booker's own sockets hear that their
// orders and notifications changed.
import type { AvailableSlotsResponse } from '@rebound/contract/pickup';
import { API } from '@rebound/contract/routes';
import { slotIdOf } from '@rebound/core/pickup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { connectSocket } from '../../../test/socket';
import { makeOrder } from '../../../test/won-orders';
import { pickupSchedules } from '../../db/schema';

const NOW = new Date('2026-06-15T17:50:00.000Z'); // Monday 10:50 PDT
let t: TestApp;
let base: string;
let locationId: string;
let otherLocationId: string;
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  locationId = (await makeLocation(t.db)).id;
  otherLocationId = (await makeLocation(t.db)).id;
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
});
afterAll(async () => {
  await t?.close();
});

describe('live pickup slot counts', () => {
  it("tells a socket in the location's room when another shopper books, and only that room", async () => {
    const ava = await signedInUser(t);
    const bob = await signedInUser(t);
    const make = async (userId: string) =>
      (
        await makeOrder(t.db, {
          now: NOW,
          userId,
          locationId,
          order: { status: 'paid', paidAt: NOW, totalCents: 9_000 },
        })
      ).order;
    const avasOrder = await make(ava.user.id);
    const bobsOrder = await make(bob.user.id);

    // Ava's pickup page: its slots say which room to join.
    const slots = await t.app.inject({
      url: `${API.pickupSlots}?orderId=${avasOrder.id}`,
      headers: { cookie: ava.cookie },
    });
    const listed = slots.json<AvailableSlotsResponse>();
    expect(listed.locationId).toBe(locationId);
    const slotId = slotIdOf(locationId, new Date('2026-06-17T21:00:00Z'));
    expect(listed.slots['2026-06-17']?.find((s) => s.slotId === slotId)?.availableSpots).toBe(4);

    const page = await connectSocket(base, ava.cookie);
    const elsewhere = await connectSocket(base);
    const left = await connectSocket(base);
    const bobsTab = await connectSocket(base, bob.cookie);
    page.send({ type: 'subscribeLocation', locationId });
    elsewhere.send({ type: 'subscribeLocation', locationId: otherLocationId });
    left.send({ type: 'subscribeLocation', locationId });
    left.send({ type: 'unsubscribeLocation', locationId });
    for (const c of [page, elsewhere, left, bobsTab]) {
      c.send({ type: 'ping' });
      await c.waitFor((e) => e.type === 'PongV1');
    }

    const booked = await t.app.inject({
      method: 'POST',
      url: API.pickupAppointments,
      headers: { cookie: bob.cookie },
      payload: { orderId: bobsOrder.id, slotId },
    });
    expect(booked.statusCode, booked.body).toBe(200);

    const event = await page.waitFor((e) => e.type === 'PickupSlotsChangedV1');
    expect(event.type === 'PickupSlotsChangedV1' && event.locationId).toBe(locationId);
    await bobsTab.waitFor((e) => e.type === 'OrdersChangedV1');
    await bobsTab.waitFor((e) => e.type === 'NotificationsChangedV1');
    // Ava's own room hears nothing of Bob's booking.
    expect(page.events.some((e) => e.type === 'NotificationsChangedV1')).toBe(false);
    for (const c of [elsewhere, left]) {
      c.send({ type: 'ping' });
      await c.waitFor((e) => e.type === 'PongV1' && c.events.filter((x) => x.type === 'PongV1').length === 2);
      expect(c.events.some((e) => e.type === 'PickupSlotsChangedV1')).toBe(false);
    }

    // What the page refetches on the event: one place fewer.
    const again = await t.app.inject({
      url: `${API.pickupSlots}?orderId=${avasOrder.id}`,
      headers: { cookie: ava.cookie },
    });
    const after = again.json<AvailableSlotsResponse>();
    expect(after.slots['2026-06-17']?.find((s) => s.slotId === slotId)?.availableSpots).toBe(3);
    for (const c of [page, elsewhere, left, bobsTab]) c.ws.close();
  });

  it('ignores a location message without a valid id and stays open', async () => {
    const c = await connectSocket(base);
    c.send({ type: 'subscribeLocation', locationId: 'not-a-uuid' });
    c.send({ type: 'subscribeLocation' });
    c.send({ type: 'ping' });
    await c.waitFor((e) => e.type === 'PongV1');
    expect(c.ws.readyState).toBe(c.ws.OPEN);
    c.ws.close();
  });
});
