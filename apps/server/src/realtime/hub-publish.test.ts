import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, TEST_DB_KIND } from '../../test/database';
import type { Database } from '../db/client';
import { postgresHub, type RealtimeHub } from './hub';

// Publishing through NOTIFY (hub.ts): calls that arrive while one NOTIFY is on its way share the
// next, every event arrives once and in the order it was published, and each call settles.

const quiet = { error: () => {}, warn: () => {}, info: () => {} };

describe.skipIf(TEST_DB_KIND !== 'postgres')(
  'NOTIFY publishing (PostgreSQL only: set TEST_DATABASE_URL to run)',
  () => {
    let database: Database;
    let hub: RealtimeHub;
    let watcher: pg.Client;
    let notifications = 0;
    /** The events the watcher has seen, by serverTime, in the order its NOTIFYs arrived. */
    const seen: string[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      hub = await postgresHub(database.url as string, quiet);
      // A second listener of our own counts the NOTIFY statements that were sent.
      watcher = new pg.Client({ connectionString: database.url as string });
      await watcher.connect();
      watcher.on('notification', (n) => {
        notifications++;
        for (const p of JSON.parse(n.payload ?? '[]') as { event: { serverTime?: string } }[]) {
          seen.push(String(p.event.serverTime));
        }
      });
      await watcher.query('listen rebound_events');
    });
    afterAll(async () => {
      await watcher?.end();
      await hub?.close();
      await database?.close();
    });

    it('sends a burst of publishes in fewer NOTIFYs, every event once and in order', async () => {
      const received: number[] = [];
      const off = hub.subscribe('auction:burst', (json) => {
        received.push(Number((JSON.parse(json) as { serverTime: string }).serverTime));
      });
      try {
        const calls = Array.from({ length: 60 }, (_, i) =>
          hub.publish([{ room: 'auction:burst', event: { type: 'PongV1', serverTime: String(i) } }]),
        );
        await Promise.all(calls);
        await vi.waitFor(() => expect(received).toHaveLength(60), { timeout: 5_000, interval: 10 });
        expect(received).toEqual(Array.from({ length: 60 }, (_, i) => i));
        // The watcher is another connection: its NOTIFYs come in the order they were sent, so once it
        // has seen the burst's last event it has had every NOTIFY of the burst.
        await vi.waitFor(() => expect(seen).toContain('59'), { timeout: 5_000, interval: 10 });
        expect(seen).toEqual(Array.from({ length: 60 }, (_, i) => String(i)));
        expect(notifications).toBeLessThan(60);
        // A publish after the burst goes out on its own, at once.
        const before = notifications;
        await hub.publish([{ room: 'auction:burst', event: { type: 'PongV1', serverTime: '60' } }]);
        await vi.waitFor(() => expect(received).toHaveLength(61), { timeout: 5_000, interval: 10 });
        await vi.waitFor(() => expect(seen).toContain('60'), { timeout: 5_000, interval: 10 });
        expect(notifications).toBe(before + 1);
      } finally {
        off();
      }
    });
  },
);
