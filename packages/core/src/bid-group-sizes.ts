// The sizes of a bid group (docs/product.md "Bid groups"), apart from the rules in bid-groups.ts so
// that a page showing only an 'Add to a group' button loads these two numbers and not the rules.

/** A group holds this many lots at least and at most. */
export const BID_GROUP_MIN_LOTS = 2;
export const BID_GROUP_MAX_LOTS = 20;
