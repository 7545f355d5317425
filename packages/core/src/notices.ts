// The sentence of every notice the site sends, once: the in-app line, which the email, SMS and push
// that follow it also lead with. The rest of those messages' words (subjects, headings, buttons,
// notes) live with each template (apps/server/src/modules/notifications/templates/); the rules the
// sentences state (deadlines, windows, marks) stay in their own core modules.

import type { Standing } from './bidding';
import { BID_SUCCESS_LEADING, RESERVE_NOT_MET_STANDING } from './bidding-text';
import { formatCents } from './money';
import { formatShortCode } from './pickup';
import { minutesLeft } from './reminders';
import { type LotTerms, saleTermsText } from './sale-terms';
import { formatDateKeyShort, formatShopDateTime } from './shop-clock';
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

/** The store cancelled the shopper's maximum on a live lot (docs/product.md "Signals of unfair bidding"). */
export function bidCancelledNotice(productTitle: string): string {
  return `The store cancelled your bid on ${productTitle}. Your maximum no longer counts on this lot.`;
}

/** A cancelled bid gave the lead back to this shopper. */
export function leadingAgainNotice(productTitle: string, priceCents: number): string {
  return `You're the highest bidder again on ${productTitle}: a bid above yours was cancelled by the store. The price is now ${formatCents(priceCents)}.`;
}

