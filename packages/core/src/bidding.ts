// The bidding engine (docs/product.md "Bidding and bid history"): proxy ("maximum") bids, price, public
// history rows and soft close. Pure: plain data in, plain data out, no I/O, no clock (times are passed in as
// epoch ms). All money is integer cents.

import { BID_SUCCESS_LEADING, BID_SUCCESS_SET, RESERVE_NOT_MET_STANDING } from './bidding-text';
import type { IncrementRule } from './increments';
import { incrementAt } from './increments';
import { formatCents } from './money';

/** A bidder's maximum on one auction. Each user has at most one; it only ever goes up. */
export interface MaxBid {
  readonly userId: string;
  readonly amountCents: number;
  /** Epoch ms when this maximum was set; raising it resets the time. */
  readonly setAt: number;
  /** Monotonically increasing per auction (a raise takes a new one); tie-break after `setAt`. */
  readonly seq: number;
}

export interface AuctionBidState {
  readonly startingBidCents: number;
  readonly increment: IncrementRule;
  /** Hidden reserve; null when the auction has none. */
  readonly reserveCents: number | null;
  /** Soft-close window in seconds (default 60); 0 disables the extension. */
  readonly softCloseSeconds: number;
  /** Epoch ms. */
  readonly startTime: number;
  /** Epoch ms; soft close may push it later, never earlier. */
  readonly endTime: number;
  readonly cancelled?: boolean;
  /** At most one per user. */
  readonly maxBids: readonly MaxBid[];
  /** Current price; null while nobody has bid. */
  readonly priceCents: number | null;
  readonly leaderUserId: string | null;
  /** Number of public history rows so far. */
  readonly bidCount: number;
  /** Sequence number the next accepted maximum takes. */
  readonly nextSeq: number;
}

export interface AuctionBidConfig {
  startingBidCents: number;
  increment: IncrementRule;
  reserveCents: number | null;
  softCloseSeconds: number;
  startTime: number;
  endTime: number;
}

export interface BidRequest {
  userId: string;
  amountCents: number;
  /** Epoch ms at which the server received the bid. */
  at: number;
}

/**
 * `beaten`: a bidder whose maximum was beaten, at that maximum. `leading`: the leader at the new price.
 * At equal amounts the public history lists the `leading` row first (see `compareHistoryRows`).
 */
export type HistoryRowKind = 'beaten' | 'leading';

export interface HistoryRow {
  userId: string;
  amountCents: number;
  kind: HistoryRowKind;
}

export type BidRejection =
  /** Not a positive whole number of cents. */
  | { code: 'invalid_amount' }
  /** Before the start, at or after the end (a bid at the exact end instant is late), or cancelled. */
  | { code: 'not_live' }
  /** 'New proxy bid must be higher than your current proxy bid of $X' */
  | { code: 'not_higher_than_own'; currentMaxCents: number }
  /** 'Highest bid must be at least $X' */
  | { code: 'below_minimum'; minimumCents: number };

/**
 * The largest maximum bid the store accepts: $100,000.00 (the contract re-exports it). Returned goods
 * and overstock sell for far less; the bound keeps every amount and every sum made of it inside the
 * database's money columns, whose CHECK constraints use the same figure.
 */
export const MAX_BID_CENTS = 10_000_000;

/** Why a maximum bid is refused before the auction is looked at; codes are the contract's error codes. */
export type MaxBidRequestProblem =
  | { code: 'staff_cannot_bid' }
  | { code: 'account_suspended' }
  | { code: 'invalid_bid_amount' }
  | { code: 'bid_too_high'; maxCents: number }
  | { code: 'bid_not_higher_than_own'; currentMaxCents: number }
  | { code: 'bid_too_low'; minimumCents: number };

export interface MaxBidRequest {
  bidder: { role: 'shopper' | 'staff'; status: 'active' | 'suspended' };
  /** The typed amount in cents (core money parseDollarsToCents); null when it does not read as money. */
  amountCents: number | null;
  /**
   * What the asker knows of the auction: the bidder's own maximum and the smallest acceptable one. The
   * server leaves them out here and has the engine (placeMaxBid) check them under the auction's lock.
   */
  ownMaxCents?: number | null;
  minimumNextBidCents?: number | null;
}

/**
 * The checks of a maximum bid, in the server's order: a staff account, a suspended account, an amount
 * that is not a positive amount of money, one above MAX_BID_CENTS, then (when given) not above the
 * bidder's own maximum and below the minimum. The server's bid route and the web's bid form both ask
 * this, so the form never asks to confirm a bid the server refuses for these reasons. null: fine.
 */
