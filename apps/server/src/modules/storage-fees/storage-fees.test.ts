// Storage fees settled before the visit (docs/product.md "Pickup"; docs/decisions/059-storage-fees-and-ledger.md):
// what is owed counted to the booked visit, paid online once however the payment is replayed, or
// recorded at the desk by staff; the hand-over is refused while anything is owed.

import { API } from '@rebound/contract/routes';
import type {
  DeskFeeResponse,
  FeeCheckoutResponse,
  LedgerResponse,
  MyStorageFeesResponse,
} from '@rebound/contract/storage-fees';
import { STORAGE_FEE_API } from '@rebound/contract/storage-fees';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { appointmentRowOf } from '../../../test/pickup-visits';
import { makeOrder } from '../../../test/won-orders';
import {
  auditLog,
  checkoutSessions,
  notifications,
  orders,
  payments,
  pickupAppointmentOrders,
  pickupAppointments,
  pickupSlots,
  storageFeeCharges,
} from '../../db/schema';
import { syncCheckoutSession } from '../checkout';

const NOW = new Date('2026-06-25T19:00:00.000Z'); // Thursday 25 June, 12:00 in Vancouver
const ENDED_15_JUNE = NOW.getTime() - new Date('2026-06-15T22:00:00Z').getTime(); // fee from 23 June
const GOOD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ava Shopper' };

