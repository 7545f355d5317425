import { describe, expect, it } from 'vitest';
import {
  auctionLostNotice,
  auctionWonNotice,
  bidConfirmationNotice,
  outbidNotice,
  paymentReceivedNotice,
  paymentReminderNotice,
  refundIssuedNotice,
  STRIKE_REMOVED_NOTICE,
  storageFeePaidNotice,
  timeLeftLabel,
} from './notices';
import { extensionLabel, extensionNotice } from './soft-close-text';
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

  it('says the lot’s sale terms in the win', () => {
    expect(auctionWonNotice('Coffee', 2_500, { saleTerms: 'final_sale' })).toBe(
      `You won Coffee for $25.00! Final sale: no returns. Pay within ${PAYMENT_WINDOW_HOURS} hours, then book your pickup.`,
    );
    expect(auctionWonNotice('Lamp', 2_500, { saleTerms: 'as_is' })).toContain(
      'As is: sold as found, no returns.',
    );
    expect(auctionWonNotice('Lamp', 2_500, { saleTerms: 'standard', nonReturnableKind: null })).toContain(
      'Standard: free returns within 7 days of pickup.',
    );
  });

  it('tells a leader below the reserve why nobody won', () => {
    expect(auctionLostNotice('Desk Lamp', true)).toContain("seller's reserve price");
    expect(auctionLostNotice('Desk Lamp', false)).toContain("You didn't win this one");
  });
});

describe('payment, refund and strike notices', () => {
  it('say the amount and what follows, in the words shoppers already read', () => {
    expect(paymentReceivedNotice(12_345, 1)).toBe(
      'Payment received: $123.45 for 1 order. Thank you! You can now schedule your pickup.',
    );
    expect(paymentReceivedNotice(5_000, 3)).toBe(
      'Payment received: $50.00 for 3 orders. Thank you! You can now schedule your pickup.',
    );
    expect(storageFeePaidNotice(1_500, ['Desk Lamp'])).toBe(
      'Storage fee paid: $15.00 for Desk Lamp. Thank you! Nothing more is owed for storage until your pickup.',
    );
    expect(storageFeePaidNotice(3_000, ['Desk Lamp', 'Drill', 'Sofa'])).toContain(
      'for Desk Lamp, Drill and Sofa.',
    );
    expect(storageFeePaidNotice(3_000, ['Desk Lamp'])).not.toMatch(/schedule|order/);
    expect(refundIssuedNotice(2_500, 'Desk Lamp')).toBe(
      'Refund issued: $25.00 for Desk Lamp. It reaches your card in 5-10 business days.',
    );
    expect(STRIKE_REMOVED_NOTICE).toBe('A strike was removed from your account. You can bid again.');
  });
});

describe('payment reminders state the real time left', () => {
  const due = new Date('2026-11-27T22:30:00Z'); // Fri, Nov 27, 3:30 p.m. PT
  const before = (ms: number) => new Date(due.getTime() - ms);
  const MIN = 60_000;

  it('a 24-hour reminder sent with 2.5 hours left says 2 hours 30 minutes, and the deadline in PT', () => {
    expect(paymentReminderNotice('Desk Lamp', due, before(150 * MIN))).toBe(
      'Reminder: pay for Desk Lamp by Fri, Nov 27, 3:30 p.m. PT (2 hours 30 minutes left), or the order is cancelled and a non-payment strike is added to your account.',
    );
  });

  it('says hours and minutes, to the nearest minute', () => {
    expect(timeLeftLabel(due.getTime(), before(24 * 60 * MIN).getTime())).toBe('24 hours');
    expect(timeLeftLabel(due.getTime(), before(24 * 60 * MIN - MIN).getTime())).toBe('23 hours 59 minutes');
    expect(timeLeftLabel(due.getTime(), before(150 * MIN - 200).getTime())).toBe('2 hours 30 minutes');
    expect(timeLeftLabel(due.getTime(), before(61 * MIN).getTime())).toBe('1 hour 1 minute');
    expect(timeLeftLabel(due.getTime(), before(45 * MIN + 20_000).getTime())).toBe('45 minutes');
    expect(timeLeftLabel(due.getTime(), before(29_000).getTime())).toBe('less than a minute');
    expect(timeLeftLabel(due.getTime(), due.getTime() + 1)).toBe('less than a minute');
  });
});

describe('the soft-close extension notice says what changed', () => {
  it('by how many seconds or minutes, and the new end in the one format', () => {
    const end = new Date('2026-11-28T01:06:00Z'); // Fri, Nov 27, 6:06 p.m. PT
    expect(extensionNotice(new Date('2026-11-28T01:05:15Z'), end)).toEqual({
      title: 'Extended by 45 seconds!',
      text: 'A late bid moved the end to Fri, Nov 27, 6:06 p.m. PT.',
    });
    // Within the same minute as the end shown before: the seconds say what moved.
    expect(extensionNotice(new Date('2026-11-27T23:40:04Z'), new Date('2026-11-27T23:40:19Z')).text).toBe(
      'A late bid moved the end to Fri, Nov 27, 4:40:19 p.m. PT.',
    );
    expect(extensionLabel(0, 120_000)).toBe('2 minutes');
    expect(extensionLabel(0, 90_000)).toBe('1 minute 30 seconds');
    expect(extensionLabel(0, 1_000)).toBe('1 second');
  });
});
