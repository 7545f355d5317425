import { BID_GROUP_MAX_LOTS } from '@rebound/core/bid-group-sizes';
import { useSyncExternalStore } from 'react';
import type { GroupLotChoice } from './lots';

// The lots the shopper picked from the shop's cards or the watchlist for a new group ('Add to a
// group'), kept while the tab is open (moving from the shop to the watchlist keeps them). Small on
// purpose: the shop's first scripts carry it (e2e/tests/budget.spec.ts); the builder loads on demand.

let picks: readonly GroupLotChoice[] = [];
const listeners = new Set<() => void>();

function set(next: readonly GroupLotChoice[]) {
  picks = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The picked lots, in the order picked. */
export function usePicks(): readonly GroupLotChoice[] {
  return useSyncExternalStore(subscribe, () => picks);
}

export function isPicked(list: readonly GroupLotChoice[], auctionId: string): boolean {
  return list.some((p) => p.auctionId === auctionId);
}

/** Adds or takes out a lot; a group holds at most BID_GROUP_MAX_LOTS, so no more are taken. Returns whether it is picked. */
export function togglePick(lot: GroupLotChoice): boolean {
  if (isPicked(picks, lot.auctionId)) {
    set(picks.filter((p) => p.auctionId !== lot.auctionId));
    return false;
  }
  if (picks.length >= BID_GROUP_MAX_LOTS) return false;
  set([...picks, lot]);
  return true;
}

export function clearPicks() {
  set([]);
}