export function checkMaxBidRequest(r: MaxBidRequest): MaxBidRequestProblem | null {
  if (r.bidder.role === 'staff') return { code: 'staff_cannot_bid' };
  if (r.bidder.status !== 'active') return { code: 'account_suspended' };
  const cents = r.amountCents;
  if (cents === null || !Number.isSafeInteger(cents) || cents <= 0) return { code: 'invalid_bid_amount' };
  if (cents > MAX_BID_CENTS) return { code: 'bid_too_high', maxCents: MAX_BID_CENTS };
  if (r.ownMaxCents != null && cents <= r.ownMaxCents) {
    return { code: 'bid_not_higher_than_own', currentMaxCents: r.ownMaxCents };
  }
  if (r.minimumNextBidCents != null && cents < r.minimumNextBidCents) {
    return { code: 'bid_too_low', minimumCents: r.minimumNextBidCents };
  }
  return null;
}

/**
 * The figures the message of a refused maximum bid names ({amount} in the contract's error catalogue),
 * so the bid route and the web's bid form word a checkMaxBidRequest problem the same way.
 */
export function maxBidProblemParams(problem: MaxBidRequestProblem): Record<string, string> {
  switch (problem.code) {
    case 'bid_too_high':
      return { amount: formatCents(problem.maxCents) };
    case 'bid_not_higher_than_own':
      return { amount: formatCents(problem.currentMaxCents) };
    case 'bid_too_low':
      return { amount: formatCents(problem.minimumCents) };
    default:
      return {};
  }
}

export interface BidOutcome {
  /** The auction after the bid (a new object; the input is never mutated). */
  state: AuctionBidState;
  /** Public history rows to append, in order: the beaten bidder (if any), then the leader. */
  historyRows: HistoryRow[];
  priceChanged: boolean;
  leaderChanged: boolean;
  previousLeaderUserId: string | null;
  /** Users to tell "you've been outbid": the overtaken leader, or the bidder beaten by the leader's proxy. */
  outbidUserIds: string[];
  /** The new end time when soft close pushed it later, else null. */
  extendedEndTime: number | null;
  /** Whether the bidder leads after this bid. */
  isLeader: boolean;
  /** Whether the leader's maximum reaches the reserve (true when there is no reserve). */
  reserveMet: boolean;
}

export type PlaceBidResult = { ok: true; outcome: BidOutcome } | { ok: false; rejection: BidRejection };

export interface PriceResult {
  /** null when there are no maximums. */
  priceCents: number | null;
  leaderUserId: string | null;
  /** The leader's maximum; null when there are no maximums. Private: never show it. */
  leaderMaxCents: number | null;
  reserveMet: boolean;
}

/**
 * A bidder's standing. 'reserve_not_met': the leader of a running auction whose maximum is below the
 * hidden reserve. They would not win if it ended now, so they are never told they are winning, and
 * the header's Winning count and the 'winning' filter leave them out (docs/decisions/045-texts-that-are-true.md).
 */
export type Standing = 'none' | 'winning' | 'reserve_not_met' | 'outbid' | 'won' | 'lost';

/** The answer to an accepted bid, by the bidder's standing right after it. */
export function bidSuccessMessage(s: Standing): string {
  if (s === 'winning') return BID_SUCCESS_LEADING;
  if (s === 'reserve_not_met') return RESERVE_NOT_MET_STANDING;
  return BID_SUCCESS_SET;
}

/** A fresh auction with no bids. */
export function initialBidState(config: AuctionBidConfig): AuctionBidState {
  return {
    startingBidCents: config.startingBidCents,
    increment: config.increment,
    reserveCents: config.reserveCents,
    softCloseSeconds: config.softCloseSeconds,
    startTime: config.startTime,
    endTime: config.endTime,
    maxBids: [],
    priceCents: null,
    leaderUserId: null,
    bidCount: 0,
    nextSeq: 1,
  };
}

/** Ranking order of maximums: amount descending, then set earliest first, then lower seq first. */
export function compareMaxBids(a: MaxBid, b: MaxBid): number {
  if (a.amountCents !== b.amountCents) return b.amountCents - a.amountCents;
  if (a.setAt !== b.setAt) return a.setAt - b.setAt;
  return a.seq - b.seq;
}