let locationId: string;
const t = useTestApp({ now: NOW }, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

async function storedOrder(u: SignedInUser, title: string, visitStartsAt: Date | null) {
  const { order } = await makeOrder(t.db, {
    now: NOW,
    userId: u.user.id,
    locationId,
    title,
    endedAgoMs: ENDED_15_JUNE,
    order: {
      status: visitStartsAt ? 'pickup_scheduled' : 'paid',
      paidAt: new Date('2026-06-16T18:00:00Z'),
      totalCents: 11_500,
    },
  });
  if (visitStartsAt) await book(u, order.id, visitStartsAt);
  return order;
}

async function slotAt(startsAt: Date) {
  await t.db
    .insert(pickupSlots)
    .values({
      locationId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      capacity: 50,
      bookedCount: 1,
    })
    .onConflictDoNothing();
  const [slot] = await t.db
    .select()
    .from(pickupSlots)
    .where(and(eq(pickupSlots.locationId, locationId), eq(pickupSlots.startsAt, startsAt)));
  return slot!;
}

async function book(u: SignedInUser, orderId: string, startsAt: Date) {
  const slot = await slotAt(startsAt);
  const [appointment] = await t.db
    .insert(pickupAppointments)
    .values({ slotId: slot.id, userId: u.user.id, status: 'scheduled' })
    .returning({ id: pickupAppointments.id });
  await t.db.insert(pickupAppointmentOrders).values({ appointmentId: appointment!.id, orderId });
}

const mine = async (u: SignedInUser) => {
  const res = await t.app.inject({ url: STORAGE_FEE_API.mine, headers: { cookie: u.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MyStorageFeesResponse>();
};

async function feeCheckout(u: SignedInUser, orderIds: string[]) {
  return t.app.inject({
    method: 'POST',
    url: STORAGE_FEE_API.checkout,
    headers: { cookie: u.cookie },
    payload: { orderIds },
  });
}

const payOnPage = (sessionId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/test-checkout/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(GOOD).toString(),
  });

const chargesOf = (orderId: string) =>
  t.db.select().from(storageFeeCharges).where(eq(storageFeeCharges.orderId, orderId));

const handOver = (staff: SignedInUser, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: API.adminPickupComplete(orderId),
    headers: { cookie: staff.cookie },
    payload: { idChecked: true, early: true },
  });

const record = (who: SignedInUser, orderId: string, method = 'cash') =>
  t.app.inject({
    method: 'POST',
    url: STORAGE_FEE_API.record(orderId),
    headers: { cookie: who.cookie },
    payload: { method },
  });

describe('storage fees owed before the visit', () => {
  it('are counted to the booked visit day, and the extra days are owed again when the visit moves later', async () => {
    const ava = await signedInUser(t);
    const visit = new Date('2026-06-27T18:00:00Z'); // Saturday 27 June, 11:00 PT
    const booked = await storedOrder(ava, 'Booked lamp', visit);
    await storedOrder(ava, 'Unbooked chair', null);

    const before = await mine(ava);
    const byTitle = Object.fromEntries(before.lines.map((l) => [l.title, l]));
    // 23..27 June: 5 days; 23..25 June (today, nothing booked): 3 days.
    expect(byTitle['Booked lamp']).toMatchObject({
      owedCents: 2500,
      days: 5,
      throughDate: '2026-06-27',
      fromDate: '2026-06-23',
    });
    expect(byTitle['Unbooked chair']).toMatchObject({ owedCents: 1500, days: 3, throughDate: '2026-06-25' });
    expect(before.owedCents).toBe(4000);

    const co = await feeCheckout(ava, [booked.id]);
    expect(co.statusCode, co.body).toBe(200);
    expect(co.json<FeeCheckoutResponse>().totalCents).toBe(2500);
    expect((await payOnPage(co.json<FeeCheckoutResponse>().sessionId)).statusCode).toBe(303);
    expect((await mine(ava)).lines.find((l) => l.orderId === booked.id)).toMatchObject({
      paidCents: 2500,
      owedCents: 0,
    });

    // The visit moves to Tuesday 30 June: 28, 29 and 30 June are owed.
    const appointment = await appointmentRowOf(t.db, booked.id);
    const later = await slotAt(new Date('2026-06-30T18:00:00Z'));
    await t.db
      .update(pickupAppointments)
      .set({ slotId: later.id })
      .where(eq(pickupAppointments.id, appointment!.id));
    expect((await mine(ava)).lines.find((l) => l.orderId === booked.id)).toMatchObject({
      dueCents: 4000,
      paidCents: 2500,
      owedCents: 1500,
      throughDate: '2026-06-30',
    });
  });

  it("refuses a fee checkout for someone else's order, or when nothing is owed, changing nothing", async () => {
    const ava = await signedInUser(t);
    const ben = await signedInUser(t);
    const avas = await storedOrder(ava, 'Ava kettle', null);
    const other = await feeCheckout(ben, [avas.id]);
    expect(other.statusCode).toBe(404);
    const { order: fresh } = await makeOrder(t.db, {
      now: NOW,
      userId: ava.user.id,
      locationId,
      order: { status: 'paid', paidAt: NOW, totalCents: 11_500 },
    });
    const nothing = await feeCheckout(ava, [fresh.id]);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.message).toBe('No storage fees owed.');
    expect(await chargesOf(avas.id)).toEqual([]);
    expect(await chargesOf(fresh.id)).toEqual([]);
  });

  it('paid online: the charge is paid exactly once whatever is replayed (page, success page, syncs at once)', async () => {
    const ava = await signedInUser(t);
    const order = await storedOrder(ava, 'Replayed rug', null);
    const co = (await feeCheckout(ava, [order.id])).json<FeeCheckoutResponse>();
    const page = await t.app.inject({ url: `/test-checkout/${co.sessionId}` });
    expect(page.body).toContain('Storage: Replayed rug (3 days)');
    expect(page.body).not.toContain('PST');
    expect(page.body).toContain('>Pay $15.00</button>');

    expect((await payOnPage(co.sessionId)).statusCode).toBe(303);
    const deps = {
      db: t.db,
      clock: t.clock,
      provider: t.app.deps.payments,
      publish: t.app.deps.publish,
      sightingSecret: t.app.deps.config.authSecret,
    };
    const replays = await Promise.all([
      syncCheckoutSession(deps, co.sessionId),
      syncCheckoutSession(deps, co.sessionId),
      t.app.inject({
        method: 'POST',
        url: API.checkoutVerify,
        headers: { cookie: ava.cookie },
        payload: { sessionId: co.sessionId },
      }),
      payOnPage(co.sessionId),
    ]);
    expect(replays[0]?.status).toBe('paid');
    expect(replays[0]?.changed).toBe(false);
    const charges = await chargesOf(order.id);
    expect(charges.map((c) => [c.status, c.amountCents, c.method])).toEqual([['paid', 1500, 'online']]);
    const [session] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, co.sessionId));
    expect(session).toMatchObject({
      status: 'paid',
      totalCents: 1500,
      premiumCents: 0,
      pstCents: 0,
      gstCents: 0,
    });
    const pays = await t.db.select().from(payments).where(eq(payments.checkoutSessionId, session!.id));
    expect(pays.map((p) => [p.status, p.totalCents])).toEqual([['paid', 1500]]);
    // The order itself is untouched by a fee payment.
    const [o] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o?.status).toBe('paid');
  });

  it('its receipt says what was paid for, and its test page goes back to the pickup page, not the cart', async () => {
    const ava = await signedInUser(t);
    const order = await storedOrder(ava, 'Receipt lamp', null);
    const co = (await feeCheckout(ava, [order.id])).json<FeeCheckoutResponse>();
    const page = await t.app.inject({ url: `/test-checkout/${co.sessionId}` });
    expect(page.body).toContain(
      `<a class="cancel" href="/pickup-schedule/${order.id}">Cancel and return to your pickup page</a>`,
    );
    expect(page.body).not.toContain('cart');

    expect((await payOnPage(co.sessionId)).statusCode).toBe(303);
    const verify = await t.app.inject({
      method: 'POST',
      url: API.checkoutVerify,
      headers: { cookie: ava.cookie },
      payload: { sessionId: co.sessionId },
    });
    expect(verify.json()).toMatchObject({
      success: true,
      amountCents: 1500,
      orderIds: [],
      message: 'Storage fee paid. Thank you!',
      storageFees: [{ orderId: order.id, title: 'Storage: Receipt lamp (3 days)', amountCents: 1500 }],
    });
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, ava.user.id));
    expect(notices.map((n) => [n.message, n.targetUrl])).toEqual([
      [
        'Storage fee paid: $15.00 for Receipt lamp. Thank you! Nothing more is owed for storage until your pickup.',
        `/pickup-schedule/${order.id}`,
      ],
    ]);
  });

  it('settled at the desk while its online checkout is open: the late online payment is refunded, never paid twice', async () => {
    const ava = await signedInUser(t);
    const staff = await signedInUser(t, { role: 'staff' });
    const order = await storedOrder(ava, 'Raced desk', null);
    const co = (await feeCheckout(ava, [order.id])).json<FeeCheckoutResponse>();
    expect((await record(staff, order.id)).statusCode).toBe(200);
    const late = await payOnPage(co.sessionId);
    expect(late.statusCode).toBeLessThan(500);
    const [session] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, co.sessionId));
    expect(session?.status).toBe('refunded');
    const charges = await chargesOf(order.id);
    expect(charges.map((c) => [c.status, c.method]).sort()).toEqual([
      ['paid', 'cash'],
      ['void', null],
    ]);
  });
});

