import type { AdminOrderDetail, AdminOrdersResponse, RefundResponse } from '@rebound/contract/admin-orders';
import { API } from '@rebound/contract/routes';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useWarehouse } from '../../../test/warehouse';
import { type PaymentProvider, RefundRefusedError } from '../../adapters/payments/types';
import {
  auditLog,
  orders,
  outbox,
  payments,
  pickupAppointmentOrders,
  pickupAppointments,
  pickupSlots,
  refunds,
  testCheckoutPayments,
} from '../../db/schema';
import { activeReturnOf } from '../returns';
import { REFUND_RESERVATION_LEASE_MS, resolveReservedRefunds } from './resolve';
import { refundOrder } from './service';

// Refunds on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL), through the back-office's
// refund route and the refunds module's service: full, partial, replayed, conflicting, too large, at
// once (the payment's row lock), a provider that refuses or does not answer, and the job that resolves
// reservations nobody heard back about (docs/decisions/024, 027, 084).

const NOW = new Date('2026-06-15T18:00:00.000Z');
const { t, w, newKey, shopper, unpaidOrder, paidOrders, get, putSchedule, bookFirstSlot } = useWarehouse(NOW);

function refund(
  orderId: string,
  amountCents: number,
  key: string | null = newKey(),
  reason = 'Damaged in storage',
) {
  return t.app.inject({
    method: 'POST',
    url: API.adminOrderRefunds(orderId),
    headers: { cookie: w.staff.cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { amountCents, reason },
  });
}

describe('refunds', () => {
  it('partial, then the rest: order and payment become refunded, the shopper is told, the audit log says who', async () => {
    const u = await shopper();
    const [p] = await paidOrders(u, [10_000]);
    const total = p!.order.totalCents!;

    const first = await refund(p!.order.id, 2_000, newKey(), 'Scratched on arrival');
    expect(first.statusCode, first.body).toBe(200);
    const a = first.json<RefundResponse>();
    expect(a).toMatchObject({ replayed: false, orderStatus: 'paid', refundableCents: total - 2_000 });
    expect(a.refund).toMatchObject({ amountCents: 2_000, pending: false, reason: 'Scratched on arrival' });
    expect(a.refund.providerRefundId).toMatch(/^re_test_/);

    const listed = await get<AdminOrdersResponse>(`${API.adminOrders}?q=${encodeURIComponent(u.user.email)}`);
    expect(listed.body.items[0]).toMatchObject({ id: p!.order.id, refundedCents: 2_000 });
    const mid = await get<AdminOrderDetail>(API.adminOrder(p!.order.id));
    expect(mid.body.payments[0]).toMatchObject({ refundedCents: 2_000, orderCount: 1 });

    const rest = await refund(p!.order.id, total - 2_000);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<RefundResponse>()).toMatchObject({ orderStatus: 'refunded', refundableCents: 0 });

    const [o] = await t.db.select().from(orders).where(eq(orders.id, p!.order.id));
    expect(o!.status).toBe('refunded');
    expect(o!.refundedAt).not.toBeNull();
    const [pay] = await t.db.select().from(payments).where(eq(payments.userId, u.user.id));
    expect(pay!.status).toBe('refunded');
    const [tp] = await t.db
      .select()
      .from(testCheckoutPayments)
      .where(eq(testCheckoutPayments.paymentId, pay!.providerPaymentId!));
    expect(tp!.status).toBe('refunded');

    const notes = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, u.user.id), eq(outbox.template, 'refund_issued')));
    expect(notes.length).toBeGreaterThanOrEqual(2);
    expect(notes[0]!.payload).toMatchObject({ orderId: p!.order.id, reason: expect.any(String) });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, p!.order.id), eq(auditLog.action, 'refund.create')));
    expect(audit).toHaveLength(2);
    expect(audit.every((x) => x.actorId === w.staff.user.id)).toBe(true);
    expect(audit.map((x) => x.reason)).toContain('Scratched on arrival');

    const detail = await get<AdminOrderDetail>(API.adminOrder(p!.order.id));
    expect(detail.body.refundedCents).toBe(total);
    expect(detail.body.refundBlockedReason).toBe('This order is refunded in full.');
    expect(detail.body.timeline.map((e) => e.kind)).toEqual(['won', 'paid', 'refund', 'refund', 'refunded']);

    const more = await refund(p!.order.id, 1);
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ error: { code: 'refund_not_allowed' } });
  });

  it('the same key answers the same refund; the same key for another amount is 422; no key is 400', async () => {
    const u = await shopper();
    const [p] = await paidOrders(u, [10_000]);
    const key = newKey();
    const a = await refund(p!.order.id, 1_500, key);
    const b = await refund(p!.order.id, 1_500, key);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json<RefundResponse>().replayed).toBe(true);
    expect(b.json<RefundResponse>().refund.id).toBe(a.json<RefundResponse>().refund.id);
    const conflict = await refund(p!.order.id, 1_600, key);
    expect(conflict.statusCode).toBe(422);
    expect(conflict.json()).toMatchObject({ error: { code: 'idempotency_conflict' } });
    const noKey = await refund(p!.order.id, 100, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ error: { code: 'idempotency_key_required' } });
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, p!.order.id));
    expect(rows.map((r) => r.amountCents)).toEqual([1_500]);
    expect(await refundEmails(u.user.id)).toHaveLength(1);
  });

  it('never more than paid minus earlier refunds; an unpaid order has nothing to refund', async () => {
    const u = await shopper();
    const [p] = await paidOrders(u, [10_000]);
    const total = p!.order.totalCents!;
    const tooMuch = await refund(p!.order.id, total + 1);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.message).toMatch(/^At most \$\d+\.\d\d can be refunded on this order\.$/);
    expect((await refund(p!.order.id, total - 100)).statusCode).toBe(200);
    const over = await refund(p!.order.id, 101);
    expect(over.statusCode).toBe(422);
    expect(over.json().error.message).toBe('At most $1.00 can be refunded on this order.');
    const unpaid = await unpaidOrder(u);
    const none = await refund(unpaid.order.id, 100);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ error: { code: 'refund_not_allowed' } });
    const badReason = await refund(p!.order.id, 50, newKey(), ' ');
    expect(badReason.statusCode).toBe(400);
  });

  it('refunds arriving at once never exceed what was paid (two orders on one payment too)', async () => {
    const u = await shopper();
    const [x, y] = await paidOrders(u, [10_000, 10_000]);
    const totalX = x!.order.totalCents!;
    const share = Math.floor(totalX * 0.4);
    // Eight refunds of 40% each of order x at once: exactly two can go through.
    const answers = await Promise.all(Array.from({ length: 8 }, () => refund(x!.order.id, share)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(2);
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(6);
    // And the same key eight times at once is one refund.
    const key = newKey();
    const same = await Promise.all(Array.from({ length: 8 }, () => refund(y!.order.id, 500, key)));
    expect(same.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(same.map((r) => r.json<RefundResponse>().refund.id)).size).toBe(1);
    const rows = await t.db
      .select()
      .from(refunds)
      .where(
        eq(
          refunds.paymentId,
          (await t.db.select().from(payments).where(eq(payments.userId, u.user.id)))[0]!.id,
        ),
      );
    expect(rows.filter((r) => r.orderId === x!.order.id).reduce((s, r) => s + r.amountCents, 0)).toBe(
      2 * share,
    );
    expect(rows.filter((r) => r.orderId === y!.order.id)).toHaveLength(1);
  });

  it('a refunded order frees its pickup appointment', async () => {
    const u = await shopper();
    await putSchedule();
    const [p] = await paidOrders(u, [4_000]);
    const slotId = await bookFirstSlot(u, p!.order.id);
    expect(slotId).toBeTruthy();
    const r = await refund(p!.order.id, p!.order.totalCents!);
    expect(r.statusCode, r.body).toBe(200);
    const [appt] = await t.db
      .select({ status: pickupAppointments.status, slotId: pickupAppointments.slotId })
      .from(pickupAppointmentOrders)
      .innerJoin(pickupAppointments, eq(pickupAppointments.id, pickupAppointmentOrders.appointmentId))
      .where(eq(pickupAppointmentOrders.orderId, p!.order.id));
    expect(appt!.status).toBe('cancelled');
    const [slot] = await t.db.select().from(pickupSlots).where(eq(pickupSlots.id, appt!.slotId));
    expect(slot!.bookedCount).toBe(0);
  });
});