/** The maximums in ranking order (a new array); the first is the leader's. */
export function rankMaxBids(maxBids: readonly MaxBid[]): MaxBid[] {
  return [...maxBids].sort(compareMaxBids);
}

/**
 * The price as a function of the set of maximums alone. One bidder: P = S. Otherwise
 * P = max(S, min(M1, M2 + inc(M2))). When M1 reaches the reserve, P = max(P, reserve).
 * Accepted maximums are never below S, so P never exceeds M1.
 */
export function priceFromMaxBids(
  maxBids: readonly MaxBid[],
  startingBidCents: number,
  increment: IncrementRule,
  reserveCents: number | null,
): PriceResult {
  const [first, second] = rankMaxBids(maxBids);
  if (first === undefined) {
    return { priceCents: null, leaderUserId: null, leaderMaxCents: null, reserveMet: reserveCents === null };
  }
  const m1 = first.amountCents;
  let price = startingBidCents;
  if (second !== undefined) {
    const m2 = second.amountCents;
    price = Math.max(startingBidCents, Math.min(m1, m2 + incrementAt(m2, increment)));
  }
  const reserveMet = reserveCents === null || m1 >= reserveCents;
  if (reserveCents !== null && reserveMet) price = Math.max(price, reserveCents);
  return { priceCents: price, leaderUserId: first.userId, leaderMaxCents: m1, reserveMet };
}

/** The smallest acceptable maximum, for everyone including the leader: S while nobody has bid, else P + inc(P). */
export function minimumNextBid(state: AuctionBidState): number {
  if (state.priceCents === null) return state.startingBidCents;
  return state.priceCents + incrementAt(state.priceCents, state.increment);
}

/** Bids are accepted while startTime <= now < endTime and the auction is not cancelled. */
export function isLive(state: AuctionBidState, now: number): boolean {
  return state.cancelled !== true && state.startTime <= now && now < state.endTime;
}

/** Over: cancelled, or the end time has been reached. */
export function hasEnded(state: AuctionBidState, now: number): boolean {
  return state.cancelled === true || now >= state.endTime;
}

/** Whether the current leader's maximum reaches the reserve (true when there is no reserve). */
export function isReserveMet(state: AuctionBidState): boolean {
  return priceFromMaxBids(state.maxBids, state.startingBidCents, state.increment, state.reserveCents)
    .reserveMet;
}

/**
 * A user's standing. 'none': no maximum on this auction. While running: 'winning' for the leader when
 * the reserve is met (or there is none), 'reserve_not_met' for a leader below it, else 'outbid'. Once
 * over: 'won' for the leader when the reserve is met and the auction was not cancelled, else 'lost'.
 */
export function standing(state: AuctionBidState, userId: string, now: number): Standing {
  const hasMax = state.maxBids.some((m) => m.userId === userId);
  return standingOf({
    hasMax,
    leads: state.leaderUserId === userId,
    over: hasEnded(state, now),
    cancelled: state.cancelled === true,
    reserveMet: hasMax && isReserveMet(state),
  });
}

/** What `standing` decides from, for callers holding an auction's stored summary rather than its maximums. */
export interface StandingFacts {
  /** The user holds a maximum on this auction. */
  hasMax: boolean;
  /** The user's maximum leads. */
  leads: boolean;
  /** Cancelled, or the end time has been reached. */
  over: boolean;
  cancelled: boolean;
  /** The leader's maximum reaches the reserve (true without a reserve). */
  reserveMet: boolean;
}

/** The rule of `standing`, on facts: see there. */
export function standingOf(f: StandingFacts): Standing {
  if (!f.hasMax) return 'none';
  if (!f.over) {
    if (!f.leads) return 'outbid';
    return f.reserveMet ? 'winning' : 'reserve_not_met';
  }
  return f.leads && !f.cancelled && f.reserveMet ? 'won' : 'lost';
}

/**
 * Orders public history rows: highest amount first; at equal amounts the `leading` row first. Use with a
 * stable sort over rows in the order they were written, so remaining ties keep that order.
 */
export function compareHistoryRows(
  a: Pick<HistoryRow, 'amountCents' | 'kind'>,
  b: Pick<HistoryRow, 'amountCents' | 'kind'>,
): number {
  if (a.amountCents !== b.amountCents) return b.amountCents - a.amountCents;
  if (a.kind !== b.kind) return a.kind === 'leading' ? -1 : 1;
  return 0;
}

