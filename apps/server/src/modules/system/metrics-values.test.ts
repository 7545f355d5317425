// The operator's metrics read what they say (docs/operations.md, "Metrics and alerts"): bid batch
// times, auction close lag, the outbox's oldest waiting message, jobs' lag and failures, the pool.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asSession } from '../../../test/bidding';
import { TEST_DB_KIND } from '../../../test/database';
import { makeAuction, makeLocation, makeUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { openDatabase } from '../../db/client';
import { outbox } from '../../db/schema';
import { startJobs } from '../../jobs/runner';
import { JobStatus } from '../../lib/job-status';
import { placeBid } from '../bidding';

let locationId: string;
const t = useTestApp({}, async (t) => {
  locationId = (await makeLocation(t.db)).id;
});

async function scrape(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of the sample `series` (a name, with its labels if any) on a scrape. */
function sample(body: string, series: string): number {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  if (!line) throw new Error(`no sample ${series}`);
  return Number(line.slice(series.length + 1));
}

describe('/metrics values', () => {
  it('counts bid batches of this app and times them', async () => {
    const before = sample(await scrape(), 'rebound_bid_batch_duration_seconds_count');
    const { auction } = await makeAuction(t.db, { now: t.clock.now(), locationId });
    const user = asSession(await makeUser(t.db));
    await placeBid(t.db, t.clock, user, auction.id, 2_000, null, t.app.deps.publish);
    const body = await scrape();
    expect(sample(body, 'rebound_bid_batch_duration_seconds_count')).toBe(before + 1);
    expect(sample(body, 'rebound_bid_batch_duration_seconds_sum')).toBeGreaterThan(0);
    expect(sample(body, 'rebound_bid_batch_size_sum')).toBeGreaterThanOrEqual(before + 1);
  });

  it('reports how long an overdue live auction has waited to be closed', async () => {
    expect(sample(await scrape(), 'rebound_auction_close_lag_seconds')).toBe(0);
    const now = t.clock.now();
    await makeAuction(t.db, { now, locationId, auction: { endTime: new Date(now.getTime() - 90_000) } });
    const lag = sample(await scrape(), 'rebound_auction_close_lag_seconds');
    // The test clock runs on from where it was set: a little more than 90 s by the scrape.
    expect(lag).toBeGreaterThanOrEqual(90);
    expect(lag).toBeLessThan(90 + 3600);
  });

  it("reports the outbox's waiting messages and the oldest one's age", async () => {
    const pending = sample(await scrape(), 'rebound_outbox_pending');
    const tenDays = 10 * 86_400;
    await t.db.insert(outbox).values({
      channel: 'email',
      template: 'metrics-probe',
      recipient: 'probe@rebound.test',
      // Not due: the sender (not started here) would leave it alone anyway.
      nextAttemptAt: new Date(t.clock.now().getTime() + 86_400_000),
      createdAt: new Date(t.clock.now().getTime() - tenDays * 1000),
    });
    const after = await scrape();
    expect(sample(after, 'rebound_outbox_pending')).toBe(pending + 1);
    const age = sample(after, 'rebound_outbox_oldest_pending_age_seconds');
    expect(age).toBeGreaterThanOrEqual(tenDays);
    expect(age).toBeLessThan(tenDays + 3600);
  });

  it("reports each job's failures from the real runner", async () => {
    let runs = 0;
    const stop = startJobs(t.app, [
      {
        name: 'metrics.failing',
        everyMs: 60_000,
        run: async () => {
          runs++;
          throw new Error('probe failure');
        },
      },
    ]);
    await stop();
    expect(runs).toBe(1);
    const body = await scrape();
    expect(sample(body, 'rebound_job_failures_total{job_name="metrics.failing"}')).toBe(1);
    expect(sample(body, 'rebound_job_lag_seconds{job_name="metrics.failing"}')).toBeGreaterThanOrEqual(0);
  });
});

describe('JobStatus', () => {
  it('is 0 while a job is on schedule and counts the seconds past its interval after', () => {
    let now = 0;
    const status = new JobStatus(() => now);
    status.register('a', 1_000);
    now = 800;
    expect(status.snapshot()).toEqual([
      { job: 'a', lagSeconds: 0, failures: 0, everySeconds: 1, lastSuccessSecondsAgo: null },
    ]);
    now = 4_000; // never succeeded: counted from registration
    expect(status.snapshot()[0]!.lagSeconds).toBe(3);
    status.succeeded('a');
    status.failed('a');
    now = 5_500;
    expect(status.snapshot()).toEqual([
      { job: 'a', lagSeconds: 0.5, failures: 1, everySeconds: 1, lastSuccessSecondsAgo: 1.5 },
    ]);
  });
});

describe('database pool waits', () => {
  it(
    TEST_DB_KIND === 'postgres'
      ? 'counts a query that waited for the only connection'
      : 'has no pool on PGlite (the metrics read zeros)',
    async () => {
      if (TEST_DB_KIND !== 'postgres') {
        expect(t.database.poolStats()).toBeNull();
        const body = await scrape();
        expect(sample(body, 'rebound_db_pool_waits_total')).toBe(0);
        expect(sample(body, 'rebound_db_pool_waiting')).toBe(0);
        expect(sample(body, 'rebound_db_jobs_pool_waiting')).toBe(0);
        expect(t.database.jobsDb).toBe(t.database.db);
        return;
      }
      const database = await openDatabase({ url: t.database.url!, poolSize: 1 });
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      const tick = () => new Promise((r) => setImmediate(r));
      try {
        const tx = database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await held;
        });
        // The transaction holds the only connection: the next query must wait for it.
        while (database.poolStats()!.total === 0 || database.poolStats()!.idle > 0) await tick();
        expect(database.poolStats()!.waits).toBe(0);
        const waiting = database.db.execute(sql`select 2`).then(() => 'done');
        while (database.poolStats()!.waiting === 0) await tick();
        expect(database.poolStats()!.waits).toBe(1);
        release();
        expect(await waiting).toBe('done');
        await tx;
        const stats = database.poolStats()!;
        expect(stats.waits).toBe(1);
        expect(stats.waitSeconds).toBeGreaterThan(0);
        expect(stats.waiting).toBe(0);
      } finally {
        release();
        await database.close();
      }
    },
  );

  it.runIf(TEST_DB_KIND === 'postgres')(
    'gives the background work connections of its own: requests holding all of theirs do not stop it',
    async () => {
      const database = await openDatabase({ url: t.database.url!, poolSize: 1, jobsPoolSize: 1 });
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      try {
        expect(database.jobsDb).not.toBe(database.db);
        const tx = database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await held;
        });
        while (database.poolStats()!.total === 0 || database.poolStats()!.idle > 0) {
          await new Promise((r) => setImmediate(r));
        }
        // The requests' only connection is held: the jobs' handle still answers, without waiting.
        const { rows } = (await database.jobsDb.execute(sql`select 2 as n`)) as unknown as {
          rows: { n: number }[];
        };
        expect(rows[0]!.n).toBe(2);
        expect(database.jobsPoolStats()).toMatchObject({ waits: 0 });
        expect(database.poolStats()!.idle).toBe(0);
        release();
        await tx;
      } finally {
        release();
        await database.close();
      }
      // Size 0: the background work shares the requests' pool.
      const shared = await openDatabase({ url: t.database.url!, poolSize: 1, jobsPoolSize: 0 });
      try {
        expect(shared.jobsDb).toBe(shared.db);
        expect(shared.jobsPoolStats()).toBeNull();
      } finally {
        await shared.close();
      }
    },
  );

  it.runIf(TEST_DB_KIND === 'postgres')('opens every connection of both pools when warmed', async () => {
    const database = await openDatabase({ url: t.database.url!, poolSize: 3, jobsPoolSize: 2 });
    try {
      expect(database.poolStats()).toMatchObject({ total: 0, idle: 0 });
      await database.warm();
      expect(database.poolStats()).toMatchObject({ total: 3, idle: 3, waits: 0 });
      expect(database.jobsPoolStats()).toMatchObject({ total: 2, idle: 2, waits: 0 });
      // A query after warming needs no new backend, and leaves the three open.
      await database.db.execute(sql`select 1`);
      expect(database.poolStats()).toMatchObject({ total: 3, idle: 3 });
    } finally {
      await database.close();
    }
  });
});
