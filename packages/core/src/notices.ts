// The texts of the notices the site sends (in-app, and the email/SMS/push that follow them), once.

import type { Standing } from './bidding';
import { BID_SUCCESS_LEADING, RESERVE_NOT_MET_STANDING } from './bidding-text';
import { formatCents } from './money';
import { formatShopDateTime } from './shop-clock';
import { PAYMENT_WINDOW_HOURS } from './time';

/** The bidder's standing right after the bid (core bidding.ts `standingOf`) says what they are told. */
export function bidConfirmationNotice(productTitle: string, maxCents: number, standing: Standing): string {
  return `Your maximum bid of ${formatCents(maxCents)} on ${productTitle} is in. ${bidStandingSentence(standing)}`;
}

/** One sentence on where a fresh maximum stands: a leader below the reserve is never told they lead outright. */
export function bidStandingSentence(standing: Standing): string {
  if (standing === 'winning') return BID_SUCCESS_LEADING;
  if (standing === 'reserve_not_met') {
    return `${RESERVE_NOT_MET_STANDING}: the item sells only if the bidding reaches the seller's reserve.`;
  }
  return 'Another bidder is still ahead.';
}

export function outbidNotice(productTitle: string, priceCents: number): string {
  return `You've been outbid on ${productTitle}. The price is now ${formatCents(priceCents)}.`;
}

export function auctionWonNotice(productTitle: string, finalCents: number): string {
  return `You won ${productTitle} for ${formatCents(finalCents)}! Pay within ${PAYMENT_WINDOW_HOURS} hours, then book your pickup.`;
}

/** To a bidder who did not win: `reserveMissed` when they led but the reserve was not reached. */
export function auctionLostNotice(productTitle: string, reserveMissed: boolean): string {
  return reserveMissed
    ? `The auction for ${productTitle} ended without meeting the seller's reserve price.`
    : `The auction for ${productTitle} has ended. You didn't win this one; new auctions drop daily.`;
}

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The real time left until a deadline, to the nearest minute: '23 hours 59 minutes',
 * '2 hours 30 minutes', '2 hours', '45 minutes', 'less than a minute' (under 30 seconds, or past).
 */
export function timeLeftLabel(deadlineMs: number, nowMs: number): string {
  const minutes = Math.round((deadlineMs - nowMs) / 60_000);
  if (!(minutes >= 1)) return 'less than a minute';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return unit(m, 'minute');
  return m === 0 ? unit(h, 'hour') : `${unit(h, 'hour')} ${unit(m, 'minute')}`;
}

/**
 * Before the payment deadline: the deadline on the shop's clock and the real time left when the
 * reminder is written (a 24-hour reminder sent late says how late it is, not '24 hours').
 */
export function paymentReminderNotice(productTitle: string, paymentDueAt: Date, now: Date): string {
  const left = timeLeftLabel(paymentDueAt.getTime(), now.getTime());
  return `Reminder: pay for ${productTitle} by ${formatShopDateTime(paymentDueAt)} (${left} left), or the order is cancelled and a non-payment strike is added to your account.`;
}

export function orderCancelledNotice(productTitle: string): string {
  return `Your order for ${productTitle} was cancelled because it was not paid within ${PAYMENT_WINDOW_HOURS} hours of the auction's end. A non-payment strike was added to your account.`;
}

/** The strike's own reason, shown in the account beside its date. */
export function nonPaymentStrikeReason(productTitle: string): string {
  return `Not paid within ${PAYMENT_WINDOW_HOURS} hours: ${productTitle}`;
}

export function biddingSuspendedNotice(activeStrikes: number): string {
  return `Your account is suspended from bidding because of ${activeStrikes} unpaid orders. Contact support.`;
}
