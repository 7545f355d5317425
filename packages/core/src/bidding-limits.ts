// Bidding limits per account (docs/product.md "Bidding limits"): the highest maximum staff allow an
// account, and the store's rule for new accounts. Pure: the server reads the account's facts under the
// auction's lock and asks here, bid by bid, where the bid is decided (modules/bidding/service.ts).

import { formatCents } from './money';

/**
 * A new account may place maximums up to $500.00 until it is trusted. Most lots sell well below it,
 * so a genuine new shopper rarely meets it; an account opened to push prices up is held to amounts
 * that move few prices, and it is the amount most shill bidding that staff review starts from.
 */
export const NEW_ACCOUNT_BID_CAP_CENTS = 50_000;

/**
 * An account is new for its first 7 days: long enough that staff see its first bids and first
 * payments (an order's payment is due within days) before it may bid high, short enough that a
 * shopper who confirmed their phone is not kept waiting long.
 */
export const NEW_ACCOUNT_DAYS = 7;

/** The lowest limit staff may set: $1.00 (a limit is a maximum a shopper may enter). */
export const MIN_BID_LIMIT_CENTS = 100;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface BidderLimitFacts {
  /** The highest maximum staff allow this account, cents; null when staff set none. */
  readonly limitCents: number | null;
  /** Epoch ms the account was made. */
  readonly createdAt: number;
  readonly phoneConfirmed: boolean;
  /** Staff approved the account for bids above the new-account cap (epoch ms); null when not. */
  readonly approvedAt: number | null;
}

export type BidLimitProblem =
  /** Above the limit staff set: 'Your bidding limit is $X; contact us to raise it.' */
  | { code: 'bid_over_limit'; limitCents: number }
  /** Above the new-account cap without a confirmed phone number. */
  | { code: 'bid_limit_confirm_phone'; capCents: number }
  /** Above the new-account cap, phone confirmed, in the account's first days: trusted from `from`. */
  | { code: 'bid_limit_new_account'; capCents: number; days: number; from: number };

/** When the account leaves the new-account rule by age alone (epoch ms). */
export function newAccountUntil(createdAt: number): number {
  return createdAt + NEW_ACCOUNT_DAYS * DAY_MS;
}

/** Whether the new-account cap applies to the account now (not approved, no phone or too young). */
export function underNewAccountRule(f: BidderLimitFacts, now: number): boolean {
  if (f.approvedAt !== null) return false;
  return !f.phoneConfirmed || now < newAccountUntil(f.createdAt);
}

/**
 * Whether the account may place a maximum of `amountCents` now. A limit staff set is the account's
 * one limit (staff looked at the account: it replaces the new-account rule, higher or lower).
 * Without one, an account not approved by staff may go above the new-account cap only once its phone
 * number is confirmed and it is NEW_ACCOUNT_DAYS old. A maximum equal to a limit is allowed.
 */
export function checkBidLimit(f: BidderLimitFacts, amountCents: number, now: number): BidLimitProblem | null {
  if (f.limitCents !== null) {
    return amountCents > f.limitCents ? { code: 'bid_over_limit', limitCents: f.limitCents } : null;
  }
  if (amountCents <= NEW_ACCOUNT_BID_CAP_CENTS || !underNewAccountRule(f, now)) return null;
  if (!f.phoneConfirmed) return { code: 'bid_limit_confirm_phone', capCents: NEW_ACCOUNT_BID_CAP_CENTS };
  return {
    code: 'bid_limit_new_account',
    capCents: NEW_ACCOUNT_BID_CAP_CENTS,
    days: NEW_ACCOUNT_DAYS,
    from: newAccountUntil(f.createdAt),
  };
}

/** The words a refusal's message is filled with (the error catalogue's {amount}, {days}, {date}). */
export function bidLimitProblemParams(
  p: BidLimitProblem,
  formatDate: (at: number) => string,
): Record<string, string> {
  switch (p.code) {
    case 'bid_over_limit':
      return { amount: formatCents(p.limitCents) };
    case 'bid_limit_confirm_phone':
      return { amount: formatCents(p.capCents) };
    case 'bid_limit_new_account':
      return { amount: formatCents(p.capCents), days: String(p.days), date: formatDate(p.from) };
  }
}
