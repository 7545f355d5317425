// The closing hour's bid groups after the fact (bench/closing-hour.bench.ts, `--groups`): how many
// lots each group's shopper won among the group's lots, read from the auctions themselves (the
// winner the close recorded), against the number the group asked for. A group that won more than
// its number is the failure the closing's guard exists to prevent
// (apps/server/src/modules/bid-groups/closing.ts).
import { sql } from 'drizzle-orm';
import type { createTestDatabase } from '../apps/server/test/database';
import { sleep } from './lib';

type Db = Awaited<ReturnType<typeof createTestDatabase>>['db'];

export interface GroupWins {
  groups: number;
  /** Groups asking for two lots (the rest ask for one). */
  winTwo: number;
  /** Groups by how many of their lots their shopper won: index = lots won. */
  byWon: number[];
  /** Groups whose shopper won more of their lots than the group's number: must be 0. */
  above: number;
  /** Groups whose own count of wins differs from the lots won. */
  miscounted: number;
  /** Lots of these groups whose auction has not ended yet (soft close). */
  openLots: number;
  /** Groups by state (active, done, ended, cancelled). */
  states: Record<string, number>;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The wins of the groups made since `since`. */
export async function groupWins(db: Db, since: Date): Promise<GroupWins> {
  const rows = rowsOf<{ win_at_most: number; wins: number; state: string; won: number; open: number }>(
    await db.execute(sql`select g.win_at_most, g.wins, g.state,
        count(*) filter (where a.status = 'ended' and a.winner_user_id = g.user_id)::int as won,
        count(*) filter (where a.status in ('scheduled', 'live'))::int as open
      from bid_groups g join bid_group_lots l on l.group_id = g.id join auctions a on a.id = l.auction_id
      where g.created_at >= ${since.toISOString()}::timestamptz
      group by g.id`),
  );
  const w: GroupWins = {
    groups: rows.length,
    winTwo: 0,
    byWon: [],
    above: 0,
    miscounted: 0,
    openLots: 0,
    states: {},
  };
  for (const r of rows) {
    if (r.win_at_most > 1) w.winTwo++;
    w.byWon[r.won] = (w.byWon[r.won] ?? 0) + 1;
    if (r.won > r.win_at_most) w.above++;
    if (r.won !== r.wins) w.miscounted++;
    w.openLots += r.open;
    w.states[r.state] = (w.states[r.state] ?? 0) + 1;
  }
  return w;
}

/**
 * Waits (at most `limitMs`) until every lot of the groups made since `since` has ended, and then (at
 * most 10 s more) until the server's driver job has closed the groups, then counts.
 */
export async function groupWinsWhenEnded(db: Db, since: Date, limitMs: number): Promise<GroupWins> {
  const until = Date.now() + limitMs;
  let settled = 0;
  for (;;) {
    const w = await groupWins(db, since);
    if (w.openLots === 0 && settled === 0) settled = Date.now() + 10_000;
    if ((settled > 0 && (!w.states.active || Date.now() >= settled)) || Date.now() >= until) return w;
    await sleep(1_000);
  }
}

export function groupWinsText(w: GroupWins): string {
  const won = Array.from({ length: Math.max(3, w.byWon.length) }, (_, k) => w.byWon[k] ?? 0).join(' / ');
  const states = Object.entries(w.states)
    .map(([s, n]) => `${n} ${s}`)
    .join(', ');
  return (
    `${w.groups} groups (${w.winTwo} to win two); lots won 0 / 1 / 2…: ${won}; ` +
    `**${w.above} above their number**; ${w.miscounted} miscounted; ${w.openLots} lots not ended yet (${states})`
  );
}
