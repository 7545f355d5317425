// Bid groups: 'win N of these' (docs/product.md "Bid groups"). A shopper lists 2-20 lots with a
// maximum for each and how many they want at most; the group keeps a live maximum on at most
// N - (lots won) of them, on the soonest-ending lots it can still win, and moves on when one is
// outbid. Pure: the server gives the facts of each lot and applies the plan (places the maximums,
// writes the states). Nothing here reads a clock.

import { BID_GROUP_MAX_LOTS, BID_GROUP_MIN_LOTS } from './bid-group-sizes';

export { BID_GROUP_MAX_LOTS, BID_GROUP_MIN_LOTS };

/**
 * A lot's state in its group:
 * - `waiting`: no bid placed by the group, nothing visible to anyone;
 * - `live`: the group's maximum is placed and can still win as prices stand;
 * - `outbid`: the group's maximum is placed (binding) but outbid: it no longer counts, the group
 *   has moved on; it counts again if it leads again (a higher maximum cancelled by staff);
 * - `won`, `lost`: the lot ended with the group's maximum on it;
 * - `skipped`: the lot ended while waiting;
 * - `dropped`: taken out (the group reached its number, the shopper removed it or cancelled the
 *   group while it waited, or staff cancelled the lot). A waiting lot the shopper bid on by hand is
 *   not dropped when the group reaches its number: it waits for its close, which sets that maximum
 *   aside.
 */
export const GROUP_LOT_STATES = ['waiting', 'live', 'outbid', 'won', 'lost', 'skipped', 'dropped'] as const;
export type GroupLotState = (typeof GROUP_LOT_STATES)[number];

/** A group: `active` while it can still act, `done` at its number of wins, `ended` short of it, `cancelled` by the shopper. */
export type BidGroupState = 'active' | 'done' | 'ended' | 'cancelled';

export interface GroupLot {
  readonly auctionId: string;
  /** The shopper's maximum for this lot, in cents. */
  readonly maxCents: number;
  /** The order the shopper gave (ties between lots ending together go to the earlier). */
  readonly position: number;
  readonly state: GroupLotState;
}

export interface BidGroup {
  /** How many lots the shopper wants at most (1 <= winAtMost < lots). */
  readonly winAtMost: number;
  readonly state: BidGroupState;
  readonly lots: readonly GroupLot[];
}

/** What the server knows of one lot of the group when it plans. */
export interface GroupLotFacts {
  readonly status: 'scheduled' | 'live' | 'ended' | 'cancelled';
  /** Epoch ms, soft close included. */
  readonly endTime: number;
  /** The smallest maximum the shopper could place on it now (core bidding's smallestMaxBidFor). */
  readonly minimumCents: number;
  /** For a lot with the group's maximum on it: that maximum leads or could still lead as prices stand. */
  readonly canWin: boolean;
  /** For an ended lot: whether the shopper won it. */
  readonly won: boolean;
  /**
   * The shopper holds a maximum on it. On a waiting lot that is one they placed by hand: it counts
   * for the group at the close, so the lot is not dropped when the group reaches its number.
   */
  readonly ownMaximum: boolean;
}

/** Why a lot's state changed, for the group's story ('Moved to lot B: your maximum on lot A was outbid'). */
export type GroupEventKind =
  | 'placed'
  | 'outbid'
  | 'leading_again'
  | 'won'
  | 'lost'
  | 'skipped'
  | 'dropped_done'
  | 'dropped_cancelled_lot';

export interface GroupEvent {
  readonly auctionId: string;
  readonly kind: GroupEventKind;
}

export interface GroupPlan {
  readonly group: BidGroup;
  /** Maximums to place now, in this order (each an ordinary bid of the lot's maximum). */
  readonly place: readonly { auctionId: string; amountCents: number }[];
  readonly events: readonly GroupEvent[];
}

const TERMINAL: ReadonlySet<GroupLotState> = new Set(['won', 'lost', 'skipped', 'dropped']);

/** How many lots the group has won. */
export function winsOf(group: BidGroup): number {
  return group.lots.filter((l) => l.state === 'won').length;
}

/**
 * Whether the close of a lot may give it to this group's shopper: only while the group has won
 * fewer than its number. The closing applies it last, whatever happened before (a lead given back,
 * two lots closing in one second): a group never wins more than it asked for.
 */
export function groupMayWin(group: BidGroup): boolean {
  return winsOf(group) < group.winAtMost;
}

/**
 * The group brought up to date with its lots' facts, and the maximums to place now. Lots the facts
 * do not mention are left as they are.
 */
