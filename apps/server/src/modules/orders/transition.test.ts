// The one writer of orders.status: every move core refuses is refused here and changes nothing,
// every move core allows is made, and the guard holds inside the caller's transaction.
import { canTransition, ORDER_STATUSES, type OrderStatus } from '@rebound/core/orders';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { makeOrder } from '../../../test/won-orders';
import { orders } from '../../db/schema';
import { createPendingOrders, OrderTransitionRefused, transitionOrder } from './transition';

const t = useTestApp();

const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));
const refused = pairs.filter(([from, to]) => !canTransition(from, to));
const allowed = pairs.filter(([from, to]) => canTransition(from, to));

async function anOrder() {
  const location = await makeLocation(t.db);
  const shopper = await signedInUser(t);
  const { order } = await makeOrder(t.db, {
    now: t.clock.now(),
    userId: shopper.user.id,
    locationId: location.id,
  });
  return order;
}

const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** Puts the order in `status` directly (test setup: the writer itself is what is under test). */
const putIn = (id: string, status: OrderStatus) =>
  t.db.update(orders).set({ status }).where(eq(orders.id, id));

describe('transitionOrder', () => {
  it('has refused pairs to try (same status included) and the 14 moves core allows', () => {
    expect(refused.length + allowed.length).toBe(49);
    expect(allowed).toHaveLength(14);
  });

  it('refuses every move core does not allow, and changes nothing', async () => {
    const order = await anOrder();
    const later = new Date(t.clock.now().getTime() + 60_000);
    for (const [from, to] of refused) {
      await putIn(order.id, from);
      const before = await rowOf(order.id);
      const pair = `${from} -> ${to}`;
      // Asked for by name: refused before any SQL runs.
      await expect(
        t.db.transaction((tx) =>
          transitionOrder(tx, order.id, { from, to, at: later, set: { readyAt: later } }),
        ),
        pair,
      ).rejects.toThrow(OrderTransitionRefused);
      // Whatever the caller expected: the UPDATE's guard admits only core's sources for `to`.
      const moved = await t.db.transaction((tx) =>
        transitionOrder(tx, order.id, { from: 'any', to, at: later, set: { readyAt: later } }),
      );
      expect(moved, pair).toBeNull();
      expect(await rowOf(order.id), pair).toEqual(before);
    }
  });

  it('makes every move core allows, with its columns and time', async () => {
    const order = await anOrder();
    const later = new Date(t.clock.now().getTime() + 60_000);
    for (const [from, to] of allowed) {
      await putIn(order.id, from);
      const moved = await t.db.transaction((tx) =>
        transitionOrder(tx, order.id, { from, to, at: later, set: { readyAt: later } }),
      );
      expect(moved?.status, `${from} -> ${to}`).toBe(to);
      const row = await rowOf(order.id);
      expect(row.status).toBe(to);
      expect(row.updatedAt).toEqual(later);
      expect(row.readyAt).toEqual(later);
    }
  });

  it('leaves an order that is no longer in the expected status, and rolls back with the caller', async () => {
    const order = await anOrder();
    const now = t.clock.now();
    await putIn(order.id, 'paid');
    // Expected pending (a payment), but it is paid already: nothing happens.
    expect(await transitionOrder(t.db, order.id, { from: 'pending', to: 'paid', at: now })).toBeNull();
    expect((await rowOf(order.id)).status).toBe('paid');

    // The caller's transaction fails after the move: the move goes with it.
    await expect(
      t.db.transaction(async (tx) => {
        expect(
          await transitionOrder(tx, order.id, { from: 'paid', to: 'ready_for_pickup', at: now }),
        ).not.toBeNull();
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect((await rowOf(order.id)).status).toBe('paid');
  });

  it('creates orders pending, at most one live order per auction', async () => {
    const order = await anOrder();
    const now = t.clock.now();
    const again = {
      auctionId: order.auctionId,
      userId: order.userId,
      locationId: order.locationId,
      finalAmountCents: 1_000,
      paymentDueAt: now,
    };
    expect(await createPendingOrders(t.db, [again], now)).toEqual([]);
    await transitionOrder(t.db, order.id, { from: 'pending', to: 'cancelled', at: now });
    const [created] = await createPendingOrders(t.db, [again], now);
    expect((await rowOf(created!.id)).status).toBe('pending');
  });
});
