// One visit for all wins (docs/decisions/058-one-visit-for-all-wins.md): a shopper books one pickup
// appointment (a visit) for several paid orders at one location. The rules of a visit: which dates it
// may use (every order's pickup window at once), how many places in a slot it takes, and the one-line
// label of its items in notices. Pure: no I/O, no clock.
import { pickupWindow } from './time';

/** The largest items-per-visit limit a location may set. */
export const MAX_ITEMS_PER_VISIT_LIMIT = 100;

/**
 * The dates a visit may use: the intersection of its orders' pickup windows (each the auction's end
 * date through 7 days later). Null when there is no order or the windows do not overlap (those orders
 * cannot share one visit).
 */
export function visitWindow(
  auctionEnds: readonly Date[],
): { firstDateKey: string; lastDateKey: string } | null {
  if (auctionEnds.length === 0) return null;
  let firstDateKey = '';
  let lastDateKey = '9999-12-31';
  for (const end of auctionEnds) {
    const w = pickupWindow(end);
    if (w.firstDateKey > firstDateKey) firstDateKey = w.firstDateKey;
    if (w.lastDateKey < lastDateKey) lastDateKey = w.lastDateKey;
  }
  return firstDateKey <= lastDateKey ? { firstDateKey, lastDateKey } : null;
}

/**
 * Places a visit takes in a slot: one, or two when it carries more items than the location's
 * `maxItemsPerVisit` (null: no limit). A slot's capacity counts places.
 */
export function visitPlaces(itemCount: number, maxItemsPerVisit: number | null): 1 | 2 {
  return maxItemsPerVisit !== null && itemCount > maxItemsPerVisit ? 2 : 1;
}

/** Why a set of orders cannot make one visit; null when they can. */
export type VisitRefusal = 'no_orders' | 'mixed_locations' | 'windows_apart';

/** Whether these orders (already the shopper's and paid) can share one visit. */
export function visitRefusal(
  orders: readonly { locationId: string; auctionEnd: Date }[],
): VisitRefusal | null {
  if (orders.length === 0) return 'no_orders';
  const location = orders[0]!.locationId;
  if (orders.some((o) => o.locationId !== location)) return 'mixed_locations';
  if (visitWindow(orders.map((o) => o.auctionEnd)) === null) return 'windows_apart';
  return null;
}

/**
 * A visit's items on one line, every one named (the shopper checks what to collect; decision 080):
 * 'Lamp', 'Lamp and Chair', 'Lamp, Chair and Desk'.
 */
export function visitItemsLabel(titles: readonly string[]): string {
  if (titles.length === 0) return '';
  if (titles.length === 1) return titles[0]!;
  return `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}`;
}

/**
 * Whether a visit was missed (docs/decisions/080-pickup-missed-walk-ins.md): still scheduled, nobody
 * checked it in at the desk, and its slot has ended (at the end instant exactly, it has). A missed
 * visit lets go of its orders, which go back to be booked again or collected as walk-ins.
 */
export function isVisitMissed(
  visit: { status: string; checkedInAt: Date | null; slotEndsAt: Date },
  now: Date,
): boolean {
  return (
    visit.status === 'scheduled' && visit.checkedInAt === null && visit.slotEndsAt.getTime() <= now.getTime()
  );
}

/**
 * Where an order goes when its visit ends without it (cancelled or missed): back to
 * `ready_for_pickup` if staff had staged it, else `paid` (packages/core/src/orders.ts allows both
 * from `pickup_scheduled`).
 */
export function statusAfterVisit(order: { readyAt: Date | null }): 'ready_for_pickup' | 'paid' {
  return order.readyAt ? 'ready_for_pickup' : 'paid';
}
