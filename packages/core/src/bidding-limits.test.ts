import { describe, expect, it } from 'vitest';
import {
  type BidderLimitFacts,
  bidLimitProblemParams,
  checkBidLimit,
  NEW_ACCOUNT_BID_CAP_CENTS,
  NEW_ACCOUNT_DAYS,
  newAccountUntil,
  underNewAccountRule,
} from './bidding-limits';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 1, 12);
const CAP = NEW_ACCOUNT_BID_CAP_CENTS;

/** An account made at T0 with a confirmed phone, no staff limit, not approved. */
const facts = (o: Partial<BidderLimitFacts> = {}): BidderLimitFacts => ({
  limitCents: null,
  createdAt: T0,
  phoneConfirmed: true,
  approvedAt: null,
  ...o,
});
const old = T0 + NEW_ACCOUNT_DAYS * DAY;

describe('checkBidLimit: a limit staff set', () => {
  it('allows a maximum up to the limit and refuses one cent above it', () => {
    const f = facts({ limitCents: 20_000, createdAt: T0 - 100 * DAY });
    expect(checkBidLimit(f, 20_000, old)).toBeNull();
    expect(checkBidLimit(f, 20_001, old)).toEqual({ code: 'bid_over_limit', limitCents: 20_000 });
  });

  it('replaces the new-account rule both ways: above the cap when set above it, below it when set below', () => {
    const young = facts({ phoneConfirmed: false, limitCents: CAP * 4 });
    expect(checkBidLimit(young, CAP * 4, T0 + DAY)).toBeNull();
    const approved = facts({ approvedAt: T0, limitCents: 1_000, createdAt: T0 - 100 * DAY });
    expect(checkBidLimit(approved, 1_001, old)).toMatchObject({ code: 'bid_over_limit' });
  });
});

describe('checkBidLimit: the new-account rule', () => {
  it('a new account without a confirmed phone: up to the cap allowed, a cent above refused', () => {
    const f = facts({ phoneConfirmed: false });
    expect(checkBidLimit(f, CAP, T0 + DAY)).toBeNull();
    expect(checkBidLimit(f, CAP + 1, T0 + DAY)).toEqual({ code: 'bid_limit_confirm_phone', capCents: CAP });
  });

  it('no confirmed phone holds an old account to the cap too', () => {
    const f = facts({ phoneConfirmed: false, createdAt: T0 - 365 * DAY });
    expect(checkBidLimit(f, CAP + 1, old)).toMatchObject({ code: 'bid_limit_confirm_phone' });
  });

  it('a confirmed phone: refused the last millisecond before NEW_ACCOUNT_DAYS, allowed from the instant they are over', () => {
    const f = facts();
    expect(newAccountUntil(T0)).toBe(old);
    expect(checkBidLimit(f, CAP + 1, old - 1)).toEqual({
      code: 'bid_limit_new_account',
      capCents: CAP,
      days: NEW_ACCOUNT_DAYS,
      from: old,
    });
    expect(checkBidLimit(f, CAP + 1, old)).toBeNull();
  });

  it('staff approval lifts the rule at once, with or without a phone', () => {
    expect(checkBidLimit(facts({ approvedAt: T0, phoneConfirmed: false }), CAP * 10, T0 + 1)).toBeNull();
    expect(underNewAccountRule(facts({ approvedAt: T0 }), T0 + 1)).toBe(false);
    expect(underNewAccountRule(facts(), T0 + 1)).toBe(true);
  });
});

describe('bidLimitProblemParams', () => {
  it('fills the catalogue words with money and the date', () => {
    const date = (at: number) => new Date(at).toISOString().slice(0, 10);
    expect(bidLimitProblemParams({ code: 'bid_over_limit', limitCents: 25_000 }, date)).toEqual({
      amount: '$250.00',
    });
    expect(
      bidLimitProblemParams({ code: 'bid_limit_new_account', capCents: CAP, days: 7, from: old }, date),
    ).toEqual({ amount: '$500.00', days: '7', date: '2026-11-08' });
  });
});
