// The Orders tab's SQL: a shopper's own orders with their product, pickup booking and strikes.
import { and, desc, eq } from 'drizzle-orm';
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
