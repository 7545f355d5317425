import type { BidGroup, BidGroupLot, BidGroupState } from '@rebound/contract/bid-groups';

// The shopper's words for a group and its lots (docs/product.md "Bid groups").

export const GROUP_STATE_TEXT: Record<BidGroupState, string> = {
  active: 'Active',
  done: 'Done',
  ended: 'Ended',
  cancelled: 'Cancelled',
};

export const GROUP_STATE_TONE: Record<BidGroupState, string> = {
  active: 'bg-brand-50 text-brand-800 ring-brand-200',
  done: 'bg-gold-100 text-gold-800 ring-gold-800/20',
  ended: 'bg-ink-100 text-ink-800 ring-ink-200',
  cancelled: 'bg-ink-100 text-ink-800 ring-ink-200',
};

/** What the group state means, under its badge. */
export function groupStateDetail(group: Pick<BidGroup, 'state' | 'wins' | 'winAtMost'>): string {
  const won = `${group.wins} of ${group.winAtMost} won`;
  switch (group.state) {
    case 'active':
      return `${won}. The group is bidding for you.`;
    case 'done':
      return `${won}: the group got what you asked for and bids no more.`;
    case 'ended':
      return `${won}: every lot has ended.`;
    case 'cancelled':
      return `${won}. You cancelled the group; maximums already placed stayed.`;
  }
}

/** 'Win one of these' for 1, 'Win 2 of these' above. */
export function winTitle(winAtMost: number): string {
  return winAtMost === 1 ? 'Win one of these' : `Win ${winAtMost} of these`;
}

export type LotWords = { label: string; detail: string; tone: string };

const GREEN = 'bg-brand-50 text-brand-800 ring-brand-200';
const RED = 'bg-danger-50 text-danger-700 ring-danger-200';
const GREY = 'bg-ink-100 text-ink-800 ring-ink-200';
const GOLD = 'bg-gold-100 text-gold-800 ring-gold-800/20';

/** A lot's state in its group, in words; a live lot says whether its maximum leads as bids stand. */
export function lotWords(lot: Pick<BidGroupLot, 'state' | 'standing'>): LotWords {
  switch (lot.state) {
    case 'live':
      return lot.standing === 'outbid'
        ? { label: 'Live — outbid', detail: 'Your maximum is placed but outbid.', tone: RED }
        : {
            label: 'Live — winning',
            detail:
              lot.standing === 'reserve_not_met'
                ? 'Your maximum leads, below the reserve.'
                : 'Your maximum is placed and leads.',
            tone: GREEN,
          };
    case 'outbid':
      return {
        label: 'Live — outbid',
        detail: 'Your maximum stays placed (bids are binding); the group moved on.',
        tone: RED,
      };
    case 'waiting':
      return { label: 'Waiting', detail: 'No bid yet: it waits for its turn.', tone: GREY };
    case 'won':
      return { label: 'Won', detail: 'You won this lot.', tone: GOLD };
    case 'lost':
      return { label: 'Lost', detail: 'Someone else won it.', tone: GREY };
    case 'skipped':
      return { label: 'Skipped', detail: 'It ended before its turn; no bid was placed.', tone: GREY };
    case 'dropped':
      return { label: 'Dropped', detail: 'Taken out of the group; no bid was placed.', tone: GREY };
  }
}

/** What the builder tells the shopper will happen, before a binding submit. */
export function planSentences(winAtMost: number): string[] {
  return [
    winAtMost === 1
      ? 'We bid on one lot at a time, soonest-ending first.'
      : `We bid on up to ${winAtMost} lots at a time, soonest-ending first.`,
    'If you are outbid, we move to the next.',
    `You will win at most ${winAtMost}.`,
    'Bids are binding.',
  ];
}
