import type { AuctionCard } from '@rebound/contract/catalog';
import { BID_GROUP_MAX_LOTS } from '@rebound/core/bid-group-sizes';
import { isAuctionOpen } from '@rebound/core/catalog';
import { clsx } from 'clsx';
import { ListChecks, ListPlus } from 'lucide-react';
import { useServerClock } from '../../../lib/server-clock';
import { choiceOfCard } from '../lots';
import { isPicked, togglePick, usePicks } from '../picks';

type Props = {
  card: AuctionCard;
  /** 'icon': the round button in a shop card's corner; 'text': a labelled button (the watchlist rows). */
  look?: 'icon' | 'text';
  className?: string;
};

/**
 * 'Add to a group' on a card: picks the lot for a new group (the tray below gathers them); none once
 * the auction is over, since only live and upcoming lots join a group.
 */
export function PickForGroup({ card, look = 'icon', className }: Props) {
  const open = useServerClock((now) => isAuctionOpen(card, now));
  const picks = usePicks();
  if (!open) return null;
  const picked = isPicked(picks, card.auctionId);
  const full = !picked && picks.length >= BID_GROUP_MAX_LOTS;
  const Icon = picked ? ListChecks : ListPlus;
  const words = picked ? 'In your new group' : 'Add to a group';
  return (
    <button
      type="button"
      aria-pressed={picked}
      aria-label={look === 'icon' ? `Add to a group: ${card.title}` : undefined}
      title={full ? `A group holds at most ${BID_GROUP_MAX_LOTS} lots` : words}
      disabled={full}
      data-testid="pick-for-group"
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        togglePick(choiceOfCard(card));
      }}
      className={clsx(
        'inline-flex items-center justify-center shadow-card ring-1 transition-colors disabled:opacity-60',
        look === 'icon'
          ? 'size-10 rounded-full bg-white/95 backdrop-blur hover:bg-white'
          : 'h-9 gap-1.5 rounded-lg px-3 text-sm font-semibold ring-inset',
        picked
          ? 'bg-brand-50 text-brand-800 ring-brand-300'
          : 'bg-white text-ink-800 ring-ink-200 hover:ring-ink-300',
        className,
      )}
    >
      <Icon className={look === 'icon' ? 'size-5' : 'size-4'} aria-hidden="true" />
      {look === 'text' ? (
        <>
          {words}
          <span className="sr-only">: {card.title}</span>
        </>
      ) : null}
    </button>
  );
}
