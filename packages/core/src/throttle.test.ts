import { describe, expect, it } from 'vitest';
import {
  currentRecord,
  delayAfterFailures,
  type FailureRecord,
  SIGN_IN_THROTTLE,
  type SignInThrottleState,
  signInVerdict,
  type ThrottleRule,
  waitInWords,
  waitUnder,
  withFailure,
} from './throttle';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2026, 5, 15, 18);

const rule: ThrottleRule = {
  freeFailures: 5,
  baseDelayMs: SECOND,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: HOUR,
};
const failures = (n: number, at = T0): FailureRecord => ({ failures: n, lastFailureAt: at });

describe('delayAfterFailures', () => {
  it('is free for the free failures, then doubles from the base', () => {
    expect([0, 1, 5, 6, 7, 8, 9, 10].map((n) => delayAfterFailures(n, rule))).toEqual([
      0,
      0,
      0,
      SECOND,
      2 * SECOND,
      4 * SECOND,
      8 * SECOND,
      16 * SECOND,
    ]);
  });

  it('is capped, and stays finite for any count', () => {
    expect(delayAfterFailures(20, rule)).toBe(15 * MINUTE);
    expect(delayAfterFailures(1_000_000, rule)).toBe(15 * MINUTE);
  });

  it('never shrinks as failures grow', () => {
    for (let n = 0; n < 100; n++) {
      expect(delayAfterFailures(n + 1, rule)).toBeGreaterThanOrEqual(delayAfterFailures(n, rule));
    }
  });

  it('with no free failures, waits after the first', () => {
    expect(delayAfterFailures(0, { ...rule, freeFailures: 0 })).toBe(0);
    expect(delayAfterFailures(1, { ...rule, freeFailures: 0 })).toBe(SECOND);
  });
});

describe('waitUnder and records', () => {
  it('counts the wait from the last failure', () => {
    expect(waitUnder(failures(7), T0, rule)).toBe(2 * SECOND);
    expect(waitUnder(failures(7), T0 + 1500, rule)).toBe(500);
    expect(waitUnder(failures(7), T0 + 2 * SECOND, rule)).toBe(0);
    expect(waitUnder(null, T0, rule)).toBe(0);
  });

  it('forgets a record once it has been quiet for forgetAfterMs', () => {
    expect(currentRecord(failures(30), T0 + HOUR - 1, rule)).toEqual(failures(30));
    expect(currentRecord(failures(30), T0 + HOUR, rule)).toBeNull();
    expect(withFailure(failures(30), T0 + HOUR, rule)).toEqual({ failures: 1, lastFailureAt: T0 + HOUR });
    expect(withFailure(failures(3), T0 + 10, rule)).toEqual({ failures: 4, lastFailureAt: T0 + 10 });
    expect(withFailure(null, T0, rule)).toEqual({ failures: 1, lastFailureAt: T0 });
  });
});

describe('signInVerdict', () => {
  const P = SIGN_IN_THROTTLE;
  const state = (over: Partial<SignInThrottleState>): SignInThrottleState => ({
    pair: null,
    address: null,
    account: null,
    knownPair: false,
    ...over,
  });

  it('lets a fresh attempt through', () => {
    expect(signInVerdict(state({}), T0)).toEqual({ waitMs: 0, scope: null });
  });

  it('holds one address guessing at one account, with growing waits, up to the cap', () => {
    const free = P.pair.freeFailures;
    expect(signInVerdict(state({ pair: failures(free) }), T0).waitMs).toBe(0);
    expect(signInVerdict(state({ pair: failures(free + 1) }), T0)).toEqual({ waitMs: SECOND, scope: 'pair' });
    expect(signInVerdict(state({ pair: failures(free + 5) }), T0).waitMs).toBe(16 * SECOND);
    expect(signInVerdict(state({ pair: failures(free + 50) }), T0).waitMs).toBe(P.pair.maxDelayMs);
  });

  it("never holds the owner at a known address for other addresses' failures", () => {
    const attacked = state({ account: failures(10_000), address: failures(10_000), knownPair: true });
    expect(signInVerdict(attacked, T0)).toEqual({ waitMs: 0, scope: null });
  });

  it('still holds a known address for its own failures at the account', () => {
    const known = state({ pair: failures(P.pair.freeFailures + 2), knownPair: true });
    expect(signInVerdict(known, T0)).toEqual({ waitMs: 2 * SECOND, scope: 'pair' });
    // An attack on the account does not take a known address's free failures away.
    const knownUnderAttack = state({ pair: failures(1), account: failures(1000), knownPair: true });
    expect(signInVerdict(knownUnderAttack, T0)).toEqual({ waitMs: 0, scope: null });
  });

  it('holds an address spraying many accounts, even at an account it never tried', () => {
    const spraying = state({ address: failures(P.address.freeFailures + 3) });
    expect(signInVerdict(spraying, T0)).toEqual({ waitMs: 4 * SECOND, scope: 'address' });
    expect(signInVerdict(state({ address: failures(P.address.freeFailures) }), T0).waitMs).toBe(0);
  });

  it('under attack from many addresses, a new address gets one try at once, then waits', () => {
    const attack = failures(P.account.freeFailures + 1);
    // Its first try: at once (so the owner on a new device is not held up by the attack).
    expect(signInVerdict(state({ account: attack }), T0)).toEqual({ waitMs: 0, scope: null });
    // After one failure it waits, where without the attack it would have had free failures left.
    expect(signInVerdict(state({ account: attack, pair: failures(1) }), T0)).toEqual({
      waitMs: SECOND,
      scope: 'pair',
    });
    expect(
      signInVerdict(state({ account: failures(P.account.freeFailures), pair: failures(1) }), T0).waitMs,
    ).toBe(0);
  });

  it('the attack is forgotten once the account has been quiet', () => {
    const attack = failures(P.account.freeFailures + 100);
    const later = T0 + P.account.forgetAfterMs;
    expect(signInVerdict(state({ account: attack, pair: failures(1, later - 1) }), later).waitMs).toBe(0);
  });

  it('answers the longer of the waits', () => {
    const both = state({
      pair: failures(P.pair.freeFailures + 3),
      address: failures(P.address.freeFailures + 1),
    });
    expect(signInVerdict(both, T0)).toEqual({ waitMs: 4 * SECOND, scope: 'pair' });
  });
});

describe('waitInWords', () => {
  it('rounds up to seconds, then minutes', () => {
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(1000)).toBe('1 second');
    expect(waitInWords(1001)).toBe('2 seconds');
    expect(waitInWords(59_000)).toBe('59 seconds');
    expect(waitInWords(60_000)).toBe('1 minute');
    expect(waitInWords(61_000)).toBe('2 minutes');
    expect(waitInWords(15 * MINUTE)).toBe('15 minutes');
  });
});
