import { and, asc, count, desc, eq, gt, ilike, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { listSignups, type SignupList, siteSettings, users } from '../../db/schema';
import { shopDateKeySql } from '../../db/shop-clock';

// SQL of the signup lists (the launch list and the new-drops email, one table: list_signups, its `list`
// column says which) and of the site lock; service.ts and signup-lists.ts have the rules. Emails are
// compared lower-cased, matching the unique index on (list, lower(email)).

export type SignupRow = typeof listSignups.$inferSelect;

const onList = (list: SignupList) => eq(listSignups.list, list);
const LAUNCH = onList('launch');
const byEmail = (list: SignupList, email: string) =>
  and(onList(list), sql`lower(${listSignups.email}) = lower(${email})`);

/** The signup of an address on a list, locked for the rest of the transaction (inserted when new). */
export async function lockOrInsert(
  tx: DbOrTx,
  list: SignupList,
  v: { email: string; source: string; utm: Record<string, string>; locale: string | null; now: Date },
): Promise<SignupRow> {
  await tx
    .insert(listSignups)
    .values({
      list,
      email: v.email,
      source: v.source,
      utm: v.utm,
      locale: v.locale,
      status: 'pending',
      createdAt: v.now,
      updatedAt: v.now,
    })
    .onConflictDoNothing();
  const [row] = await tx.select().from(listSignups).where(byEmail(list, v.email)).limit(1).for('update');
  if (!row) throw new Error('list signup vanished');
  return row;
}

/** A new confirmation token (replacing any earlier one: older links stop working), and what the latest form said. */
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
    .update(listSignups)
    .set({
      confirmTokenHash: v.hash,
      confirmTokenExpiresAt: v.expiresAt,
      confirmSentAt: v.now,
      ...(v.utm ? { utm: v.utm } : {}),
      ...(v.locale ? { locale: v.locale } : {}),
      updatedAt: v.now,
    })
    .where(eq(listSignups.id, id));
}

/**
 * Confirms the signup on this list whose live token this is, in one statement: of two clicks at once,
 * one confirms and the other finds nothing to do. The confirmation is the consent: its time is
 * `confirmed_at`. The token's hash is kept (expiry cleared) so that a second use of the link can be
 * told 'already confirmed'.
 */
