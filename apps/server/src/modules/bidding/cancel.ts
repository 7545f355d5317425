// The store cancels a shopper's maximum on a live lot (docs/product.md "Signals of unfair bidding",
// docs/decisions/099-cancel-a-bid-under-the-bid-lock.md). The rule is core's cancelMaxBid; this file
// takes the auction's bid lock, writes what the rule decided, tells the shoppers whose standing
// changed and says what to publish once the caller's transaction has committed.
import { auctionRoom, userRoom } from '@rebound/contract/rooms';
import { cancelMaxBid } from '@rebound/core/bidding';
import { bidCancelledNotice, leadingAgainNotice } from '@rebound/core/notices';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { IDEMPOTENCY_TTL_MS } from '../../lib/idempotency';
import type { Published } from '../../realtime/hub';
import { enqueueNotices, type Notice, notificationsChanged } from '../notifications';
import { writeCancel } from './cancel-repository';
import * as repo from './repository';
import { liveState, toBidState } from './state';

export interface CancelledBid {
  /** What the lot was before and is after, for the caller's audit entry. */
  before: { priceCents: number; leaderUserId: string | null; bidCount: number; maxCents: number };
  after: { priceCents: number; leaderUserId: string | null; bidCount: number; reserveMet: boolean };
  /** The shopper who leads again because of the cancel, if any. */
  leadingAgainUserId: string | null;
  /** For the caller to publish after its commit: what a bid publishes, so open pages follow. */
  events: Published[];
}

/**
 * Cancels `userId`'s maximum on the auction inside the caller's transaction (the caller writes the
 * audit entry in the same transaction). The auction row is locked by bid_lock_and_read first, the
 * lock a bid batch and a bid group's placement take, so a cancel and the bids on the lot are
 * decided one after the other, each on what the previous one committed. Refused, changing nothing:
 * an unknown lot ('auction_not_found'), a lot not live ('bid_cancel_not_live'), a shopper without a
 * maximum there ('bid_cancel_no_bid').
 */
export async function cancelBidInTransaction(
  tx: DbOrTx,
  clock: Clock,
  auctionId: string,
  userId: string,
): Promise<CancelledBid> {
  const ctx = await repo.lockForBid(tx, {
    auctionId,
    userId,
    idempotencyKey: null,
    keyFrom: new Date(clock.now().getTime() - IDEMPOTENCY_TTL_MS),
  });
  if (!ctx) throw new AppError('auction_not_found');
  // Time is read after the lock, as a bid's is: the cancel is ordered among the bids by it.
  const now = clock.now();
  const a = ctx.auction;
  if (a.status !== 'live' && a.status !== 'scheduled') throw new AppError('bid_cancel_not_live');
  const result = cancelMaxBid(toBidState(a, ctx.maxes), userId, now.getTime());
  if (!result.ok) throw new AppError(result.rejection.code);
  const o = result.outcome;
  const seq = a.seq + 1;
  const state = {
    currentPriceCents: o.state.priceCents ?? a.startingBidCents,
    leaderUserId: o.state.leaderUserId,
    reserveMet: o.reserveMet,
    bidCount: o.state.bidCount,
    seq,
  };
  await writeCancel(tx, {
    auctionId,
    userId,
    now,
    history: o.history.map((h, i) => {
      const by = o.historyPlacedBy[i]!;
      return {
        userId: h.userId,
        amountCents: h.amountCents,
        isLeaderRow: h.kind === 'leading',
        seq: by.seq,
        at: new Date(by.setAt),
      };
    }),
    state,
  });

  const product = ctx.product;
  const targetUrl = `/product/${product.slug}`;
  const leadingAgain = o.leadingAgainUserId;
  const notices: Notice[] = [
    {
      userId,
      kind: 'outbid_alerts',
      template: 'bid_cancelled',
      message: bidCancelledNotice(product.title),
      targetUrl,
      data: { auctionId, productTitle: product.title },
    },
    ...(leadingAgain
      ? [
          {
            userId: leadingAgain,
            kind: 'outbid_alerts',
            template: 'leading_again',
            message: leadingAgainNotice(product.title, state.currentPriceCents),
            targetUrl,
            data: { auctionId, productTitle: product.title, currentPriceCents: state.currentPriceCents },
          } satisfies Notice,
        ]
      : []),
  ];
  await enqueueNotices(tx, now, notices, ctx.people);

  const updated = { ...a, ...state, updatedAt: now };
  const leaderHandle = state.leaderUserId ? await repo.handleOf(tx, state.leaderUserId) : null;
  const live = liveState(updated, leaderHandle);
  const serverTime = now.toISOString();
  // The same events as a bid that moved the price (events.ts), so an open product page, the shop's
  // cards and the shoppers' own pages follow without a reload; never an extension (the end stays).
  const touched = new Set([
    userId,
    ...(a.leaderUserId ? [a.leaderUserId] : []),
    ...(leadingAgain ? [leadingAgain] : []),
  ]);
  const events: Published[] = [
    { room: auctionRoom(auctionId), event: { type: 'BidPlacedV1', serverTime, auction: live } },
    ...[...touched].map(
      (id): Published => ({
        room: userRoom(id),
        event: { type: 'StandingChangedV1', serverTime, auctionId, seq },
      }),
    ),
    ...notificationsChanged(
      notices.map((n) => n.userId),
      now,
    ),
  ];
  return {
    before: {
      priceCents: a.currentPriceCents,
      leaderUserId: a.leaderUserId,
      bidCount: a.bidCount,
      maxCents: ctx.maxes.find((m) => m.userId === userId)!.amountCents,
    },
    after: {
      priceCents: state.currentPriceCents,
      leaderUserId: state.leaderUserId,
      bidCount: state.bidCount,
      reserveMet: state.reserveMet,
    },
    leadingAgainUserId: leadingAgain,
    events,
  };
}
