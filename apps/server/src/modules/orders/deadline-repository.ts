// SQL of the payment deadline job. The rules are in deadline.ts and packages/core.

import { PAYMENT_REMINDERS_HOURS } from '@rebound/core/orders';
import { PRODUCT_MOVES } from '@rebound/core/product-status';
import { and, count, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderQuery } from '../../db/orders';
import { orders, products, userStrikes, users } from '../../db/schema';
import { transitionProducts } from '../admin-catalogue';
import { transitionOrders } from './transition';

const [FIRST_REMINDER_HOURS, LAST_REMINDER_HOURS] = PAYMENT_REMINDERS_HOURS;

const HOUR_MS = 3_600_000;

/**
 * Claims up to `limit` pending orders with something to do now: past the deadline (cancel), or inside
 * 2 h / 24 h of it with that reminder not sent. FOR UPDATE SKIP LOCKED: several servers share the
 * work, and an order a checkout's sync holds is left for the next round rather than raced. Every
 * claimed order gets an action, so batch after batch always makes progress.
 */
export function claimDueOrders(tx: DbOrTx, now: Date, limit: number) {
  const within = (hours: number) => new Date(now.getTime() + hours * HOUR_MS);
  return orderQuery(tx, {
    id: orders.id,
    userId: orders.userId,
    paymentDueAt: orders.paymentDueAt,
    reminder24hSentAt: orders.reminder24hSentAt,
    reminder2hSentAt: orders.reminder2hSentAt,
    productId: products.id,
    title: products.title,
  })
    .where(
      and(
        eq(orders.status, 'pending'),
        or(
          lte(orders.paymentDueAt, now),
          and(isNull(orders.reminder2hSentAt), lte(orders.paymentDueAt, within(LAST_REMINDER_HOURS))),
          and(isNull(orders.reminder24hSentAt), lte(orders.paymentDueAt, within(FIRST_REMINDER_HOURS))),
        ),
      ),
    )
    .orderBy(orders.paymentDueAt, orders.id)
    .limit(limit)
    .for('update', { of: orders, skipLocked: true });
}

export async function markReminded(tx: DbOrTx, ids: string[], which: '24h' | '2h', now: Date) {
  if (ids.length === 0) return;
  await tx
    .update(orders)
    .set(
      which === '24h'
        ? { reminder24hSentAt: now, updatedAt: now }
        : // The 2-hour reminder also stands for a 24-hour one that never went out.
          {
            reminder2hSentAt: now,
            reminder24hSentAt: sql`coalesce(${orders.reminder24hSentAt}, ${now.toISOString()}::timestamptz)`,
            updatedAt: now,
          },
    )
    .where(inArray(orders.id, ids));
}

/** Cancels still-pending orders; returns those it cancelled. */
export async function cancelOrders(tx: DbOrTx, ids: string[], now: Date) {
  const rows = await transitionOrders(tx, ids, {
    from: 'pending',
    to: 'cancelled',
    at: now,
    set: { cancelledAt: now },
  });
  return rows.map((r) => ({ id: r.id, userId: r.userId }));
}

/** One non-payment strike per order (unique on order and kind: a second run adds nothing). */
export async function addStrikes(
  tx: DbOrTx,
  rows: { userId: string; orderId: string; reason: string }[],
  now: Date,
) {
  if (rows.length === 0) return;
  await tx
    .insert(userStrikes)
    .values(rows.map((r) => ({ ...r, kind: 'non_payment' as const, createdAt: now })))
    .onConflictDoNothing();
}

/** The item goes back to staff, to relist or offer to the next bidder. */
export async function markToRelist(tx: DbOrTx, productIds: string[], now: Date) {
  if (productIds.length === 0) return;
  await transitionProducts(tx, productIds, { ...PRODUCT_MOVES.orderUnpaid, at: now });
}

/** Active (not removed) strikes per user. */
export async function activeStrikes(tx: DbOrTx, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ userId: userStrikes.userId, n: count() })
    .from(userStrikes)
    .where(and(inArray(userStrikes.userId, userIds), isNull(userStrikes.removedAt)))
    .groupBy(userStrikes.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}

/** Stores the count on the user and suspends bidding when `suspend` (never lifts a suspension here). */
export async function setStrikeCount(
  tx: DbOrTx,
  userId: string,
  strikes: number,
  suspend: boolean,
  now: Date,
) {
  await tx
    .update(users)
    .set({ strikes, ...(suspend ? { status: 'suspended' as const } : {}), updatedAt: now })
    .where(eq(users.id, userId));
}
