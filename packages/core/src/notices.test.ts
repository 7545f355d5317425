import { describe, expect, it } from 'vitest';
import { auctionLostNotice, auctionWonNotice, bidConfirmationNotice, outbidNotice } from './notices';
import { PAYMENT_WINDOW_HOURS } from './time';

describe('notice texts', () => {
  it('formats amounts as money and names the product', () => {
    expect(bidConfirmationNotice('Desk Lamp', 12_345, 'winning')).toBe(
      "Your maximum bid of $123.45 on Desk Lamp is in. You've got the highest bid!",
    );
    expect(bidConfirmationNotice('Desk Lamp', 500, 'outbid')).toContain('Another bidder is still ahead.');
    expect(outbidNotice('Desk Lamp', 1_000_00)).toBe(
      "You've been outbid on Desk Lamp. The price is now $1,000.00.",
    );
  });

  it('tells a leader below the reserve so, never that they have got the highest bid', () => {
    const text = bidConfirmationNotice('Desk Lamp', 5_000, 'reserve_not_met');
    expect(text).toBe(
      "Your maximum bid of $50.00 on Desk Lamp is in. Highest bid, reserve not met: the item sells only if the bidding reaches the seller's reserve.",
    );
    expect(text).not.toContain("You've got the highest bid!");
  });

  it('tells the winner the payment window from the one constant', () => {
    expect(auctionWonNotice('Desk Lamp', 2_500)).toBe(
      `You won Desk Lamp for $25.00! Pay within ${PAYMENT_WINDOW_HOURS} hours, then book your pickup.`,
    );
  });

  it('tells a leader below the reserve why nobody won', () => {
    expect(auctionLostNotice('Desk Lamp', true)).toContain("seller's reserve price");
    expect(auctionLostNotice('Desk Lamp', false)).toContain("You didn't win this one");
  });
});
