// An auction row seen two ways: as the engine's state (with its maximums) and as the public live state.
import type { AuctionLiveState } from '@rebound/contract/bidding';
import { summaryReserveMet } from '@rebound/core/auction-summary';
import { type AuctionBidState, minimumNextBid } from '@rebound/core/bidding';
import { type IncrementRule, incrementAt } from '@rebound/core/increments';
import type { AuctionRow } from './repository';

export function incrementRule(a: AuctionRow): IncrementRule {
  return a.incrementMode === 'table' ? { mode: 'table' } : { mode: 'fixed', cents: a.bidIncrementCents };
}

/** The engine's view of an auction, from its row and its maximum bids. */
export function toBidState(
  a: AuctionRow,
  maxes: { userId: string; amountCents: number; setAt: Date; seq: number }[],
): AuctionBidState {
  return {
    startingBidCents: a.startingBidCents,
    increment: incrementRule(a),
    reserveCents: a.reservePriceCents,
    softCloseSeconds: a.softCloseSeconds,
    startTime: a.startTime.getTime(),
    endTime: a.endTime.getTime(),
    cancelled: a.status === 'cancelled' || a.status === 'ended',
    maxBids: maxes.map((m) => ({
      userId: m.userId,
      amountCents: m.amountCents,
      setAt: m.setAt.getTime(),
      seq: m.seq,
    })),
    priceCents: a.leaderUserId ? a.currentPriceCents : null,
    leaderUserId: a.leaderUserId,
    bidCount: a.bidCount,
    nextSeq: maxes.reduce((m, b) => Math.max(m, b.seq), 0) + 1,
  };
}

/** The public state of an auction. `leaderHandle` is public (it is on the history's first row). */
export function liveState(a: AuctionRow, leaderHandle: string | null): AuctionLiveState {
  const hasLeader = a.leaderUserId !== null;
  // minimumNextBid only needs the price and increment; no maximums are read.
  const minimum = minimumNextBid(toBidState(a, []));
  return {
    auctionId: a.id,
    status: a.status,
    startTime: a.startTime.toISOString(),
    endTime: a.endTime.toISOString(),
    startingBidCents: a.startingBidCents,
    currentPriceCents: a.currentPriceCents,
    bidCount: a.bidCount,
    hasReserve: a.reservePriceCents !== null,
    reserveMet: summaryReserveMet(a),
    minimumNextBidCents: minimum,
    leaderHandle: hasLeader ? leaderHandle : null,
    seq: a.seq,
  };
}

/**
 * What a maximum placed on `a` (as the lock found it, before the bid) is measured against by the
 * signals (core signals.ts BidFact): the lowest maximum the lot accepts and the increment there.
 */
export function placementTerms(a: AuctionRow): { minimumCents: number; stepCents: number } {
  const state = toBidState(a, []);
  return {
    minimumCents: minimumNextBid(state),
    stepCents: incrementAt(state.priceCents ?? a.startingBidCents, state.increment),
  };
}
