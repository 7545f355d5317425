import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client';

// Checks the bid groups' tests share (docs/decisions/095-bid-groups-driven-from-facts.md): a group
// never wins more than it asked for, and bid_groups.wins is what the auctions record.

/**
 * Each group's wins as the auctions record them (its lots whose winner is its shopper), one query for
 * all. `problems` names every group above its number or whose stored wins differ
 * ('id: won/stored/number').
 */
export async function groupWins(db: DbOrTx, groupIds: string[]) {
  if (groupIds.length === 0) return { wins: 0, problems: [] as string[] };
  const result = (await db.execute(sql`
    select g.id::text as id, g.win_at_most as n, g.wins as stored,
      (count(a.id) filter (where a.winner_user_id = g.user_id))::int as won
    from bid_groups g
    join bid_group_lots l on l.group_id = g.id
    join auctions a on a.id = l.auction_id
    where g.id = any(${`{${groupIds.join(',')}}`}::uuid[])
    group by g.id`)) as unknown as { rows: { id: string; n: number; stored: number; won: number }[] };
  const problems = result.rows
    .filter((r) => r.won > r.n || r.won !== r.stored)
    .map((r) => `${r.id}: ${r.won}/${r.stored}/${r.n}`);
  if (result.rows.length !== groupIds.length)
    problems.push(`${groupIds.length - result.rows.length} groups missing`);
  return { wins: result.rows.reduce((s, r) => s + r.won, 0), problems };
}

/** Maximums written twice for one bidder on one lot (0 when every (auction, user) has one row). */
export async function duplicateMaximums(db: DbOrTx): Promise<number> {
  const result = (await db.execute(
    sql`select (count(*) - count(distinct (auction_id, user_id)))::int as n from max_bids`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}
