import type { FailureRecord } from '@rebound/core/throttle';
import { Redis } from 'ioredis';
import type { SharedLimits } from './types';

// The same counters in Redis (REDIS_URL): each step is one Lua script, which Redis runs atomically.
// The window's end and the failure times are the caller's (the app clock), kept in a hash; Redis
// expires each key by itself after its window or forget time, so nothing needs purging.

const HIT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local reset = tonumber(redis.call('HGET', KEYS[1], 'r'))
local hits
if (not reset) or reset <= now then
  reset = now + window
  redis.call('HSET', KEYS[1], 'h', 1, 'r', ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  hits = 1
else
  hits = redis.call('HINCRBY', KEYS[1], 'h', 1)
end
return {hits, redis.call('HGET', KEYS[1], 'r')}
`;

const FAILURE_ADD = `
local now = tonumber(ARGV[1])
local forget = tonumber(ARGV[2])
local f = tonumber(redis.call('HGET', KEYS[1], 'f'))
local l = tonumber(redis.call('HGET', KEYS[1], 'l'))
local x = tonumber(redis.call('HGET', KEYS[1], 'x'))
if (not f) or f <= 0 or (not l) or (not x) or x <= now or (now - l) >= forget then f = 1 else f = f + 1 end
redis.call('HSET', KEYS[1], 'f', f, 'l', ARGV[1], 'x', ARGV[3])
redis.call('PEXPIRE', KEYS[1], forget)
return f
`;

const FAILURE_REMOVE = `
local f = tonumber(redis.call('HGET', KEYS[1], 'f'))
if not f then return 0 end
if f <= 1 then redis.call('DEL', KEYS[1]) else redis.call('HINCRBY', KEYS[1], 'f', -1) end
return 1
`;

export interface RedisLimitsOptions {
  /** Prepended to every key (tests use one per test). */
  prefix?: string;
}

/** Connects to Redis; the first command waits for the connection. */
export function redisLimits(url: string, options: RedisLimitsOptions = {}): SharedLimits {
  const redis = new Redis(url, {
    keyPrefix: options.prefix ?? 'rebound:',
    // A command sent while Redis is away fails after a few retries rather than hanging a request.
    maxRetriesPerRequest: 2,
    lazyConnect: false,
  });
  // Errors reach the callers of each command; the client reconnects by itself.
  redis.on('error', () => {});
  const rl = (key: string) => `rl:${key}`;
  const th = (key: string) => `th:${key}`;

  return {
    kind: 'redis',
    async hit(key, windowMs, now) {
      const [hits, reset] = (await redis.eval(
        HIT,
        1,
        rl(key),
        String(now),
        String(windowMs),
        String(now + windowMs),
      )) as [number, string];
      return { hits: Number(hits), resetAt: Number(reset) };
    },
    async peek(key, now) {
      const [h, r] = await redis.hmget(rl(key), 'h', 'r');
      if (h == null || r == null || Number(r) <= now) return null;
      return { hits: Number(h), resetAt: Number(r) };
    },
    async failureGet(key, now) {
      const [f, l, x] = await redis.hmget(th(key), 'f', 'l', 'x');
      if (f == null || l == null || x == null || Number(x) <= now) return null;
      return { failures: Number(f), lastFailureAt: Number(l) } satisfies FailureRecord;
    },
    async failureAdd(key, now, forgetAfterMs) {
      const failures = (await redis.eval(
        FAILURE_ADD,
        1,
        th(key),
        String(now),
        String(forgetAfterMs),
        String(now + forgetAfterMs),
      )) as number;
      return { failures: Number(failures), lastFailureAt: now };
    },
    async failureRemove(key) {
      await redis.eval(FAILURE_REMOVE, 1, th(key));
    },
    async failureClear(key) {
      await redis.del(th(key));
    },
    async markHas(key, now) {
      const x = await redis.get(th(key));
      return x != null && Number(x) > now;
    },
    async markSet(key, now, ttlMs) {
      await redis.set(th(key), String(now + ttlMs), 'PX', Math.max(1, ttlMs));
    },
    async purge() {
      return 0;
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