export function planGroup(group: BidGroup, facts: ReadonlyMap<string, GroupLotFacts>): GroupPlan {
  const events: GroupEvent[] = [];
  let lots = group.lots.map((lot): GroupLot => {
    const f = facts.get(lot.auctionId);
    if (!f || TERMINAL.has(lot.state)) return lot;
    const to = (state: GroupLotState, kind: GroupEventKind): GroupLot => {
      events.push({ auctionId: lot.auctionId, kind });
      return { ...lot, state };
    };
    if (f.status === 'cancelled') return to('dropped', 'dropped_cancelled_lot');
    // A waiting lot won: the shopper's maximum placed by hand, counted for the group at the close.
    if (lot.state === 'waiting')
      return f.status === 'ended' ? (f.won ? to('won', 'won') : to('skipped', 'skipped')) : lot;
    if (f.status === 'ended') return f.won ? to('won', 'won') : to('lost', 'lost');
    if (lot.state === 'live' && !f.canWin) return to('outbid', 'outbid');
    if (lot.state === 'outbid' && f.canWin) return to('live', 'leading_again');
    return lot;
  });
  if (group.state !== 'active') return { group: { ...group, lots }, place: [], events };

  const wins = lots.filter((l) => l.state === 'won').length;
  if (wins >= group.winAtMost) {
    lots = lots.map((lot) => {
      // A waiting lot the shopper bid on by hand stays in the group until it ends: its maximum is
      // the group's at the close, which sets it aside (groupMayWin), never a win beyond N.
      if (lot.state !== 'waiting' || facts.get(lot.auctionId)?.ownMaximum) return lot;
      events.push({ auctionId: lot.auctionId, kind: 'dropped_done' });
      return { ...lot, state: 'dropped' };
    });
    return { group: { ...group, state: 'done', lots }, place: [], events };
  }

  const live = lots.filter((l) => l.state === 'live').length;
  const free = group.winAtMost - wins - live;
  const place: { auctionId: string; amountCents: number }[] = [];
  if (free > 0) {
    const candidates = lots
      .filter((lot) => {
        const f = facts.get(lot.auctionId);
        return lot.state === 'waiting' && f?.status === 'live' && f.minimumCents <= lot.maxCents;
      })
      .sort((a, b) => {
        const ea = facts.get(a.auctionId)?.endTime ?? 0;
        const eb = facts.get(b.auctionId)?.endTime ?? 0;
        return ea - eb || a.position - b.position;
      })
      .slice(0, free);
    const chosen = new Set(candidates.map((c) => c.auctionId));
    lots = lots.map((lot) => {
      if (!chosen.has(lot.auctionId)) return lot;
      events.push({ auctionId: lot.auctionId, kind: 'placed' });
      place.push({ auctionId: lot.auctionId, amountCents: lot.maxCents });
      return { ...lot, state: 'live' };
    });
  }
  const open = lots.some((l) => l.state === 'waiting' || l.state === 'live' || l.state === 'outbid');
  return { group: { ...group, state: open ? 'active' : 'ended', lots }, place, events };
}

/** A group's problem as the shopper entered it, or null (each lot's amount is checked as a bid is, apart). */
export type BidGroupProblem = 'too_few_lots' | 'too_many_lots' | 'duplicate_lot' | 'win_at_most_out_of_range';

export function checkBidGroup(winAtMost: number, auctionIds: readonly string[]): BidGroupProblem | null {
  if (auctionIds.length < BID_GROUP_MIN_LOTS) return 'too_few_lots';
  if (auctionIds.length > BID_GROUP_MAX_LOTS) return 'too_many_lots';
  if (new Set(auctionIds).size !== auctionIds.length) return 'duplicate_lot';
  const { min, max } = winAtMostRange(auctionIds.length, 0);
  if (!Number.isInteger(winAtMost) || winAtMost < min || winAtMost > max) return 'win_at_most_out_of_range';
  return null;
}

/**
 * The numbers a group of `lotCount` lots that has won `wins` may be set to win at most: at least 1
 * and never below the wins so far (at the wins the group is done), fewer than its lots. Empty (min >
 * max) when no number fits.
 */
export function winAtMostRange(lotCount: number, wins: number): { min: number; max: number } {
  return { min: Math.max(1, wins), max: lotCount - 1 };
}

/** The shopper's words for a group's problem. */
export function bidGroupProblemMessage(problem: BidGroupProblem): string {
  switch (problem) {
    case 'too_few_lots':
      return `A group needs at least ${BID_GROUP_MIN_LOTS} lots.`;
    case 'too_many_lots':
      return `A group holds at most ${BID_GROUP_MAX_LOTS} lots.`;
    case 'duplicate_lot':
      return 'A lot is in the group twice.';
    case 'win_at_most_out_of_range':
      return 'Choose to win at least 1 lot and fewer than the lots in the group.';
  }
}