export async function confirmByToken(
  db: DbOrTx,
  list: SignupList,
  hash: string,
  now: Date,
): Promise<{ id: string; email: string } | null> {
  const [row] = await db
    .update(listSignups)
    .set({
      status: 'confirmed',
      confirmedAt: now,
      confirmTokenExpiresAt: null,
      unsubscribedAt: null,
      updatedAt: now,
    })
    .where(
      and(
        onList(list),
        eq(listSignups.confirmTokenHash, hash),
        isNotNull(listSignups.confirmTokenExpiresAt),
        sql`${listSignups.confirmTokenExpiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: listSignups.id, email: listSignups.email });
  return row ?? null;
}

export async function signupByTokenHash(db: DbOrTx, list: SignupList, hash: string) {
  const [row] = await db
    .select({ status: listSignups.status, expiresAt: listSignups.confirmTokenExpiresAt })
    .from(listSignups)
    .where(and(onList(list), eq(listSignups.confirmTokenHash, hash)))
    .limit(1);
  return row ?? null;
}

/**
 * The account with this address, if any, gets the new-drops email's consent too: marketing consent
 * (an earlier one keeps its time) and the new-drops email turned on, its other settings kept. One statement.
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

/**
 * The new-drops email's confirmed, subscribed addresses without an account (an account gets the email
 * through its own settings), in id order from `after`, a page at a time: the daily digest's account-less readers.
 */
export async function dropsDigestReaders(db: DbOrTx, after: string | null, limit: number) {
  return db
    .select({ id: listSignups.id, email: listSignups.email })
    .from(listSignups)
    .where(
      and(
        onList('drops'),
        eq(listSignups.status, 'confirmed'),
        isNull(listSignups.unsubscribedAt),
        after ? gt(listSignups.id, after) : undefined,
        sql`not exists (select 1 from ${users} where lower(${users.email}) = lower(${listSignups.email}))`,
      ),
    )
    .orderBy(asc(listSignups.id))
    .limit(limit);
}

/** A confirmed launch-list signup of this address that has no account yet (sign-up's launch-user mode). */
export async function confirmedSignupWithoutAccount(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      id: listSignups.id,
      confirmedAt: listSignups.confirmedAt,
      unsubscribedAt: listSignups.unsubscribedAt,
    })
    .from(listSignups)
    .where(and(byEmail('launch', email), eq(listSignups.status, 'confirmed'), isNull(listSignups.userId)))
    .limit(1);
  return row ?? null;
}

export async function linkSignup(db: DbOrTx, id: string, userId: string, now: Date) {
  await db
    .update(listSignups)
    .set({ userId, updatedAt: now })
    .where(and(eq(listSignups.id, id), LAUNCH, isNull(listSignups.userId)));
}

// ── Staff ────────────────────────────────────────────────────────────────────────────────────

// The staff's launch list: list 'launch' only.
const confirmedCount = sql<number>`count(*) filter (where ${listSignups.status} = 'confirmed')::int`;

export async function stats(db: DbOrTx) {
  const day = shopDateKeySql(sql`${listSignups.createdAt}`);
  const [totals] = await db
    .select({
      total: sql<number>`count(*)::int`,
      confirmed: confirmedCount,
      launchedAt: max(listSignups.openNoticeSentAt),
      awaiting: sql<number>`count(*) filter (where ${listSignups.status} = 'confirmed' and ${listSignups.unsubscribedAt} is null and ${listSignups.openNoticeSentAt} is null)::int`,
    })
    .from(listSignups)
    .where(LAUNCH);
  const byDay = await db
    .select({ date: day, total: sql<number>`count(*)::int`, confirmed: confirmedCount })
    .from(listSignups)
    .where(LAUNCH)
    .groupBy(day)
    .orderBy(day);
  const bySource = await db
    .select({ source: listSignups.source, total: sql<number>`count(*)::int`, confirmed: confirmedCount })
    .from(listSignups)
    .where(LAUNCH)
    .groupBy(listSignups.source)
    .orderBy(desc(sql`count(*)`), listSignups.source);
  return { totals: totals!, byDay, bySource };
}

export async function launchSignupsPage(
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
    LAUNCH,
    q.q ? ilike(listSignups.email, `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    q.status ? eq(listSignups.status, q.status as 'pending' | 'confirmed') : undefined,
    q.source ? eq(listSignups.source, q.source) : undefined,
  );
  const rows = await db
    .select()
    .from(listSignups)
    .where(where)
    .orderBy(desc(listSignups.createdAt), desc(listSignups.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(listSignups).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Confirmed addresses still subscribed, oldest first (the export). */
export function confirmedSignups(db: DbOrTx) {
  return db
    .select()
    .from(listSignups)
    .where(and(LAUNCH, eq(listSignups.status, 'confirmed'), isNull(listSignups.unsubscribedAt)))
    .orderBy(listSignups.confirmedAt, listSignups.id);
}

/**
 * Marks every confirmed, subscribed signup not yet told as told, and returns them: the UPDATE's
 * row locks keep two launch actions at once from telling anyone twice.
 */
export function claimOpenNotices(tx: DbOrTx, now: Date) {
  return tx
    .update(listSignups)
    .set({ openNoticeSentAt: now, updatedAt: now })
    .where(
      and(
        LAUNCH,
        eq(listSignups.status, 'confirmed'),
        isNull(listSignups.unsubscribedAt),
        isNull(listSignups.openNoticeSentAt),
      ),
    )
    .returning({ id: listSignups.id, email: listSignups.email, userId: listSignups.userId });
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