describe('the hand-over at the desk', () => {
  it('is refused while storage is owed, with the amount to collect, and allowed once staff record it paid (audited)', async () => {
    const ava = await signedInUser(t);
    const staff = await signedInUser(t, { role: 'staff' });
    const order = await storedOrder(ava, 'Owed blender', new Date('2026-06-25T20:00:00Z'));

    const fee = await t.app.inject({
      url: STORAGE_FEE_API.desk(order.id),
      headers: { cookie: staff.cookie },
    });
    expect(fee.json<DeskFeeResponse>()).toMatchObject({ owedCents: 1500, paidCents: 0, days: 3 });

    const refused = await handOver(staff, order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Storage fees of $15.00 are owed on this order. Collect $15.00 storage and record it as paid before the hand-over.',
    );
    const [still] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(still?.status).toBe('pickup_scheduled');

    // Only staff record it; a method is required.
    expect((await record(ava, order.id)).statusCode).toBe(403);
    expect((await record(staff, order.id, 'cheque')).statusCode).toBe(400);
    const recorded = await record(staff, order.id, 'card_terminal');
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json<DeskFeeResponse>()).toMatchObject({ owedCents: 0, paidCents: 1500 });
    const again = await record(staff, order.id);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('No storage fees owed.');
    const charges = await chargesOf(order.id);
    expect(charges.map((c) => [c.status, c.amountCents, c.method, c.recordedBy])).toEqual([
      ['paid', 1500, 'card_terminal', staff.user.id],
    ]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'storage_fee.record_paid')));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actorId).toBe(staff.user.id);

    const done = await handOver(staff, order.id);
    expect(done.statusCode, done.body).toBe(200);
    const [completed] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(completed?.status).toBe('completed');
  });

  it('hands over at once when nothing is owed (inside the free window)', async () => {
    const ava = await signedInUser(t);
    const staff = await signedInUser(t, { role: 'staff' });
    const { order } = await makeOrder(t.db, {
      now: NOW,
      userId: ava.user.id,
      locationId,
      order: { status: 'paid', paidAt: NOW, totalCents: 11_500 },
    });
    expect((await handOver(staff, order.id)).statusCode).toBe(200);
  });
});

