import type { FastifyInstance } from 'fastify';
import { createMediaStorage } from '../adapters/storage';
import { postgresLimits, sharedLimits } from '../lib/shared-limits';

import { runImports } from '../modules/admin-import';
import { closeDueAuctions, openDueAuctions } from '../modules/auctions';
import { driveBidGroups, replanGroupsOn } from '../modules/bid-groups';
import { purgeExpiredIdempotencyKeys } from '../modules/bidding';
import { runDailyDigest } from '../modules/digest';
import { runEndingReminders } from '../modules/notifications';
import { expireOffers } from '../modules/offers';
import { runPaymentDeadlines } from '../modules/orders';
import { markMissedVisits, runFinalNotices, runPickupReminders } from '../modules/pickup';
import { type RefundsDeps, resolveReservedRefunds } from '../modules/refunds';
import { runReturnJobs } from '../modules/returns';
import { runSavedSearchAlerts } from '../modules/saved-searches';
import { purgeOldSightings } from '../modules/signals';

export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/**
 * Declared, interval-driven jobs. Every job is safe to run twice and on several servers at once
 * (row claims with SKIP LOCKED, idempotent updates), so no leader election is needed. A run never
 * overlaps the previous run of the same job.
 */
export function startJobs(app: FastifyInstance, jobs: Job[]): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  // Each job's last success and failures, for /metrics (rebound_job_lag_seconds).
  const status = app.deps.jobs;
  for (const job of jobs) {
    status.register(job.name, job.everyMs);
    const tick = () => {
      if (stopped || running.has(job.name)) return;
      const p = job
        .run()
        .then(() => status.succeeded(job.name))
        .catch((err) => {
          status.failed(job.name);
          app.log.error({ err, job: job.name }, 'job failed');
        })
        .finally(() => running.delete(job.name));
      running.set(job.name, p);
    };
    const t = setInterval(tick, job.everyMs);
    t.unref();
    timers.push(t);
    tick();
  }
  return async () => {
    stopped = true;
    for (const t of timers) clearInterval(t);
    await Promise.all(running.values());
  };
}

export function auctionJobs(app: FastifyInstance, everyMs = 1_000): Job[] {
  const {
    database: { jobsDb: db },
    clock,
    publish,
  } = app.deps;
  return [
    {
      name: 'auctions.open',
      everyMs,
      run: async () => {
        await openDueAuctions(db, clock.now(), publish);
      },
    },
    {
      name: 'auctions.close',
      everyMs,
      run: async () => {
        // The bid groups on the closed lots re-planned at once (decision 095).
        await closeDueAuctions(db, clock.now(), publish, (ids) => replanGroupsOn(db, clock, publish, ids));
      },
    },
    {
      // Every active bid group whose stored states disagree with its lots' facts, re-planned.
      name: 'bidGroups.drive',
      everyMs,
      run: async () => {
        await driveBidGroups(db, clock, publish);
      },
    },
  ];
}

/** One interval job that needs the payment provider, on the background connections. */
function paymentJob(
  app: FastifyInstance,
  name: string,
  everyMs: number,
  work: (deps: RefundsDeps) => Promise<unknown>,
): Job {
  const {
    database: { jobsDb: db },
    clock,
    publish,
    payments: provider,
  } = app.deps;
  return {
    name,
    everyMs,
    run: async () => {
      await work({ db, clock, provider, log: app.log, publish });
    },
  };
}

/**
 * Refunds reserved but never answered by the provider (the server stopped mid-call): asked again
 * with the same idempotency key once their lease has run out (refunds, decisions 027 and 084).
 */
export function refundJobs(app: FastifyInstance, everyMs = 60_000): Job[] {
  return [paymentJob(app, 'refunds.resolve-reserved', everyMs, (deps) => resolveReservedRefunds(deps))];
}

/**
 * Returns (decision 055): open returns past their expiry close, and refunds the provider confirmed
 * late are marked on their return, checked every 60 s.
 */
export function returnJobs(app: FastifyInstance, everyMs = 60_000): Job[] {
  return [paymentJob(app, 'returns.expire', everyMs, runReturnJobs)];
}

/** The payment deadline (reminders, cancellation, strikes), checked every 30 s. */
export function orderJobs(app: FastifyInstance, everyMs = 30_000): Job[] {
  const {
    database: { jobsDb: db },
    clock,
    publish,
  } = app.deps;
  return [
    {
      name: 'orders.payment-deadline',
      everyMs,
      run: async () => {
        await runPaymentDeadlines(db, clock.now(), publish);
      },
    },
    {
      // Second-chance offers past their deadline close (claimed with SKIP LOCKED; decision 025).
      name: 'offers.expire',
      everyMs,
      run: async () => {
        await expireOffers(db, clock.now());
      },
    },
  ];
}

/**
 * Pickup reminders (the evening before at 18:00 and an hour before the slot), the final notice of
 * an item not collected, and missed visits, checked every 60 s.
 */
