import { randomBytes } from 'node:crypto';
import type { ServerEvent } from '@rebound/contract/realtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redisForTests, TEST_REDIS_URL, testKeyPrefix, withRedis } from '../../test/redis';
import type { HubLog, Published, RealtimeHub } from './hub';
import { redisHub } from './redis-hub';

// The Redis pub/sub hub (decision 033) against the local Redis: events reach every server's
// sockets in one order, payloads past NOTIFY's 8000 bytes go through, and a subscriber connection
// that drops comes back and asks the sockets to resync. Skipped (saying why) without Redis.

const redisUp = await redisForTests('redis-hub');

const quiet: HubLog = { error() {}, warn() {}, info() {} };

function bid(auctionId: string, seq: number, note = ''): Published {
  return {
    room: `auction:${auctionId}`,
    event: { type: 'BidPlacedV1', auction: { auctionId, seq, note } } as unknown as ServerEvent,
  };
}

/** Resolves once `check` holds, polling every 10 ms; fails after `ms`. */
function until(check: () => boolean, ms = 5_000) {
  return vi.waitFor(
    () => {
      if (!check()) throw new Error('condition not met in time');
    },
    { timeout: ms, interval: 10 },
  );
}

describe.skipIf(!redisUp)('the Redis realtime hub (127.0.0.1:6379)', () => {
  const channel = testKeyPrefix();
  const names = [0, 1].map((i) => `rebound-test-${randomBytes(4).toString('hex')}-${i}`);
  let a: RealtimeHub;
  let b: RealtimeHub;
  beforeAll(async () => {
    a = await redisHub(TEST_REDIS_URL, quiet, { channel, connectionName: names[0] });
    b = await redisHub(TEST_REDIS_URL, quiet, { channel, connectionName: names[1] });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('delivers every event of a room to every server, in the order published, and nothing else', async () => {
    const auction = randomBytes(4).toString('hex');
    const seen: number[][] = [[], []];
    const offs = [a, b].map((hub, i) =>
      hub.subscribe(`auction:${auction}`, (json) =>
        seen[i]!.push((JSON.parse(json) as { auction: { seq: number } }).auction.seq),
      ),
    );
    let other = 0;
    const offOther = b.subscribe('auction:other', () => other++);
    // Two publishers interleaved: each server sees the same single order.
    for (let seq = 1; seq <= 50; seq++) await (seq % 2 ? a : b).publish([bid(auction, seq)]);
    await until(() => seen[0]!.length === 50 && seen[1]!.length === 50);
    expect(seen[0]).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(seen[1]).toEqual(seen[0]);
    expect(other).toBe(0);
    expect(a.size()).toBe(1);
    for (const off of [...offs, offOther]) off();
    expect(a.size()).toBe(0);
  });

  it('carries a batch far larger than a NOTIFY payload in one message', async () => {
    const auction = randomBytes(4).toString('hex');
    const got: string[] = [];
    const off = b.subscribe(`auction:${auction}`, (json) => got.push(json));
    const big = 'x'.repeat(20_000);
    await a.publish([bid(auction, 1, big), bid(auction, 2)]);
    await until(() => got.length === 2);
    expect(got[0]).toContain(big);
    off();
  });

  it('comes back after its subscriber connection is killed, resyncs, and delivers later events', async () => {
    const auction = randomBytes(4).toString('hex');
    const got: number[] = [];
    const off = b.subscribe(`auction:${auction}`, (json) =>
      got.push((JSON.parse(json) as { auction: { seq: number } }).auction.seq),
    );
    let resyncs = 0;
    const offResync = b.onResync(() => resyncs++);
    try {
      await withRedis(async (admin) => {
        const list = (await admin.client('LIST')) as string;
        const line = list.split('\n').find((l) => l.includes(` name=${names[1]} `));
        expect(line).toBeDefined();
        const id = /\bid=(\d+)/.exec(line!)![1]!;
        await admin.client('KILL', 'ID', id);
      });
      await until(() => resyncs === 1 && b.status().listening);
      expect(b.status().reconnects).toBe(1);
      await a.publish([bid(auction, 7)]);
      await until(() => got.length === 1);
      expect(got).toEqual([7]);
    } finally {
      off();
      offResync();
    }
  });
});
