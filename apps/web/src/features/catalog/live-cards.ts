import type { AuctionLiveState } from '@rebound/contract/bidding';
import type { AuctionCard } from '@rebound/contract/catalog';
import type { ServerEvent } from '@rebound/contract/realtime';
import { useCallback, useMemo, useState } from 'react';
import { useAuctionRooms, useRealtimeEvents } from '../../lib/realtime';

/** What a card shows that bids change: pushed over the auction's room while the card is on screen. */
export type CardLive = Pick<AuctionCard, 'currentPriceCents' | 'bidCount' | 'endTime' | 'status'>;

const STATUS_ORDER: Record<AuctionCard['status'], number> = { scheduled: 0, live: 1, ended: 2, cancelled: 2 };

const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

/**
 * Folds what the socket said into what was fetched, whichever is newer, field by field: a bid count
 * only grows (the higher one carries the price that goes with it), an end time only moves later
 * (soft close), a status only moves forward. So an event that arrives before a slower fetch, or a
 * fetch that answers after an event, never shows an older price.
 */
export function mergeCardLive<T extends CardLive>(card: T, live: CardLive | undefined): T {
  if (!live) return card;
  const newerBids = live.bidCount > card.bidCount;
  const status = STATUS_ORDER[live.status] > STATUS_ORDER[card.status] ? live.status : card.status;
  const endTime = later(card.endTime, live.endTime);
  if (!newerBids && status === card.status && endTime === card.endTime) return card;
  return {
    ...card,
    ...(newerBids ? { currentPriceCents: live.currentPriceCents, bidCount: live.bidCount } : {}),
    status,
    endTime,
  };
}

/** The latest pushed state per auction, the same way `mergeCardLive` folds it. */
export function foldCardEvent(
  known: ReadonlyMap<string, CardLive>,
  event: ServerEvent,
  watched: ReadonlySet<string>,
): ReadonlyMap<string, CardLive> {
  let auctionId: string;
  let incoming: CardLive;
  if (event.type === 'BidPlacedV1' || event.type === 'AuctionEndedV1' || event.type === 'AuctionOpenedV1') {
    auctionId = event.auction.auctionId;
    incoming = fromLiveState(event.auction);
  } else if (event.type === 'AuctionExtendedV1') {
    const current = known.get(event.auctionId);
    auctionId = event.auctionId;
    incoming = current
      ? { ...current, endTime: event.endTime }
      : { currentPriceCents: 0, bidCount: 0, status: 'live', endTime: event.endTime };
  } else {
    return known;
  }
  if (!watched.has(auctionId)) return known;
  const current = known.get(auctionId);
  const next = current ? mergeCardLive(current, incoming) : incoming;
  if (next === current) return known;
  return new Map(known).set(auctionId, next);
}

function fromLiveState(a: AuctionLiveState): CardLive {
  return {
    currentPriceCents: a.currentPriceCents,
    bidCount: a.bidCount,
    endTime: a.endTime,
    status: a.status,
  };
}

/**
 * Cards whose price, bid count, end time and status follow the auctions' rooms while they are on
 * screen (home, shop, drops). A reconnection calls `onResync`, since events sent while the socket
 * was down are gone.
 */
export function useLiveCards<T extends AuctionCard>(
  cards: readonly T[],
  onResync?: () => void,
): readonly T[] {
  const ids = useMemo(() => cards.map((c) => c.auctionId), [cards]);
  const watched = useMemo(() => new Set(ids), [ids]);
  const [live, setLive] = useState<ReadonlyMap<string, CardLive>>(() => new Map());
  useAuctionRooms(ids);
  const onEvent = useCallback(
    (event: ServerEvent) => setLive((known) => foldCardEvent(known, event, watched)),
    [watched],
  );
  useRealtimeEvents(onEvent, onResync, ids.length > 0);
  return useMemo(() => cards.map((c) => mergeCardLive(c, live.get(c.auctionId))), [cards, live]);
}
