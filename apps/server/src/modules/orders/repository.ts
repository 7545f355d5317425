// The Orders tab's SQL: a shopper's own orders with their product, pickup booking and strikes.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { firstImage } from '../../db/cards';
import type { DbOrTx } from '../../db/client';
import { orderItemColumns, orderWithVisitQuery } from '../../db/orders';
import {
  deskMarks,
  locations,
  orders,
  pickupAppointments,
  pickupSlots,
  products,
  userStrikes,
} from '../../db/schema';

/** The user's orders, newest first (only theirs: the user id is in the WHERE). */
export function ordersOf(db: DbOrTx, userId: string) {
  return orderWithVisitQuery(db, {
    ...orderItemColumns,
    slug: products.slug,
    description: products.description,
    imageUrl: firstImage.url,
    imageAlt: firstImage.alt,
    imageWidth: firstImage.width,
    imageHeight: firstImage.height,
    locationName: locations.name,
    pickupStartsAt: pickupSlots.startsAt,
    pickupEndsAt: pickupSlots.endsAt,
    pickupNotes: pickupAppointments.notes,
    pickupAppointmentId: pickupAppointments.id,
    deskMarkKind: deskMarks.kind,
  })
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .leftJoin(firstImage, and(eq(firstImage.productId, products.id), eq(firstImage.position, 0)))
    .leftJoin(deskMarks, eq(deskMarks.orderId, orders.id))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

export function strikesOf(db: DbOrTx, userId: string) {
  return db
    .select({
      id: userStrikes.id,
      reason: userStrikes.reason,
      createdAt: userStrikes.createdAt,
      orderId: userStrikes.orderId,
      removedAt: userStrikes.removedAt,
    })
    .from(userStrikes)
    .where(eq(userStrikes.userId, userId))
    .orderBy(desc(userStrikes.createdAt), desc(userStrikes.id));
}

/**
 * Per account of `userIds` (those with any): active strikes, orders cancelled unpaid, and the latest
 * of those facts (the signals' non-payer rule, core signals.ts PaymentFacts).
 */
export async function paymentFactRows(db: DbOrTx, userIds: readonly string[]) {
  if (userIds.length === 0) return { strikes: [], cancelled: [] };
  const [strikes, cancelled] = await Promise.all([
    db
      .select({
        userId: userStrikes.userId,
        n: sql<number>`count(*)::int`,
        latest: sql<string>`max(${userStrikes.createdAt})`,
      })
      .from(userStrikes)
      .where(and(inArray(userStrikes.userId, [...userIds]), isNull(userStrikes.removedAt)))
      .groupBy(userStrikes.userId),
    db
      .select({
        userId: orders.userId,
        n: sql<number>`count(*)::int`,
        latest: sql<string>`max(coalesce(${orders.cancelledAt}, ${orders.updatedAt}))`,
      })
      .from(orders)
      .where(and(inArray(orders.userId, [...userIds]), eq(orders.status, 'cancelled'), isNull(orders.paidAt)))
      .groupBy(orders.userId),
  ]);
  return { strikes, cancelled };
}
