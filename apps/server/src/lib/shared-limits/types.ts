import type { FailureRecord } from '@rebound/core/throttle';

// Shared counters for several server processes (docs/decisions/033-several-servers.md):
// fixed-window rate limits and the sign-in throttle's records, in PostgreSQL (the app's database,
// PGlite included) or in Redis when REDIS_URL is set. Every method is one atomic step in the store,
// so servers hitting the same key at once never lose a count. Times are given by the caller (the
// app's clock or Date.now(), as the code it replaces used), never read from the store's clock.

export interface WindowHit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

export interface SharedLimits {
  readonly kind: 'postgres' | 'redis';
  /**
   * Counts one hit under `key` in a fixed window of `windowMs`: a window that has ended (or none)
   * starts again at `now` with 1 hit.
   */
  hit(key: string, windowMs: number, now: number): Promise<WindowHit>;
  /** The current window without counting (null when there is none at `now`). */
  peek(key: string, now: number): Promise<WindowHit | null>;
  /** Sign-in failure records (modules/auth/throttle.ts's FailureCounters). */
  failureGet(key: string, now: number): Promise<FailureRecord | null>;
  /** One more failure at `now`: a record older than `forgetAfterMs` starts again from 1. */
  failureAdd(key: string, now: number, forgetAfterMs: number): Promise<FailureRecord>;
  /** One failure fewer (the record goes at 0). */
  failureRemove(key: string): Promise<void>;
  failureClear(key: string): Promise<void>;
  /** Known (account, address) pairs: present for `ttlMs` after the last `markSet`. */
  markHas(key: string, now: number): Promise<boolean>;
  markSet(key: string, now: number, ttlMs: number): Promise<void>;
  /** Deletes what has expired at `now` (a no-op in Redis, whose keys expire by themselves). */
  purge(now: number): Promise<number>;
  close(): Promise<void>;
}
