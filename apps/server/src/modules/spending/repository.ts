// SQL of what a shopper could owe (core spending.ts): ONE statement reads everything a figure needs,
// so the bid path's check (service.ts) costs one indexed query (max_bids_user_idx, bid_groups_user_idx,
// the users and locations primary keys). It reads the bidding and bid-group tables, never writes.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface SpendingRates {
  buyersPremiumBp: number;
  pstBp: number;
  gstBp: number;
  applyTaxesOnPremium: boolean;
}

/** A maximum of the shopper's on a scheduled or live lot, with the lot as it stands. */
export interface MaximumRow {
  auctionId: string;
  status: 'scheduled' | 'live';
  leaderUserId: string | null;
  reserveMet: boolean;
  currentPriceCents: number;
  maxCents: number;
  title: string;
  slug: string;
}

/** One open lot (waiting, live, outbid) of one of the shopper's active groups. */
export interface GroupLotRow {
  groupId: string;
  winAtMost: number;
  wins: number;
  auctionId: string;
  maxCents: number;
  state: 'waiting' | 'live' | 'outbid';
}

export interface SpendingFacts {
  /** False when the account does not exist. */
  found: boolean;
  limitCents: number | null;
  /** The shopper's chosen location's rates (the cart's), or null when none is chosen. */
  rates: SpendingRates | null;
  maximums: MaximumRow[];
  groupLots: GroupLotRow[];
}

const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** Everything the shopper's figures and limit check need, as `db` (or a transaction) sees it now. */
export async function spendingFacts(db: DbOrTx, userId: string): Promise<SpendingFacts> {
  const result = (await db.execute(sql`
    select
      (select json_build_object(
          'limitCents', u.spending_limit_cents,
          'rates', case when l.id is null then null else json_build_object(
            'buyersPremiumBp', l.buyers_premium_bp, 'pstBp', l.pst_bp, 'gstBp', l.gst_bp,
            'applyTaxesOnPremium', l.apply_taxes_on_premium) end)
        from users u left join locations l on l.id = u.location_id
        where u.id = ${userId}) as "user",
      (select coalesce(json_agg(json_build_object(
          'auctionId', a.id, 'status', a.status, 'leaderUserId', a.leader_user_id,
          'reserveMet', a.reserve_met, 'currentPriceCents', a.current_price_cents,
          'maxCents', m.max_amount_cents, 'title', p.title, 'slug', p.slug)
          order by a.end_time, a.id), '[]'::json)
        from max_bids m
        join auctions a on a.id = m.auction_id
        join products p on p.id = a.product_id
        where m.user_id = ${userId} and a.status in ('scheduled', 'live')) as "maximums",
      (select coalesce(json_agg(json_build_object(
          'groupId', g.id, 'winAtMost', g.win_at_most, 'wins', g.wins, 'auctionId', gl.auction_id,
          'maxCents', gl.max_amount_cents, 'state', gl.state)
          order by g.id, gl.position), '[]'::json)
        from bid_groups g
        join bid_group_lots gl on gl.group_id = g.id
        where g.user_id = ${userId} and g.state = 'active'
          and gl.state in ('waiting', 'live', 'outbid')) as "groupLots"`)) as unknown as {
    rows: { user: unknown; maximums: unknown; groupLots: unknown }[];
  };
  const row = result.rows[0];
  const user = row?.user
    ? parseJson<{ limitCents: number | string | null; rates: SpendingRates | null }>(row.user)
    : null;
  return {
    found: user !== null,
    limitCents: user?.limitCents == null ? null : Number(user.limitCents),
    rates: user?.rates ?? null,
    maximums: parseJson<MaximumRow[]>(row?.maximums ?? '[]'),
    groupLots: parseJson<GroupLotRow[]>(row?.groupLots ?? '[]'),
  };
}

/** The advisory-lock class of the spending check (the other number is the shopper's hashed id). */
const SPENDING_LOCK_CLASS = 4_307;

/**
 * Holds each shopper's spending lock (in id order) until `tx` ends, so two changes of one shopper's
 * maximums (bids on two lots, a bid and a bid group) are checked one after the other, the second
 * seeing what the first committed. Taken after any auction row lock of the transaction and never
 * followed by one, so no two transactions can wait on each other.
 */
export async function lockSpending(tx: DbOrTx, userIds: readonly string[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort())
    await tx.execute(sql`select pg_advisory_xact_lock(${SPENDING_LOCK_CLASS}, hashtext(${id}))`);
}
