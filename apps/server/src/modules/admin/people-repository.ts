import type { PeopleQuery } from '@rebound/contract/admin-people';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderQuery } from '../../db/orders';
import { auctions, bids, orders, products, userStrikes, users } from '../../db/schema';

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const personColumns = {
  id: users.id,
  email: users.email,
  handle: users.handle,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phoneNumber,
  role: users.role,
  status: users.status,
  strikes: users.strikes,
  createdAt: users.createdAt,
};

export async function listPeople(db: DbOrTx, q: PeopleQuery) {
  const where: SQL[] = [];
  if (q.role) where.push(eq(users.role, q.role));
  if (q.status) where.push(eq(users.status, q.status));
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    // Phone numbers are stored in E.164: '604 555 1234' finds '+16045551234'.
    const digits = q.q.replace(/\D/g, '');
    const match = or(
      ilike(users.email, like),
      ilike(users.handle, like),
      ilike(users.firstName, like),
      ilike(users.lastName, like),
      ilike(users.fullName, like),
      sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${like}`,
      digits.length >= 3 ? ilike(users.phoneNumber, `%${digits}%`) : undefined,
    );
    if (match) where.push(match);
  }
  const cond = where.length ? and(...where) : undefined;
  const dir = q.dir === 'asc' ? asc : desc;
  const order =
    q.sort === 'name'
      ? [dir(sql`lower(${users.lastName})`), dir(sql`lower(${users.firstName})`)]
      : q.sort === 'email'
        ? [dir(sql`lower(${users.email})`)]
        : q.sort === 'strikes'
          ? [dir(users.strikes), desc(users.createdAt)]
          : [dir(users.createdAt)];
  const rows = await db
    .select(personColumns)
    .from(users)
    .where(cond)
    .orderBy(...order, asc(users.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(users).where(cond);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findPerson(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      ...personColumns,
      staffNotes: users.staffNotes,
      emailVerified: users.emailVerified,
      marketingConsent: users.marketingConsent,
      phoneVerified: users.phoneNumberVerified,
      bidLimitCents: users.bidLimitCents,
      largeBidsApprovedAt: users.largeBidsApprovedAt,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** The person's row, locked for the rest of the transaction. */
export async function lockPerson(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      strikes: users.strikes,
      staffNotes: users.staffNotes,
      bidLimitCents: users.bidLimitCents,
      largeBidsApprovedAt: users.largeBidsApprovedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('no key update');
  return row ?? null;
}

/**
 * Every active staff account, locked (in id order, so two changes never deadlock). A concurrent
 * change that demoted or suspended one of them has committed before this returns, and the row no
 * longer matches: the count is the real one.
 */
export async function lockActiveStaff(tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'staff'), eq(users.status, 'active')))
    .orderBy(asc(users.id))
    .for('no key update');
  return rows.map((r) => r.id);
}

export async function updatePerson(
  tx: DbOrTx,
  id: string,
  set: Partial<
    Pick<
      typeof users.$inferInsert,
      'role' | 'status' | 'strikes' | 'staffNotes' | 'bidLimitCents' | 'largeBidsApprovedAt'
    >
  >,
  now: Date,
) {
  await tx
    .update(users)
    .set({ ...set, updatedAt: now })
    .where(eq(users.id, id));
}

export async function personBids(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      id: bids.id,
      auctionId: bids.auctionId,
      productTitle: products.title,
      amountCents: bids.amountCents,
      createdAt: bids.createdAt,
      auctionStatus: auctions.status,
      leaderUserId: auctions.leaderUserId,
      winnerUserId: auctions.winnerUserId,
    })
    .from(bids)
    .innerJoin(auctions, eq(auctions.id, bids.auctionId))
    .innerJoin(products, eq(products.id, auctions.productId))
    .where(eq(bids.userId, userId))
    .orderBy(desc(bids.createdAt), desc(bids.seq))
    .limit(50);
  const [total] = await db.select({ n: count() }).from(bids).where(eq(bids.userId, userId));
  return { rows, total: Number(total?.n ?? 0) };
}

export async function personOrders(db: DbOrTx, userId: string) {
  return orderQuery(db, {
    id: orders.id,
    productTitle: products.title,
    status: orders.status,
    finalAmountCents: orders.finalAmountCents,
    totalCents: orders.totalCents,
    paymentDueAt: orders.paymentDueAt,
    createdAt: orders.createdAt,
  })
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(50);
}

export async function personStrikes(db: DbOrTx, userId: string) {
  return db
    .select({
      id: userStrikes.id,
      kind: userStrikes.kind,
      reason: userStrikes.reason,
      orderId: userStrikes.orderId,
      createdAt: userStrikes.createdAt,
      removedAt: userStrikes.removedAt,
      removedReason: userStrikes.removedReason,
      removedByHandle: sql<
        string | null
      >`(select u.handle from users u where u.id = ${userStrikes.removedBy})`,
    })
    .from(userStrikes)
    .where(eq(userStrikes.userId, userId))
    .orderBy(desc(userStrikes.createdAt));
}
