import type { AuditEntry, AuditQuery, AuditResponse } from '@rebound/contract/admin';
import type { DbOrTx } from '../../db/client';
import * as repo from './audit-repository';

export interface AuditInput {
  actorId: string;
  /** What was done, as `<entity>.<verb>`: 'user.suspend', 'product.update', 'refund.create'. */
  action: string;
  entityType: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * Writes one audit entry. Call it with the transaction that makes the change, so the change and
 * its record commit (or fail) together. `before`/`after` are the record's fields that matter, as
 * JSON (dates become ISO strings).
 */
export async function recordAudit(tx: DbOrTx, input: AuditInput): Promise<void> {
  await repo.insertAudit(tx, {
    actorId: input.actorId,
    action: input.action,
    entityType: input.entityType,
    entityId: input.entityId,
    before: toJson(input.before),
    after: toJson(input.after),
    reason: input.reason?.trim() || null,
  });
}

function toJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value));
}

export async function listAudit(db: DbOrTx, query: AuditQuery): Promise<AuditResponse> {
  const { rows, total } = await repo.listAudit(db, query);
  const items: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    action: r.action,
    entityType: r.entityType,
    entityId: r.entityId,
    actor: r.actorId ? { id: r.actorId, email: r.actorEmail ?? '', handle: r.actorHandle ?? '' } : null,
    before: (r.before ?? null) as AuditEntry['before'],
    after: (r.after ?? null) as AuditEntry['after'],
    reason: r.reason,
  }));
  return { items, total, page: query.page, pageSize: query.pageSize };
}
