import { paymentDueAt } from '@rebound/core/time';
import type { DbOrTx } from '../src/db/client';
import { orders } from '../src/db/schema';
import { makeAuction } from './factories';

/** An ended auction won by `userId`, with its order (pending unless told otherwise). */
export async function makeOrder(
  db: DbOrTx,
  opts: {
    now: Date;
    userId: string;
    locationId: string;
    amountCents?: number;
    endedAgoMs?: number;
    title?: string;
    order?: Partial<typeof orders.$inferInsert>;
  },
) {
  const amount = opts.amountCents ?? 10_000;
  const end = new Date(opts.now.getTime() - (opts.endedAgoMs ?? 60 * 60_000));
  const { auction, product } = await makeAuction(db, {
    now: opts.now,
    locationId: opts.locationId,
    product: { status: 'sold', ...(opts.title ? { title: opts.title } : {}) },
    auction: {
      status: 'ended',
      startTime: new Date(end.getTime() - 24 * 3_600_000),
      endTime: end,
      originalEndTime: end,
      startingBidCents: Math.min(amount, 1_000),
      currentPriceCents: amount,
      winnerUserId: opts.userId,
    },
  });
  const [order] = await db
    .insert(orders)
    .values({
      auctionId: auction.id,
      userId: opts.userId,
      locationId: opts.locationId,
      finalAmountCents: amount,
      paymentDueAt: paymentDueAt(end),
      createdAt: end,
      ...opts.order,
    })
    .returning();
  return { order: order!, auction, product };
}
