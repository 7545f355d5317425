// Reads of an item's other lots (decision 092): 'More of this item', 'Sold before', 'N more like this'.
import { SOLD_BEFORE_ORDER_STATUSES } from '@rebound/core/item-lots';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { auctions, orders, products } from '../../db/schema';

const ph = (name: string) => sql.placeholder(name);

/**
 * How many other lots of a card's item are live or upcoming ('N more like this', decision 092),
 * whatever the shop's filters: a count on auctions_item_end_idx from now on; 0 for a product that
 * is an item of its own (its key is null). Read in the shop's statements (repository.ts), whose
 * `now` placeholder it shares.
 */
export const moreOfItemCount = sql<number>`(select count(*)::int from auctions o
  where o.product_item_key = ${auctions.productItemKey} and o.end_time > ${ph('now')}
  and o.status in ('scheduled', 'live') and o.product_status = 'auctioned' and o.id <> ${auctions.id})`;

// The other units of a product's item (decision 092). Both reads walk auctions_item_end_idx
// (product_item_key, end_time): 'More of this item' forwards from now, 'Sold before' backwards from
// now to the start of its window, so an item with hundreds of lots reads only what it shows.

/** One of the other lots of an item, and how many there are in all (the same on every row). */
export interface ItemLotRow {
  auctionId: string;
  slug: string;
  title: string;
  condition: 'like_new' | 'open_box' | 'gently_used';
  status: 'scheduled' | 'live' | 'ended' | 'cancelled';
  currentPriceCents: number;
  bidCount: number;
  startTime: Date;
  endTime: Date;
  total: number;
}

/** Live or upcoming: the lot is scheduled or live, not yet over on the clock, its product on auction. */
const upcomingOrLive = sql`${auctions.status} in ('scheduled', 'live') and ${auctions.productStatus} = 'auctioned'`;

function buildMoreOfItem(db: DbOrTx) {
  return db
    .select({
      auctionId: auctions.id,
      slug: products.slug,
      title: products.title,
      condition: products.condition,
      status: auctions.status,
      currentPriceCents: auctions.currentPriceCents,
      bidCount: auctions.bidCount,
      startTime: auctions.startTime,
      endTime: auctions.endTime,
      // Counted before the LIMIT: every lot of the item that matches, not only those listed.
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(auctions)
    .innerJoin(products, eq(products.id, auctions.productId))
    .where(
      and(
        sql`${auctions.productItemKey} = ${ph('key')}`,
        sql`${auctions.endTime} > ${ph('now')}`,
        upcomingOrLive,
        sql`${auctions.productId} <> ${ph('productId')}`,
      ),
    )
    .orderBy(asc(auctions.endTime), asc(auctions.id))
    .limit(ph('limit'))
    .prepare('catalog_more_of_item');
}
const moreOfItemStatement = preparedOnce(buildMoreOfItem);

/**
 * The live and upcoming lots of item `key` other than product `productId`'s, soonest ending first,
 * at most `limit`, each row carrying the total.
 */
export function moreOfItem(
  db: DbOrTx,
  key: string,
  productId: string,
  now: Date,
  limit: number,
): Promise<ItemLotRow[]> {
  return moreOfItemStatement(db).execute({ key, productId, now: now.toISOString(), limit });
}

function buildSoldBefore(db: DbOrTx) {
  return (
    db
      .select({
        endedAt: auctions.endTime,
        condition: products.condition,
        priceCents: orders.finalAmountCents,
      })
      .from(auctions)
      // At most one order per auction is not cancelled (orders_auction_uq); only a paid one counts.
      .innerJoin(
        orders,
        and(
          eq(orders.auctionId, auctions.id),
          sql`${orders.status} in (${sql.join(
            SOLD_BEFORE_ORDER_STATUSES.map((st) => sql.raw(`'${st}'`)),
            sql`, `,
          )})`,
        ),
      )
      .innerJoin(products, eq(products.id, auctions.productId))
      .where(
        and(
          sql`${auctions.productItemKey} = ${ph('key')}`,
          sql`${auctions.endTime} > ${ph('since')}`,
          sql`${auctions.endTime} <= ${ph('now')}`,
          sql`${auctions.status} = 'ended' and ${auctions.winnerUserId} is not null`,
        ),
      )
      .orderBy(desc(auctions.endTime), desc(auctions.id))
      .limit(ph('limit'))
      .prepare('catalog_sold_before')
  );
}
const soldBeforeStatement = preparedOnce(buildSoldBefore);

/** The item's lots won and paid for that ended in (since, now], newest first, at most `limit`. */
export function soldBefore(
  db: DbOrTx,
  key: string,
  since: Date,
  now: Date,
  limit: number,
): Promise<{ endedAt: Date; condition: 'like_new' | 'open_box' | 'gently_used'; priceCents: number }[]> {
  return soldBeforeStatement(db).execute({
    key,
    since: since.toISOString(),
    now: now.toISOString(),
    limit,
  });
}
