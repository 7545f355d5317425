// The account's one ledger (docs/product.md "Account ledger"): payments, refunds, storage fees charged
// and paid, and strikes, oldest first, with their amounts and the storage owed after each line.
import type { CreateCheckoutResponse } from '@rebound/contract/orders';
import { API } from '@rebound/contract/routes';
import { type LedgerResponse, STORAGE_FEE_API } from '@rebound/contract/storage-fees';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { makeOrder } from '../../../test/won-orders';
import { orders, payments, refunds, userStrikes, users } from '../../db/schema';

const NOW = new Date('2026-06-25T19:00:00.000Z'); // Thursday 25 June, 12:00 in Vancouver
const HOUR = 3_600_000;
const GOOD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ava Shopper' };
let locationId: string;
const t = useTestApp({ now: NOW }, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

describe('the account ledger', () => {
  it('lists each kind with its amount, in date order, with the storage owed after each line', async () => {
    const ava = await signedInUser(t);
    const staff = await signedInUser(t, { role: 'staff' });
    await t.db.update(users).set({ locationId }).where(eq(users.id, ava.user.id));
    const at = (ms: number) => t.clock.set(new Date(NOW.getTime() + ms));

    // 1. A strike (an earlier order went unpaid).
    await t.db.insert(userStrikes).values({
      userId: ava.user.id,
      reason: 'Did not pay for Old toaster by the deadline.',
      createdAt: new Date(NOW.getTime() - 48 * HOUR),
    });
    // 2. An order paid through the checkout: $100 + 15 % premium + 12 % tax = $128.80.
    const { order: won } = await makeOrder(t.db, {
      now: NOW,
      userId: ava.user.id,
      locationId,
      title: 'Mixer',
    });
    const co = await t.app.inject({
      method: 'POST',
      url: API.checkout,
      headers: { cookie: ava.cookie },
      payload: { orderIds: [won.id] },
    });
    const sessionId = co.json<CreateCheckoutResponse>().sessionId;
    await t.app.inject({
      method: 'POST',
      url: `/test-checkout/${sessionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(GOOD).toString(),
    });
    // 2b. Half an hour later two more orders in one checkout: $200 + $30 + $16.10 + $11.50 = $257.60.
    at(HOUR / 2);
    const pair = [
      (await makeOrder(t.db, { now: NOW, userId: ava.user.id, locationId, title: 'Chair A' })).order.id,
      (await makeOrder(t.db, { now: NOW, userId: ava.user.id, locationId, title: 'Chair B' })).order.id,
    ];
    const co2 = await t.app.inject({
      method: 'POST',
      url: API.checkout,
      headers: { cookie: ava.cookie },
      payload: { orderIds: pair },
    });
    expect(co2.statusCode, co2.body).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/test-checkout/${co2.json<CreateCheckoutResponse>().sessionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(GOOD).toString(),
    });
    // 3. Part of the first refunded an hour later.
    at(HOUR);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.userId, ava.user.id))
      .orderBy(payments.paidAt);
    await t.db.insert(refunds).values({
      paymentId: payment!.id,
      orderId: won.id,
      amountCents: 2_000,
      reason: 'Scratched lid',
      idempotencyKey: 'ledger-test-refund',
      createdAt: t.clock.now(),
    });
    // 4. A stored order's storage fee (23..25 June, $15) recorded at the desk two hours later.
    at(2 * HOUR);
    const { order: stored } = await makeOrder(t.db, {
      now: NOW,
      userId: ava.user.id,
      locationId,
      title: 'Rug',
      endedAgoMs: NOW.getTime() - new Date('2026-06-15T22:00:00Z').getTime(),
      order: { status: 'paid', paidAt: new Date('2026-06-16T18:00:00Z'), totalCents: 11_500 },
    });
    const rec = await t.app.inject({
      method: 'POST',
      url: STORAGE_FEE_API.record(stored.id),
      headers: { cookie: staff.cookie },
      payload: { method: 'cash' },
    });
    expect(rec.statusCode, rec.body).toBe(200);
    // 5. The next day another day of storage is owed, not charged yet.
    at(24 * HOUR);

    const res = await t.app.inject({ url: STORAGE_FEE_API.ledger, headers: { cookie: ava.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const ledger = res.json<LedgerResponse>();
    expect(ledger.entries.map((e) => [e.kind, e.amountCents, e.storageOwedAfterCents])).toEqual([
      ['strike', null, 0],
      ['payment', 12_880, 0],
      ['payment', 25_760, 0],
      ['refund', 2_000, 0],
      ['storage_fee_charged', 1_500, 1_500],
      ['storage_fee_paid', 1_500, 0],
    ]);
    expect(ledger.entries.map((e) => e.description)).toEqual([
      'Strike: Did not pay for Old toaster by the deadline.',
      'You paid $128.80 for 1 order.',
      'You paid $257.60 for 2 orders.',
      'Refunded $20.00 to your card: Scratched lid',
      'Storage fee for Rug: 3 days through Thu, Jun 25.',
      'You paid the storage fee for Rug at the desk (cash).',
    ]);
    expect(ledger.storageOwedNowCents).toBe(500);

    // Another shopper sees none of it; signed out is refused.
    const ben = await signedInUser(t);
    const bens = await t.app.inject({ url: STORAGE_FEE_API.ledger, headers: { cookie: ben.cookie } });
    expect(bens.json<LedgerResponse>().entries).toEqual([]);
    expect((await t.app.inject({ url: STORAGE_FEE_API.ledger })).statusCode).toBe(401);
    t.clock.set(NOW);
  });

  it('a payment that paid its order reads as paid even when the order was refunded later; only one never applied says so', async () => {
    const ava = await signedInUser(t);
    await t.db.update(users).set({ locationId }).where(eq(users.id, ava.user.id));
    const pay = async (orderId: string, before?: () => Promise<void>) => {
      const co = await t.app.inject({
        method: 'POST',
        url: API.checkout,
        headers: { cookie: ava.cookie },
        payload: { orderIds: [orderId] },
      });
      expect(co.statusCode, co.body).toBe(200);
      await before?.();
      await t.app.inject({
        method: 'POST',
        url: `/test-checkout/${co.json<CreateCheckoutResponse>().sessionId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(GOOD).toString(),
      });
    };
    // Paid, then marked missing at the desk: the whole order refunded and the payment with it.
    const { order: lamp } = await makeOrder(t.db, {
      now: NOW,
      userId: ava.user.id,
      locationId,
      title: 'Lamp',
    });
    await pay(lamp.id);
    t.clock.set(new Date(NOW.getTime() + HOUR));
    const [payment] = await t.db.select().from(payments).where(eq(payments.userId, ava.user.id));
    await t.db.insert(refunds).values({
      paymentId: payment!.id,
      orderId: lamp.id,
      amountCents: payment!.totalCents,
      reason: 'Lamp could not be found at the desk',
      idempotencyKey: 'ledger-desk-mark',
      createdAt: t.clock.now(),
    });
    await t.db
      .update(payments)
      .set({ status: 'refunded', refundedAt: t.clock.now(), refundReason: 'Marked missing at the desk' })
      .where(eq(payments.id, payment!.id));
    await t.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, lamp.id));
    // Cancelled while its checkout was open: that payment was never applied.
    t.clock.set(new Date(NOW.getTime() + 2 * HOUR));
    const { order: late } = await makeOrder(t.db, {
      now: NOW,
      userId: ava.user.id,
      locationId,
      title: 'Late',
    });
    await pay(late.id, async () => {
      await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, late.id));
    });

    const ledger = (
      await t.app.inject({ url: STORAGE_FEE_API.ledger, headers: { cookie: ava.cookie } })
    ).json<LedgerResponse>();
    const money = ledger.entries.filter(
      (e) =>
        e.kind === 'payment' ||
        (e.kind === 'refund' && e.amountCents === 12_880 && e.description.includes('Lamp')),
    );
    expect(money.map((e) => e.description)).toEqual([
      'You paid $128.80 for 1 order.',
      'Refunded $128.80 to your card: Lamp could not be found at the desk',
      'You paid $128.80 for 1 order; it could not be applied and is refunded.',
    ]);
    t.clock.set(NOW);
  });
});