/**
 * Sets or raises `bid.userId`'s maximum. Checks, in order: a positive whole number of cents; the
 * auction is live at `bid.at`; strictly higher than the bidder's own maximum; at least
 * `minimumNextBid`. A rejection changes nothing.
 */
export function placeMaxBid(state: AuctionBidState, bid: BidRequest): PlaceBidResult {
  const { userId, amountCents, at } = bid;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    return { ok: false, rejection: { code: 'invalid_amount' } };
  }
  if (!isLive(state, at)) return { ok: false, rejection: { code: 'not_live' } };
  const own = state.maxBids.find((m) => m.userId === userId);
  if (own !== undefined && amountCents <= own.amountCents) {
    return { ok: false, rejection: { code: 'not_higher_than_own', currentMaxCents: own.amountCents } };
  }
  const minimumCents = minimumNextBid(state);
  if (amountCents < minimumCents) return { ok: false, rejection: { code: 'below_minimum', minimumCents } };

  const newMax: MaxBid = { userId, amountCents, setAt: at, seq: state.nextSeq };
  const maxBids =
    own === undefined
      ? [...state.maxBids, newMax]
      : state.maxBids.map((m) => (m.userId === userId ? newMax : m));
  const result = priceFromMaxBids(maxBids, state.startingBidCents, state.increment, state.reserveCents);
  const leaderUserId = result.leaderUserId;
  const priceCents = result.priceCents;

  const previousLeaderUserId = state.leaderUserId;
  const leaderChanged = leaderUserId !== previousLeaderUserId;
  const priceChanged = priceCents !== state.priceCents;
  const historyRows: HistoryRow[] = [];
  const outbidUserIds: string[] = [];

  if ((leaderChanged || priceChanged) && leaderUserId !== null && priceCents !== null) {
    // Only the bidder's maximum changed and it only moved up the ranking, so a new leader is the bidder.
    if (leaderChanged && previousLeaderUserId !== null) {
      // The previous leader was overtaken: their maximum is beaten (and so becomes public).
      const beaten = maxBids.find((m) => m.userId === previousLeaderUserId);
      if (beaten !== undefined) {
        historyRows.push({ userId: beaten.userId, amountCents: beaten.amountCents, kind: 'beaten' });
      }
      outbidUserIds.push(previousLeaderUserId);
    } else if (!leaderChanged && leaderUserId !== userId) {
      // The leader's proxy beat the bidder's new maximum straight away.
      historyRows.push({ userId, amountCents, kind: 'beaten' });
      outbidUserIds.push(userId);
    }
    // Otherwise: the first bid, or the leader raising their own maximum and moving the price.
    historyRows.push({ userId: leaderUserId, amountCents: priceCents, kind: 'leading' });
  }

  let endTime = state.endTime;
  const windowMs = state.softCloseSeconds * 1000;
  if ((leaderChanged || priceChanged) && state.endTime - at <= windowMs) {
    endTime = Math.max(state.endTime, at + windowMs);
  }

  const next: AuctionBidState = {
    ...state,
    maxBids,
    priceCents,
    leaderUserId,
    bidCount: state.bidCount + historyRows.length,
    nextSeq: state.nextSeq + 1,
    endTime,
  };
  return {
    ok: true,
    outcome: {
      state: next,
      historyRows,
      priceChanged,
      leaderChanged,
      previousLeaderUserId,
      outbidUserIds,
      extendedEndTime: endTime !== state.endTime ? endTime : null,
      isLeader: leaderUserId === userId,
      reserveMet: result.reserveMet,
    },
  };
}

/** Why the store may not cancel a bid (codes are the contract's error codes). */
export type CancelBidRejection =
  /** The lot has ended or was cancelled: its result stands. */
  | { code: 'bid_cancel_not_live' }
  /** The shopper has no maximum on the lot (never bid, or already cancelled). */
  | { code: 'bid_cancel_no_bid' };

export interface CancelBidOutcome {
  /** The auction without the shopper's maximum: price, leader and reserve from the others. */
  state: AuctionBidState;
  /**
   * The public history decided again from the remaining maximums: each placed in the order it was
   * last set (setAt, then seq) by the ordinary rule, as if the cancelled maximum never was.
   */
  history: HistoryRow[];
  /**
   * For each row of `history`, the remaining maximum whose placement added it (its time and sequence
   * number): a stored history row keeps the time of the bid that made it.
   */
  historyPlacedBy: { setAt: number; seq: number }[];
  priceChanged: boolean;
  leaderChanged: boolean;
  previousLeaderUserId: string | null;
  /** Whose standing changed besides the cancelled shopper's: the new leader, when there is one. */
  leadingAgainUserId: string | null;
  reserveMet: boolean;
}

