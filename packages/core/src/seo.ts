// What search engines are told about a lot (docs/decisions/031-findability.md): schema.org terms for
// the grading and for whether the lot can be bid on, and the price as schema.org writes it.

import { centsToDollarText } from './dollars';

export type Grade = 'like_new' | 'open_box' | 'gently_used';

/**
 * schema.org itemCondition for a grade. Every lot is a returned item: opened, handled, inspected and
 * graded, so none is "new" (NewCondition would mislead, and merchant policies count open-box goods as
 * used), and none is "refurbished" (RefurbishedCondition means restored by a professional, which the
 * grading is not). The grade itself is in the page's text.
 */
export const SCHEMA_ORG_CONDITION: Record<Grade, string> = {
  like_new: 'https://schema.org/UsedCondition',
  open_box: 'https://schema.org/UsedCondition',
  gently_used: 'https://schema.org/UsedCondition',
};

export type OfferAvailability =
  | 'https://schema.org/InStock'
  | 'https://schema.org/OutOfStock'
  | 'https://schema.org/SoldOut';

/**
 * schema.org availability of a lot's latest auction at `now`: InStock while bidding is open; SoldOut
 * once its end time has passed (the lot is no longer for sale, whatever the closing decided) or once
 * staff cancelled it (its page stays up and says so: docs/decisions/079-product-pages-stay-reachable.md);
 * an auction that has not opened yet is OutOfStock (nothing can be bought yet; availabilityStarts says
 * when it can).
 */
export function offerAvailability(
  auction: { status: 'scheduled' | 'live' | 'ended' | 'cancelled'; startTime: Date; endTime: Date },
  now: Date,
): OfferAvailability {
  if (
    auction.status === 'ended' ||
    auction.status === 'cancelled' ||
    auction.endTime.getTime() <= now.getTime()
  )
    return 'https://schema.org/SoldOut';
  if (auction.status === 'live' && auction.startTime.getTime() <= now.getTime())
    return 'https://schema.org/InStock';
  return 'https://schema.org/OutOfStock';
}

/** schema.org's price: dollars with exactly two decimals and a dot, no symbol or grouping ("1234.50"). */
export function schemaOrgPrice(cents: number): string {
  return centsToDollarText(cents);
}
