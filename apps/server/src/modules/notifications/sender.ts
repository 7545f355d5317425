// The durable sender (docs/decisions/018-outbox-sender.md). Every server runs it: a run
// claims due outbox rows (one short UPDATE … FOR UPDATE SKIP LOCKED: status 'sending', attempts + 1,
// a lease), sends each through its channel adapter outside any transaction, then marks it sent with
// an UPDATE fenced on the claim's attempt number. A failure goes back to 'pending' with a jittered,
// growing wait (packages/core/src/outbox.ts), and becomes a dead letter with its last error when the
// attempts or the time run out. A sender that dies between sending and marking leaves a claim whose
// lease runs out: the row is claimed and sent again, once (the email's Message-ID and the push Topic
// let providers collapse that duplicate; Twilio has no such key).
import cluster from 'node:cluster';
import {
  afterFailure,
  COALESCING_TEMPLATES,
  coalesceOutbid,
  exhaustedOnReclaim,
  OUTBOX_LEASE_MS,
  OUTBOX_RETRY,
  type RetryPolicy,
} from '@rebound/core/outbox';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isPermanent } from '../../adapters/delivery-error';
import { PUSH_OFF_SKIPPED } from '../../adapters/push/web-push';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { KeyedBatcher } from '../../lib/batcher';
import type { Clock } from '../../lib/clock';
import { withRequestId } from '../../lib/request-context';
import * as repo from './outbox-repository';
import { type Channels, createChannels, type SendContext, sendMessage } from './sender-channels';

export interface SenderDeps {
  db: Db;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
  /** The channel adapters; by default from the configuration (SMTP/Twilio/web-push or the mailbox). */
  channels?: Channels;
}

export interface SenderOptions {
  /**
   * Rows claimed at a time (default twice the concurrency). Small on purpose: a claimed row waits
   * for a free worker, and must be sent well within its lease even when a provider is slow.
   */
  batchSize?: number;
  /** Messages on their way at once within a run (default 32). */
  concurrency?: number;
  leaseMs?: number;
  /** The least time between the starts of two passes when wakes come during one (default PASS_GAP_MS). */
  passGapMs?: number;
  policy?: RetryPolicy;
  random?: () => number;
  /**
   * Test seam: called after a message was handed to its channel and before it is marked sent
   * (the crash window). Never set in the running app.
   */
  afterSend?: (row: repo.OutboxRecord) => Promise<void> | void;
}

export interface RunStats {
  claimed: number;
  sent: number;
  retried: number;
  dead: number;
  /** Push messages not sent because push is off (production without VAPID keys). */
  skipped: number;
  /** Claims lost before marking (the lease ran out and another sender took the row). */
  lost: number;
  /** Outbid alerts not sent because a later one to the same shopper, lot and channel was (066). */
  coalesced: number;
}

export type DeliverOutcome = { status: 'sent' } | { status: 'failed'; error: string };

const ERROR_MAX = 1_000;
const noStats = (): RunStats => ({
  claimed: 0,
  sent: 0,
  retried: 0,
  dead: 0,
  skipped: 0,
  lost: 0,
  coalesced: 0,
});

function describe(err: unknown): string {
  const text = err instanceof Error ? err.message || err.name : String(err);
  return text.slice(0, ERROR_MAX) || 'unknown error';
}

/**
 * The least time between the starts of two passes of one sender when requests keep waking it
 * (docs/decisions/073-fewer-statements-per-request.md): short against the alerts' two seconds.
 */
export const PASS_GAP_MS = 100;

/** Outcomes recorded by one statement at most. */
const OUTBOX_MARKS_BATCH_MAX = 256;

export class OutboxSender {
  readonly channels: Channels;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly passGapMs: number;
  private readonly policy: RetryPolicy;
  /**
   * Outcomes (sent, retry, dead, skipped) recorded while one UPDATE is on its way go together into
   * the next (group commit, decision 043): a busy sender writes one statement per handful of
   * messages, not one transaction each, and leaves the pool to the bids.
   */
  private readonly marks: KeyedBatcher<repo.OutboxMark, boolean>;
  private readonly sendContext: SendContext;
  private loop: Promise<void> | null = null;
  private wanted = false;
  private wakeEnabled = false;
  private closed = false;

