import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auctions, bids, idempotencyKeys, maxBids, products, users } from '../../db/schema';

export type AuctionRow = typeof auctions.$inferSelect;

/**
 * Locks the auction row for the rest of the transaction: bids on one auction are serialised here.
 * Everything else a bid reads comes from `bidContext`, in a later statement: under READ COMMITTED a
 * statement's subqueries see the snapshot taken before it waited for the lock, so reading the
 * maximums in this same statement would miss the bid that held the lock before us.
 */
export async function lockAuction(tx: DbOrTx, auctionId: string) {
  const [row] = await tx
    .select({ auction: auctions, product: { title: products.title, slug: products.slug } })
    .from(auctions)
    .innerJoin(products, eq(products.id, auctions.productId))
    .where(eq(auctions.id, auctionId))
    .for('update', { of: auctions })
    .limit(1);
  return row ?? null;
}

export interface BidContact {
  id: string;
  handle: string;
  email: string;
  phone: string | null;
  settings: unknown;
  marketingConsent: boolean;
}

const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/**
 * One round trip, after the lock: the auction's maximums, a stored idempotent answer, and the
 * contacts of the bidder and the current leader (the only people a bid can notify).
 */
export async function bidContext(
  tx: DbOrTx,
  v: { auctionId: string; userId: string; leaderUserId: string | null; idempotencyKey: string | null },
) {
  const people = v.leaderUserId ? [v.userId, v.leaderUserId] : [v.userId];
  const result = (await tx.execute(sql`select
    coalesce((select json_agg(json_build_object('userId', m.user_id, 'amountCents', m.max_amount_cents,
      'setAt', m.set_at, 'seq', m.seq)) from ${maxBids} m where m.auction_id = ${v.auctionId}), '[]'::json) as maxes,
    ${
      v.idempotencyKey
        ? sql`(select k.response from ${idempotencyKeys} k where k.user_id = ${v.userId} and k.scope = 'bid' and k.key = ${v.idempotencyKey})`
        : sql`null::jsonb`
    } as stored,
    coalesce((select json_agg(json_build_object('id', u.id, 'handle', u.handle, 'email', u.email,
      'phone', u.phone_number, 'settings', u.notification_settings, 'marketingConsent', u.marketing_consent))
      from ${users} u where u.id in ${people}), '[]'::json) as people`)) as unknown as {
    rows: { maxes: unknown; stored: unknown; people: unknown }[];
  };
  const row = result.rows[0]!;
  const maxes = parseJson<{ userId: string; amountCents: number; setAt: string; seq: number }[]>(row.maxes);
  return {
    maxes: maxes.map((m) => ({
      userId: m.userId,
      amountCents: Number(m.amountCents),
      setAt: new Date(m.setAt),
      seq: Number(m.seq),
    })),
    stored: row.stored === null ? null : parseJson<unknown>(row.stored),
    people: parseJson<BidContact[]>(row.people),
  };
}

/**
 * Writes an accepted bid in one statement: the bidder's maximum, the public history rows, the
 * auction's new state and (with a key) the idempotent answer.
 */
export async function writeAcceptedBid(
  tx: DbOrTx,
  v: {
    auctionId: string;
    userId: string;
    amountCents: number;
    maxSeq: number;
    now: Date;
    history: { userId: string; amountCents: number; isLeaderRow: boolean }[];
    state: {
      currentPriceCents: number;
      leaderUserId: string | null;
      reserveMet: boolean;
      bidCount: number;
      endTime: Date;
      seq: number;
    };
    idempotency: { key: string; response: unknown } | null;
  },
) {
  const parts: SQL[] = [
    sql`m as (${tx
      .insert(maxBids)
      .values({
        auctionId: v.auctionId,
        userId: v.userId,
        maxAmountCents: v.amountCents,
        setAt: v.now,
        seq: v.maxSeq,
      })
      .onConflictDoUpdate({
        target: [maxBids.auctionId, maxBids.userId],
        set: { maxAmountCents: v.amountCents, setAt: v.now, seq: v.maxSeq, updatedAt: v.now },
      })
      .returning({ id: maxBids.id })
      .getSQL()})`,
  ];
  if (v.history.length > 0) {
    parts.push(
      sql`h as (${tx
        .insert(bids)
        .values(
          v.history.map((h) => ({
            auctionId: v.auctionId,
            userId: h.userId,
            amountCents: h.amountCents,
            isLeaderRow: h.isLeaderRow,
            seq: v.state.seq,
            createdAt: v.now,
          })),
        )
        .returning({ id: bids.id })
        .getSQL()})`,
    );
  }
  if (v.idempotency) {
    parts.push(
      sql`k as (${tx
        .insert(idempotencyKeys)
        .values({
          userId: v.userId,
          scope: 'bid',
          key: v.idempotency.key,
          statusCode: 200,
          response: v.idempotency.response,
          createdAt: v.now,
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key })
        .getSQL()})`,
    );
  }
  await tx.execute(
    sql`with ${sql.join(parts, sql`, `)} ${tx
      .update(auctions)
      .set({ status: 'live', ...v.state, updatedAt: v.now })
      .where(eq(auctions.id, v.auctionId))
      .getSQL()}`,
  );
}

export async function getAuction(db: DbOrTx, auctionId: string): Promise<AuctionRow | null> {
  const [row] = await db.select().from(auctions).where(eq(auctions.id, auctionId)).limit(1);
  return row ?? null;
}

export async function myMaxBid(db: DbOrTx, auctionId: string, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ amount: maxBids.maxAmountCents })
    .from(maxBids)
    .where(and(eq(maxBids.auctionId, auctionId), eq(maxBids.userId, userId)))
    .limit(1);
  return row?.amount ?? null;
}

export async function handleOf(db: DbOrTx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ handle: users.handle }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.handle ?? null;
}

export function publicHistory(db: DbOrTx, auctionId: string, limit: number) {
  return db
    .select({
      id: bids.id,
      handle: users.handle,
      amountCents: bids.amountCents,
      createdAt: bids.createdAt,
      isLeaderRow: bids.isLeaderRow,
    })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.userId))
    .where(eq(bids.auctionId, auctionId))
    .orderBy(desc(bids.amountCents), desc(bids.isLeaderRow), desc(bids.seq))
    .limit(limit);
}
