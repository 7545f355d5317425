// Withdrawing a product cancels its open auction through the auctions module's one cancel path, the
// same one staff use on the auctions screen (docs/decisions/085-statuses-with-one-owner.md): the
// auction's seq is bumped, who cancelled it and when are recorded, and its room hears the end.

import { auctionRoom } from '@rebound/contract/rooms';
import { API } from '@rebound/contract/routes';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { makeAuction } from '../../../test/factories';
import { recordingPublisher } from '../../../test/publish';
import { useWarehouse } from '../../../test/warehouse';
import { auctions, products } from '../../db/schema';
import { cancelAuction } from '../auctions';
import { withdrawProduct } from './service';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const { t, w } = useWarehouse(NOW);

async function auctionRow(id: string) {
  const [row] = await t.db.select().from(auctions).where(eq(auctions.id, id));
  return row!;
}

describe('withdrawing a product with an open auction nobody bid on', () => {
  it('cancels the auction through the one cancel path: seq bumped, who and when recorded, the end published', async () => {
    const { product, auction } = await makeAuction(t.db, {
      now: NOW,
      locationId: w.locationId,
      product: { status: 'auctioned', isFeatured: true },
      auction: { seq: 7 },
    });
    const cancelPath = vi.fn(cancelAuction);
    const recorder = recordingPublisher();

    const answer = await withdrawProduct(t.db, w.staff.user.id, product.id, 'Damaged on the shelf', NOW, {
      cancelAuction: cancelPath,
      publish: recorder.publish,
    });

    expect(answer).toMatchObject({ status: 'withdrawn', isFeatured: false });
    expect(cancelPath).toHaveBeenCalledTimes(1);
    expect(cancelPath.mock.calls[0]![1]).toEqual({
      auctionId: auction.id,
      actorId: w.staff.user.id,
      reason: 'Damaged on the shelf',
      now: NOW,
    });
    const after = await auctionRow(auction.id);
    expect(after).toMatchObject({
      status: 'cancelled',
      seq: 8,
      cancelledBy: w.staff.user.id,
      cancelledAt: NOW,
      closedAt: NOW,
      cancelReason: 'Damaged on the shelf',
    });
    // Published once, after the commit: the auction's room hears it ended at the new seq.
    expect(recorder.calls).toHaveLength(1);
    const ended = recorder.events.find((e) => e.room === auctionRoom(auction.id));
    expect(ended?.event).toMatchObject({
      type: 'AuctionEndedV1',
      serverTime: NOW.toISOString(),
      auction: { auctionId: auction.id, status: 'cancelled', seq: 8 },
      winnerHandle: null,
    });
  });

  it('the route wires the same path (app.ts passes the auctions module’s cancelAuction)', async () => {
    const { product, auction } = await makeAuction(t.db, {
      now: NOW,
      locationId: w.locationId,
      product: { status: 'auctioned' },
      auction: {
        status: 'scheduled',
        startTime: new Date(NOW.getTime() + 3_600_000),
        endTime: new Date(NOW.getTime() + 7_200_000),
        seq: 0,
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: API.adminProductWithdraw(product.id),
      headers: { cookie: w.staff.cookie },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const [p] = await t.db
      .select({ status: products.status, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.id, product.id));
    // Cancelled at the request's moment, the same one the product's withdrawal carries.
    expect(await auctionRow(auction.id)).toMatchObject({
      status: 'cancelled',
      seq: 1,
      cancelledBy: w.staff.user.id,
      cancelledAt: p!.updatedAt,
      closedAt: p!.updatedAt,
      cancelReason: null,
    });
    expect(p?.status).toBe('withdrawn');
  });

  it('refuses while the open auction has bids and changes nothing', async () => {
    const { product, auction } = await makeAuction(t.db, {
      now: NOW,
      locationId: w.locationId,
      product: { status: 'auctioned' },
      auction: { bidCount: 1, seq: 3 },
    });
    const cancelPath = vi.fn(cancelAuction);
    const recorder = recordingPublisher();
    await expect(
      withdrawProduct(t.db, w.staff.user.id, product.id, undefined, NOW, {
        cancelAuction: cancelPath,
        publish: recorder.publish,
      }),
    ).rejects.toMatchObject({ code: 'product_has_bids' });
    expect(cancelPath).not.toHaveBeenCalled();
    expect(recorder.events).toEqual([]);
    expect(await auctionRow(auction.id)).toMatchObject({ status: 'live', seq: 3, cancelledBy: null });
  });
});
