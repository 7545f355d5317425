// Returns (docs/product.md "Returns"; docs/decisions/055-returns.md): who may ask to return an order,
// by when, the states a return goes through, when an unfinished one expires and what a refund pays
// back. Pure: no I/O, no clock of its own; instants are Dates (UTC), calendar days are Vancouver
// 'YYYY-MM-DD' keys.
//
//   requested -> drop_off_booked -> received -> refunded | refused
//
// Beside the main line:
// - requested -> received: the shopper walks in without a booking; the desk takes the item anyway.
// - requested / drop_off_booked -> withdrawn: the shopper changes their mind before the desk has it
//   (a booked drop-off's place is freed).
// - requested / drop_off_booked -> expired: nothing arrived in time (returnExpiresAt).
// - refunded, refused, withdrawn and expired are final. Moving a drop-off keeps drop_off_booked.

import type { OrderStatus } from './orders';
import type { NonReturnableKind, SaleTerms } from './sale-terms';
import { formatDateKeyShort, shopDateKey } from './shop-clock';
import { addDaysToDateKey, vancouverDateTime } from './time';
import { RETURN_WINDOW_DAYS } from './windows';

export { RETURN_WINDOW_DAYS } from './windows';

export const RETURN_STATES = [
  'requested',
  'drop_off_booked',
  'received',
  'refunded',
  'refused',
  'withdrawn',
  'expired',
] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

export const RETURN_STATE_LABELS: Readonly<Record<ReturnState, string>> = Object.freeze({
  requested: 'Return requested',
  drop_off_booked: 'Drop-off booked',
  received: 'Received, being checked',
  refunded: 'Refunded',
  refused: 'Return refused',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
});

export const RETURN_TRANSITIONS: Readonly<Record<ReturnState, readonly ReturnState[]>> = Object.freeze({
  requested: Object.freeze(['drop_off_booked', 'received', 'withdrawn', 'expired'] as const),
  drop_off_booked: Object.freeze(['received', 'withdrawn', 'expired'] as const),
  received: Object.freeze(['refunded', 'refused'] as const),
  refunded: Object.freeze([] as const),
  refused: Object.freeze([] as const),
  withdrawn: Object.freeze([] as const),
  expired: Object.freeze([] as const),
});

export function canReturnTransition(from: ReturnState, to: ReturnState): boolean {
  return RETURN_TRANSITIONS[from].includes(to);
}

/** The states from which `to` may be reached (the guard of a state UPDATE). */
export function returnSourcesOf(to: ReturnState): ReturnState[] {
  return RETURN_STATES.filter((from) => canReturnTransition(from, to));
}

/** Still open: the shopper may book, move or withdraw, and the expiry job may close it. */
export function isReturnOpen(state: ReturnState): boolean {
  return state === 'requested' || state === 'drop_off_booked';
}

/** A return that is not final blocks a second one for the same order. */
export function isReturnActive(state: ReturnState): boolean {
  return isReturnOpen(state) || state === 'received';
}

