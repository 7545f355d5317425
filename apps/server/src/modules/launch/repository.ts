import { and, count, desc, eq, ilike, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { launchSignups, siteSettings } from '../../db/schema';
import { shopDateKeySql } from '../../db/shop-clock';

// SQL of the launch list and the site lock (service.ts has the rules). Emails are compared
// lower-cased, matching the unique index on lower(email).

export type SignupRow = typeof launchSignups.$inferSelect;

const byEmail = (email: string) => sql`lower(${launchSignups.email}) = lower(${email})`;

/** The signup of an address, locked for the rest of the transaction. */
export async function lockSignupByEmail(tx: DbOrTx, email: string): Promise<SignupRow | null> {
  const [row] = await tx.select().from(launchSignups).where(byEmail(email)).limit(1).for('update');
  return row ?? null;
}

/** A new pending signup; null when the address arrived at the same moment from elsewhere. */
export async function insertSignup(
  tx: DbOrTx,
  v: { email: string; source: string; utm: Record<string, string>; locale: string | null; now: Date },
): Promise<SignupRow | null> {
  const [row] = await tx
    .insert(launchSignups)
    .values({
      email: v.email,
      source: v.source,
      utm: v.utm,
      locale: v.locale,
      status: 'pending',
      createdAt: v.now,
      updatedAt: v.now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** A new confirmation token (replacing any earlier one), and what the latest form said. */
export async function setConfirmToken(
  tx: DbOrTx,
  id: string,
  v: {
    hash: string;
    expiresAt: Date;
    now: Date;
    utm: Record<string, string> | null;
    locale: string | null;
  },
) {
  await tx
    .update(launchSignups)
    .set({
      confirmTokenHash: v.hash,
      confirmTokenExpiresAt: v.expiresAt,
      confirmSentAt: v.now,
      ...(v.utm ? { utm: v.utm } : {}),
      ...(v.locale ? { locale: v.locale } : {}),
      updatedAt: v.now,
    })
    .where(eq(launchSignups.id, id));
}

/**
 * Confirms the signup whose live token this is, in one statement: of two clicks at once, one
 * confirms and the other finds nothing to do. The token's hash is kept (expiry cleared) so that
 * a second use of the link can be told 'already confirmed'.
 */
export async function confirmByToken(db: DbOrTx, hash: string, now: Date): Promise<{ id: string } | null> {
  const [row] = await db
    .update(launchSignups)
    .set({
      status: 'confirmed',
      confirmedAt: now,
      confirmTokenExpiresAt: null,
      unsubscribedAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(launchSignups.confirmTokenHash, hash),
        isNotNull(launchSignups.confirmTokenExpiresAt),
        sql`${launchSignups.confirmTokenExpiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: launchSignups.id });
  return row ?? null;
}

export async function signupByTokenHash(db: DbOrTx, hash: string) {
  const [row] = await db
    .select({ status: launchSignups.status, expiresAt: launchSignups.confirmTokenExpiresAt })
    .from(launchSignups)
    .where(eq(launchSignups.confirmTokenHash, hash))
    .limit(1);
  return row ?? null;
}

/** A confirmed signup of this address that has no account yet (sign-up's launch-user mode). */
export async function confirmedSignupWithoutAccount(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      id: launchSignups.id,
      confirmedAt: launchSignups.confirmedAt,
      unsubscribedAt: launchSignups.unsubscribedAt,
    })
    .from(launchSignups)
    .where(and(byEmail(email), eq(launchSignups.status, 'confirmed'), isNull(launchSignups.userId)))
    .limit(1);
  return row ?? null;
}

export async function linkSignup(db: DbOrTx, id: string, userId: string, now: Date) {
  await db
    .update(launchSignups)
    .set({ userId, updatedAt: now })
    .where(and(eq(launchSignups.id, id), isNull(launchSignups.userId)));
}

// ── Staff ────────────────────────────────────────────────────────────────────────────────────

const confirmedCount = sql<number>`count(*) filter (where ${launchSignups.status} = 'confirmed')::int`;

export async function stats(db: DbOrTx) {
  const day = shopDateKeySql(sql`${launchSignups.createdAt}`);
  const [totals] = await db
    .select({
      total: sql<number>`count(*)::int`,
      confirmed: confirmedCount,
      launchedAt: max(launchSignups.openNoticeSentAt),
      awaiting: sql<number>`count(*) filter (where ${launchSignups.status} = 'confirmed' and ${launchSignups.unsubscribedAt} is null and ${launchSignups.openNoticeSentAt} is null)::int`,
    })
    .from(launchSignups);
  const byDay = await db
    .select({ date: day, total: sql<number>`count(*)::int`, confirmed: confirmedCount })
    .from(launchSignups)
    .groupBy(day)
    .orderBy(day);
  const bySource = await db
    .select({ source: launchSignups.source, total: sql<number>`count(*)::int`, confirmed: confirmedCount })
    .from(launchSignups)
    .groupBy(launchSignups.source)
    .orderBy(desc(sql`count(*)`), launchSignups.source);
  return { totals: totals!, byDay, bySource };
}

export async function listSignups(
  db: DbOrTx,
  q: {
    page: number;
    pageSize: number;
    q?: string | undefined;
    status?: string | undefined;
    source?: string | undefined;
  },
) {
  const where = and(
    q.q ? ilike(launchSignups.email, `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    q.status ? eq(launchSignups.status, q.status as 'pending' | 'confirmed') : undefined,
    q.source ? eq(launchSignups.source, q.source) : undefined,
  );
  const rows = await db
    .select()
    .from(launchSignups)
    .where(where)
    .orderBy(desc(launchSignups.createdAt), desc(launchSignups.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(launchSignups).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Confirmed addresses still subscribed, oldest first (the export). */
export function confirmedSignups(db: DbOrTx) {
  return db
    .select()
    .from(launchSignups)
    .where(and(eq(launchSignups.status, 'confirmed'), isNull(launchSignups.unsubscribedAt)))
    .orderBy(launchSignups.confirmedAt, launchSignups.id);
}

/**
 * Marks every confirmed, subscribed signup not yet told as told, and returns them: the UPDATE's
 * row locks keep two launch actions at once from telling anyone twice.
 */
export function claimOpenNotices(tx: DbOrTx, now: Date) {
  return tx
    .update(launchSignups)
    .set({ openNoticeSentAt: now, updatedAt: now })
    .where(
      and(
        eq(launchSignups.status, 'confirmed'),
        isNull(launchSignups.unsubscribedAt),
        isNull(launchSignups.openNoticeSentAt),
      ),
    )
    .returning({ id: launchSignups.id, email: launchSignups.email, userId: launchSignups.userId });
}

// ── Site settings ────────────────────────────────────────────────────────────────────────────

export async function readSetting(db: DbOrTx, key: string, lock = false): Promise<unknown> {
  const query = db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
  const [row] = lock ? await query.for('update') : await query;
  return row?.value;
}

export async function writeSetting(tx: DbOrTx, key: string, value: unknown, now: Date) {
  await tx
    .insert(siteSettings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: now } });
}
