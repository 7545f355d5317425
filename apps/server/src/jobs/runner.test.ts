// The server's interval jobs (jobs/runner.ts): one list, each job named once, and every one of them
// on the background connections (docs/decisions/074-background-work-on-its-own-connections.md), so
// requests holding all of theirs never stop a job.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSession } from '../../test/bidding';
import { createTestDatabase } from '../../test/database';
import { makeAuction, makeLocation, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import type { Database } from '../db/client';
import { auctions, orders, outbox } from '../db/schema';
import { placeBid } from '../modules/bidding';
import { serverJobs } from './runner';

describe('serverJobs', () => {
  let t: TestApp;
  const used: string[] = [];

  beforeAll(async () => {
    const real = await createTestDatabase();
    // The requests' handle records any use; the jobs' handle is the real database.
    const requests = new Proxy(real.db, {
      get(target, prop, receiver) {
        if (jobsRunning && typeof prop === 'string') used.push(`${current}: ${prop}`);
        return Reflect.get(target, prop, receiver);
      },
    });
    const database: Database = { ...real, db: requests, jobsDb: real.db };
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await t?.close();
  });

  let jobsRunning = false;
  let current = '';

  it('names each job once, at its interval', () => {
    const jobs = serverJobs(t.app);
    const names = jobs.map((j) => j.name);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.fromEntries(jobs.map((j) => [j.name, j.everyMs]))).toEqual({
      'auctions.open': 1_000,
      'auctions.close': 1_000,
      'bidGroups.drive': 1_000,
      'orders.payment-deadline': 30_000,
      'offers.expire': 30_000,
      'pickup.reminders': 60_000,
      'pickup.final-notices': 60_000,
      'pickup.missed': 60_000,
      'notifications.ending-reminders': 10_000,
      'notifications.saved-search-alerts': 30_000,
      'notifications.send': 1_000,
      'notifications.daily-digest': 60_000,
      'idempotency.purge': 3_600_000,
      'signals.purge': 3_600_000,
      'shared-limits.purge': 600_000,
      'imports.run': 1_000,
      'refunds.resolve-reserved': 60_000,
      'returns.expire': 60_000,
    });
  });

  /** Every job once, in the list's order, with the requests' handle watched. */
  async function runAll() {
    jobsRunning = true;
    try {
      for (const job of serverJobs(t.app)) {
        current = job.name;
        await expect(job.run(), job.name).resolves.toBeUndefined();
      }
    } finally {
      jobsRunning = false;
    }
  }

  it('runs every job on the background connections, never the requests’ pool', async () => {
    await runAll();
    expect(used).toEqual([]);
  });

  it('closes a lot and sends its notices (adapters included) without the requests’ pool', async () => {
    const now = t.clock.now();
    const { id: locationId } = await makeLocation(t.db);
    const { auction } = await makeAuction(t.db, { now, locationId });
    const [first, second] = [asSession(await makeUser(t.db)), asSession(await makeUser(t.db))];
    await placeBid(t.db, t.clock, first, auction.id, 2_000, null, t.app.deps.publish);
    await placeBid(t.db, t.clock, second, auction.id, 3_000, null, t.app.deps.publish);

    t.clock.advance(2 * 60 * 60_000);
    await runAll();
    t.clock.advance(10 * 60_000);
    await runAll();

    const [closed] = await t.db.select().from(auctions).where(eq(auctions.id, auction.id));
    expect(closed!.status).toBe('ended');
    expect(await t.db.select().from(orders).where(eq(orders.auctionId, auction.id))).toHaveLength(1);
    const sent = await t.db.select().from(outbox).where(eq(outbox.status, 'sent'));
    // The outbid alert and the won and lost notices, at least by email, through the development mailbox.
    expect(sent.map((m) => m.template)).toEqual(
      expect.arrayContaining(['outbid', 'auction_won', 'auction_lost']),
    );
    expect(await t.db.select().from(outbox).where(eq(outbox.status, 'pending'))).toEqual([]);
    expect(used).toEqual([]);
  });
});
