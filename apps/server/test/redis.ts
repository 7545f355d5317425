import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

// The local Redis for the tests of the Redis stores (shared limits, the realtime hub; decision 033):
// 127.0.0.1:6379 unless TEST_REDIS_URL says otherwise. Their files skip, saying why, when nothing
// answers there; each test keeps to keys and channels of its own.

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers PING at `url` (one try, no retries). */
export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * For a test file's top level (`const redisUp = await redisForTests('shared-limits')`): whether
 * the Redis tests can run; when they cannot, says so once, naming them.
 */
export async function redisForTests(what: string): Promise<boolean> {
  const up = await redisReachable();
  if (!up) console.warn(`${what}: Redis tests skipped, nothing answers at ${TEST_REDIS_URL}`);
  return up;
}

/** A key prefix (or channel name) no other test or run uses: `rebound-test:<random>:`. */
export function testKeyPrefix(): string {
  return `rebound-test:${randomBytes(6).toString('hex')}:`;
}

/** Runs `use` with a plain client of its own, always disconnected afterwards. */
export async function withRedis<T>(use: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    return await use(redis);
  } finally {
    redis.disconnect();
  }
}

/** Deletes every key under `prefix` (what a test left). */
export async function deleteKeys(prefix: string): Promise<void> {
  await withRedis(async (redis) => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  });
}
