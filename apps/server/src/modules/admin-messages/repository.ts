import type { ContactListQuery } from '@rebound/contract/admin-messages';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { contactMessages, users } from '../../db/schema';

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type ContactRecord = typeof contactMessages.$inferSelect;

/** A page of the inbox: filtered by status, searched in name, email and text; newest first by default. */
export async function listContact(db: DbOrTx, q: ContactListQuery) {
  const where: SQL[] = [];
  if (q.status) where.push(eq(contactMessages.status, q.status));
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    const match = or(
      ilike(contactMessages.name, like),
      ilike(contactMessages.email, like),
      ilike(contactMessages.message, like),
    );
    if (match) where.push(match);
  }
  const cond = where.length ? and(...where) : undefined;
  const dir = q.dir === 'asc' ? asc : desc;
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      preview: sql<string>`left(${contactMessages.message}, 160)`,
      status: contactMessages.status,
      createdAt: contactMessages.createdAt,
      userId: contactMessages.userId,
    })
    .from(contactMessages)
    .where(cond)
    .orderBy(dir(contactMessages.createdAt), dir(contactMessages.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(contactMessages).where(cond);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function countNew(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(eq(contactMessages.status, 'new'));
  return Number(row?.n ?? 0);
}

const handler = alias(users, 'handler');
const author = alias(users, 'author');

export async function findContact(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      message: contactMessages,
      handlerEmail: handler.email,
      handlerHandle: handler.handle,
      authorHandle: author.handle,
    })
    .from(contactMessages)
    .leftJoin(handler, eq(handler.id, contactMessages.handledBy))
    .leftJoin(author, eq(author.id, contactMessages.userId))
    .where(eq(contactMessages.id, id));
  return row ?? null;
}

/** The message's row, locked for the rest of the transaction. */
export async function lockContact(tx: DbOrTx, id: string): Promise<ContactRecord | undefined> {
  const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
  return row;
}

export async function updateContact(
  tx: DbOrTx,
  id: string,
  set: Partial<Pick<ContactRecord, 'status' | 'handledBy' | 'handledAt' | 'reply'>>,
): Promise<ContactRecord> {
  const [row] = await tx.update(contactMessages).set(set).where(eq(contactMessages.id, id)).returning();
  return row!;
}
