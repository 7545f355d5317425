// Bidding's words without the bidding engine: the product page shows them (standing, history rows),
// and must not load the engine and its increment table (e2e/tests/budget.spec.ts).

/** What a leader below the reserve is told, wherever their standing shows (page, toast, My Bids, notices). */
export const RESERVE_NOT_MET_STANDING = 'Highest bid, reserve not met';
/** The answer to an accepted bid that leads with the reserve met (or no reserve). */
export const BID_SUCCESS_LEADING = "You've got the highest bid!";
/** The answer to an accepted bid that does not lead. */
export const BID_SUCCESS_SET = 'Highest bid set!';

/**
 * The words beside each public history row, so two rows at one amount read apart: 'automatic' is the
 * site bidding for the leader at the new price, 'beaten_maximum' a maximum another bidder beat.
 */
export const BID_HISTORY_ROW_LABELS = {
  automatic: 'Automatic bid',
  beaten_maximum: 'Maximum, outbid',
} as const;

/** The public history's line where the store cancelled a bid (no shopper, no reason: the audit keeps those). */
export const BID_CANCELLED_BY_STORE = 'Bid cancelled by the store';

/** Where the bid form would be, for a suspended account (by staff or by strikes: docs/product.md). */
export const ACCOUNT_SUSPENDED_CANNOT_BID = 'Your account is suspended: you cannot bid.';
/** The banner a suspended account sees on every page while signed in, before a link to the contact page. */
export const ACCOUNT_SUSPENDED_BANNER =
  'Your account is suspended: you cannot bid. You can still pay for and pick up orders you already won.';
