// Sign-in throttling (docs/decisions/011-sign-in-throttling.md): growing waits after
// failed passwords, counted per (account, address) pair and per address, never a hard lock of an
// account as a whole (OWASP ASVS 4.0.3 2.2.1). Pure: the server keeps the counters and the clock.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Failures counted under one key; forgotten `forgetAfterMs` after the last one. */
export interface FailureRecord {
  failures: number;
  lastFailureAt: number;
}

export interface ThrottleRule {
  /** Failures allowed without any wait. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; it doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A record with no new failure for this long starts again from nothing. */
  forgetAfterMs: number;
}

export interface SignInThrottlePolicy {
  /** One email from one address: the owner's typos and a single attacker's guesses. */
  pair: ThrottleRule;
  /** One address, any email: one machine spraying many accounts. */
  address: ThrottleRule;
  /**
   * One email, any address. Past `freeFailures` the account counts as under attack: addresses that
   * never signed in to it successfully lose their free failures (their first try is still at once).
   */
  account: Pick<ThrottleRule, 'freeFailures' | 'forgetAfterMs'>;
}

export const SIGN_IN_THROTTLE: SignInThrottlePolicy = {
  pair: { freeFailures: 5, baseDelayMs: SECOND, maxDelayMs: 15 * MINUTE, forgetAfterMs: 24 * HOUR },
  address: { freeFailures: 20, baseDelayMs: SECOND, maxDelayMs: 15 * MINUTE, forgetAfterMs: HOUR },
  account: { freeFailures: 10, forgetAfterMs: HOUR },
};

/** The record as it stands at `now`: null when there is none or it has been forgotten. */
export function currentRecord(
  record: FailureRecord | null | undefined,
  now: number,
  rule: Pick<ThrottleRule, 'forgetAfterMs'>,
): FailureRecord | null {
  if (!record || record.failures <= 0) return null;
  return now - record.lastFailureAt >= rule.forgetAfterMs ? null : record;
}

/** How long the next attempt must wait after the last of `failures` failures: 0, then 1, 2, 4, ... capped. */
export function delayAfterFailures(failures: number, rule: ThrottleRule): number {
  const past = failures - rule.freeFailures;
  if (past <= 0) return 0;
  // 2 ** 40 already dwarfs any cap; stop there so the number stays finite.
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** Math.min(past - 1, 40));
}

/** Milliseconds still to wait at `now` under one rule (0: go ahead). */
export function waitUnder(record: FailureRecord | null | undefined, now: number, rule: ThrottleRule): number {
  const current = currentRecord(record, now, rule);
  if (!current) return 0;
  return Math.max(0, current.lastFailureAt + delayAfterFailures(current.failures, rule) - now);
}

export interface SignInThrottleState {
  pair: FailureRecord | null;
  address: FailureRecord | null;
  account: FailureRecord | null;
  /** This address signed in to this account successfully before. */
  knownPair: boolean;
}

export interface SignInVerdict {
  /** 0 when the attempt may go ahead. */
  waitMs: number;
  /** Which counter asks for the wait. */
  scope: 'pair' | 'address' | null;
}

/**
 * Whether a sign-in attempt may go ahead now. The owner at an address that signed in before is
 * held only by failures from that same address: never by other addresses' guesses at the account,
 * nor by what the address does to other accounts.
 */
export function signInVerdict(
  state: SignInThrottleState,
  now: number,
  policy: SignInThrottlePolicy = SIGN_IN_THROTTLE,
): SignInVerdict {
  const accountFailures = currentRecord(state.account, now, policy.account)?.failures ?? 0;
  const underAttack = !state.knownPair && accountFailures > policy.account.freeFailures;
  const pairRule = underAttack ? { ...policy.pair, freeFailures: 0 } : policy.pair;
  const pairWait = waitUnder(state.pair, now, pairRule);
  const addressWait = state.knownPair ? 0 : waitUnder(state.address, now, policy.address);
  if (pairWait === 0 && addressWait === 0) return { waitMs: 0, scope: null };
  return pairWait >= addressWait
    ? { waitMs: pairWait, scope: 'pair' }
    : { waitMs: addressWait, scope: 'address' };
}

/** The record after one more failure at `now` (a forgotten record starts again). */
export function withFailure(
  record: FailureRecord | null | undefined,
  now: number,
  rule: Pick<ThrottleRule, 'forgetAfterMs'>,
): FailureRecord {
  const current = currentRecord(record, now, rule);
  return { failures: (current?.failures ?? 0) + 1, lastFailureAt: now };
}

/** A wait in words for the message: '1 second', '30 seconds', '2 minutes' (rounded up). */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / SECOND));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
