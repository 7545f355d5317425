// The 72-hour payment deadline job.
import { API } from '@rebound/contract/routes';
import { formatShopDateTime } from '@rebound/core/shop-clock';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { makeAuction, makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { recordingPublisher } from '../../../test/publish';
import { makeOrder } from '../../../test/won-orders';
import { notifications, orders, outbox, products, userStrikes, users } from '../../db/schema';
import { renderEmail, renderSms } from '../notifications';
import { runPaymentDeadlines } from './deadline';

const HOUR = 3_600_000;
let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

/** A won, unpaid order for `userId`, due `dueInMs` from now (its auction ended 72 h before that). */
const wonOrder = (userId: string, dueInMs: number, title = 'Desk Lamp') =>
  makeOrder(t.db, {
    now: t.clock.now(),
    userId,
    locationId,
    amountCents: 2_500,
    endedAgoMs: 72 * HOUR - dueInMs,
    title,
  });

const run = () => runPaymentDeadlines(t.db, t.clock.now(), async () => {});
const noticesOf = async (userId: string, kind?: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).filter(
    (n) => !kind || n.message.includes(kind),
  );

describe('the 72-hour payment deadline', () => {
  it('reminds 24 h and 2 h before, each once, then cancels with one strike and sends the item back to staff', async () => {
    const ava = await signedInUser(t);
    const { order, product } = await wonOrder(ava.user.id, 23 * HOUR);

    await run();
    await run();
    expect(await noticesOf(ava.user.id, '(23 hours left)')).toHaveLength(1);
    const emails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, ava.user.id), eq(outbox.template, 'payment_reminder')));
    expect(emails.map((e) => e.channel)).toContain('email');

    t.clock.advance(21.5 * HOUR);
    await run();
    await run();
    expect(await noticesOf(ava.user.id, '(1 hour 30 minutes left)')).toHaveLength(1);
    let [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('pending');

    t.clock.advance(2 * HOUR);
    // Two runs at once, as two servers would: one cancellation, one strike.
    await Promise.all([run(), run()]);
    await run();
    [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'cancelled' });
    expect(row!.cancelledAt).not.toBeNull();
    const strikes = await t.db.select().from(userStrikes).where(eq(userStrikes.userId, ava.user.id));
    expect(strikes).toHaveLength(1);
    expect(strikes[0]).toMatchObject({
      orderId: order.id,
      kind: 'non_payment',
      reason: 'Not paid within 72 hours: Desk Lamp',
    });
    const [p] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(p!.status).toBe('to_relist');
    expect(await noticesOf(ava.user.id, 'was cancelled')).toHaveLength(1);

    const mine = await t.app.inject({ url: API.meBids, headers: { cookie: ava.cookie } });
    expect(mine.statusCode).toBe(200);
  });

  it('a reminder sent late states the real time left (2.5 hours, not 24), in the text, the email and the SMS', async () => {
    const ben = await signedInUser(t);
    const { order } = await wonOrder(ben.user.id, 2.5 * HOUR, 'Floor Fan');
    await run();
    const notices = await noticesOf(ben.user.id, 'Floor Fan');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toContain('(2 hours 30 minutes left)');
    expect(notices[0]!.message).not.toContain('24 hours');
    const [email] = await t.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.userId, ben.user.id),
          eq(outbox.template, 'payment_reminder'),
          eq(outbox.channel, 'email'),
        ),
      );
    expect(email!.payload).toMatchObject({ orderId: order.id, timeLeft: '2 hours 30 minutes' });
    const ctx = { publicUrl: 'https://rebound.example', secret: 'x'.repeat(32), now: t.clock.now() };
    const msg = {
      ...email!,
      recipient: 'ben@example.com',
      payload: email!.payload as Record<string, unknown>,
    };
    const rendered = renderEmail(msg, ctx);
    expect(rendered.subject).toBe('2 hours 30 minutes left to pay for Floor Fan');
    expect(rendered.text).toContain(formatShopDateTime(order.paymentDueAt));
    expect(renderSms({ ...msg, channel: 'sms' }, ctx).body).toContain(
      `by ${formatShopDateTime(order.paymentDueAt)} or`,
    );
  });

  it('leaves paid orders alone', async () => {
    const ben = await signedInUser(t);
    const { order } = await wonOrder(ben.user.id, -HOUR);
    await t.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, order.id));
    await run();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('paid');
    expect(await t.db.select().from(userStrikes).where(eq(userStrikes.userId, ben.user.id))).toHaveLength(0);
  });

  it('three active strikes suspend bidding with a clear message', async () => {
    const cy = await signedInUser(t);
    for (const title of ['Lamp', 'Kettle', 'Blender']) await wonOrder(cy.user.id, -HOUR, title);
    const recorder = recordingPublisher();
    const total = await runPaymentDeadlines(t.db, t.clock.now(), recorder.publish);
    expect(total.suspendedUserIds).toContain(cy.user.id);
    // Their open pages ask who is signed in again (the banner and the bid form show the suspension).
    expect(recorder.events).toContainEqual({
      room: `user:${cy.user.id}`,
      event: expect.objectContaining({ type: 'AccountChangedV1' }),
    });
    // The notice says how to reach the shop: the contact page.
    const [email] = await t.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.userId, cy.user.id),
          eq(outbox.template, 'bidding_suspended'),
          eq(outbox.channel, 'email'),
        ),
      );
    const rendered = renderEmail(
      { ...email!, recipient: 'cy@example.com', payload: email!.payload as Record<string, unknown> },
      { publicUrl: 'https://rebound.example', secret: 'deadline-test-secret-0123456789-abcdefgh' },
    );
    expect(rendered.text).toContain('https://rebound.example/contact');
    const [u] = await t.db.select().from(users).where(eq(users.id, cy.user.id));
    expect(u).toMatchObject({ status: 'suspended', strikes: 3 });

    const { auction } = await makeAuction(t.db, { now: t.clock.now(), locationId });
    const res = await t.app.inject({
      method: 'POST',
      url: API.auctionBids(auction.id),
      headers: { cookie: cy.cookie },
      payload: { amount: '20' },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error).toEqual({
      code: 'bidding_suspended_strikes',
      message: 'Your account is suspended from bidding because of unpaid orders. Contact support.',
    });
  });

  it('two strikes do not suspend', async () => {
    const dee = await signedInUser(t);
    for (const title of ['Toaster', 'Fan']) await wonOrder(dee.user.id, -HOUR, title);
    await run();
    const [u] = await t.db.select().from(users).where(eq(users.id, dee.user.id));
    expect(u).toMatchObject({ status: 'active', strikes: 2 });
  });
});
