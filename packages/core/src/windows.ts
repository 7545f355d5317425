// The store's windows, in a module of constants only: pages in the first chunks read them without
// pulling in the calendar code of time.ts (e2e/tests/budget.spec.ts). time.ts re-exports them.

/** The winner pays within 72 hours of the auction end (elapsed hours, not calendar days). */
export const PAYMENT_WINDOW_HOURS = 72;
/** Pickup dates run from the auction's end date through this many days later. */
export const PICKUP_WINDOW_DAYS = 7;
/**
 * A collected item may come back, free, until this many calendar days after its pickup date (the
 * Refund & Return Policy, docs/product.md "Returns"). Pages and messages render the figure from here.
 */
export const RETURN_WINDOW_DAYS = 7;