/** The refunds module's dependencies with `provider` for the payments. */
const deps = (provider: PaymentProvider) => ({
  db: t.db,
  clock: t.clock,
  provider,
  publish: t.app.deps.publish,
  openReturnOf: activeReturnOf,
});

/** The app's payments, except that a refund throws `error` (a refusal, or no answer). */
const refundThrows = (error: Error): PaymentProvider => ({
  ...t.app.deps.payments,
  refund: async () => {
    throw error;
  },
});

/** A refund through the service as staff, with `provider`; what it threw (or answered). */
const serviceRefund = (
  provider: PaymentProvider,
  orderId: string,
  amountCents: number,
  key: string,
  reason = 'Dented box',
) =>
  refundOrder(deps(provider), { ...w.staff.user }, orderId, { amountCents, reason }, key).catch(
    (e: unknown) => e,
  );

/** The 'refund issued' emails queued for the shopper. */
const refundEmails = (userId: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.template, 'refund_issued'), eq(outbox.channel, 'email')));

describe('when the payment provider says no, or does not answer', () => {
  it('a refusal drops the reservation and says why; the money can still be refunded', async () => {
    const u = await shopper();
    const [p] = await paidOrders(u, [6_000]);
    const refusing = refundThrows(new RefundRefusedError('Charge ch_1 has been disputed'));
    const err = await serviceRefund(refusing, p!.order.id, 1_000, newKey());
    expect(err).toMatchObject({ code: 'refund_refused', status: 502 });
    expect((err as Error).message).toBe(
      'The payment provider refused the refund: Charge ch_1 has been disputed',
    );
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, p!.order.id))).toHaveLength(0);
    expect((await refund(p!.order.id, p!.order.totalCents!)).statusCode).toBe(200);
  });

  it('an unknown outcome keeps the reservation; the same key later finishes it, once', async () => {
    const u = await shopper();
    const [p] = await paidOrders(u, [6_000]);
    const key = newKey();
    const err = await serviceRefund(refundThrows(new Error('socket hang up')), p!.order.id, 2_500, key);
    expect(err).toMatchObject({ code: 'refund_unconfirmed', status: 502 });
    const detail = await get<AdminOrderDetail>(API.adminOrder(p!.order.id));
    expect(detail.body.refunds).toMatchObject([{ amountCents: 2_500, pending: true, idempotencyKey: key }]);
    // Reserved: it counts against what is left.
    expect(detail.body.refundableCents).toBe(p!.order.totalCents! - 2_500);
    const again = await refund(p!.order.id, 2_500, key, 'Dented box');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<RefundResponse>().refund).toMatchObject({ pending: false, amountCents: 2_500 });
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, p!.order.id))).toHaveLength(1);
    expect(await refundEmails(u.user.id)).toHaveLength(1);
  });
});

