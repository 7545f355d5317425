import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeUser, subscribePush } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { notifications, outbox } from '../../db/schema';
import { enqueueNotices, type Notice } from './enqueue';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const t = useTestApp({ now: NOW });

describe('enqueueNotices', () => {
  it('writes each notice in-app and to the outbox by the recipient’s settings', async () => {
    const ava = await makeUser(t.db, { phoneNumber: '+16045550111' });
    await subscribePush(t.db, ava.id);
    const ben = await makeUser(t.db, {
      notificationSettings: { auction_won: { email: false, sms: false, push: false } },
    });
    // Cy keeps the default settings but has no push subscription (no browser of his asked for push).
    const cy = await makeUser(t.db);
    const won = (userId: string): Notice => ({
      userId,
      kind: 'auction_won',
      template: 'auction_won',
      message: 'You won Desk Lamp for $12.00.',
      targetUrl: '/account?tab=orders',
      data: { productTitle: 'Desk Lamp', finalAmountCents: 1200 },
    });
    await enqueueNotices(t.db, NOW, [won(ava.id), won(ben.id), won(cy.id)]);

    const inApp = await t.db
      .select()
      .from(notifications)
      .where(inArray(notifications.userId, [ava.id, ben.id, cy.id]));
    expect(inApp.map((n) => n.userId).sort()).toEqual([ava.id, ben.id, cy.id].sort());
    expect(inApp[0]).toMatchObject({ kind: 'auction_won', targetUrl: '/account?tab=orders', createdAt: NOW });
    const queued = await t.db
      .select()
      .from(outbox)
      .where(inArray(outbox.userId, [ava.id, ben.id, cy.id]));
    // Ava: email, SMS (she has a phone) and push (she subscribed) by default; Ben turned every channel
    // off; Cy gets email only: push is never queued for someone with no subscription to send it to.
    const of = (id: string) =>
      queued
        .filter((o) => o.userId === id)
        .map((o) => o.channel)
        .sort();
    expect(of(ava.id)).toEqual(['email', 'push', 'sms']);
    expect(of(ben.id)).toEqual([]);
    expect(of(cy.id)).toEqual(['email']);
    expect(queued.every((o) => o.status === 'pending')).toBe(true);
    expect(queued.find((o) => o.channel === 'email')).toMatchObject({
      recipient: ava.email,
      template: 'auction_won',
      nextAttemptAt: NOW,
      payload: {
        productTitle: 'Desk Lamp',
        finalAmountCents: 1200,
        message: 'You won Desk Lamp for $12.00.',
        targetUrl: '/account?tab=orders',
        kind: 'auction_won',
      },
    });
  });

  it('a closing hour’s worth at once: more rows than a statement could bind as parameters', async () => {
    // 6,000 notices with an email and a push each: 6,000 in-app and 12,000 outbox rows, about 114,000
    // values; as bind parameters that is past the 65,535 a statement may carry.
    const people = await Promise.all(Array.from({ length: 3 }, () => makeUser(t.db)));
    for (const p of people) await subscribePush(t.db, p.id);
    const notices: Notice[] = Array.from({ length: 6_000 }, (_, i) => ({
      userId: people[i % 3]!.id,
      kind: 'outbid_alerts',
      template: 'outbid',
      message: `Lot ${i}: you have been outbid.`,
      targetUrl: `/product/lot-${i}`,
      data: { productTitle: `Lot ${i}`, currentPriceCents: 100 + i },
    }));
    await enqueueNotices(t.db, NOW, notices);
    const ids = people.map((p) => p.id);
    expect(await t.db.$count(notifications, inArray(notifications.userId, ids))).toBe(6_000);
    expect(await t.db.$count(outbox, eq(outbox.userId, people[0]!.id))).toBe(4_000);
    expect(await t.db.$count(outbox, inArray(outbox.userId, ids))).toBe(12_000);
    // The rows are this test's alone: gone, closing the app has nothing of theirs to wait on.
    await t.db.delete(outbox).where(inArray(outbox.userId, ids));
    await t.db.delete(notifications).where(inArray(notifications.userId, ids));
  });
});