describe('one set of figures for a fee paid part online, part at the desk', () => {
  it("the shopper, the desk, its record answer and the ledger all give the ledger's figures", async () => {
    const ava = await signedInUser(t);
    const staff = await signedInUser(t, { role: 'staff' });
    // Visit today (25 June): 23..25 June, $15.00, paid online.
    const order = await storedOrder(ava, 'Split lamp', new Date('2026-06-25T20:00:00Z'));
    const co = (await feeCheckout(ava, [order.id])).json<FeeCheckoutResponse>();
    expect(co.totalCents).toBe(1500);
    expect((await payOnPage(co.sessionId)).statusCode).toBe(303);
    try {
      // The shopper comes two days late (27 June): 26 and 27 June more, $10.00, taken in cash.
      t.clock.set(new Date('2026-06-27T19:00:00Z'));
      const owing = {
        dueCents: 2500,
        paidCents: 1500,
        paidOnlineCents: 1500,
        paidAtDeskCents: 0,
        owedCents: 1000,
      };
      expect((await mine(ava)).lines.find((l) => l.orderId === order.id)).toMatchObject(owing);
      const desk = async () => {
        const res = await t.app.inject({
          url: STORAGE_FEE_API.desk(order.id),
          headers: { cookie: staff.cookie },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<DeskFeeResponse>();
      };
      expect(await desk()).toMatchObject(owing);

      const settled = {
        dueCents: 2500,
        paidCents: 2500,
        paidOnlineCents: 1500,
        paidAtDeskCents: 1000,
        owedCents: 0,
      };
      const recorded = await record(staff, order.id, 'cash');
      expect(recorded.statusCode, recorded.body).toBe(200);
      expect(recorded.json<DeskFeeResponse>()).toMatchObject(settled);
      expect(await desk()).toMatchObject(settled);
      expect((await mine(ava)).lines.find((l) => l.orderId === order.id)).toMatchObject(settled);

      expect((await handOver(staff, order.id)).statusCode).toBe(200);
      // Handed over: the fee is frozen at the hand-over and the figures stay the ledger's.
      expect(await desk()).toMatchObject(settled);
      t.clock.set(new Date('2026-06-30T19:00:00Z'));
      expect(await desk()).toMatchObject(settled);

      const ledger = (
        await t.app.inject({ url: STORAGE_FEE_API.ledger, headers: { cookie: ava.cookie } })
      ).json<LedgerResponse>();
      const paidLines = ledger.entries.filter((e) => e.kind === 'storage_fee_paid');
      expect(paidLines.map((e) => e.amountCents)).toEqual([1500, 1000]);
      expect(paidLines.map((e) => e.description)).toEqual([
        'You paid the storage fee for Split lamp online.',
        'You paid the storage fee for Split lamp at the desk (cash).',
      ]);
      expect(ledger.storageOwedNowCents).toBe(0);
    } finally {
      t.clock.set(NOW);
    }
  });
});
