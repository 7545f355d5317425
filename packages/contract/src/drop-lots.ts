// A drop's lots with their own starting bid and reserve, as the drop form types them
// (docs/decisions/082-pay-all-photos-large-lot-amounts.md). The server checks the same again (admin-auctions
// service, core lotMoneyProblems) and names the lot it refuses; this gives the form the same answer
// before anything is sent.
import { dropLotAmounts, lotMoneyProblems } from '@rebound/core/scheduling';
import type { CreateDropInput } from './admin-auctions';
import { DollarText, dollarTextToCents } from './admin-catalogue';
import { MAX_BID_CENTS } from './bidding';
import { ERRORS } from './errors';

/** What staff typed for one lot: '' takes the drop's common amount. */
export interface DropLotText {
  startingBid: string;
  reserve: string;
}

export type DropLotErrors = Record<string, { startingBid?: string; reserve?: string }>;

const messageOf = (text: string): string | null => {
  const parsed = DollarText.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please enter an amount.');
};

/**
 * The API's `lots` from the typed amounts (only lots with something typed), and the problems by
 * product: a text that is not an amount, or amounts (own or the drop's) that one auction would
 * refuse. `common` is the drop's, in cents (its reserve null when empty); null when the drop's own
 * amounts are not valid yet (their fields say so), and then only the lots' texts are checked.
 */
export function dropLotsFromForm(
  productIds: readonly string[],
  typed: Readonly<Record<string, DropLotText>>,
  common: { startingBidCents: number; reserveCents: number | null } | null,
): { lots: NonNullable<CreateDropInput['lots']>; errors: DropLotErrors } {
  const lots: NonNullable<CreateDropInput['lots']> = [];
  const errors: DropLotErrors = {};
  for (const productId of productIds) {
    const text = typed[productId] ?? { startingBid: '', reserve: '' };
    const startingBid = text.startingBid.trim();
    const reserve = text.reserve.trim();
    const bad = {
      startingBid: startingBid ? messageOf(startingBid) : null,
      reserve: reserve ? messageOf(reserve) : null,
    };
    if (bad.startingBid || bad.reserve) {
      errors[productId] = {
        ...(bad.startingBid ? { startingBid: bad.startingBid } : {}),
        ...(bad.reserve ? { reserve: bad.reserve } : {}),
      };
      continue;
    }
    if (!startingBid && !reserve) continue;
    const own = {
      ...(startingBid ? { startingBidCents: dollarTextToCents(startingBid) } : {}),
      ...(reserve ? { reserveCents: dollarTextToCents(reserve) } : {}),
    };
    lots.push({
      productId,
      ...(own.startingBidCents !== undefined ? { startingBidCents: own.startingBidCents } : {}),
      ...(own.reserveCents !== undefined ? { reservePriceCents: own.reserveCents } : {}),
    });
    if (!common) continue;
    const problem = lotMoneyProblems(dropLotAmounts(common, own), MAX_BID_CENTS)[0];
    if (problem) {
      const message = ERRORS[`schedule_${problem}`].message;
      // The field to fix: the starting bid when it is the one out of bounds, else the reserve.
      errors[productId] =
        problem === 'starting_bid_out_of_range' || (problem === 'reserve_below_starting_bid' && !reserve)
          ? { startingBid: message }
          : { reserve: message };
    }
  }
  return { lots, errors };
}
