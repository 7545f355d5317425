import { allInCost, resolveTaxConfig } from '@rebound/core/pricing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asSession } from '../../../test/bidding';
import { makeAuction, makeLocation, makeUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { orders, outbox, users } from '../../db/schema';
import { placeBid } from '../bidding';
import { quote } from '../checkout';
import { renderEmail, renderSms } from '../notifications';
import { closeDueAuctionsBatch } from './lifecycle';

// The auction-won message's data: the order, the all-in total the cart shows, the deadline.
let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db, { buyersPremiumBp: 1000, pstBp: 700, gstBp: 500 })).id;
});

describe('auction won payload', () => {
  it('carries the order id, the cart total and the 72 h deadline', async () => {
    const now = t.clock.now();
    const end = new Date(now.getTime() + 10 * 60_000);
    const { auction } = await makeAuction(t.db, {
      now,
      locationId,
      product: { title: 'Road Bike' },
      auction: { endTime: end, startingBidCents: 12_345 },
    });
    const winnerRow = await makeUser(t.db);
    // The winner picks up at the location with a 10 % premium: the cart prices at those rates.
    await t.db.update(users).set({ locationId }).where(eq(users.id, winnerRow.id));
    await placeBid(t.db, t.clock, asSession(winnerRow), auction.id, '200', null, t.app.deps.publish);

    const closed = await closeDueAuctionsBatch(t.db, new Date(end.getTime() + 1), t.app.deps.publish);
    expect(closed.closed).toBe(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.auctionId, auction.id));
    const rows = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, winnerRow.id), eq(outbox.template, 'auction_won')));
    expect(rows.length).toBeGreaterThan(0);

    const cart = await quote(t.db, winnerRow.id, [order!.id]);
    const expected = allInCost(12_345, resolveTaxConfig({ buyersPremiumBp: 1000, pstBp: 700, gstBp: 500 }));
    expect(cart.totals.totalCents).toBe(expected.totalCents);
    for (const row of rows) {
      expect(row.payload).toMatchObject({
        orderId: order!.id,
        productTitle: 'Road Bike',
        totalCents: cart.totals.totalCents,
        payBy: order!.paymentDueAt.toISOString(),
      });
    }
    expect(order!.paymentDueAt.getTime() - end.getTime()).toBe(72 * 3_600_000);
  });

  it('says a Final Sale lot’s terms in the win’s email, text and in-app line', async () => {
    const now = t.clock.now();
    const end = new Date(now.getTime() + 10 * 60_000);
    const { auction } = await makeAuction(t.db, {
      now,
      locationId,
      product: { title: 'Instant Coffee', saleTerms: 'final_sale' },
      auction: { endTime: end, startingBidCents: 1_000 },
    });
    const winnerRow = await makeUser(t.db);
    await placeBid(t.db, t.clock, asSession(winnerRow), auction.id, '20', null, t.app.deps.publish);
    await closeDueAuctionsBatch(t.db, new Date(end.getTime() + 1), t.app.deps.publish);

    const rows = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, winnerRow.id), eq(outbox.template, 'auction_won')));
    const ctx = { publicUrl: 'https://rebound.example', secret: 'won-payload-test-secret-0123456789' };
    const row = rows.find((r) => r.channel === 'email')!;
    const payload = row.payload as Record<string, unknown>;
    expect(payload).toMatchObject({ saleTerms: 'final_sale', nonReturnableKind: null });
    expect(payload.message).toContain('Final sale: no returns.');
    const email = renderEmail({ ...row, payload }, ctx);
    expect(email.text).toContain('Final sale: no returns.');
    expect(email.html).toContain('Final sale: no returns.');
    // The text message of the same payload (this shopper has no phone on file).
    expect(renderSms({ ...row, channel: 'sms', payload }, ctx).body).toContain('Final sale: no returns.');
  });
});
