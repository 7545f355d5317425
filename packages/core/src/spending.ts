// What a shopper could owe ('Winning now', 'At most') and their own spending limit
// (docs/product.md "What you could owe").

/** The highest spending limit a shopper may set, all-in: $10,000,000.00 (fits its bigint column with room). */
export const MAX_SPENDING_LIMIT_CENTS = 1_000_000_000;
/** The lowest: $1.00. */
export const MIN_SPENDING_LIMIT_CENTS = 100;