export function pickupJobs(app: FastifyInstance, everyMs = 60_000): Job[] {
  const {
    database: { jobsDb: db },
    clock,
    publish,
  } = app.deps;
  return [
    {
      name: 'pickup.reminders',
      everyMs,
      run: async () => {
        await runPickupReminders(db, clock.now(), publish);
      },
    },
    {
      // The final notice for items not collected 14 days after their window (the Terms; core pickup.ts).
      name: 'pickup.final-notices',
      everyMs,
      run: async () => {
        await runFinalNotices(db, clock.now(), publish);
      },
    },
    {
      // Visits whose slot ended with nobody checked in (docs/decisions/080-pickup-missed-walk-ins.md).
      name: 'pickup.missed',
      everyMs,
      run: async () => {
        await markMissedVisits(db, clock.now(), publish);
      },
    },
  ];
}

/**
 * The outbox sender (email, SMS, push; docs/decisions/018-outbox-sender.md), every second; requests
 * that queue a message also wake it at once. Safe on several servers (SKIP LOCKED claims).
 */
export function notificationJobs(app: FastifyInstance, everyMs = 1_000): Job[] {
  const { sender } = app.deps;
  sender.enableWake();
  return [{ name: 'notifications.send', everyMs, run: () => sender.run() }];
}

/**
 * Manifest imports (decision 026): every second, an import staff started is claimed
 * (SKIP LOCKED + a lease) and its rows saved in batches; another server takes over after a crash.
 */
export function importJobs(app: FastifyInstance, everyMs = 1_000): Job[] {
  const {
    database: { jobsDb: db },
    clock,
    config,
  } = app.deps;
  const storage = createMediaStorage(config);
  return [
    {
      name: 'imports.run',
      everyMs,
      run: async () => {
        await runImports(db, storage, () => clock.now());
      },
    },
  ];
}

/**
 * Housekeeping: expired Idempotency-Keys go once an hour, and rate-limit windows and sign-in
 * throttle records that have run out every 10 minutes (a no-op with Redis, whose keys expire by
 * themselves). Both are idempotent deletes, safe on several servers at once.
 */
export function maintenanceJobs(
  app: FastifyInstance,
  everyMs = 60 * 60_000,
  limitsEveryMs = 10 * 60_000,
): Job[] {
  const {
    database: { jobsDb: db },
    clock,
  } = app.deps;
  // On the database, the purge deletes through the background connections too (decision 074);
  // Redis expires its keys by itself (its purge does nothing), so its shared client is enough.
  const shared = sharedLimits(app);
  const limits = shared.kind === 'redis' ? shared : postgresLimits(db);
  return [
    {
      name: 'idempotency.purge',
      everyMs,
      run: async () => {
        await purgeExpiredIdempotencyKeys(db, clock);
      },
    },
    {
      // Sightings that link accounts (keyed hashes) past their 90 days, deleted (modules/signals).
      name: 'signals.purge',
      everyMs,
      run: async () => {
        await purgeOldSightings(db, clock);
      },
    },
    {
      name: 'shared-limits.purge',
      everyMs: limitsEveryMs,
      run: async () => {
        // Windows are counted by the machine's clock (rate limits) or the app's (tests move it
        // forward): the earlier of the two never deletes a window still running.
        await limits.purge(Math.min(Date.now(), clock.now().getTime()));
      },
    },
  ];
}

/**
 * Notification events (docs/decisions/020): auction-ending reminders every 10 s, saved-search
 * push alerts every 30 s, the daily new-drops digest checked every minute (it goes out at 08:00
 * Vancouver). Each takes its messages once (notice_once), so several servers can run them; shoppers
 * with new notices hear NotificationsChangedV1 after commit.
 */
export function eventJobs(
  app: FastifyInstance,
  every = { remindersMs: 10_000, alertsMs: 30_000, digestMs: 60_000 },
): Job[] {
  const {
    database: { jobsDb: db },
    clock,
    publish,
  } = app.deps;
  return [
    {
      name: 'notifications.ending-reminders',
      everyMs: every.remindersMs,
      run: async () => {
        await runEndingReminders(db, clock.now(), publish);
      },
    },
    {
      name: 'notifications.saved-search-alerts',
      everyMs: every.alertsMs,
      run: async () => {
        await runSavedSearchAlerts(db, clock.now(), publish);
      },
    },
    {
      name: 'notifications.daily-digest',
      everyMs: every.digestMs,
      run: async () => {
        await runDailyDigest(db, clock.now(), publish);
      },
    },
  ];
}

/** Every job a server runs, at its default interval: what start.ts hands to startJobs. */
export function serverJobs(app: FastifyInstance): Job[] {
  return [
    ...auctionJobs(app),
    ...orderJobs(app),
    ...pickupJobs(app),
    ...notificationJobs(app),
    ...eventJobs(app),
    ...maintenanceJobs(app),
    ...importJobs(app),
    ...refundJobs(app),
    ...returnJobs(app),
  ];
}
