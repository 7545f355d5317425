import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { locations, users } from '../../db/schema';

export async function profileRow(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ user: users, location: locations })
    .from(users)
    .leftJoin(locations, eq(locations.id, users.locationId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof profileRow>>>;

export async function otherUserWithPhone(db: DbOrTx, userId: string, phone: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, phone), ne(users.id, userId)))
    .limit(1);
  return row?.id ?? null;
}

/** A new number is unproven until the next phone sign-in; the same number keeps its status. */
export async function updatePhone(db: DbOrTx, userId: string, phone: string, now: Date) {
  const [current] = await db.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, userId));
  if (current?.phone === phone) return;
  await db
    .update(users)
    .set({ phoneNumber: phone, phoneNumberVerified: false, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function activeLocation(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.isActive, true)))
    .limit(1);
  return row ?? null;
}

export async function updateLocation(db: DbOrTx, userId: string, locationId: string, now: Date) {
  await db.update(users).set({ locationId, updatedAt: now }).where(eq(users.id, userId));
}

/** Records marketing consent and when it was given, with the settings that go with it. */
export async function giveMarketingConsent(
  db: DbOrTx,
  userId: string,
  consentAt: Date,
  settings: unknown,
  now: Date,
) {
  await db
    .update(users)
    .set({
      marketingConsent: true,
      marketingConsentAt: consentAt,
      notificationSettings: settings,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

export async function updateNotificationSettings(db: DbOrTx, userId: string, settings: unknown, now: Date) {
  await db.update(users).set({ notificationSettings: settings, updatedAt: now }).where(eq(users.id, userId));
}

/** The shopper's own spending limit (null: none); nothing else changes. */
export async function updateSpendingLimit(db: DbOrTx, userId: string, limitCents: number | null, now: Date) {
  await db.update(users).set({ spendingLimitCents: limitCents, updatedAt: now }).where(eq(users.id, userId));
}
