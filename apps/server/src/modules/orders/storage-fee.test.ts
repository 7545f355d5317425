// The storage fee on the Orders tab (docs/product.md "Pickup"): $5 per item per day from the day
// after the pickup window's last day, while paid and not collected, frozen at the handover, none for
// unpaid or cancelled orders. The server computes it; the page shows what it gets.
import type { MyOrdersResponse } from '@rebound/contract/orders';
import { API } from '@rebound/contract/routes';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { makeOrder } from '../../../test/won-orders';

const NOW = new Date('2026-06-25T19:00:00.000Z'); // Thursday 25 June, 12:00 in Vancouver
const ENDED_15_JUNE = NOW.getTime() - new Date('2026-06-15T22:00:00Z').getTime(); // window 15..22 June
const HOUR = 3_600_000;
let locationId: string;
const t = useTestApp({ now: NOW }, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

describe('the storage fee on the Orders tab', () => {
  it('grows while paid and uncollected, stops at the handover, and is never charged on unpaid orders', async () => {
    const ava = await signedInUser(t);
    const order = (title: string, endedAgoMs: number, over: Parameters<typeof makeOrder>[1]['order'] = {}) =>
      makeOrder(t.db, { now: NOW, userId: ava.user.id, locationId, title, endedAgoMs, order: over });
    const paid = { status: 'paid' as const, paidAt: new Date('2026-06-16T18:00:00Z'), totalCents: 11_500 };
    await order('Late paid', ENDED_15_JUNE, paid);
    await order('Late scheduled', ENDED_15_JUNE, { ...paid, status: 'pickup_scheduled' });
    await order('Collected late', ENDED_15_JUNE, {
      ...paid,
      status: 'completed',
      completedAt: new Date('2026-06-23T20:00:00Z'), // the first charged day
    });
    await order('Cancelled', ENDED_15_JUNE, {
      status: 'cancelled',
      cancelledAt: new Date('2026-06-18T22:00:00Z'),
    });
    await order('Fresh paid', 2 * HOUR, paid);
    await order('Unpaid', 2 * HOUR);

    const fees = async () => {
      const res = await t.app.inject({ url: API.meOrders, headers: { cookie: ava.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries(
        res
          .json<MyOrdersResponse>()
          .orders.map((o) => [o.product.title, [o.storageFeeCents, o.storageFeeFrom]]),
      );
    };
    // 23, 24 and 25 June: three days.
    expect(await fees()).toEqual({
      'Late paid': [1500, '2026-06-23'],
      'Late scheduled': [1500, '2026-06-23'],
      'Collected late': [500, '2026-06-23'],
      Cancelled: [0, '2026-06-23'],
      'Fresh paid': [0, '2026-07-03'],
      Unpaid: [0, '2026-07-03'],
    });

    t.clock.set(new Date(NOW.getTime() + 24 * HOUR));
    try {
      const later = await fees();
      expect(later['Late paid']).toEqual([2000, '2026-06-23']);
      expect(later['Collected late']).toEqual([500, '2026-06-23']);
    } finally {
      t.clock.set(NOW);
    }
  });
});
