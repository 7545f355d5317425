// What staff may change about a product once shoppers are bidding on it (decision 027). Bidders
// relied on the title, brand, condition and prices when they bid; changing those under them would
// change what they bid on. Photos, the category, the SKU, the featured flag and the desk notes stay
// editable, and the description may grow (a note added at the end) but not be rewritten.

export interface ListingFacts {
  title: string;
  brand: string;
  description: string;
  condition: string;
  retailPriceCents: number;
  resalePriceCents: number;
}

/** The fields locked once an open auction has bids, with their names as the editor shows them. */
export const BID_LOCKED_FIELDS = {
  title: 'Title',
  brand: 'Brand',
  condition: 'Condition',
  retailPriceCents: 'Retail price',
  resalePriceCents: 'Resale price',
} as const satisfies Partial<Record<keyof ListingFacts, string>>;

export type BidLockedField = keyof typeof BID_LOCKED_FIELDS;

/** Whether `after` only adds to `before` (whitespace at the ends aside). */
export function isDescriptionAddition(before: string, after: string): boolean {
  return after.trim().startsWith(before.trim());
}

/**
 * The changes refused while an open auction of the product has bids: the locked fields that differ,
 * and 'description' when the description was rewritten rather than added to. Empty: allowed.
 */
export function refusedListingChanges(before: ListingFacts, after: ListingFacts): string[] {
  const refused: string[] = (Object.keys(BID_LOCKED_FIELDS) as BidLockedField[])
    .filter((k) =>
      k === 'title' || k === 'brand' ? before[k].trim() !== after[k].trim() : before[k] !== after[k],
    )
    .map((k) => BID_LOCKED_FIELDS[k]);
  if (!isDescriptionAddition(before.description, after.description))
    refused.push('Description (only additions)');
  return refused;
}
