// The server's interval jobs (jobs/runner.ts): one list, each job named once, and every one of them
// on the background connections (docs/decisions/074-background-work-on-its-own-connections.md), so
// requests holding all of theirs never stop a job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { createTestApp, type TestApp } from '../../test/harness';
import type { Database } from '../db/client';
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
      'orders.payment-deadline': 30_000,
      'offers.expire': 30_000,
      'pickup.reminders': 60_000,
      'notifications.ending-reminders': 10_000,
      'notifications.saved-search-alerts': 30_000,
      'notifications.send': 1_000,
      'notifications.daily-digest': 60_000,
      'idempotency.purge': 3_600_000,
      'shared-limits.purge': 600_000,
      'imports.run': 1_000,
      'refunds.resolve-reserved': 60_000,
      'returns.expire': 60_000,
    });
  });

  it('runs every job on the background connections, never the requests’ pool', async () => {
    jobsRunning = true;
    try {
      for (const job of serverJobs(t.app)) {
        current = job.name;
        await expect(job.run(), job.name).resolves.toBeUndefined();
      }
    } finally {
      jobsRunning = false;
    }
    expect(used).toEqual([]);
  });
});
