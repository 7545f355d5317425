import type { AuditQuery } from '@rebound/contract/admin';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export async function insertAudit(db: DbOrTx, row: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(row);
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listAudit(db: DbOrTx, q: AuditQuery) {
  const where: SQL[] = [];
  if (q.entityType) where.push(eq(auditLog.entityType, q.entityType));
  if (q.entityId) where.push(eq(auditLog.entityId, q.entityId));
  if (q.actorId) where.push(eq(auditLog.actorId, q.actorId));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    const match = or(
      ilike(auditLog.action, like),
      ilike(auditLog.entityId, like),
      ilike(auditLog.reason, like),
      ilike(users.email, like),
      ilike(users.handle, like),
    );
    if (match) where.push(match);
  }
  const cond = where.length ? and(...where) : undefined;
  const order = q.dir === 'asc' ? asc(auditLog.createdAt) : desc(auditLog.createdAt);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        action: auditLog.action,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        actorId: auditLog.actorId,
        actorEmail: users.email,
        actorHandle: users.handle,
        before: auditLog.before,
        after: auditLog.after,
        reason: auditLog.reason,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(cond)
      .orderBy(order, desc(auditLog.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(cond),
  ]);
  return { rows, total: Number(totalRow?.n ?? 0) };
}
