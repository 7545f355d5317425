// The desk marks' SQL (table desk_marks, migration 0015_desk_marks.sql).
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { orderQuery } from '../../db/orders';
import { deskMarks, orders, products, users } from '../../db/schema';
import { shopDateKeySql } from '../../db/shop-clock';

/** The order locked for the mark (FOR UPDATE), with its product's title; null when there is none. */
export async function lockOrder(tx: Tx, orderId: string) {
  const [row] = await orderQuery(tx, {
    id: orders.id,
    userId: orders.userId,
    status: orders.status,
    totalCents: orders.totalCents,
    title: products.title,
  })
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  return row ?? null;
}

/** The order's mark with the staff member's name (the refund it settled with is the refunds module's). */
export async function markOf(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({
      mark: deskMarks,
      staffEmail: users.email,
      staffFirstName: users.firstName,
      staffLastName: users.lastName,
    })
    .from(deskMarks)
    .innerJoin(users, eq(users.id, deskMarks.staffId))
    .where(eq(deskMarks.orderId, orderId));
  return row ?? null;
}

export async function insertMark(tx: Tx, values: typeof deskMarks.$inferInsert) {
  const [row] = await tx.insert(deskMarks).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The refund that settled the mark, recorded once. */
export async function setMarkRefund(db: DbOrTx, orderId: string, refundId: string) {
  await db
    .update(deskMarks)
    .set({ refundId })
    .where(and(eq(deskMarks.orderId, orderId), isNull(deskMarks.refundId)));
}

/** Marks made in [from, to), counted by the shop's date of the mark and kind. */
export async function marksByShopDay(db: DbOrTx, from: Date, to: Date) {
  const day = shopDateKeySql(sql`${deskMarks.createdAt}`);
  const rows = await db
    .select({ day, kind: deskMarks.kind, n: sql<string>`count(*)` })
    .from(deskMarks)
    .where(and(gte(deskMarks.createdAt, from), lt(deskMarks.createdAt, to)))
    .groupBy(day, deskMarks.kind);
  return rows.map((r) => ({ day: r.day, kind: r.kind, count: Number(r.n) }));
}
