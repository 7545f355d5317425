// SQL of the daily new-drops digest: who may get it (marketing consent, CASL), a page at a time.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { noticeOnce, users } from '../../db/schema';

/**
 * Up to `limit` shoppers after `afterId` (by id) with a confirmed email who gave marketing consent and have not had this
 * day's digest (no notice_once key `digest:<date>:<id>`). Their settings are checked in code.
 */
export function consentingShoppers(tx: DbOrTx, date: string, afterId: string | null, limit: number) {
  return tx
    .select({ id: users.id, settings: users.notificationSettings })
    .from(users)
    .where(
      and(
        eq(users.marketingConsent, true),
        // A marketing email only to an address its owner confirmed.
        eq(users.emailVerified, true),
        eq(users.role, 'shopper'),
        afterId ? gt(users.id, afterId) : undefined,
        sql`not exists (select 1 from ${noticeOnce} where ${noticeOnce.key} = ${`digest:${date}:`} || ${users.id}::text)`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
}

/** Takes at-most-once keys (notice_once); returns the ones this call inserted. */
export async function claimOnce(tx: DbOrTx, keys: string[], now: Date): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await tx
    .insert(noticeOnce)
    .values([...new Set(keys)].map((key) => ({ key, createdAt: now })))
    .onConflictDoNothing({ target: noticeOnce.key })
    .returning({ key: noticeOnce.key });
  return new Set(rows.map((r) => r.key));
}

export async function isTaken(tx: DbOrTx, key: string): Promise<boolean> {
  const rows = await tx
    .select({ key: noticeOnce.key })
    .from(noticeOnce)
    .where(eq(noticeOnce.key, key))
    .limit(1);
  return rows.length > 0;
}
