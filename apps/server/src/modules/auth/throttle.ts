import {
  type FailureRecord,
  SIGN_IN_THROTTLE,
  type SignInThrottlePolicy,
  signInVerdict,
  waitInWords,
  withFailure,
} from '@rebound/core/throttle';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { type SharedLimits, sharedLimits } from '../../lib/shared-limits';

// Sign-in throttling (docs/decisions/011-sign-in-throttling.md): the rule is packages/core's
// signInVerdict; this file keeps its counters and the addresses that signed in before. Both sit
// behind small interfaces: the app keeps them in the shared store (lib/shared-limits: the database,
// or Redis with REDIS_URL) so several servers count together; the in-memory ones serve unit tests.

const DAY = 24 * 60 * 60 * 1000;

/** Failure counters by key. Each call is one atomic step, as an upsert or INCR would be. */
export interface FailureCounters {
  get(key: string, now: number): Promise<FailureRecord | null>;
  /** One more failure at `now`; `forgetAfterMs` tells the store how long the record matters. */
  add(key: string, now: number, forgetAfterMs: number): Promise<FailureRecord>;
  /** One failure fewer (an attempt counted in advance that turned out not to be a failure). */
  remove(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

/** (account, address) pairs that signed in successfully. */
export interface KnownPairs {
  has(key: string, now: number): Promise<boolean>;
  add(key: string, now: number): Promise<void>;
}

/** A Map kept in insertion order as an LRU: at most `maxKeys` entries, each dropped at its expiry. */
class ExpiringLru<V> {
  readonly #entries = new Map<string, { value: V; expiresAt: number }>();
  constructor(private readonly maxKeys: number) {}

  get(key: string, now: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, expiresAt: number) {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt });
    while (this.#entries.size > this.maxKeys) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  /** Changes the value and keeps the expiry (no-op when absent). */
  replace(key: string, value: V) {
    const entry = this.#entries.get(key);
    if (entry) entry.value = value;
  }

  delete(key: string) {
    this.#entries.delete(key);
  }
}

export function memoryFailureCounters(maxKeys = 200_000): FailureCounters {
  const lru = new ExpiringLru<FailureRecord>(maxKeys);
  return {
    async get(key, now) {
      return lru.get(key, now) ?? null;
    },
    async add(key, now, forgetAfterMs) {
      const record = withFailure(lru.get(key, now), now, { forgetAfterMs });
      lru.set(key, record, now + forgetAfterMs);
      return record;
    },
    async remove(key) {
      const record = lru.get(key, Number.NEGATIVE_INFINITY);
      if (!record) return;
      if (record.failures <= 1) lru.delete(key);
      else lru.replace(key, { ...record, failures: record.failures - 1 });
    },
    async clear(key) {
      lru.delete(key);
    },
  };
}

/** Remembered for 30 days (a session's life) after the last successful sign-in, at most `maxKeys`. */
export function memoryKnownPairs(maxKeys = 100_000, ttlMs = 30 * DAY): KnownPairs {
  const lru = new ExpiringLru<true>(maxKeys);
  return {
    async has(key, now) {
      return lru.get(key, now) === true;
    },
    async add(key, now) {
      lru.set(key, true, now + ttlMs);
    },
  };
}

/** Failure counters in the shared store (one atomic statement or script per step). */
export function sharedFailureCounters(limits: SharedLimits): FailureCounters {
  return {
    get: (key, now) => limits.failureGet(`signin:${key}`, now),
    add: (key, now, forgetAfterMs) => limits.failureAdd(`signin:${key}`, now, forgetAfterMs),
    remove: (key) => limits.failureRemove(`signin:${key}`),
    clear: (key) => limits.failureClear(`signin:${key}`),
  };
}

/** Known pairs in the shared store, remembered `ttlMs` after the last successful sign-in. */
export function sharedKnownPairs(limits: SharedLimits, ttlMs = 30 * DAY): KnownPairs {
  return {
    has: (key, now) => limits.markHas(`known:${key}`, now),
    add: (key, now) => limits.markSet(`known:${key}`, now, ttlMs),
  };
}

/** The app's sign-in throttle: counters and known pairs shared by every server on the store. */
export function appSignInThrottle(app: FastifyInstance): SignInThrottle {
  const limits = sharedLimits(app);
  return createSignInThrottle({ counters: sharedFailureCounters(limits), known: sharedKnownPairs(limits) });
}

/** One sign-in attempt under way: counted as a failure until told otherwise. */
export interface SignInAttempt {
  /** The password was right and the user is signed in: forget the pair's failures, remember it. */
  succeeded(): Promise<void>;
  /** The password was wrong: the failure counted in advance stays. */
  failed(): Promise<void>;
  /** Neither (missing fields, unconfirmed email with the right password, a fault): uncount it. */
  abandoned(): Promise<void>;
}

export interface SignInThrottle {
  /** Throws 429 `sign_in_throttled` (with `retryAfterS`) when a wait is due; else starts the attempt. */
  begin(email: string, address: string): Promise<SignInAttempt>;
}

export class SignInThrottledError extends AppError {
  readonly retryAfterS: number;
  constructor(waitMs: number) {
    super('sign_in_throttled', { params: { wait: waitInWords(waitMs) } });
    this.retryAfterS = Math.max(1, Math.ceil(waitMs / 1000));
  }
}

export function createSignInThrottle(
  opts: {
    counters?: FailureCounters;
    known?: KnownPairs;
    policy?: SignInThrottlePolicy;
    now?: () => number;
  } = {},
): SignInThrottle {
  const counters = opts.counters ?? memoryFailureCounters();
  const known = opts.known ?? memoryKnownPairs();
  const policy = opts.policy ?? SIGN_IN_THROTTLE;
  const clock = opts.now ?? (() => Date.now());

  // Check and count as one step per pair, so that guesses sent all at once queue up behind each
  // other's counts instead of all reading the same old record.
  const queues = new Map<string, Promise<unknown>>();
  function oneAtATime<T>(key: string, step: () => Promise<T>): Promise<T> {
    const result = (queues.get(key) ?? Promise.resolve()).then(step);
    const tail = result.catch(() => {});
    queues.set(key, tail);
    void tail.then(() => {
      if (queues.get(key) === tail) queues.delete(key);
    });
    return result;
  }

  return {
    begin: (email, address) => oneAtATime(`${email}\n${address}`, () => start(email, address)),
  };

  async function start(email: string, address: string): Promise<SignInAttempt> {
    const now = clock();
    const keys = {
      pair: `pair:${email}\n${address}`,
      address: `addr:${address}`,
      account: `acct:${email}`,
    };
    const [pair, addressRecord, account, knownPair] = await Promise.all([
      counters.get(keys.pair, now),
      counters.get(keys.address, now),
      counters.get(keys.account, now),
      known.has(keys.pair, now),
    ]);
    const verdict = signInVerdict({ pair, address: addressRecord, account, knownPair }, now, policy);
    if (verdict.waitMs > 0) throw new SignInThrottledError(verdict.waitMs);

    // Counted before the password is checked, so that guesses sent all at once wait like the rest.
    await Promise.all([
      counters.add(keys.pair, now, policy.pair.forgetAfterMs),
      counters.add(keys.address, now, policy.address.forgetAfterMs),
      counters.add(keys.account, now, policy.account.forgetAfterMs),
    ]);
    const uncount = () =>
      Promise.all([counters.remove(keys.address), counters.remove(keys.account)]).then(() => {});
    return {
      async succeeded() {
        await Promise.all([counters.clear(keys.pair), uncount(), known.add(keys.pair, clock())]);
      },
      async failed() {},
      async abandoned() {
        await Promise.all([counters.remove(keys.pair), uncount()]);
      },
    };
  }
}