  constructor(
    private readonly deps: SenderDeps,
    private readonly opts: SenderOptions = {},
  ) {
    this.channels = deps.channels ?? createChannels(deps);
    this.concurrency = opts.concurrency ?? 32;
    this.batchSize = opts.batchSize ?? 2 * this.concurrency;
    this.leaseMs = opts.leaseMs ?? OUTBOX_LEASE_MS;
    this.passGapMs = opts.passGapMs ?? PASS_GAP_MS;
    this.policy = opts.policy ?? OUTBOX_RETRY;
    this.sendContext = {
      channels: this.channels,
      config: deps.config,
      db: deps.db,
      clock: deps.clock,
      log: deps.log,
      host: new URL(deps.config.publicUrl).hostname,
    };
    this.marks = new KeyedBatcher<repo.OutboxMark, boolean>(async (_key, marks) => {
      const mine = await repo.markMany(this.deps.db, marks);
      return marks.map((m) => ({ ok: true as const, value: mine.has(m.id) }));
    }, OUTBOX_MARKS_BATCH_MAX);
  }

  /** Records a claimed row's outcome; false when the claim was lost (its lease ran out). */
  private mark(m: repo.OutboxMark): Promise<boolean> {
    return this.marks.submit('outbox', m);
  }

  /**
   * Claims the next batch. First the due outbid alerts that a later one to the same shopper, lot and
   * channel replaces are coalesced in the database (all of them, not only those this claim would
   * take), so a backlog never holds stale alerts.
   */
  private async claim(stats?: RunStats): Promise<repo.OutboxRecord[]> {
    const now = this.deps.clock.now();
    const n = await repo.coalescePending(this.deps.db, now, [...COALESCING_TEMPLATES]);
    if (stats) stats.coalesced += n;
    return repo.claimDue(this.deps.db, now, { limit: this.batchSize, leaseMs: this.leaseMs });
  }

  private async deliverCounted(row: repo.OutboxRecord, stats: RunStats): Promise<void> {
    try {
      stats[await this.deliver(row)] += 1;
    } catch (err) {
      // The database failed while recording the outcome: the claim stays until its lease runs
      // out and the row is tried again; the rest goes on.
      this.deps.log.error(
        { err, outboxId: row.id, requestId: row.requestId },
        'outbox: could not record a send',
      );
      stats.lost += 1;
    }
  }

