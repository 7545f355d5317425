// The outbox as the rest of the app uses it (docs/decisions/018-outbox-sender.md): queueing messages
// that are not notices, sending one now, the figures for /metrics and the operator page, and dead
// letters. The sender itself is sender.ts.
import type { Db, DbOrTx } from '../../db/client';
import * as repo from './outbox-repository';
import type { DeliverOutcome, OutboxSender } from './sender';
import type { TemplateName, TemplatePayload } from './templates/registry';

/** A message for one template: its payload is typed from the template's schema (templates/define.ts). */
export interface QueuedMessageOf<N extends TemplateName> {
  channel: 'email' | 'sms' | 'push';
  template: N;
  /** The account it is for, when there is one. */
  userId: string | null;
  /** Email address, E.164 number, or for push the user id. */
  recipient: string;
  payload: TemplatePayload<N>;
  /** At most one message per key (a second one is skipped). */
  dedupeKey?: string;
}

/** A message for any template (a union by template name: a wrong payload does not compile). */
export type QueuedMessage = { [N in TemplateName]: QueuedMessageOf<N> }[TemplateName];

/**
 * Queues messages that are not notices (account emails, sign-in codes, test emails): outbox rows
 * due now, sent by the sender like every other message. Returns the new rows' ids.
 */
export function queueMessages(db: DbOrTx, now: Date, messages: QueuedMessage[]): Promise<string[]> {
  return repo.insertMessages(
    db,
    messages.map((m) => ({
      channel: m.channel,
      template: m.template,
      userId: m.userId,
      recipient: m.recipient,
      payload: m.payload,
      dedupeKey: m.dedupeKey ?? null,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
}

/** Sends one given outbox row now ('Send test email'); see OutboxSender.deliverNow. */
export function deliverNow(deps: { sender: OutboxSender }, outboxId: string): Promise<DeliverOutcome> {
  return deps.sender.deliverNow(outboxId);
}

/**
 * Outbox rows by status: waiting (pending and on their way), dead letters, and when the oldest
 * waiting message was queued (null when none waits), for /metrics.
 */
export async function outboxGauges(
  db: Db,
): Promise<{ pending: number; dead: number; oldestPendingAt: Date | null }> {
  const { counts, oldest } = await repo.countByStatus(db);
  const waiting = [oldest.pending, oldest.sending].filter((d): d is Date => d !== undefined);
  return {
    pending: counts.pending + counts.sending,
    dead: counts.dead,
    oldestPendingAt: waiting.length ? new Date(Math.min(...waiting.map((d) => d.getTime()))) : null,
  };
}

export interface DeadLetter {
  id: string;
  channel: 'email' | 'sms' | 'push';
  template: string;
  userId: string | null;
  recipient: string;
  attempts: number;
  lastError: string | null;
  /** The request that queued it (decision 064), or null. */
  requestId: string | null;
  createdAt: Date;
  deadAt: Date | null;
}

/** Messages sent in the 24 hours before `now`, per channel (the operator page). */
export function outboxSentLastDay(db: Db, now: Date) {
  return repo.sentPerChannelSince(db, new Date(now.getTime() - 24 * 3600_000));
}

/** Dead letters, newest first, with their last error (the back-office and operators read these). */
export function listDeadLetters(db: Db, opts: { limit?: number; before?: Date } = {}): Promise<DeadLetter[]> {
  return repo.listDead(db, {
    limit: Math.min(Math.max(opts.limit ?? 50, 1), 500),
    ...(opts.before ? { before: opts.before } : {}),
  });
}
