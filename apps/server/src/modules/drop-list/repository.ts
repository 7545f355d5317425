import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dropListSignups, users } from '../../db/schema';

// SQL of the open store's new-drops email list (service.ts has the rules). Emails are compared
// lower-cased, matching the unique index on lower(email).

export type DropListRow = typeof dropListSignups.$inferSelect;

const byEmail = (email: string) => sql`lower(${dropListSignups.email}) = lower(${email})`;

/** The signup of an address, locked for the rest of the transaction (inserted when new). */
export async function lockOrInsert(
  tx: DbOrTx,
  email: string,
  source: string,
  now: Date,
): Promise<DropListRow> {
  await tx
    .insert(dropListSignups)
    .values({ email, source, status: 'pending', createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await tx.select().from(dropListSignups).where(byEmail(email)).limit(1).for('update');
  if (!row) throw new Error('drop list signup vanished');
  return row;
}

/** A new confirmation token, replacing any earlier one (older links stop working). */
export async function setConfirmToken(tx: DbOrTx, id: string, hash: string, expiresAt: Date, now: Date) {
  await tx
    .update(dropListSignups)
    .set({ confirmTokenHash: hash, confirmTokenExpiresAt: expiresAt, confirmSentAt: now, updatedAt: now })
    .where(eq(dropListSignups.id, id));
}

/**
 * Confirms the signup whose live token this is, in one statement (of two clicks at once, one wins).
 * The confirmation is the consent: its time is `confirmed_at`. The hash stays (expiry cleared) so a
 * second use of the link can be told 'already confirmed'.
 */
export async function confirmByToken(db: DbOrTx, hash: string, now: Date) {
  const [row] = await db
    .update(dropListSignups)
    .set({
      status: 'confirmed',
      confirmedAt: now,
      confirmTokenExpiresAt: null,
      unsubscribedAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(dropListSignups.confirmTokenHash, hash),
        isNotNull(dropListSignups.confirmTokenExpiresAt),
        sql`${dropListSignups.confirmTokenExpiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: dropListSignups.id, email: dropListSignups.email });
  return row ?? null;
}

export async function signupByTokenHash(db: DbOrTx, hash: string) {
  const [row] = await db
    .select({ status: dropListSignups.status, expiresAt: dropListSignups.confirmTokenExpiresAt })
    .from(dropListSignups)
    .where(eq(dropListSignups.confirmTokenHash, hash))
    .limit(1);
  return row ?? null;
}

/**
 * Confirmed, subscribed addresses without an account (an account gets the email through its own
 * settings), in id order from `after`, a page at a time: the daily digest's account-less readers.
 */
export async function digestReaders(db: DbOrTx, after: string | null, limit: number) {
  return db
    .select({ id: dropListSignups.id, email: dropListSignups.email })
    .from(dropListSignups)
    .where(
      and(
        eq(dropListSignups.status, 'confirmed'),
        isNull(dropListSignups.unsubscribedAt),
        after ? gt(dropListSignups.id, after) : undefined,
        sql`not exists (select 1 from ${users} where lower(${users.email}) = lower(${dropListSignups.email}))`,
      ),
    )
    .orderBy(asc(dropListSignups.id))
    .limit(limit);
}

/**
 * The account with this address, if any, gets the consent too: marketing consent (an earlier one
 * keeps its time) and the new-drops email turned on, its other settings kept. One statement.
 */
export async function consentAccount(db: DbOrTx, email: string, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const settings = sql`case when jsonb_typeof(${users.notificationSettings}) = 'object' then ${users.notificationSettings} else '{}'::jsonb end`;
  const kind = sql`case when jsonb_typeof(${settings} -> 'new_drops') = 'object' then ${settings} -> 'new_drops' else '{}'::jsonb end`;
  await db
    .update(users)
    .set({
      marketingConsent: true,
      marketingConsentAt: sql`case when ${users.marketingConsent} then coalesce(${users.marketingConsentAt}, ${at}) else ${at} end`,
      notificationSettings: sql`${settings} || jsonb_build_object('new_drops', ${kind} || '{"email": true}'::jsonb)`,
      updatedAt: now,
    })
    .where(sql`lower(${users.email}) = lower(${email})`);
}
