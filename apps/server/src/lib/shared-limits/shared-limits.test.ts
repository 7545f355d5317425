import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KIND } from '../../../test/database';
import { deleteKeys, redisForTests, TEST_REDIS_URL, testKeyPrefix, withRedis } from '../../../test/redis';
import type { Database } from '../../db/client';
import { postgresLimits, redisLimits, type SharedLimits } from './index';

// The shared counters (decision 033) behave the same in the database and in Redis: fixed windows
// that restart once ended, every concurrent hit counted, failure records and known pairs by the
// caller's clock. Redis tests run against 127.0.0.1:6379 and skip (saying why) if it is not there.

const redisUp = await redisForTests('shared-limits');

const T0 = Date.UTC(2026, 5, 15, 18);

function contract(name: string, make: () => Promise<{ limits: SharedLimits; done(): Promise<void> }>) {
  describe(name, () => {
    let limits: SharedLimits;
    let done: () => Promise<void>;
    beforeAll(async () => {
      ({ limits, done } = await make());
    });
    afterAll(async () => {
      await done?.();
    });
    const key = () => `k-${randomBytes(6).toString('hex')}`;

    it('counts hits in a fixed window and starts a new one once it has ended', async () => {
      const k = key();
      expect(await limits.hit(k, 60_000, T0)).toEqual({ hits: 1, resetAt: T0 + 60_000 });
      expect(await limits.hit(k, 60_000, T0 + 10_000)).toEqual({ hits: 2, resetAt: T0 + 60_000 });
      expect(await limits.peek(k, T0 + 20_000)).toEqual({ hits: 2, resetAt: T0 + 60_000 });
      expect(await limits.peek(k, T0 + 60_000)).toBeNull();
      expect(await limits.hit(k, 60_000, T0 + 60_000)).toEqual({ hits: 1, resetAt: T0 + 120_000 });
      expect(await limits.peek(key(), T0)).toBeNull();
    });

    it('counts every one of many hits sent at once', async () => {
      const k = key();
      const results = await Promise.all(Array.from({ length: 40 }, () => limits.hit(k, 60_000, T0)));
      expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
    });

    it('keeps failure records: counted, forgotten after their time, removed one by one, cleared', async () => {
      const k = key();
      expect(await limits.failureGet(k, T0)).toBeNull();
      expect(await limits.failureAdd(k, T0, 60_000)).toEqual({ failures: 1, lastFailureAt: T0 });
      expect(await limits.failureAdd(k, T0 + 1_000, 60_000)).toEqual({
        failures: 2,
        lastFailureAt: T0 + 1_000,
      });
      expect(await limits.failureGet(k, T0 + 2_000)).toEqual({ failures: 2, lastFailureAt: T0 + 1_000 });
      await limits.failureRemove(k);
      expect(await limits.failureGet(k, T0 + 2_000)).toEqual({ failures: 1, lastFailureAt: T0 + 1_000 });
      await limits.failureRemove(k);
      expect(await limits.failureGet(k, T0 + 2_000)).toBeNull();
      await limits.failureRemove(k);
      // A record past its forget time starts again from one.
      await limits.failureAdd(k, T0, 60_000);
      expect(await limits.failureGet(k, T0 + 60_000)).toBeNull();
      expect(await limits.failureAdd(k, T0 + 60_000, 60_000)).toEqual({
        failures: 1,
        lastFailureAt: T0 + 60_000,
      });
      await limits.failureClear(k);
      expect(await limits.failureGet(k, T0 + 60_001)).toBeNull();
    });

    it('counts every one of many failures sent at once', async () => {
      const k = key();
      await Promise.all(Array.from({ length: 25 }, () => limits.failureAdd(k, T0, 60_000)));
      expect((await limits.failureGet(k, T0))?.failures).toBe(25);
    });

    it('remembers a mark for its time', async () => {
      const k = key();
      expect(await limits.markHas(k, T0)).toBe(false);
      await limits.markSet(k, T0, 60_000);
      expect(await limits.markHas(k, T0 + 59_999)).toBe(true);
      expect(await limits.markHas(k, T0 + 60_000)).toBe(false);
    });
  });
}

let database: Database | undefined;
contract(`the database store (${TEST_DB_KIND})`, async () => {
  database = await createTestDatabase();
  return {
    limits: postgresLimits(database.db),
    done: async () => {
      await database?.close();
    },
  };
});

describe('the database store: purge', () => {
  it('deletes windows and records that have ended, and only those', async () => {
    const db = await createTestDatabase();
    try {
      const limits = postgresLimits(db.db);
      await limits.hit('old', 1_000, T0);
      await limits.hit('live', 60_000, T0);
      await limits.failureAdd('old-failure', T0, 1_000);
      await limits.markSet('live-mark', T0, 60_000);
      expect(await limits.purge(T0 + 1_000)).toBe(2);
      expect(await limits.peek('live', T0 + 1_000)).toEqual({ hits: 1, resetAt: T0 + 60_000 });
      expect(await limits.markHas('live-mark', T0 + 1_000)).toBe(true);
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(!redisUp)('Redis (127.0.0.1:6379)', () => {
  contract('the Redis store', async () => {
    const prefix = testKeyPrefix();
    const limits = redisLimits(TEST_REDIS_URL, { prefix });
    return {
      limits,
      done: async () => {
        await deleteKeys(prefix);
        await limits.close();
      },
    };
  });

  it('expires its keys by themselves (nothing to purge)', async () => {
    const prefix = testKeyPrefix();
    const limits = redisLimits(TEST_REDIS_URL, { prefix });
    try {
      await limits.hit('w', 60_000, Date.now());
      const ttl = await withRedis((raw) => raw.pttl(`${prefix}rl:w`));
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
      expect(await limits.purge(Date.now())).toBe(0);
    } finally {
      await deleteKeys(prefix);
      await limits.close();
    }
  });
});
