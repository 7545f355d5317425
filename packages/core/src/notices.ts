// The texts of the notices the site sends (in-app, and the email/SMS/push that follow them), once.

import { formatCents } from './money';
import { PAYMENT_WINDOW_HOURS } from './time';

export function bidConfirmationNotice(productTitle: string, maxCents: number, isLeader: boolean): string {
  return `Your maximum bid of ${formatCents(maxCents)} on ${productTitle} is in. ${
    isLeader ? "You've got the highest bid!" : 'Another bidder is still ahead.'
  }`;
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
