// The group's story in the shopper's words (contract BidGroupEvent.text). Pure.
import type { GroupEvent } from '@rebound/core/bid-groups';
import { formatCents } from '@rebound/core/money';

export interface StoryLine {
  auctionId: string | null;
  kind: string;
  text: string;
}

/** Why a placement in the same plan happened, for 'Moved to {B}: ...'. */
function reasonOf(e: GroupEvent, title: string): string | null {
  switch (e.kind) {
    case 'outbid':
      return `your maximum on ${title} was outbid`;
    case 'lost':
      return `${title} ended and was not won`;
    case 'skipped':
      return `${title} ended while waiting`;
    case 'dropped_cancelled_lot':
      return `${title} was cancelled`;
    default:
      return null;
  }
}

/** The lines of one plan: each lot change, a placement said as a move when something gave way. */
export function planStory(
  events: readonly GroupEvent[],
  titleOf: (auctionId: string) => string,
  maxOf: (auctionId: string) => number,
  groupDone: boolean,
  winAtMost: number,
): StoryLine[] {
  // Each placement takes the first change that gave way (in order) as its reason: 'Moved to B: ...'.
  const givers = events.filter((e) => reasonOf(e, '') !== null);
  const placed = events.filter((e) => e.kind === 'placed');
  const moves = new Map(placed.map((p, i) => [p, givers[i]]));
  const said = new Set(placed.map((p) => moves.get(p)).filter((g) => g !== undefined));
  const lines: StoryLine[] = [];
  for (const e of events) {
    if (said.has(e)) continue;
    const title = titleOf(e.auctionId);
    const line = (text: string) => lines.push({ auctionId: e.auctionId, kind: e.kind, text });
    switch (e.kind) {
      case 'placed': {
        const giver = moves.get(e);
        const reason = giver ? reasonOf(giver, titleOf(giver.auctionId)) : null;
        line(
          reason
            ? `Moved to ${title}: ${reason}`
            : `Placed your maximum of ${formatCents(maxOf(e.auctionId))} on ${title}`,
        );
        break;
      }
      case 'outbid':
        line(`Your maximum on ${title} was outbid`);
        break;
      case 'leading_again':
        line(`Your maximum on ${title} leads again`);
        break;
      case 'won':
        line(groupDone ? `Won ${title}: the other lots of the group were dropped` : `Won ${title}`);
        break;
      case 'lost':
        line(`${title} ended and was not won`);
        break;
      case 'skipped':
        line(`${title} ended while waiting: skipped`);
        break;
      case 'dropped_done':
        line(`Dropped ${title}: the group has its ${winAtMost === 1 ? 'win' : `${winAtMost} wins`}`);
        break;
      case 'dropped_cancelled_lot':
        line(`${title} was cancelled: dropped`);
        break;
    }
  }
  return lines;
}