export function isReturnState(value: unknown): value is ReturnState {
  return typeof value === 'string' && (RETURN_STATES as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------------
// What the shopper gives

export const RETURN_REASONS = [
  'not_as_described',
  'damaged',
  'missing_parts',
  'does_not_work',
  'changed_mind',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Readonly<Record<ReturnReason, string>> = Object.freeze({
  not_as_described: 'Not as described',
  damaged: 'Arrived damaged',
  missing_parts: 'Missing parts',
  does_not_work: "Doesn't work",
  changed_mind: 'Changed my mind',
  other: 'Other',
});

/** The shopper's note and staff notes, trimmed, at most this many characters. */
export const RETURN_NOTE_MAX = 1000;
/** Photos with a request, and with staff's receipt. */
export const RETURN_PHOTOS_MAX = 4;
/**
 * A refusal's reason (the shopper reads it): at least 3, at most 500 characters, and at least two
 * words: 'No' or 'Damaged' alone tells the shopper nothing they can act on.
 */
export const RETURN_REFUSAL_MIN = 3;
export const RETURN_REFUSAL_MAX = 500;
export const RETURN_REFUSAL_MIN_WORDS = 2;
export const RETURN_REFUSAL_WORDS_MESSAGE = 'Please say why in a few words: the shopper reads this reason.';

/** The reason has enough words for the shopper to understand it (RETURN_REFUSAL_MIN_WORDS). */
export function isRefusalReasonClear(reason: string): boolean {
  return (
    reason
      .trim()
      .split(/\s+/u)
      .filter((w) => /[\p{L}\p{N}]/u.test(w)).length >= RETURN_REFUSAL_MIN_WORDS
  );
}

/** The desk's condition checklist when the item comes back. */
export const RETURN_CHECKS = ['all_parts_present', 'undamaged', 'matches_listing'] as const;
export type ReturnCheck = (typeof RETURN_CHECKS)[number];
export const RETURN_CHECK_LABELS: Readonly<Record<ReturnCheck, string>> = Object.freeze({
  all_parts_present: 'All parts present',
  undamaged: 'Undamaged',
  matches_listing: 'Matches the listing',
});

// ---------------------------------------------------------------------------------------------------
// Sale terms and the kinds that never come back

// Defined in sale-terms.ts (the product page and the card read them without the calendar code).
export {
  NON_RETURNABLE_KIND_LABELS,
  NON_RETURNABLE_KINDS,
  type NonReturnableKind,
  SALE_TERMS,
  SALE_TERMS_LABELS,
  type SaleTerms,
} from './sale-terms';

// ---------------------------------------------------------------------------------------------------
// The window

/**
 * The last calendar day (Vancouver) a return may be asked for and the item brought back: the
 * hand-over date plus RETURN_WINDOW_DAYS. Handed over on Nov 20: until the end of Nov 27.
 */
export function returnLastDayKey(handedOverAt: Date): string {
  return addDaysToDateKey(shopDateKey(handedOverAt), RETURN_WINDOW_DAYS);
}

/** The last day to bring an item back, from the window's close (`returnDeadline`): 'Mon, Dec 7'. */
export function returnLastDayLabel(deadline: Date): string {
  return formatDateKeyShort(addDaysToDateKey(shopDateKey(deadline), -1));
}

/**
 * The one wording of a return's deadline, wherever a shopper reads it: 'by the end of Mon, Dec 7
 * (PT)' (the window closes at midnight, shop time, after that day).
 */
export function returnByLabel(lastDayLabel: string): string {
  return `by the end of ${lastDayLabel} (PT)`;
}

/** The instant the window closes: midnight (Vancouver) after the last day. */
export function returnDeadline(handedOverAt: Date): Date {
  return vancouverDateTime(addDaysToDateKey(returnLastDayKey(handedOverAt), 1), 0, 0);
}

export const RETURN_REFUSALS = [
  'not_collected',
  'window_closed',
  'final_sale',
  'as_is',
  'non_returnable_kind',
  'already_requested',
] as const;
export type ReturnRefusal = (typeof RETURN_REFUSALS)[number];

export interface ReturnEligibilityInput {
  orderStatus: OrderStatus;
  /** When the desk handed the item over (orders.completed_at). */
  handedOverAt: Date | null;
  saleTerms: SaleTerms;
  nonReturnableKind: NonReturnableKind | null;
  /** The order already has a return that is not final, or one that was refunded or refused. */
  hasReturn: boolean;
  now: Date;
}

export type ReturnEligibility =
  | { ok: true; deadline: Date; lastDayKey: string }
  | { ok: false; reason: ReturnRefusal; deadline: Date | null; lastDayKey: string | null };

/**
 * Whether the order's item may be returned now. The terms are checked before the window, so a
 * Final Sale item is refused as such on any day.
 */
export function returnEligibility(input: ReturnEligibilityInput): ReturnEligibility {
  if (input.orderStatus !== 'completed' || input.handedOverAt === null) {
    return { ok: false, reason: 'not_collected', deadline: null, lastDayKey: null };
  }
  const deadline = returnDeadline(input.handedOverAt);
  const lastDayKey = returnLastDayKey(input.handedOverAt);
  const no = (reason: ReturnRefusal): ReturnEligibility => ({ ok: false, reason, deadline, lastDayKey });
  if (input.saleTerms === 'final_sale') return no('final_sale');
  if (input.saleTerms === 'as_is') return no('as_is');
  if (input.nonReturnableKind !== null) return no('non_returnable_kind');
  if (input.hasReturn) return no('already_requested');
  if (input.now.getTime() >= deadline.getTime()) return no('window_closed');
  return { ok: true, deadline, lastDayKey };
}

// ---------------------------------------------------------------------------------------------------
// Drop-off and expiry

/** After a booked drop-off's slot ends, the desk has this long to mark it received before it expires. */
export const RETURN_DROP_OFF_GRACE_MINUTES = 120;

/** A drop-off may be booked in a slot that starts before the window closes. */
export function canBookDropOff(slotStartsAt: Date, deadline: Date): boolean {
  return slotStartsAt.getTime() < deadline.getTime();
}

/**
 * When an open return expires: the window's close, or, when a drop-off is booked in a slot ending
 * later than that less the grace, the slot's end plus RETURN_DROP_OFF_GRACE_MINUTES.
 */
export function returnExpiresAt(deadline: Date, dropOffEndsAt: Date | null): Date {
  if (dropOffEndsAt === null) return deadline;
  const afterSlot = dropOffEndsAt.getTime() + RETURN_DROP_OFF_GRACE_MINUTES * 60_000;
  return new Date(Math.max(deadline.getTime(), afterSlot));
}

export function isReturnExpired(state: ReturnState, expiresAt: Date, now: Date): boolean {
  return isReturnOpen(state) && now.getTime() >= expiresAt.getTime();
}

// ---------------------------------------------------------------------------------------------------
// The refund

export interface ReturnRefundInput {
  /** The winning price (orders.final_amount_cents). */
  finalAmountCents: number;
  /** The order's own share of the checkout's premium and taxes (orders.premium/pst/gst_cents). */
  premiumCents: number | null;
  pstCents: number | null;
  gstCents: number | null;
  /** Left to refund on the order's payment for this order (what was paid less refunds so far). */
  refundableCents: number;
}

/**
 * What a refunded return pays back: the item's price plus its share of premium and taxes, never a
 * storage fee; never more than is left to refund, never below 0.
 */
export function returnRefundCents(input: ReturnRefundInput): number {
  const owed =
    input.finalAmountCents + (input.premiumCents ?? 0) + (input.pstCents ?? 0) + (input.gstCents ?? 0);
  return Math.max(0, Math.min(owed, input.refundableCents));
}