/** The win, with the lot's sale terms when known (core sale-terms.ts), so the winner reads them before paying. */
export function auctionWonNotice(productTitle: string, finalCents: number, terms?: LotTerms): string {
  const said = terms ? ` ${saleTermsText(terms)}` : '';
  return `You won ${productTitle} for ${formatCents(finalCents)}!${said} Pay within ${PAYMENT_WINDOW_HOURS} hours, then book your pickup.`;
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

/**
 * After staff suspend an account in the back-office (it is signed out everywhere at once): what it
 * means and where to ask (docs/product.md "Accounts and sign-in").
 */
export const ACCOUNT_SUSPENDED_NOTICE =
  'Your Rebound account is suspended: you cannot bid, and you were signed out. You can still pay for and pick up orders you already won. To ask why or to have it restored, write to us on the contact page.';

/** After staff remove a strike and the account may bid again. */
export const STRIKE_REMOVED_NOTICE = 'A strike was removed from your account. You can bid again.';

// --- Payments and refunds ----------------------------------------

/** After a checkout is paid: the total and how many orders it paid. */
export function paymentReceivedNotice(totalCents: number, orderCount: number): string {
  return `Payment received: ${formatCents(totalCents)} for ${orderCount} ${orderCount === 1 ? 'order' : 'orders'}. Thank you! You can now schedule your pickup.`;
}

/**
 * After a storage-fee checkout is paid (docs/decisions/059-storage-fees-and-ledger.md): what was paid
 * and for which items; nothing is said about booking, the items were paid for and booked before.
 */
export function storageFeePaidNotice(totalCents: number, productTitles: readonly string[]): string {
  const items =
    productTitles.length === 0
      ? 'your items'
      : productTitles.length === 1
        ? productTitles[0]
        : `${productTitles.slice(0, -1).join(', ')} and ${productTitles[productTitles.length - 1]}`;
  return `Storage fee paid: ${formatCents(totalCents)} for ${items}. Thank you! Nothing more is owed for storage until your pickup.`;
}

/** After staff refund an order (whole or part). */
export function refundIssuedNotice(amountCents: number, productTitle: string): string {
  return `Refund issued: ${formatCents(amountCents)} for ${productTitle}. It reaches your card in 5-10 business days.`;
}

// --- Pickups ----------------------------------------

export interface PickupNoticeFacts {
  productTitle: string;
  /** pickupDateLabel of the slot's date. */
  dateLabel: string;
  /** '10:00 – 10:30 a.m. PT'. */
  timeLabel: string;
  locationName: string;
  /** The 6-character desk code ('ABC234'); null on an appointment made before codes existed. */
  shortCode: string | null;
}

const codeOf = (f: PickupNoticeFacts) =>
  f.shortCode ? `pickup code ${formatShortCode(f.shortCode)}` : 'your order number';

/** After a booking (or a move): when, where, and the code to show at the desk. */
export function pickupConfirmedNotice(f: PickupNoticeFacts, moved: boolean): string {
  const what = moved
    ? `Your pickup of ${f.productTitle} has moved to`
    : `Your pickup of ${f.productTitle} is booked for`;
  return `${what} ${f.dateLabel}, ${f.timeLabel} at ${f.locationName}. Show ${codeOf(f)} and a photo ID at the desk.`;
}

/**
 * After the shopper cancels a visit (docs/decisions/080-pickup-missed-walk-ins.md): which items, which
 * time, and that the orders stay paid and can be booked again.
 */
export function pickupCancelledNotice(f: Omit<PickupNoticeFacts, 'shortCode'>): string {
  return `Your pickup of ${f.productTitle} on ${f.dateLabel}, ${f.timeLabel} at ${f.locationName} is cancelled. Your orders stay paid: book a new time from your orders.`;
}

export type PickupReminderWhich = 'day_before' | 'hour_before';

/** The evening before ('tomorrow') and an hour before ('in an hour'). */
export function pickupReminderNotice(f: PickupNoticeFacts, which: PickupReminderWhich): string {
  const when =
    which === 'day_before' ? `tomorrow, ${f.dateLabel}, ${f.timeLabel}` : `in about an hour (${f.timeLabel})`;
  return `Reminder: your pickup of ${f.productTitle} is ${when} at ${f.locationName}. Bring a photo ID and ${codeOf(f)}.`;
}

// --- Staff actions on auctions ----------------------------------------

/** The in-app and email text a bidder gets when staff cancel an auction they bid on. */
export function auctionCancelledNotice(productTitle: string, reason: string): string {
  return `The auction for ${productTitle} was cancelled: ${reason} Your bid is void and nothing is owed.`;
}

/** The text of a second-chance offer: the item at the shopper's own maximum bid, until a deadline. */
export function secondChanceOfferNotice(productTitle: string, amountCents: number, deadline: string): string {
  return `Second chance: ${productTitle} is yours for your maximum bid of ${formatCents(amountCents)} if you accept by ${deadline}.`;
}

// --- Ending reminders and the new-drops digest ----------------------------------------

/** The reminder's text: the real time left, which is what the shopper needs to act on. */
export function auctionEndingNotice(
  productTitle: string,
  endMs: number,
  nowMs: number,
  currentPriceCents: number,
): string {
  const m = minutesLeft(endMs, nowMs);
  const when = m >= 60 ? 'in 1 hour' : `in ${m} ${m === 1 ? 'minute' : 'minutes'}`;
  return `${productTitle} ends ${when}. The price is ${formatCents(currentPriceCents)}.`;
}

/** One lot of a shopper's reminder (auctionsEndingNotice). */
export interface EndingLot {
  title: string;
  endMs: number;
  currentPriceCents: number;
}

/** Lots a grouped reminder's text names before "and N more". */
export const ENDING_LOTS_NAMED = 2;

/** Lots a grouped reminder lists after the first (its payload and its email; the text counts them all). */
export const ENDING_LOTS_LISTED = 10;

/**
 * The reminder's text for the lots of one shopper that reach the same mark in one pass, soonest
 * ending first (docs/decisions/072-one-ending-reminder-per-shopper.md): one lot reads as
 * auctionEndingNotice; several are one message naming the first two with their prices, "within" the
 * time left to the last of them.
 */
export function auctionsEndingNotice(lots: readonly EndingLot[], nowMs: number): string {
  const [first] = lots;
  if (!first) throw new RangeError('a reminder needs a lot');
  if (lots.length === 1) return auctionEndingNotice(first.title, first.endMs, nowMs, first.currentPriceCents);
  const m = Math.max(...lots.map((l) => minutesLeft(l.endMs, nowMs)));
  const within = m >= 60 ? 'within 1 hour' : `within ${m} ${m === 1 ? 'minute' : 'minutes'}`;
  const named = lots
    .slice(0, ENDING_LOTS_NAMED)
    .map((l) => `${l.title} (${formatCents(l.currentPriceCents)})`);
  const rest = lots.length - named.length;
  const list = rest > 0 ? `${named.join(', ')} and ${rest} more` : named.join(' and ');
  return `${lots.length} lots you follow end ${within}: ${list}.`;
}

/** The digest's in-app text; `matchedLots` counts the new lots any of the shopper's saved searches matched. */
export function newDropsNotice(count: number, matchedLots: number): string {
  const lots = `${count} new ${count === 1 ? 'lot' : 'lots'} went live since yesterday`;
  return matchedLots > 0
    ? `${lots}. ${matchedLots} ${matchedLots === 1 ? 'matches' : 'match'} your saved searches.`
    : `${lots}.`;
}

// --- Saved searches ----------------------------------------

/** The in-app text of a saved search's live match. */
export function savedSearchMatchNotice(searchName: string, productTitle: string): string {
  return `New match for your saved search "${searchName}": ${productTitle} is live now.`;
}

/**
 * The final notice for an item still not collected (core pickup.ts finalNoticeDueAt): the last day to
 * collect it or contact the shop, and what happens after (the Terms, "Storage fees and abandoned items").
 */
export function pickupFinalNotice(productTitle: string, lastDayKey: string): string {
  return `Final notice: ${productTitle} is still waiting at the warehouse and storage fees are adding up. Collect it or contact us by ${formatDateKeyShort(lastDayKey)}; after that it is treated as abandoned.`;
}
