// SQL of the signals module: the sightings that link accounts (schema accountSightings), written as
// they are seen and purged after SIGHTING_RETENTION_DAYS; staff's reviews (signalReviews); and the
// accounts themselves (users: name, mailbox, phone, role) that the signals name and link by.
import type { SightingKind } from '@rebound/core/signals';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountSightings, signalReviews, users } from '../../db/schema';

export interface SightingRow {
  userId: string;
  kind: SightingKind;
  valueHash: string;
  /** The shop's calendar day of the sighting (one row per account, identifier and day). */
  day: string;
  seenAt: Date;
}

/** Records sightings: a second one the same day only moves that day's time forward. */
export async function recordSightings(db: DbOrTx, rows: readonly SightingRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(accountSightings)
    .values([...rows])
    .onConflictDoUpdate({
      target: [
        accountSightings.userId,
        accountSightings.kind,
        accountSightings.valueHash,
        accountSightings.day,
      ],
      set: { seenAt: sql`greatest(${accountSightings.seenAt}, excluded.seen_at)` },
    });
}

/** Deletes the sightings older than `before`; answers how many. */
export async function purgeSightings(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db
    .delete(accountSightings)
    .where(lt(accountSightings.seenAt, before))
    .returning({ userId: accountSightings.userId });
  return gone.length;
}

/** Every sighting of the accounts given (for the signals and for tests). */
export async function sightingsOf(db: DbOrTx, userIds: readonly string[]): Promise<SightingRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db.select().from(accountSightings).where(sql`${accountSightings.userId} in ${userIds}`);
  return rows as SightingRow[];
}

/**
 * The sightings of `userIds` and of every other account seen with one of their identifiers: the
 * accounts a bidder may be linked to, whether or not those bid in the window.
 */
export async function linkedSightings(db: DbOrTx, userIds: readonly string[]): Promise<SightingRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select()
    .from(accountSightings)
    .where(
      sql`(${accountSightings.kind}, ${accountSightings.valueHash}) in (select s.kind, s.value_hash from account_sightings s where s.user_id in ${userIds})`,
    );
  return rows as SightingRow[];
}

/** The accounts as the signals name and link them. */
export async function accountsOf(db: DbOrTx, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: users.id,
      handle: users.handle,
      email: users.email,
      phone: users.phoneNumber,
      role: users.role,
      status: users.status,
    })
    .from(users)
    .where(inArray(users.id, [...userIds]));
}

/** When each of `userIds` was last marked reviewed (those ever marked). */
export async function reviewsOf(db: DbOrTx, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: signalReviews.userId, reviewedAt: signalReviews.reviewedAt })
    .from(signalReviews)
    .where(inArray(signalReviews.userId, [...userIds]));
}

/** Marks an account reviewed at `at` by `staffId`; answers the previous time, if any. */
export async function markReviewed(
  db: DbOrTx,
  v: { userId: string; staffId: string; at: Date },
): Promise<Date | null> {
  const [before] = await db
    .select({ reviewedAt: signalReviews.reviewedAt })
    .from(signalReviews)
    .where(eq(signalReviews.userId, v.userId))
    .for('update');
  await db
    .insert(signalReviews)
    .values({ userId: v.userId, reviewedAt: v.at, reviewedBy: v.staffId })
    .onConflictDoUpdate({
      target: signalReviews.userId,
      set: { reviewedAt: v.at, reviewedBy: v.staffId },
    });
  return before?.reviewedAt ?? null;
}

/** Whether an account with this id exists. */
export async function accountExists(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId)))
    .limit(1);
  return row !== undefined;
}
