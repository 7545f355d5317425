import type { AvailableSlotsResponse } from '@rebound/contract/pickup';
import { API } from '@rebound/contract/routes';
import { expect } from 'vitest';
import { type SignedInUser, signedInUser } from './auth';
import { makeLocation } from './factories';
import { type TestApp, useTestApp } from './harness';
import { paidOrdersAt, shopperAt } from './paid-orders';
import { makeOrder } from './won-orders';

// The after-the-sale tests' setting (the back-office's orders, refunds, the desk's marks): one app
// with the Burnaby warehouse and a signed-in staff member, and the steps those tests take there:
// shoppers of that warehouse, their won and paid orders, a week of pickup hours and a booked slot.

export interface Warehouse {
  locationId: string;
  staff: SignedInUser;
}

/**
 * The file's app at `now`, its warehouse `w` (filled in before the first test) and the steps of
 * warehouseSteps at that warehouse.
 */
export function useWarehouse(now: Date) {
  const w = {} as Warehouse;
  const t = useTestApp({ now }, async (t) => {
    w.locationId = (await makeLocation(t.db, { name: 'Burnaby Warehouse' })).id;
    w.staff = await signedInUser(t, { role: 'staff' });
  });
  return { t, w, ...warehouseSteps(t, () => w) };
}

/** Every day of the week, 9 to 5, half-hour slots of four, no notice needed (`over` replaces parts). */
export const weekSchedule = (
  over: Partial<{ hours: unknown[]; closedDates: string[]; minNoticeMinutes: number }> = {},
) => ({
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    opensAt: '09:00',
    closesAt: '17:00',
    slotMinutes: 30,
    capacity: 4,
  })),
  closedDates: [],
  minNoticeMinutes: 0,
  ...over,
});

/** The steps of the file's tests, at the warehouse `at()` gives (read when a step runs). */
export function warehouseSteps(t: TestApp, at: () => Warehouse) {
  let keyN = 0;
  return {
    /** A fresh Idempotency-Key. */
    newKey: () => `test-refund-key-${++keyN}-${Math.random().toString(36).slice(2)}`,
    /** A signed-in shopper of the warehouse. */
    shopper: (over: { handle?: string; email?: string } = {}) => shopperAt(t, at().locationId, over),
    /** A won order not yet paid, with its product. */
    async unpaidOrder(u: SignedInUser, amountCents = 10_000, title?: string) {
      const { order, product } = await makeOrder(t.db, {
        now: t.clock.now(),
        userId: u.user.id,
        locationId: at().locationId,
        amountCents,
        ...(title ? { title } : {}),
      });
      return { order, product };
    },
    /** Orders paid through the real checkout and the built-in test checkout page. */
    paidOrders: (u: SignedInUser, amounts: number[]) => paidOrdersAt(t, u, at().locationId, amounts),
    /** GET as staff (or as `cookie`), with the answer's body. */
    get: <T>(url: string, cookie = at().staff.cookie) =>
      t.app.inject({ method: 'GET', url, headers: { cookie } }).then((r) => ({ r, body: r.json<T>() })),
    /** Saves `weekSchedule()` for the warehouse as staff. */
    async putSchedule() {
      const res = await t.app.inject({
        method: 'PUT',
        url: API.adminPickupSchedule(at().locationId),
        headers: { cookie: at().staff.cookie },
        payload: weekSchedule(),
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    /**
     * The shopper books a slot offered for the order: the first slot of the second day offered, or
     * of `pick.date`, or with `pick.slot: 'last'` that day's last slot.
     */
    async bookFirstSlot(
      u: SignedInUser,
      orderId: string,
      pick: { date?: string; slot?: 'first' | 'last' } = {},
    ) {
      const slots = await t.app.inject({
        method: 'GET',
        url: `${API.pickupSlots}?orderId=${orderId}`,
        headers: { cookie: u.cookie },
      });
      expect(slots.statusCode, slots.body).toBe(200);
      const days = slots.json<AvailableSlotsResponse>().slots;
      const firstDay = pick.date ?? Object.keys(days).sort()[1]!;
      const offered = days[firstDay]!;
      const slot = offered[pick.slot === 'last' ? offered.length - 1 : 0]!;
      const booked = await t.app.inject({
        method: 'POST',
        url: API.pickupAppointments,
        headers: { cookie: u.cookie },
        payload: { orderId, slotId: slot.slotId },
      });
      expect(booked.statusCode, booked.body).toBe(200);
      return { date: firstDay, slot };
    },
  };
}
