// The outbox's dead letters for the back-office (Messages section, docs/decisions/027): a page of
// them, retry (queued again with its attempts cleared, so the sender sends it as new) and discard
// (removed; the audit entry keeps what it was). Both take the row's lock and check it is still a
// dead letter, so a retry and a discard at once, or two retries, act once.
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../staff';
import * as repo from './outbox-repository';

export interface DeadLetterPage {
  rows: Awaited<ReturnType<typeof repo.pageDead>>['rows'];
  total: number;
}

export function pageDeadLetters(db: DbOrTx, page: number, pageSize: number): Promise<DeadLetterPage> {
  return repo.pageDead(db, { limit: pageSize, offset: (page - 1) * pageSize });
}

export function countDeadLetters(db: DbOrTx): Promise<number> {
  return repo.countDead(db);
}

function snapshot(row: repo.OutboxRecord) {
  return {
    channel: row.channel,
    template: row.template,
    recipient: row.recipient,
    userId: row.userId,
    attempts: row.attempts,
    lastError: row.lastError,
    deadAt: row.deadAt,
    createdAt: row.createdAt,
    dedupeKey: row.dedupeKey,
    payload: row.payload,
  };
}

/**
 * Queues a dead letter again (inside the caller's transaction). False when it is no longer a dead
 * letter. The caller wakes the sender after commit.
 */
export async function retryDeadLetter(tx: DbOrTx, actorId: string, id: string, now: Date): Promise<boolean> {
  const row = await repo.lockDead(tx, id);
  if (!row) return false;
  await repo.requeueDead(tx, id, now);
  await recordAudit(tx, {
    actorId,
    action: 'outbox.retry',
    entityType: 'outbox',
    entityId: id,
    before: { status: 'dead', attempts: row.attempts, lastError: row.lastError, deadAt: row.deadAt },
    after: { status: 'pending', attempts: 0, nextAttemptAt: now },
  });
  return true;
}

/** Removes a dead letter (inside the caller's transaction). False when it is no longer one. */
export async function discardDeadLetter(tx: DbOrTx, actorId: string, id: string): Promise<boolean> {
  const row = await repo.lockDead(tx, id);
  if (!row) return false;
  await repo.deleteDead(tx, id);
  await recordAudit(tx, {
    actorId,
    action: 'outbox.discard',
    entityType: 'outbox',
    entityId: id,
    before: snapshot(row),
    after: null,
  });
  return true;
}

export type DeliveryState = 'queued' | 'retrying' | 'sent' | 'failed';

/** How the message queued under `key` is doing, as the outbox says; null when there is none. */
export async function deliveryByKey(
  db: DbOrTx,
  key: string,
): Promise<{ status: DeliveryState; sentAt: Date | null; error: string | null } | null> {
  const row = await repo.byDedupeKey(db, key);
  if (!row) return null;
  const status: DeliveryState =
    row.status === 'sent' ? 'sent' : row.status === 'dead' ? 'failed' : row.lastError ? 'retrying' : 'queued';
  return { status, sentAt: row.sentAt, error: row.status === 'sent' ? null : row.lastError };
}
