// SQL of saved searches: the shopper's own rows, the 20-search limit under a lock, the lots that went
// live in a window (matched in service.ts matchLots), and the push alerts' claims.
import { and, asc, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auctions, categories, locations, products, savedSearches, users } from '../../db/schema';

export type SavedSearchRow = typeof savedSearches.$inferSelect;

export function listOwn(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
}

/** What decides whether the daily new-drops email reaches the shopper (core receivesNewDropsEmail). */
export async function emailConsentOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ marketingConsent: users.marketingConsent, settings: users.notificationSettings })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { marketingConsent: false, settings: null };
}

/** Locks the shopper's row so that two saves at once cannot both pass the limit; returns their count. */
export async function lockAndCount(tx: DbOrTx, userId: string): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return row?.n ?? 0;
}

export async function insert(tx: DbOrTx, row: typeof savedSearches.$inferInsert): Promise<SavedSearchRow> {
  const [made] = await tx.insert(savedSearches).values(row).returning();
  return made!;
}

/** Sets the push toggle of the shopper's own search; null when it is not theirs (or not there). */
export async function setNotifyPush(
  db: DbOrTx,
  userId: string,
  id: string,
  notifyPush: boolean,
  now: Date,
): Promise<SavedSearchRow | null> {
  const [row] = await db
    .update(savedSearches)
    .set({
      notifyPush,
      // Turning alerts on starts from now: lots that went live before are not pushed after the fact.
      ...(notifyPush
        ? {
            lastMatchedAt: sql`case when ${savedSearches.notifyPush} then ${savedSearches.lastMatchedAt} else ${now.toISOString()}::timestamptz end`,
          }
        : {}),
    })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteOwn(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** Every saved search of these shoppers (the digest matches them against the day's lots). */
export function searchesOf(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([] as SavedSearchRow[]);
  return db
    .select()
    .from(savedSearches)
    .where(inArray(savedSearches.userId, userIds))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
}

/**
 * Lots that went live after `since` and up to `until` and are still biddable at `now`: started in
 * the window, not ended, not cancelled, the product on auction. A lot whose start has come is live
 * even if the opening job has not flipped its status yet (core auctionPhase), so 'scheduled' counts.
 */
export function lotsLiveBetween(db: DbOrTx, since: Date, until: Date, now: Date) {
  return db
    .select({
      auctionId: auctions.id,
      productId: products.id,
      title: products.title,
      slug: products.slug,
      categorySlug: categories.slug,
      condition: products.condition,
      priceCents: auctions.currentPriceCents,
      locationId: auctions.locationId,
      locationSlug: locations.slug,
      startTime: auctions.startTime,
      endTime: auctions.endTime,
    })
    .from(auctions)
    .innerJoin(products, eq(products.id, auctions.productId))
    .innerJoin(locations, eq(locations.id, auctions.locationId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        inArray(auctions.status, ['scheduled', 'live']),
        gt(auctions.startTime, since),
        lte(auctions.startTime, until),
        lte(auctions.startTime, now),
        gt(auctions.endTime, now),
        eq(products.status, 'auctioned'),
      ),
    )
    .orderBy(desc(auctions.startTime), asc(auctions.id));
}

/**
 * Claims up to `limit` push-alert searches not matched since before `now`, with FOR UPDATE SKIP
 * LOCKED: two servers take different searches, and each search moves its last_matched_at forward
 * in the same transaction as its alerts.
 */
export function claimPushSearches(tx: DbOrTx, now: Date, limit: number) {
  return tx
    .select()
    .from(savedSearches)
    .where(
      and(
        eq(savedSearches.notifyPush, true),
        sql`coalesce(${savedSearches.lastMatchedAt}, ${savedSearches.createdAt}) < ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(savedSearches.lastMatchedAt), asc(savedSearches.id))
    .limit(limit)
    .for('update', { of: savedSearches, skipLocked: true });
}

export async function setLastMatched(tx: DbOrTx, ids: string[], now: Date) {
  if (ids.length === 0) return;
  await tx.update(savedSearches).set({ lastMatchedAt: now }).where(inArray(savedSearches.id, ids));
}
