// The final notice for an item paid and not collected (the Terms of Service, "Storage fees and
// abandoned items"): once, at 09:00 shop time on the 14th day after the pickup window's last day,
// naming the last day to collect; never for a collected, refunded or unpaid order; once across two
// runs at the same time.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeLocation, makeUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { makeOrder } from '../../../test/won-orders';
import { notifications, outbox } from '../../db/schema';
import { runFinalNotices } from './final-notices';

// Auctions end Tue Nov 3, 2026 at 12:00 PT (UTC-7): the window runs through Nov 10, the notice is
// due on Nov 24 at 09:00 PT (16:00Z), and it names Tue, Dec 1.
const END = new Date('2026-11-03T19:00:00.000Z');
const DUE = new Date('2026-11-24T16:00:00.000Z');
let locationId: string;
const t = useTestApp({ now: DUE }, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

async function orderOf(
  status: 'paid' | 'ready_for_pickup' | 'pickup_scheduled' | 'completed' | 'refunded' | 'pending',
  title: string,
) {
  const user = await makeUser(t.db);
  const { order } = await makeOrder(t.db, {
    now: DUE,
    userId: user.id,
    locationId,
    title,
    endedAgoMs: DUE.getTime() - END.getTime(),
    order: { status, ...(status === 'pending' ? {} : { paidAt: END }) },
  });
  return { user, order };
}

const run = (at: Date) => runFinalNotices(t.db, at, async () => {});
const finalNotices = (userId: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.template, 'pickup_final_notice')));

describe('final notice for an item not collected', () => {
  it('goes once, from its time, to a paid item still waiting, naming the last day to collect', async () => {
    const waiting = await orderOf('ready_for_pickup', 'Standing Desk');
    const booked = await orderOf('pickup_scheduled', 'Bookshelf');
    const collected = await orderOf('completed', 'Desk Lamp');
    const refunded = await orderOf('refunded', 'Kettle');
    const unpaid = await orderOf('pending', 'Toaster');

    await run(new Date(DUE.getTime() - 60_000));
    expect(await finalNotices(waiting.user.id)).toHaveLength(0);

    // Two servers at once, then again later: one notice per order.
    const [a, b] = await Promise.all([run(DUE), run(DUE)]);
    expect(a.sent + b.sent).toBe(2);
    expect((await run(new Date(DUE.getTime() + 86_400_000))).sent).toBe(0);

    const sent = await finalNotices(waiting.user.id);
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent.map((r) => r.channel)).size).toBe(sent.length);
    expect(sent[0]!.payload).toMatchObject({
      orderId: waiting.order.id,
      productTitle: 'Standing Desk',
      lastDay: '2026-12-01',
      message:
        'Final notice: Standing Desk is still waiting at the warehouse and storage fees are adding up. Collect it or contact us by Tue, Dec 1; after that it is treated as abandoned.',
    });
    const inApp = await t.db.select().from(notifications).where(eq(notifications.userId, waiting.user.id));
    expect(inApp.map((n) => n.message)).toEqual([
      sent[0]!.payload && (sent[0]!.payload as { message: string }).message,
    ]);
    expect(await finalNotices(booked.user.id)).not.toHaveLength(0);
    for (const none of [collected, refunded, unpaid])
      expect(await finalNotices(none.user.id)).toHaveLength(0);
  });
});
