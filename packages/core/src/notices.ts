// The texts of the notices the site sends (in-app, and the email/SMS/push that follow them), once.

import { BID_SUCCESS_LEADING, RESERVE_NOT_MET_STANDING, type Standing } from './bidding';
import { formatCents } from './money';
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

/** Before the payment deadline: `hoursLeft` is 24 or 2. */
export function paymentReminderNotice(productTitle: string, hoursLeft: number): string {
  return `Reminder: pay for ${productTitle} within ${hoursLeft} ${hoursLeft === 1 ? 'hour' : 'hours'}, or the order is cancelled and a non-payment strike is added to your account.`;
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