  /** One claim of up to a batch of due rows, sent. (The crash test's child uses it.) */
  async runOnce(): Promise<RunStats> {
    const stats = noStats();
    if (this.closed) return stats;
    const rows = await this.claim(stats);
    stats.claimed = rows.length;
    let next = 0;
    const worker = async () => {
      while (next < rows.length) await this.deliverCounted(rows[next++]!, stats);
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, rows.length) }, worker));
    return stats;
  }

  /**
   * Sends until nothing is due: `concurrency` workers take rows from a small claimed queue. The next
   * batch is claimed while the queue still holds a worker's round of rows (before decision 066: only
   * once it was empty, and every worker waited for that claim), so workers do not stop for a claim.
   * A slow provider holds up only the worker on it, never a whole batch, and a claimed row waits at
   * most about two sends for a worker, well within its lease. Each claim is coalesced with the rows
   * still waiting in the queue (`coalesce`).
   */
  private async pipeline(): Promise<RunStats> {
    const stats = noStats();
    let queue: repo.OutboxRecord[] = [];
    const coalescing: Promise<void>[] = [];
    let exhausted = false;
    let claiming: Promise<void> | null = null;
    const refill = async () => {
      const rows = await this.claim(stats);
      stats.claimed += rows.length;
      // A claim short of a batch took everything due when it ran: no second claim to find nothing
      // (a message queued since then wakes the sender, which runs another pass; the tick takes the
      // rest).
      if (rows.length < this.batchSize) exhausted = true;
      queue = this.coalesce([...queue, ...rows], stats, coalescing);
    };
    const startRefill = () => {
      claiming ??= refill().finally(() => {
        claiming = null;
      });
      return claiming;
    };
    const worker = async () => {
      for (;;) {
        const row = queue.shift();
        if (row) {
          if (!exhausted && !this.closed && queue.length < this.concurrency) {
            startRefill().catch(() => {});
          }
          await this.deliverCounted(row, stats);
          continue;
        }
        if (exhausted || this.closed) return;
        await startRefill();
      }
    };
    try {
      await Promise.all(Array.from({ length: this.concurrency }, worker));
    } finally {
      await Promise.all(coalescing);
    }
    return stats;
  }

  /**
   * Outbid alerts in `rows` (claimed, not yet handed to an adapter) that a later one to the same
   * shopper, lot and channel replaces are recorded as coalesced into it, not sent (core
   * `coalesceOutbid`, decision 066); returns the rows to send, in order.
   */
  private coalesce(rows: repo.OutboxRecord[], stats: RunStats, marks: Promise<void>[]): repo.OutboxRecord[] {
    const { send, coalesced } = coalesceOutbid(
      rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        template: row.template,
        recipient: row.recipient,
        createdAt: row.createdAt.getTime(),
        payload: row.payload,
        row,
      })),
    );
    for (const { message, into } of coalesced) {
      const { row } = message;
      marks.push(
        this.mark({ id: row.id, attempts: row.attempts, status: 'coalesced', into, error: null }).then(
          (mine) => {
            stats[mine ? 'coalesced' : 'lost'] += 1;
          },
          (err) => {
            // As for a send whose outcome could not be recorded: the lease runs out, it is claimed again.
            this.deps.log.error({ err, outboxId: row.id }, 'outbox: could not record a coalesced message');
            stats.lost += 1;
          },
        ),
      );
    }
    return send.map((m) => m.row);
  }

  /**
   * Sends until nothing is due. In-process runs never overlap: a call while a run is going on asks
   * for one more pass and waits for it.
   */
  run(): Promise<void> {
    this.wanted = true;
    if (!this.loop) {
      this.loop = this.pump().finally(() => {
        this.loop = null;
      });
    }
    return this.loop;
  }

  private async pump(): Promise<void> {
    while (this.wanted && !this.closed) {
      this.wanted = false;
      const started = Date.now();
      await this.pipeline();
      // Wakes that came during a pass are served by one more pass, no sooner than PASS_GAP_MS after
      // this one started: a busy server claims the messages of several requests at once rather than
      // a claim per request (each claim is two statements).
      const wait = this.passGapMs - (Date.now() - started);
      if (this.wanted && wait > 0 && !this.closed) await new Promise((r) => setTimeout(r, wait));
    }
  }

  /**
   * Sends soon, in this process, without waiting for the next tick (after a request that queued a
   * time-critical message). Does nothing until the job is started (notificationJobs), so tests that
   * do not start jobs decide when to send.
   */
  wake(): void {
    if (!this.wakeEnabled || this.closed) return;
    // Outside the waking request's context: the run is nobody's request (lib/request-context.ts).
    withRequestId(null, () => this.run()).catch((err) =>
      this.deps.log.error({ err }, 'outbox sender run failed'),
    );
  }

  /** Lets wake() start runs (the job runner calls it when it starts the sender's job). */
  enableWake(): void {
    this.wakeEnabled = true;
  }

  /** Sends until no row is due now, as a run does; for tests and benchmarks. Returns what happened. */
  drain(): Promise<RunStats> {
    if (this.closed) return Promise.resolve(noStats());
    return this.pipeline();
  }

  /** Stops starting runs and waits for the one on its way. */
  async close(): Promise<void> {
    this.closed = true;
    this.wakeEnabled = false;
    await this.loop?.catch(() => {});
  }

  /**
   * Claims and sends one given row now, whatever its due time (the 'Send test email' button). A
   * row another sender holds is waited for (up to 15 s) and its outcome reported.
   */
  async deliverNow(outboxId: string): Promise<DeliverOutcome> {
    const row = await repo.claimOne(this.deps.db, outboxId, this.deps.clock.now(), this.leaseMs);
    if (row) {
      const outcome = await this.deliver(row);
      if (outcome === 'sent') return { status: 'sent' };
      const after = await repo.findById(this.deps.db, outboxId);
      return { status: 'failed', error: after?.lastError ?? 'the message could not be sent' };
    }
    const deadline = Date.now() + 15_000;
    for (;;) {
      const current = await repo.findById(this.deps.db, outboxId);
      if (!current) return { status: 'failed', error: 'no such message' };
      if (current.status === 'sent') return { status: 'sent' };
      if (current.status === 'dead' || (current.status === 'pending' && current.lastError)) {
        return { status: 'failed', error: current.lastError ?? 'the message could not be sent' };
      }
      if (Date.now() > deadline) return { status: 'failed', error: 'the message is still being sent' };
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Sends one claimed row and records the outcome, fenced on the claim. */
  private async deliver(row: repo.OutboxRecord): Promise<'sent' | 'retried' | 'dead' | 'skipped' | 'lost'> {
    const { clock, log } = this.deps;
    const claim = { id: row.id, attempts: row.attempts };
    if (row.channel === 'push' && this.channels.push.kind === 'off') {
      // Push is off (said once at start): nothing to send, nothing failed.
      const done = await this.mark({ ...claim, status: 'sent', sentAt: null, error: PUSH_OFF_SKIPPED });
      return done ? 'skipped' : 'lost';
    }
    if (exhaustedOnReclaim(row.attempts, this.policy)) {
      // Claimed again after its sender stopped mid-send, with no attempts left: it may have gone out.
      const error = `${row.lastError ? `${row.lastError}; ` : ''}the sender stopped during the last attempt`;
      log.warn(
        { outboxId: row.id, requestId: row.requestId, channel: row.channel, template: row.template, error },
        'outbox message dead-lettered',
      );
      return (await this.mark({ ...claim, status: 'dead', deadAt: clock.now(), error })) ? 'dead' : 'lost';
    }
    const handed: { at: Date | null } = { at: null };
    try {
      await sendMessage(this.sendContext, row, handed);
    } catch (err) {
      const error = describe(err);
      const now = clock.now();
      const outcome = afterFailure(row, now, {
        permanent: isPermanent(err),
        policy: this.policy,
        ...(this.opts.random ? { random: this.opts.random } : {}),
      });
      log.warn(
        {
          outboxId: row.id,
          requestId: row.requestId,
          channel: row.channel,
          template: row.template,
          attempts: row.attempts,
          error,
        },
        outcome.kind === 'dead' ? 'outbox message dead-lettered' : 'outbox message failed; will retry',
      );
      if (outcome.kind === 'dead') {
        return (await this.mark({ ...claim, status: 'dead', deadAt: now, error, handedAt: handed.at }))
          ? 'dead'
          : 'lost';
      }
      return (await this.mark({
        ...claim,
        status: 'pending',
        retryAt: outcome.at,
        error,
        handedAt: handed.at,
      }))
        ? 'retried'
        : 'lost';
    }
    await this.opts.afterSend?.(row);
    if (
      await this.mark({ ...claim, status: 'sent', sentAt: clock.now(), error: null, handedAt: handed.at })
    ) {
      return 'sent';
    }
    log.warn(
      { outboxId: row.id, requestId: row.requestId },
      'outbox claim lost before marking sent (lease ran out)',
    );
    return 'lost';
  }
}

/** The one warning, at start, when push is off (a cluster's primary says it for all its workers). */
export const PUSH_OFF_WARNING =
  'web push is off: no VAPID keys (set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT); push messages are skipped';

export function createOutboxSender(deps: SenderDeps, opts?: SenderOptions): OutboxSender {
  return new OutboxSender(deps, opts);
}

/**
 * Wires the sender into the app: after a request that changed something (a bid, a sign-up, a
 * reset) the sender is woken, once the answer is on its way, so time-critical messages go out at
 * once rather than at the next tick; and it stops with the app. Nothing runs inside the request.
 */
export const outboxSenderPlugin = fp(
  async (app: FastifyInstance) => {
    const { sender } = app.deps;
    // Once per server: in a cluster (WEB_CONCURRENCY) the primary says it, not each worker (main.ts).
    if (sender.channels.push.kind === 'off' && !cluster.isWorker) app.log.warn(PUSH_OFF_WARNING);
    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
      if (reply.statusCode >= 400) return;
      sender.wake();
    });
    app.addHook('onClose', async () => {
      await sender.close();
    });
  },
  { name: 'rebound-outbox-sender' },
);
