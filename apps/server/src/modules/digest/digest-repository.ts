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

export async function isTaken(tx: DbOrTx, key: string): Promise<boolean> {
  const rows = await tx
    .select({ key: noticeOnce.key })
    .from(noticeOnce)
    .where(eq(noticeOnce.key, key))
    .limit(1);
  return rows.length > 0;
}
