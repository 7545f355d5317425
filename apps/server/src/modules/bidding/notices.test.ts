import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asSession } from '../../../test/bidding';
import { makeAuction, makeLocation, makeUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { outbox } from '../../db/schema';
import { placeBid } from './service';

// The outbid message's data: the lot, its price, the next acceptable bid and a one-tap link.
let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

describe('outbid payload', () => {
  it('carries the auction, price, next minimum bid and the lot link', async () => {
    const { auction, product } = await makeAuction(t.db, {
      now: t.clock.now(),
      locationId,
      product: { title: 'Espresso Machine' },
      auction: { startingBidCents: 1_000, bidIncrementCents: 100 },
    });
    const [leader, rival] = [asSession(await makeUser(t.db)), asSession(await makeUser(t.db))];
    await placeBid(t.db, t.clock, leader, auction.id, '25', null, t.app.deps.publish);
    const r = await placeBid(t.db, t.clock, rival, auction.id, '40', null, t.app.deps.publish);
    expect(r.body.auction.currentPriceCents).toBe(2_600);

    const rows = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, leader.id), eq(outbox.template, 'outbid')));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.payload).toMatchObject({
        auctionId: auction.id,
        productTitle: 'Espresso Machine',
        currentPriceCents: 2_600,
        // The same figure the product page shows as the minimum (core minimumNextBid).
        nextMinimumCents: r.body.auction.minimumNextBidCents,
        lotUrl: `/product/${product.slug}`,
      });
    }
    expect(r.body.auction.minimumNextBidCents).toBe(2_700);
  });
});
