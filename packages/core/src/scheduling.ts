// Scheduling auctions and drops from the back-office (docs/decisions/025). Plain
// rules over instants in milliseconds: what a schedule may be, the end times of a drop's lots, and
// second-chance offer deadlines. The increment rule itself is increments.ts; bidding is bidding.ts.

import { type IncrementRule, isValidIncrementRule } from './increments';
import { formatShopDateTime, shopWallClock } from './shop-clock';
import { vancouverDateTime } from './time';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const SCHEDULING_LIMITS = Object.freeze({
  /** A start typed as "now" may lie this far in the past (the form was open a moment); it becomes now. */
  startGraceMs: 5 * MINUTE_MS,
  /** The earliest end: a minute from now, so a new auction is never born ended. */
  minEndAheadMs: MINUTE_MS,
  /** The shortest auction. */
  minDurationMs: MINUTE_MS,
  /** The longest auction (start to first end). */
  maxDurationMs: 30 * DAY_MS,
  /** How far ahead an auction may be scheduled. */
  maxStartAheadMs: 365 * DAY_MS,
  maxSoftCloseSeconds: 600,
  maxStaggerSeconds: 3600,
  maxDropLots: 500,
  /** Second-chance offers: default and bounds of the deadline. */
  defaultOfferHours: 48,
  minOfferHours: 1,
  maxOfferHours: 7 * 24,
});

/** The message for a stagger outside its range, with the bound as people write it ('3,600'). */
export const STAGGER_RANGE_MESSAGE = `The stagger is 0 to ${String(SCHEDULING_LIMITS.maxStaggerSeconds).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} seconds.`;

export type ScheduleProblem =
  | 'start_in_past'
  | 'start_too_far'
  | 'end_in_past'
  | 'end_before_start'
  | 'too_long'
  | 'starting_bid_out_of_range'
  | 'increment_out_of_range'
  | 'reserve_out_of_range'
  | 'reserve_below_starting_bid'
  | 'soft_close_out_of_range'
  | 'stagger_out_of_range'
  | 'too_many_lots';

export interface ScheduleInput {
  startMs: number;
  endMs: number;
  startingBidCents: number;
  increment: IncrementRule;
  reserveCents: number | null;
  softCloseSeconds: number;
}

const isWhole = (n: number) => Number.isSafeInteger(n);
const inRange = (n: number, min: number, max: number) => isWhole(n) && n >= min && n <= max;

/** The start an auction really gets: a start in the recent past (within the grace) is now. */
export function effectiveStart(startMs: number, nowMs: number): number {
  return Math.max(startMs, nowMs);
}

/**
 * The problems of one auction's schedule and money, in the order a form shows them ([] when it is
 * fine). `maxCents` is the bid bound (the contract's MAX_BID_CENTS). Times are checked against now:
 * the start may be up to the grace in the past (it becomes now), the end must be after the start and
 * at least a minute ahead.
 */
export function scheduleProblems(input: ScheduleInput, nowMs: number, maxCents: number): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  const L = SCHEDULING_LIMITS;
  if (!isWhole(input.startMs) || input.startMs < nowMs - L.startGraceMs) problems.push('start_in_past');
  else if (input.startMs > nowMs + L.maxStartAheadMs) problems.push('start_too_far');
  const start = effectiveStart(input.startMs, nowMs);
  if (!isWhole(input.endMs) || input.endMs < nowMs + L.minEndAheadMs) problems.push('end_in_past');
  else if (input.endMs < start + L.minDurationMs) problems.push('end_before_start');
  else if (input.endMs - start > L.maxDurationMs) problems.push('too_long');
  problems.push(...lotMoneyProblems(input, maxCents));
  if (
    !isValidIncrementRule(input.increment) ||
    (input.increment.mode === 'fixed' && input.increment.cents > maxCents)
  )
    problems.push('increment_out_of_range');
  if (!inRange(input.softCloseSeconds, 0, L.maxSoftCloseSeconds)) problems.push('soft_close_out_of_range');
  return problems;
}

/**
 * A lot's own amounts: the starting bid and the reserve (none: null) each from 1 cent to `maxCents`,
 * and a reserve no lower than the starting bid (a lower one would be met by any first bid, so it
 * would hide nothing). One auction's rule, and each lot of a drop's with its own amounts.
 */
export function lotMoneyProblems(
  lot: { startingBidCents: number; reserveCents: number | null },
  maxCents: number,
): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  const startOk = inRange(lot.startingBidCents, 1, maxCents);
  if (!startOk) problems.push('starting_bid_out_of_range');
  if (lot.reserveCents !== null) {
    if (!inRange(lot.reserveCents, 1, maxCents)) problems.push('reserve_out_of_range');
    else if (startOk && lot.reserveCents < lot.startingBidCents) problems.push('reserve_below_starting_bid');
  }
  return problems;
}