describe('the job that resolves refunds nobody heard back about', () => {
  const silent = () => refundThrows(new Error('socket hang up'));

  /** A refund reserved with `key` whose provider call got no answer (the server stopped mid-call). */
  async function unanswered(amountCents: number) {
    const u = await shopper();
    const [p] = await paidOrders(u, [6_000]);
    const key = newKey();
    const err = await serviceRefund(silent(), p!.order.id, amountCents, key, 'Crushed box');
    expect(err).toMatchObject({ code: 'refund_unconfirmed' });
    return { u, p: p!, key };
  }

  it('leaves a fresh reservation alone, then confirms it with the same key once its lease ran out', async () => {
    const { u, p, key } = await unanswered(2_000);
    const calls: string[] = [];
    const recording: PaymentProvider = {
      ...t.app.deps.payments,
      refund: (paymentId, amount, k) => {
        calls.push(k);
        return t.app.deps.payments.refund(paymentId, amount, k);
      },
    };
    // Still within its lease: a request may be on its way; nothing is asked.
    expect(await resolveReservedRefunds(deps(recording))).toEqual({
      confirmed: 0,
      failed: 0,
      unknown: 0,
    });
    expect(calls).toEqual([]);

    t.clock.advance(REFUND_RESERVATION_LEASE_MS + 1_000);
    const run = await resolveReservedRefunds(deps(recording));
    expect(run.confirmed).toBeGreaterThanOrEqual(1);
    expect(calls).toContain(key);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.idempotencyKey, key));
    expect(row!.providerRefundId).toBeTruthy();
    // Confirmed as a staff refund is: shopper told once, audit entry under who asked.
    expect(await refundEmails(u.user.id)).toHaveLength(1);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, p.order.id), eq(auditLog.action, 'refund.create')));
    expect(entry).toMatchObject({
      actorId: w.staff.user.id,
      after: { resolvedBy: 'refunds.resolve-reserved job' },
    });

    // Run again, and let the staff member retry the same key: nothing is refunded twice.
    await resolveReservedRefunds(deps(recording));
    expect(calls.filter((k) => k === key)).toHaveLength(1);
    const replay = await refund(p.order.id, 2_000, key, 'Crushed box');
    expect(replay.json<RefundResponse>().replayed).toBe(true);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, p.order.id))).toHaveLength(1);
  });

  it('a provider that refuses drops the reservation and records why; silence keeps it for the next run', async () => {
    const { p, key } = await unanswered(1_500);
    t.clock.advance(REFUND_RESERVATION_LEASE_MS + 1_000);
    const still = await resolveReservedRefunds(deps(silent()));
    expect(still.unknown).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(refunds).where(eq(refunds.idempotencyKey, key))).toHaveLength(1);

    const run = await resolveReservedRefunds(
      deps(refundThrows(new RefundRefusedError('Charge has been disputed'))),
    );
    expect(run.failed).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(refunds).where(eq(refunds.idempotencyKey, key))).toHaveLength(0);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, p.order.id), eq(auditLog.action, 'refund.fail')));
    expect(entry).toMatchObject({ after: { refused: 'Charge has been disputed' } });
    // The amount is free again.
    const detail = await get<AdminOrderDetail>(API.adminOrder(p.order.id));
    expect(detail.body.refundableCents).toBe(p.order.totalCents);
  });
});
