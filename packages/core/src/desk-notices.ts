// The pickup desk's missing or damaged items (docs/decisions/057-desk-missing-damaged.md): which
// orders the desk may mark, the words staff and the shopper read. A small module of its own so the
// pages that load core's notices.ts do not grow.

import { formatCents } from './money';

export const DESK_MARK_KINDS = ['missing', 'damaged'] as const;
export type DeskMarkKind = (typeof DESK_MARK_KINDS)[number];

/** The most a desk note may hold. */
export const DESK_NOTE_MAX = 500;

/**
 * An order is still at the desk, so it may be marked, while it is paid and not handed over:
 * `paid`, `ready_for_pickup` or `pickup_scheduled` (the states the desk hands over from).
 */
export function canMarkAtDesk(status: string): boolean {
  return status === 'paid' || status === 'ready_for_pickup' || status === 'pickup_scheduled';
}

/**
 * Why a marked item is not handed over (or staged): the mark and the hand-over are exclusive, the
 * first to take the order's lock wins (docs/decisions/075-desk-and-return-races.md).
 */
export function deskMarkedRefusal(kind: DeskMarkKind): string {
  return `This item was marked ${kind === 'missing' ? 'missing' : 'damaged'} at the desk and is being refunded: it cannot be handed over.`;
}

/** 'Missing' / 'Damaged': the desk's buttons and the order page's label. */
export function deskMarkLabel(kind: DeskMarkKind): string {
  return kind === 'missing' ? 'Missing' : 'Damaged';
}

/**
 * The desk's day list, on an item staff marked instead of handing it over: 'Marked missing — refunded',
 * or '— refund pending' while the refund has not gone through yet.
 */
export function deskMarkStatusLabel(kind: DeskMarkKind, refunded: boolean): string {
  return `Marked ${kind === 'missing' ? 'missing' : 'damaged'} — ${refunded ? 'refunded' : 'refund pending'}`;
}

/** What the item was found to be, in a sentence's middle: 'could not be found', 'was damaged'. */
function deskMarkPhrase(kind: DeskMarkKind): string {
  return kind === 'missing'
    ? 'could not be found at the pickup desk'
    : 'was found damaged at the pickup desk';
}

/** The refund's reason, as the refunds list and the shopper's Orders tab show it. */
export function deskMarkReason(kind: DeskMarkKind): string {
  return kind === 'missing' ? 'Item missing at pickup' : 'Item damaged at pickup';
}

/** The shopper's notice, sent at once so they know before they leave the desk. */
export function deskMarkNotice(kind: DeskMarkKind, amountCents: number, productTitle: string): string {
  return `Sorry: ${productTitle} ${deskMarkPhrase(kind)}. We refunded ${formatCents(amountCents)} in full to your card; it arrives in 5-10 business days.`;
}

/** What the desk reads after the mark: 'Refunded $12.34 to the card.' */
export function deskMarkResult(amountCents: number, replayed: boolean): string {
  return replayed
    ? `Already marked: ${formatCents(amountCents)} was refunded to the card.`
    : `Refunded ${formatCents(amountCents)} to the card.`;
}

/** The shopper's Orders tab, under a refunded order the desk marked: why it was refunded. */
export function deskMarkOrderNote(kind: DeskMarkKind, refundedCents: number | null): string {
  const what = kind === 'missing' ? 'could not be found' : 'was found damaged';
  const amount = refundedCents ? ` ${formatCents(refundedCents)}` : '';
  return `Refunded${amount} in full: the item ${what} at pickup.`;
}