/**
 * The amounts each lot of a drop gets: its own starting bid and reserve where staff typed one, the
 * drop's common ones where they left it empty (undefined). A lot's reserve may be null: no reserve.
 */
export function dropLotAmounts(
  common: { startingBidCents: number; reserveCents: number | null },
  own: { startingBidCents?: number | undefined; reserveCents?: number | null | undefined } | undefined,
): { startingBidCents: number; reserveCents: number | null } {
  return {
    startingBidCents: own?.startingBidCents ?? common.startingBidCents,
    reserveCents: own?.reserveCents === undefined ? common.reserveCents : own.reserveCents,
  };
}

/** The end of lot `index` (0-based) of a drop: the first end plus index times the stagger. */
export function dropLotEnd(firstEndMs: number, staggerSeconds: number, index: number): number {
  return firstEndMs + index * staggerSeconds * 1000;
}

/** Every lot's end, in lot order. */
export function dropEndTimes(firstEndMs: number, staggerSeconds: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => dropLotEnd(firstEndMs, staggerSeconds, i));
}

export interface DropInput extends ScheduleInput {
  staggerSeconds: number;
  lotCount: number;
}

/**
 * A drop's problems: the shared settings as one auction whose end is the first lot's, the stagger,
 * the lot count, and the last lot's end within the longest auction.
 */
export function dropProblems(input: DropInput, nowMs: number, maxCents: number): ScheduleProblem[] {
  const L = SCHEDULING_LIMITS;
  const problems = scheduleProblems(input, nowMs, maxCents);
  if (!inRange(input.staggerSeconds, 0, L.maxStaggerSeconds)) problems.push('stagger_out_of_range');
  if (!inRange(input.lotCount, 1, L.maxDropLots)) problems.push('too_many_lots');
  if (problems.length === 0) {
    const last = dropLotEnd(input.endMs, input.staggerSeconds, input.lotCount - 1);
    if (last - effectiveStart(input.startMs, nowMs) > L.maxDurationMs) problems.push('too_long');
  }
  return problems;
}

/** Whether staff may still edit an auction: only while it is scheduled and its start has not come. */
export function isEditable(status: string, startMs: number, nowMs: number): boolean {
  return status === 'scheduled' && startMs > nowMs;
}

/** Whether staff may cancel an auction: while scheduled or live (an ended one has its order). */
export function isCancellable(status: string): boolean {
  return status === 'scheduled' || status === 'live';
}

/**
 * What the product becomes when its auction is cancelled: back to staff as 'to_relist' when people
 * had bid (the item was shown and wanted: relist it), 'draft' when nobody had (as if never listed).
 */
export function productStatusAfterCancel(bidCount: number): 'to_relist' | 'draft' {
  return bidCount > 0 ? 'to_relist' : 'draft';
}

/** A second-chance offer's deadline: `hours` from now (default 48), within 1 hour and 7 days. */
export function offerExpiresAt(nowMs: number, hours: number = SCHEDULING_LIMITS.defaultOfferHours): number {
  const L = SCHEDULING_LIMITS;
  if (!inRange(hours, L.minOfferHours, L.maxOfferHours))
    throw new RangeError(`Offer hours out of range: ${hours}`);
  return nowMs + hours * HOUR_MS;
}

/**
 * The second-chance candidates: every bidder but the one who did not pay and those already offered,
 * highest maximum first (earlier maximum first on a tie, as the engine ranks). The first is the default.
 */
export function secondChanceCandidates<T extends { userId: string; amountCents: number; setAtMs: number }>(
  maxBids: readonly T[],
  excludeUserIds: readonly string[],
): T[] {
  const excluded = new Set(excludeUserIds);
  return maxBids
    .filter((m) => !excluded.has(m.userId))
    .slice()
    .sort((a, b) => b.amountCents - a.amountCents || a.setAtMs - b.setAtMs);
}

const LOCAL_PATTERN = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant of a Vancouver wall-clock time typed in a form ('YYYY-MM-DDTHH:mm', as a
 * datetime-local input gives it), or null when it is not one. Staff type times in the store's zone
 * whatever their computer's zone is.
 */
export function vancouverLocalToDate(local: string): Date | null {
  const m = LOCAL_PATTERN.exec(local.trim());
  if (!m) return null;
  try {
    return vancouverDateTime(m[1]!, Number(m[2]), Number(m[3]));
  } catch {
    return null;
  }
}

/** An instant as a Vancouver 'YYYY-MM-DDTHH:mm' (for a datetime-local input's value). */
export function dateToVancouverLocal(date: Date): string {
  const c = shopWallClock(date);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${c.dateKey}T${pad(c.hour)}:${pad(c.minute)}`;
}

/** 'Thu, Nov 26, 10:30 a.m. PT' (shop-clock.ts's one format), for lists, notices and emails. */
export function shopDateTimeLabel(at: Date): string {
  return formatShopDateTime(at);
}
