import { describe, expect, it } from 'vitest';
import { bidFormProblem } from './bid-check';

const shopper = { role: 'shopper', status: 'active' } as const;
const auction = { ownMaxCents: null, minimumNextBidCents: 2_500 };

describe('the bid form checks with the server’s rule before it asks to confirm', () => {
  it('refuses a maximum above $100,000 with the server’s words', () => {
    expect(bidFormProblem({ bidder: shopper, amountCents: 10_000_100, ...auction })).toBe(
      'The highest maximum bid we accept is $100,000.00.',
    );
    expect(bidFormProblem({ bidder: shopper, amountCents: 10_000_000, ...auction })).toBeUndefined();
  });

  it('refuses a suspended account, and a staff account, whatever the amount', () => {
    expect(
      bidFormProblem({ bidder: { ...shopper, status: 'suspended' }, amountCents: 3_000, ...auction }),
    ).toBe('Your account cannot bid right now. Please contact support.');
    expect(bidFormProblem({ bidder: { ...shopper, role: 'staff' }, amountCents: 3_000, ...auction })).toBe(
      'Staff accounts cannot bid.',
    );
  });

  it('keeps the amount, own-maximum and minimum checks in the server’s order', () => {
    expect(bidFormProblem({ bidder: shopper, amountCents: null, ...auction })).toBe(
      'Please enter a valid proxy bid amount',
    );
    expect(
      bidFormProblem({ bidder: shopper, amountCents: 2_000, ownMaxCents: 2_000, minimumNextBidCents: 2_500 }),
    ).toBe('New proxy bid must be higher than your current proxy bid of $20.00');
    expect(bidFormProblem({ bidder: shopper, amountCents: 2_499, ...auction })).toBe(
      'Highest bid must be at least $25.00',
    );
    expect(bidFormProblem({ bidder: shopper, amountCents: 2_500, ...auction })).toBeUndefined();
  });
});
