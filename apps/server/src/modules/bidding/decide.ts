// The decision of a bid, on the state the auction lock found: the pure rule of packages/core, its
// rejections mapped to the catalogue's errors, and the auction's new stored state. No I/O.
import type { AuctionLiveState, PlaceBidResponse } from '@rebound/contract/bidding';
import { type BidOutcome, bidSuccessMessage, placeMaxBid, standingOf } from '@rebound/core/bidding';
import { formatCents } from '@rebound/core/money';
import { AppError } from '../../lib/errors';
import type { AuctionRow, BidContact } from './repository';
import { liveState, toBidState } from './state';

export interface LockedAuction {
  auction: AuctionRow;
  maxes: { userId: string; amountCents: number; setAt: Date; seq: number }[];
  people: BidContact[];
}

export interface BidDecision {
  outcome: BidOutcome;
  /** The auction row as the bid leaves it. */
  updated: AuctionRow;
  /** Its public state, as watchers and the bidder see it. */
  state: AuctionLiveState;
  body: PlaceBidResponse;
  /** The bidder's maximum's sequence number. */
  maxSeq: number;
}

export function decideBid(ctx: LockedAuction, userId: string, amountCents: number, now: Date): BidDecision {
  const a = ctx.auction;
  if (a.status !== 'live' && a.status !== 'scheduled') throw new AppError('auction_not_live');
  const result = placeMaxBid(toBidState(a, ctx.maxes), { userId, amountCents, at: now.getTime() });
  if (!result.ok) {
    const r = result.rejection;
    switch (r.code) {
      case 'not_live':
        throw new AppError('auction_not_live');
      case 'invalid_amount':
        throw new AppError('invalid_bid_amount');
      case 'not_higher_than_own':
        throw new AppError('bid_not_higher_than_own', { params: { amount: formatCents(r.currentMaxCents) } });
      case 'below_minimum':
        throw new AppError('bid_too_low', { params: { amount: formatCents(r.minimumCents) } });
    }
  }
  const o = result.outcome;
  const updated: AuctionRow = {
    ...a,
    // A bid that arrives after the start but before the opening job ran opens the auction.
    status: 'live',
    currentPriceCents: o.state.priceCents ?? a.startingBidCents,
    leaderUserId: o.state.leaderUserId,
    reserveMet: o.reserveMet,
    bidCount: o.state.bidCount,
    endTime: new Date(o.state.endTime),
    seq: a.seq + 1,
    updatedAt: now,
  };
  // The leader is now the bidder or stays who it was (a maximum only ever beats or loses to the leader).
  const leaderHandle = ctx.people.find((p) => p.id === updated.leaderUserId)?.handle ?? null;
  const state = liveState(updated, leaderHandle);
  // The bidder's standing by core's one rule: a leader below the reserve is not 'winning'.
  const standing = standingOf({
    hasMax: true,
    leads: o.isLeader,
    over: false,
    cancelled: false,
    reserveMet: o.reserveMet,
  });
  return {
    outcome: o,
    updated,
    state,
    maxSeq: o.state.maxBids.find((m) => m.userId === userId)!.seq,
    body: {
      serverTime: now.toISOString(),
      message: bidSuccessMessage(standing),
      isLeader: o.isLeader,
      auction: state,
      me: { maxBidCents: amountCents, standing },
    },
  };
}