/**
 * The store cancels a shopper's maximum on a live lot (docs/product.md "Signals"): price, leader,
 * reserve and the public history are decided again from the remaining maximums by the ordinary rule
 * (each replayed through placeMaxBid in the order it was last set), so the price may go down. The end
 * time never moves (no soft close: nobody bid). The caller adds the line 'Bid cancelled by the store'.
 */
export function cancelMaxBid(
  state: AuctionBidState,
  userId: string,
  at: number,
): { ok: true; outcome: CancelBidOutcome } | { ok: false; rejection: CancelBidRejection } {
  if (!isLive(state, at)) return { ok: false, rejection: { code: 'bid_cancel_not_live' } };
  if (!state.maxBids.some((m) => m.userId === userId))
    return { ok: false, rejection: { code: 'bid_cancel_no_bid' } };
  const remaining = state.maxBids
    .filter((m) => m.userId !== userId)
    .sort((a, b) => a.setAt - b.setAt || a.seq - b.seq);
  // Replayed from the start with the lot's own terms; the window of the replay is the whole lot.
  let replay: AuctionBidState = {
    ...state,
    softCloseSeconds: 0,
    startTime: Number.MIN_SAFE_INTEGER,
    endTime: Number.MAX_SAFE_INTEGER,
    maxBids: [],
    priceCents: null,
    leaderUserId: null,
    bidCount: 0,
  };
  const history: HistoryRow[] = [];
  const historyPlacedBy: { setAt: number; seq: number }[] = [];
  for (const m of remaining) {
    const r = placeMaxBid(replay, { userId: m.userId, amountCents: m.amountCents, at: m.setAt });
    if (!r.ok) continue; // a maximum the replay's price has already passed adds nothing
    history.push(...r.outcome.historyRows);
    for (const _ of r.outcome.historyRows) historyPlacedBy.push({ setAt: m.setAt, seq: m.seq });
    replay = r.outcome.state;
  }
  // The maximums keep their own times and sequence numbers; price and leader are those of the set.
  const result = priceFromMaxBids(remaining, state.startingBidCents, state.increment, state.reserveCents);
  return {
    ok: true,
    outcome: {
      state: {
        ...state,
        maxBids: state.maxBids.filter((m) => m.userId !== userId),
        priceCents: result.priceCents,
        leaderUserId: result.leaderUserId,
        bidCount: history.length,
      },
      history,
      historyPlacedBy,
      priceChanged: result.priceCents !== state.priceCents,
      leaderChanged: result.leaderUserId !== state.leaderUserId,
      previousLeaderUserId: state.leaderUserId,
      leadingAgainUserId: result.leaderUserId !== state.leaderUserId ? result.leaderUserId : null,
      reserveMet: result.reserveMet,
    },
  };
}

/**
 * The smallest maximum one shopper may enter now: the auction's minimum next bid, and above their own
 * maximum when they have one (a new maximum must be strictly higher, in whole cents).
 */
export function smallestMaxBidFor(minimumNextBidCents: number, ownMaxCents: number | null): number {
  return ownMaxCents === null ? minimumNextBidCents : Math.max(minimumNextBidCents, ownMaxCents + 1);
}

/**
 * Suggested maximums for a bid form: the smallest acceptable one, then the next round amounts above
 * it (steps that suit the amount: $1 under $20, $5 under $100, $10 under $500, else $50). At most `count`.
 */
export function suggestedMaxBids(smallestCents: number, count = 3): number[] {
  const out = [smallestCents];
  const step =
    smallestCents < 2_000 ? 100 : smallestCents < 10_000 ? 500 : smallestCents < 50_000 ? 1_000 : 5_000;
  let next = Math.floor(smallestCents / step) * step + step;
  while (out.length < count) {
    if (next > smallestCents) out.push(next);
    next += step;
  }
  return out;
}

/** The account's My Bids filters: 'winning' and 'losing' hold running auctions only, as the header badges count them. */
export type BidsFilter = 'all' | 'winning' | 'losing';

export function inBidsFilter(s: Standing, filter: BidsFilter): boolean {
  if (s === 'none') return false;
  if (filter === 'winning') return s === 'winning';
  if (filter === 'losing') return s === 'outbid';
  return true;
}
