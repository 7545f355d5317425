import cluster from 'node:cluster';
import { hostname } from 'node:os';
import { OperationsResponse } from '@rebound/contract/admin-operations';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auctionCloseLagSeconds } from '../auctions';
import { onBidBatch } from '../bidding';
import { listDeadLetters, outboxGauges, outboxSentLastDay } from '../notifications';

/** Dead letters the page lists (the Messages section pages through all of them). */
export const OPERATIONS_DEAD_LETTERS = 5;

/**
 * The back-office's operator page (decision 064): what /metrics shows, as one staff-only answer.
 * The staff guard covers every /api/admin route (modules/staff). Outbox figures come from the
 * shared database; jobs, realtime, bid batches and the pool are this server's own, so the answer
 * names the server.
 */
export async function operationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, hub, jobs, database, live } = app.deps;

  // This app's bid batches since start (tests run several apps in one process).
  const batches = { count: 0, bids: 0, seconds: 0, max: 0 };
  const off = onBidBatch((t) => {
    if (t.db !== db) return;
    batches.count++;
    batches.bids += t.size;
    batches.seconds += t.seconds;
    batches.max = Math.max(batches.max, t.seconds);
  });
  app.addHook('onClose', async () => off());

  app.get(API.adminOperations, { schema: { response: { 200: OperationsResponse } } }, async () => {
    const now = clock.now();
    const [gauges, dead, sent, closeLag] = await Promise.all([
      outboxGauges(db),
      listDeadLetters(db, { limit: OPERATIONS_DEAD_LETTERS }),
      outboxSentLastDay(db, now),
      auctionCloseLagSeconds(db, now).catch(() => null),
    ]);
    const realtime = hub.status();
    const pool = database.poolStats?.() ?? null;
    return {
      at: now.toISOString(),
      instance: { host: hostname(), pid: process.pid, worker: cluster.worker?.id ?? null },
      outbox: {
        pending: gauges.pending,
        oldestPendingAgeSeconds: gauges.oldestPendingAt
          ? Math.max(0, (now.getTime() - gauges.oldestPendingAt.getTime()) / 1000)
          : 0,
        dead: gauges.dead,
        latestDead: dead.map((d) => ({
          id: d.id,
          channel: d.channel,
          template: d.template,
          attempts: d.attempts,
          lastError: d.lastError,
          requestId: d.requestId,
          deadAt: d.deadAt?.toISOString() ?? null,
        })),
        sentLastDay: sent,
      },
      jobs: jobs.snapshot().map((j) => ({
        name: j.job,
        everySeconds: j.everySeconds,
        lastSuccessSecondsAgo: j.lastSuccessSecondsAgo,
        lagSeconds: j.lagSeconds,
        failures: j.failures,
      })),
      realtime: {
        listenConnected: realtime.listening,
        listenReconnects: realtime.reconnects,
        openSockets: live.openSockets,
      },
      bidBatches: {
        batches: batches.count,
        bids: batches.bids,
        meanSeconds: batches.count > 0 ? batches.seconds / batches.count : null,
        maxSeconds: batches.count > 0 ? batches.max : null,
      },
      dbPool: pool,
      auctionCloseLagSeconds: closeLag,
    };
  });
}
