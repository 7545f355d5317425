import type { AuctionLiveState } from '@rebound/contract/bidding';
import type { ServerEvent } from '@rebound/contract/realtime';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CardLive, foldCardEvent, mergeCardLive } from './live-cards';

const ID = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const card: CardLive = {
  currentPriceCents: 1_500,
  bidCount: 3,
  endTime: '2026-11-21T12:00:00.000Z',
  status: 'live',
};

function liveState(over: Partial<AuctionLiveState> = {}): AuctionLiveState {
  return {
    auctionId: ID,
    status: 'live',
    startTime: '2026-11-21T10:00:00.000Z',
    endTime: card.endTime,
    startingBidCents: 1_000,
    currentPriceCents: 1_500,
    bidCount: 3,
    hasReserve: false,
    reserveMet: true,
    minimumNextBidCents: 1_550,
    leaderHandle: 'ava_b',
    seq: 5,
    ...over,
  };
}

const bidPlaced = (over: Partial<AuctionLiveState>): ServerEvent => ({
  type: 'BidPlacedV1',
  serverTime: '2026-11-21T11:00:00.000Z',
  auction: liveState(over),
});

describe('mergeCardLive', () => {
  it('keeps the fetched card when nothing was pushed or the push is older', () => {
    expect(mergeCardLive(card, undefined)).toBe(card);
    expect(mergeCardLive(card, { ...card, currentPriceCents: 1_200, bidCount: 2 })).toBe(card);
  });

  it('takes a pushed price with its higher bid count, a later end and a further status', () => {
    expect(mergeCardLive(card, { ...card, currentPriceCents: 1_800, bidCount: 4 })).toEqual({
      ...card,
      currentPriceCents: 1_800,
      bidCount: 4,
    });
    const extended = '2026-11-21T12:01:00.000Z';
    expect(mergeCardLive(card, { ...card, endTime: extended }).endTime).toBe(extended);
    expect(mergeCardLive(card, { ...card, status: 'ended' }).status).toBe('ended');
    expect(mergeCardLive({ ...card, status: 'ended' }, card).status).toBe('ended');
  });

  it('never shows an older price, end or status, whatever order fetches and pushes arrive in', () => {
    const snapshot = fc.record({
      bidCount: fc.integer({ min: 0, max: 50 }),
      end: fc.integer({ min: 0, max: 600 }),
      status: fc.constantFrom('scheduled', 'live', 'ended') as fc.Arbitrary<CardLive['status']>,
    });
    // The price is a function of the bid count here (each bid adds a dollar), as on the server.
    const toLive = (s: { bidCount: number; end: number; status: CardLive['status'] }): CardLive => ({
      bidCount: s.bidCount,
      currentPriceCents: 1_000 + 100 * s.bidCount,
      endTime: new Date(Date.UTC(2026, 10, 21, 12) + s.end * 1_000).toISOString(),
      status: s.status,
    });
    fc.assert(
      fc.property(snapshot, snapshot, (a, b) => {
        const merged = mergeCardLive(toLive(a), toLive(b));
        expect(merged.bidCount).toBe(Math.max(a.bidCount, b.bidCount));
        expect(merged.currentPriceCents).toBe(1_000 + 100 * merged.bidCount);
        expect(Date.parse(merged.endTime)).toBe(
          Math.max(Date.parse(toLive(a).endTime), Date.parse(toLive(b).endTime)),
        );
        const order = { scheduled: 0, live: 1, ended: 2, cancelled: 2 };
        expect(order[merged.status]).toBe(Math.max(order[a.status], order[b.status]));
        // Folding in both orders ends in the same place.
        expect(mergeCardLive(mergeCardLive(toLive(a), toLive(b)), toLive(a))).toEqual(merged);
      }),
    );
  });
});

describe('foldCardEvent', () => {
  const watched = new Set([ID]);

  it('records bids, ends and extensions of the cards on screen only', () => {
    let known: ReadonlyMap<string, CardLive> = new Map();
    known = foldCardEvent(known, bidPlaced({ currentPriceCents: 1_700, bidCount: 4 }), watched);
    expect(known.get(ID)).toMatchObject({ currentPriceCents: 1_700, bidCount: 4 });

    const before = known;
    expect(foldCardEvent(known, bidPlaced({ auctionId: OTHER, bidCount: 9 }), watched)).toBe(before);
    // An older bid event arriving late changes nothing.
    expect(foldCardEvent(known, bidPlaced({ currentPriceCents: 1_600, bidCount: 3 }), watched)).toBe(before);

    known = foldCardEvent(
      known,
      {
        type: 'AuctionExtendedV1',
        serverTime: '2026-11-21T11:59:30.000Z',
        auctionId: ID,
        seq: 6,
        endTime: '2026-11-21T12:00:30.000Z',
        previousEndTime: card.endTime,
      },
      watched,
    );
    expect(known.get(ID)).toMatchObject({ bidCount: 4, endTime: '2026-11-21T12:00:30.000Z' });

    known = foldCardEvent(
      known,
      {
        type: 'AuctionEndedV1',
        serverTime: '2026-11-21T12:00:31.000Z',
        auction: liveState({
          status: 'ended',
          currentPriceCents: 1_700,
          bidCount: 4,
          endTime: '2026-11-21T12:00:30.000Z',
        }),
        winnerHandle: 'ava_b',
      },
      watched,
    );
    expect(known.get(ID)).toMatchObject({ status: 'ended', currentPriceCents: 1_700 });
  });

  it('an extension for a card with no pushed bid only moves the end time', () => {
    const known = foldCardEvent(
      new Map(),
      {
        type: 'AuctionExtendedV1',
        serverTime: '2026-11-21T11:59:30.000Z',
        auctionId: ID,
        seq: 6,
        endTime: '2026-11-21T12:00:30.000Z',
        previousEndTime: card.endTime,
      },
      watched,
    );
    expect(mergeCardLive(card, known.get(ID))).toEqual({ ...card, endTime: '2026-11-21T12:00:30.000Z' });
  });
});
