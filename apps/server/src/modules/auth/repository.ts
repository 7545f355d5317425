import { impliedPickupLocation } from '@rebound/core/pickup-location';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { devMessages, locations, users } from '../../db/schema';

// SQL for the auth module. Emails and handles are compared case-insensitively, matching the
// lower() unique indexes.

export async function userIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row?.id ?? null;
}

export async function userIdByHandle(db: DbOrTx, handle: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.handle}) = lower(${handle})`)
    .limit(1);
  return row?.id ?? null;
}

export async function userIdByPhone(db: DbOrTx, phone: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phone)).limit(1);
  return row?.id ?? null;
}

export async function sessionUserById(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      handle: users.handle,
      role: users.role,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

export async function listDevMessages(
  db: DbOrTx,
  opts: { recipient?: string | undefined; channel?: 'email' | 'sms' | 'push' | undefined; limit: number },
) {
  const where = [
    opts.recipient ? sql`lower(${devMessages.recipient}) = lower(${opts.recipient})` : undefined,
    opts.channel ? eq(devMessages.channel, opts.channel) : undefined,
  ].filter((w) => w !== undefined);
  return db
    .select()
    .from(devMessages)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(sql`${devMessages.createdAt} desc, ${devMessages.id} desc`)
    .limit(opts.limit);
}

/**
 * A shopper who has not chosen a pickup location gets the store's only active one, when there is
 * exactly one (core's impliedPickupLocation): there is nothing to choose, and checkout needs one.
 * A choice already made is never overwritten.
 */
export async function giveImpliedLocation(db: DbOrTx, userId: string, now: Date): Promise<void> {
  const [user] = await db.select({ locationId: users.locationId }).from(users).where(eq(users.id, userId));
  if (!user || user.locationId !== null) return;
  const active = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.isActive, true))
    .limit(2);
  const implied = impliedPickupLocation(
    null,
    active.map((l) => l.id),
  );
  if (implied === null) return;
  await db
    .update(users)
    .set({ locationId: implied, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.locationId)));
}
