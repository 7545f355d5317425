// Rules on an auction's stored summary (its row: status, times, leader, reserve flag), for every place
// that decides from the row rather than from the maximums: the product page's standing, My Bids, the
// closing job's winner, the watch button. One definition each, so the pages cannot disagree.

import { type Standing, standingOf } from './bidding';
import { type AuctionTiming, auctionPhase } from './catalog';

export interface AuctionSummary extends AuctionTiming {
  /** Hidden reserve; null when the auction has none. */
  reservePriceCents: number | null;
  /** Stored by the bidding service: the leader's maximum reaches the reserve. */
  reserveMet: boolean;
  leaderUserId: string | null;
}

/** The reserve is met, or there is none. */
export function summaryReserveMet(a: Pick<AuctionSummary, 'reservePriceCents' | 'reserveMet'>): boolean {
  return a.reservePriceCents === null || a.reserveMet;
}

/** Over: ended or cancelled by its status, or its end time reached on the clock (the job may lag). */
export function summaryHasEnded(a: AuctionTiming, nowMs: number): boolean {
  const phase = auctionPhase(a, nowMs);
  return phase === 'ended' || phase === 'cancelled';
}

/** Who wins an auction that is over: its leader when the reserve is met and it was not cancelled. */
export function summaryWinner(a: AuctionSummary): string | null {
  if (a.status === 'cancelled' || a.leaderUserId === null) return null;
  return summaryReserveMet(a) ? a.leaderUserId : null;
}

/**
 * A user's standing on an auction: 'none' without a maximum; 'winning' (reserve met or none),
 * 'reserve_not_met' (leading below the reserve) or 'outbid' while it runs; once
 * over, 'won' for the winner and 'lost' for everyone else. The product page, My Bids and the header
 * counts all use it.
 */
export function summaryStanding(a: AuctionSummary, userId: string, hasMax: boolean, nowMs: number): Standing {
  return standingOf({
    hasMax,
    leads: a.leaderUserId === userId,
    over: summaryHasEnded(a, nowMs),
    cancelled: a.status === 'cancelled',
    reserveMet: summaryReserveMet(a),
  });
}
