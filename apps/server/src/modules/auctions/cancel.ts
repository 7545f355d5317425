// Cancelling an auction: the one path (docs/decisions/085-statuses-with-one-owner.md). Staff cancel
// one (admin-auctions) and withdrawing a product cancels its open ones (admin-catalogue, which gets
// this function from app.ts) the same way: the row locked, the status moved by transitionAuctions
// (seq bumped, who, when and why recorded), every bidder told, and the events their pages need
// returned for the caller to publish after its commit. The product's own status and the audit
// entry stay with the caller.
import { auctionRoom, userRoom } from '@rebound/contract/rooms';
import { AUCTION_MOVES, canAuctionTransition } from '@rebound/core/auction-status';
import { auctionCancelledNotice } from '@rebound/core/notices';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Published } from '../../realtime/hub';
import { liveState } from '../bidding';
import { enqueueNotices, type Notice, notificationsChanged } from '../notifications';
import * as repo from './repository';
import { type AuctionRecord, transitionAuctions } from './status';

export interface CancelAuctionArgs {
  auctionId: string;
  actorId: string;
  /** Why (bidders are told it); null when none was given (a product withdrawn without a reason). */
  reason: string | null;
  now: Date;
}

export interface CancelledAuction {
  before: AuctionRecord;
  after: AuctionRecord;
  /** Everyone who held a maximum on it (each was told). */
  bidders: string[];
  /** For the caller to publish once its transaction has committed. */
  published: Published[];
}

/**
 * Cancels a scheduled or live auction inside the caller's transaction. The row is locked first, so a
 * bid arriving at the same moment waits and then finds it cancelled. Refuses (auction_not_found,
 * auction_not_cancellable) anything else.
 */
export async function cancelAuction(tx: DbOrTx, args: CancelAuctionArgs): Promise<CancelledAuction> {
  const { auctionId: id, actorId, reason, now } = args;
  const before = await repo.lockAuction(tx, id);
  if (!before) throw new AppError('auction_not_found');
  if (!canAuctionTransition(before.status, AUCTION_MOVES.cancel.to))
    throw new AppError('auction_not_cancellable');
  const [after] = await transitionAuctions(tx, [id], {
    ...AUCTION_MOVES.cancel,
    at: now,
    set: { cancelReason: reason, cancelledAt: now, cancelledBy: actorId, closedAt: now },
  });
  if (!after) throw new AppError('auction_not_cancellable');
  const bidders = await repo.bidderIds(tx, id);
  if (bidders.length > 0) {
    const product = await repo.productOf(tx, before.productId);
    const said = reason ?? '';
    const message = auctionCancelledNotice(
      product.title,
      said.endsWith('.') || said === '' ? said : `${said}.`,
    );
    const notices: Notice[] = bidders.map((userId) => ({
      userId,
      kind: 'outbid_alerts',
      template: 'auction_cancelled',
      message,
      targetUrl: `/product/${product.slug}`,
      data: { productTitle: product.title, reason: said, auctionId: id },
    }));
    await enqueueNotices(tx, now, notices);
  }
  const serverTime = now.toISOString();
  const published: Published[] = [
    {
      room: auctionRoom(id),
      event: { type: 'AuctionEndedV1', serverTime, auction: liveState(after, null), winnerHandle: null },
    },
    ...bidders.map(
      (userId): Published => ({
        room: userRoom(userId),
        event: { type: 'StandingChangedV1', serverTime, auctionId: id, seq: after.seq },
      }),
    ),
    ...notificationsChanged(bidders, now),
  ];
  return { before, after, bidders, published };
}
