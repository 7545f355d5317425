// SQL of the auction-ending reminders and of the at-most-once keys (notice_once). The rule is in
// packages/core/src/reminders.ts; ending-reminders.ts decides and writes the notices.
import { ENDING_WINDOW_MS } from '@rebound/core/reminders';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auctions, maxBids, noticeOnce, products, watchlist } from '../../db/schema';

/**
 * Every (live lot ending within the hour, shopper who watches it or holds a maximum on it) with its
 * current end, in one statement. Pairs whose 5-minute reminder went out are left out (nothing more
 * is ever due for them); `sent1h` says whether the 1-hour one did.
 */
export function endingCandidates(tx: DbOrTx, now: Date) {
  const inWindow = and(
    eq(auctions.status, 'live'),
    gt(auctions.endTime, now),
    lte(auctions.endTime, new Date(now.getTime() + ENDING_WINDOW_MS)),
  );
  const interested = tx.$with('interested').as(
    tx
      .select({ auctionId: watchlist.auctionId, userId: watchlist.userId })
      .from(watchlist)
      .innerJoin(auctions, eq(auctions.id, watchlist.auctionId))
      .where(inWindow)
      .union(
        tx
          .select({ auctionId: maxBids.auctionId, userId: maxBids.userId })
          .from(maxBids)
          .innerJoin(auctions, eq(auctions.id, maxBids.auctionId))
          .where(inWindow),
      ),
  );
  const key = (mark: string) =>
    sql`'ending:' || ${interested.auctionId}::text || ':' || ${interested.userId}::text || ${`:${mark}`}::text`;
  return tx
    .with(interested)
    .select({
      auctionId: auctions.id,
      userId: interested.userId,
      endTime: auctions.endTime,
      currentPriceCents: auctions.currentPriceCents,
      title: products.title,
      slug: products.slug,
      sent1h: sql<boolean>`exists (select 1 from ${noticeOnce} where ${noticeOnce.key} = ${key('1h')})`,
    })
    .from(interested)
    .innerJoin(auctions, eq(auctions.id, interested.auctionId))
    .innerJoin(products, eq(products.id, auctions.productId))
    .where(
      and(inWindow, sql`not exists (select 1 from ${noticeOnce} where ${noticeOnce.key} = ${key('5m')})`),
    );
}

/** Whether these keys were taken (tests and the digest's look-ups). */
export async function takenKeys(tx: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await tx
    .select({ key: noticeOnce.key })
    .from(noticeOnce)
    .where(sql`${noticeOnce.key} in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`);
  return new Set(rows.map((r) => r.key));
}
