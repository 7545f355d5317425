// The closing guard (docs/decisions/095-bid-groups-driven-from-facts.md): the auctions module's
// closeDueAuctionsBatch asks here, inside its own transaction, whether a lot's decided winner may
// have it when their maximum belongs to an open lot of one of their bid groups.
import { groupMayWin, winsOf } from '@rebound/core/bid-groups';
import type { DbOrTx } from '../../db/client';
import { toCoreGroup } from './plan';
import * as repo from './repository';

/**
 * `free`: not a group's maximum, the close goes on; `counted`: the group had room, the lot is won
 * and counted (same transaction as the order); `set_aside`: the group has its number, the maximum
 * must be set aside (the next maximum wins); `busy`: another transaction holds the group (a plan),
 * leave the auction for the next round: the close never waits on a group (SKIP LOCKED).
 */
export type GroupCloseVerdict = 'free' | 'counted' | 'set_aside' | 'busy';

/** Which (auction, winner) pairs are open group lots: only those need the guard. */
export async function groupLotPairs(tx: DbOrTx, pairs: { auctionId: string; userId: string }[]) {
  return repo.openLotPairs(tx, pairs);
}

export async function guardGroupWin(
  tx: DbOrTx,
  v: { auctionId: string; userId: string; title: string; now: Date },
): Promise<GroupCloseVerdict> {
  const lot = await repo.openLotOf(tx, v.auctionId, v.userId);
  if (!lot) return 'free';
  const g = await repo.lockGroup(tx, lot.groupId, true);
  if (!g) return 'busy';
  const lots = await repo.lotsOf(tx, g.id);
  const group = toCoreGroup(g, lots);
  if (!groupMayWin(group)) return 'set_aside';
  const wins = winsOf(group) + 1;
  await repo.setLotState(tx, g.id, v.auctionId, 'won', v.now);
  // bid_groups_wins (wins <= win_at_most) is the last line of defence behind this count.
  await repo.setGroup(tx, g.id, { wins, now: v.now });
  await repo.addEvents(
    tx,
    g.id,
    [
      {
        auctionId: v.auctionId,
        kind: 'won',
        text:
          wins >= g.winAtMost ? `Won ${v.title}: the other lots of the group were dropped` : `Won ${v.title}`,
      },
    ],
    v.now,
  );
  return 'counted';
}
