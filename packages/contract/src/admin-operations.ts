import { z } from 'zod';
import { Instant, Uuid } from './common';

// The back-office's operator page (docs/decisions/064-request-ids-and-operator-page.md): what
// /metrics shows, for staff without Prometheus. Outbox figures are shared by all servers (one
// database); jobs, realtime, bid batches and the pool are the answering server's own.

const Count = z.number().int().nonnegative();
const Seconds = z.number().nonnegative();

export const OperationsDeadLetter = z.object({
  id: Uuid,
  channel: z.enum(['email', 'sms', 'push']),
  template: z.string(),
  attempts: Count,
  lastError: z.string().nullable(),
  /** The log id of the request that queued it (null: queued by a job, or before request ids). */
  requestId: z.string().nullable(),
  deadAt: Instant.nullable(),
});
export type OperationsDeadLetter = z.infer<typeof OperationsDeadLetter>;

export const OperationsJob = z.object({
  name: z.string(),
  everySeconds: Seconds,
  /** Seconds since its last run that ended without error on this server; null: none yet. */
  lastSuccessSecondsAgo: Seconds.nullable(),
  /** Seconds past its interval since that run (0 when on time): /metrics' rebound_job_lag_seconds. */
  lagSeconds: Seconds,
  failures: Count,
});
export type OperationsJob = z.infer<typeof OperationsJob>;

export const OperationsResponse = z.object({
  /** When the server read these figures, and which server process it was. */
  at: Instant,
  instance: z.object({ host: z.string(), pid: z.number().int(), worker: z.number().int().nullable() }),
  outbox: z.object({
    pending: Count,
    oldestPendingAgeSeconds: Seconds,
    dead: Count,
    /** The latest few dead letters, newest first. */
    latestDead: z.array(OperationsDeadLetter),
    /** Messages sent in the last 24 hours, per channel. */
    sentLastDay: z.object({ email: Count, sms: Count, push: Count }),
  }),
  jobs: z.array(OperationsJob),
  realtime: z.object({ listenConnected: z.boolean(), listenReconnects: Count, openSockets: Count }),
  bidBatches: z.object({
    /** Since this server started. */
    batches: Count,
    bids: Count,
    meanSeconds: Seconds.nullable(),
    maxSeconds: Seconds.nullable(),
  }),
  /** Null on the embedded database (no pool). */
  dbPool: z
    .object({ total: Count, idle: Count, waiting: Count, waits: Count, waitSeconds: Seconds })
    .nullable(),
  /** Seconds the longest-overdue live auction has waited to be closed (0 when none). */
  auctionCloseLagSeconds: Seconds.nullable(),
});
export type OperationsResponse = z.infer<typeof OperationsResponse>;
